-- Messaging (api/internal/messaging): conversations (one-to-one, unique per
-- pair and subject through pair_key; groups with a title), their members
-- (each with the last message read, the receipt shown to others and the last
-- message an unread mail covered), messages numbered per conversation (seq,
-- given by the conversation row's last_seq), reactions, private attachments,
-- per-user settings and the reports admins moderate.
CREATE TABLE messaging_conversations (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL,
    title           TEXT NOT NULL DEFAULT '',
    created_by      TEXT NOT NULL REFERENCES users (id),
    subject_type    TEXT NOT NULL DEFAULT '',
    subject_id      TEXT NOT NULL DEFAULT '',
    pair_key        TEXT,
    last_seq        BIGINT NOT NULL DEFAULT 0,
    last_message_at TIMESTAMP,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX messaging_conversations_pair_idx ON messaging_conversations (pair_key);

CREATE TABLE messaging_members (
    conversation_id TEXT NOT NULL REFERENCES messaging_conversations (id),
    user_id         TEXT NOT NULL REFERENCES users (id),
    role            TEXT NOT NULL,
    joined_at       TIMESTAMP NOT NULL,
    last_read_seq   BIGINT NOT NULL DEFAULT 0,
    receipt_seq     BIGINT NOT NULL DEFAULT 0,
    receipt_at      TIMESTAMP,
    mailed_seq      BIGINT NOT NULL DEFAULT 0,
    activity_at     TIMESTAMP NOT NULL,
    PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX messaging_members_user_idx ON messaging_members (user_id, activity_at, conversation_id);

CREATE TABLE messaging_attachments (
    id              TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES messaging_conversations (id),
    uploaded_by     TEXT NOT NULL REFERENCES users (id),
    kind            TEXT NOT NULL,
    name            TEXT NOT NULL,
    content_type    TEXT NOT NULL,
    size            BIGINT NOT NULL,
    width           INTEGER NOT NULL DEFAULT 0,
    height          INTEGER NOT NULL DEFAULT 0,
    content         BLOB NOT NULL,
    created_at      TIMESTAMP NOT NULL
);

CREATE TABLE messaging_messages (
    id              TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES messaging_conversations (id),
    seq             BIGINT NOT NULL,
    sender_id       TEXT NOT NULL REFERENCES users (id),
    body            TEXT NOT NULL DEFAULT '',
    attachment_id   TEXT REFERENCES messaging_attachments (id),
    sent_at         TIMESTAMP NOT NULL,
    edited_at       TIMESTAMP,
    deleted_at      TIMESTAMP,
    removed_by      TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX messaging_messages_seq_idx ON messaging_messages (conversation_id, seq);
CREATE INDEX messaging_messages_sender_idx ON messaging_messages (sender_id, sent_at);

CREATE TABLE messaging_reactions (
    message_id  TEXT NOT NULL REFERENCES messaging_messages (id),
    user_id     TEXT NOT NULL REFERENCES users (id),
    emoji       TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (message_id, user_id, emoji)
);

CREATE TABLE messaging_settings (
    user_id        TEXT PRIMARY KEY REFERENCES users (id),
    send_receipts  BOOLEAN NOT NULL DEFAULT TRUE,
    updated_at     TIMESTAMP NOT NULL
);

CREATE TABLE messaging_reports (
    id              TEXT PRIMARY KEY,
    message_id      TEXT NOT NULL REFERENCES messaging_messages (id),
    conversation_id TEXT NOT NULL REFERENCES messaging_conversations (id),
    reporter_id     TEXT NOT NULL REFERENCES users (id),
    reason          TEXT NOT NULL,
    status          TEXT NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    resolved_at     TIMESTAMP,
    resolved_by     TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX messaging_reports_once_idx ON messaging_reports (message_id, reporter_id);
CREATE INDEX messaging_reports_status_idx ON messaging_reports (status, created_at, id);
