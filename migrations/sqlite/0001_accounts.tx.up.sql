CREATE TABLE users (
    id                 TEXT PRIMARY KEY,
    email              TEXT NOT NULL,
    email_lower        TEXT NOT NULL,
    username           TEXT NOT NULL,
    username_lower     TEXT NOT NULL,
    password_hash      TEXT NOT NULL,
    status             TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
    status_reason      TEXT NOT NULL DEFAULT '',
    email_verified_at  TIMESTAMP,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX users_email_lower_key ON users (email_lower);
CREATE UNIQUE INDEX users_username_lower_key ON users (username_lower);
CREATE INDEX users_created_at_idx ON users (created_at);

CREATE TABLE profiles (
    user_id          TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    display_name     TEXT NOT NULL DEFAULT '',
    bio              TEXT NOT NULL DEFAULT '',
    phone            TEXT NOT NULL DEFAULT '',
    date_of_birth    TEXT NOT NULL DEFAULT '',
    gender           TEXT NOT NULL DEFAULT '',
    city             TEXT NOT NULL DEFAULT '',
    country          TEXT NOT NULL DEFAULT '',
    languages        TEXT NOT NULL DEFAULT '[]',
    interests        TEXT NOT NULL DEFAULT '[]',
    avatar_url       TEXT NOT NULL DEFAULT '',
    business_name    TEXT NOT NULL DEFAULT '',
    licence_number   TEXT NOT NULL DEFAULT '',
    specialties      TEXT NOT NULL DEFAULT '[]',
    updated_at       TIMESTAMP NOT NULL
);

CREATE TABLE user_roles (
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role        TEXT NOT NULL,
    granted_at  TIMESTAMP NOT NULL,
    granted_by  TEXT,
    PRIMARY KEY (user_id, role)
);
CREATE INDEX user_roles_role_idx ON user_roles (role);

-- A session is one sign-in: a family of rotating refresh tokens.
CREATE TABLE sessions (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at     TIMESTAMP NOT NULL,
    last_used_at   TIMESTAMP NOT NULL,
    expires_at     TIMESTAMP NOT NULL,
    revoked_at     TIMESTAMP,
    revoke_reason  TEXT NOT NULL DEFAULT '',
    user_agent     TEXT NOT NULL DEFAULT '',
    ip             TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE refresh_tokens (
    id          TEXT PRIMARY KEY,
    session_id  TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    expires_at  TIMESTAMP NOT NULL,
    used_at     TIMESTAMP
);
CREATE UNIQUE INDEX refresh_tokens_token_hash_key ON refresh_tokens (token_hash);
CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id);

CREATE TABLE login_failures (
    id           TEXT PRIMARY KEY,
    email_lower  TEXT NOT NULL,
    ip           TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMP NOT NULL
);
CREATE INDEX login_failures_email_idx ON login_failures (email_lower, created_at);

CREATE TABLE email_tokens (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose     TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
    token_hash  TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    expires_at  TIMESTAMP NOT NULL,
    used_at     TIMESTAMP
);
CREATE UNIQUE INDEX email_tokens_token_hash_key ON email_tokens (token_hash);
CREATE INDEX email_tokens_user_idx ON email_tokens (user_id, purpose);

CREATE TABLE mail_outbox (
    id          TEXT PRIMARY KEY,
    to_address  TEXT NOT NULL,
    subject     TEXT NOT NULL,
    body_text   TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX mail_outbox_created_at_idx ON mail_outbox (created_at);

CREATE TABLE role_applications (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role         TEXT NOT NULL,
    details      TEXT NOT NULL DEFAULT '{}',
    status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    reason       TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMP NOT NULL,
    decided_at   TIMESTAMP,
    decided_by   TEXT
);
CREATE UNIQUE INDEX role_applications_one_pending ON role_applications (user_id, role) WHERE status = 'pending';
CREATE INDEX role_applications_status_idx ON role_applications (status, created_at);

CREATE TABLE audit_log (
    id           TEXT PRIMARY KEY,
    actor_id     TEXT,
    action       TEXT NOT NULL,
    target_type  TEXT NOT NULL,
    target_id    TEXT NOT NULL,
    details      TEXT NOT NULL DEFAULT '{}',
    ip           TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMP NOT NULL
);
CREATE INDEX audit_log_created_at_idx ON audit_log (created_at);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id);

CREATE TABLE contact_messages (
    id          TEXT PRIMARY KEY,
    user_id     TEXT REFERENCES users (id) ON DELETE SET NULL,
    name        TEXT NOT NULL,
    email       TEXT NOT NULL,
    subject     TEXT NOT NULL,
    message     TEXT NOT NULL,
    ip          TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX contact_messages_created_at_idx ON contact_messages (created_at);
