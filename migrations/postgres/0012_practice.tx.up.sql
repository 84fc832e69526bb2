-- Practice (api/internal/practice): provider profiles (one per user and
-- provider kind; the kind is the role name), their media, tags (specialties
-- and languages, for the directory's filters), offerings and date overrides.
-- The weekly schedule is a JSON document on the profile. Statuses and
-- verification states are TEXT validated in Go.
CREATE TABLE practice_providers (
    id                 TEXT PRIMARY KEY,
    user_id            TEXT NOT NULL REFERENCES users (id),
    kind               TEXT NOT NULL,
    headline           TEXT NOT NULL DEFAULT '',
    bio                TEXT NOT NULL DEFAULT '',
    specialties        TEXT NOT NULL DEFAULT '[]',
    languages          TEXT NOT NULL DEFAULT '[]',
    city               TEXT NOT NULL DEFAULT '',
    country            TEXT NOT NULL DEFAULT '',
    time_zone          TEXT NOT NULL DEFAULT '',
    format_video       BOOLEAN NOT NULL DEFAULT FALSE,
    format_in_person   BOOLEAN NOT NULL DEFAULT FALSE,
    format_phone       BOOLEAN NOT NULL DEFAULT FALSE,
    in_person_address  TEXT NOT NULL DEFAULT '',
    intro_video_url    TEXT NOT NULL DEFAULT '',
    licence_number     TEXT NOT NULL DEFAULT '',
    licence_body       TEXT NOT NULL DEFAULT '',
    verification       TEXT NOT NULL DEFAULT 'none',
    verification_note  TEXT NOT NULL DEFAULT '',
    verified_at        TIMESTAMPTZ,
    verified_by        TEXT,
    status             TEXT NOT NULL DEFAULT 'draft',
    suspended_at       TIMESTAMPTZ,
    listed             BOOLEAN NOT NULL DEFAULT FALSE,
    schedule           TEXT NOT NULL DEFAULT '{}',
    daily_limit        INTEGER NOT NULL DEFAULT 0,
    weekly_limit       INTEGER NOT NULL DEFAULT 0,
    min_price          BIGINT,
    max_price          BIGINT,
    price_currency     TEXT NOT NULL DEFAULT '',
    rating_avg         DOUBLE PRECISION NOT NULL DEFAULT 0,
    rating_count       INTEGER NOT NULL DEFAULT 0,
    response_minutes   INTEGER,
    next_available_at  TIMESTAMPTZ,
    completeness       INTEGER NOT NULL DEFAULT 0,
    -- score = availability_points + rating_points + 2000 * completeness,
    -- each part written by the method that owns its input (section "Directory"
    -- in doc.go), so no write reads another part first.
    availability_points BIGINT NOT NULL DEFAULT 0,
    rating_points      BIGINT NOT NULL DEFAULT 0,
    score              BIGINT NOT NULL DEFAULT 0,
    published_at       TIMESTAMPTZ,
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX practice_providers_user_kind_key ON practice_providers (user_id, kind);
-- The directory: listed profiles of a kind by relevance, keyset (score, id).
CREATE INDEX practice_providers_directory_idx ON practice_providers (kind, listed, score, id);
-- The admin table by kind and state, newest first.
CREATE INDEX practice_providers_admin_idx ON practice_providers (kind, verification, created_at, id);

CREATE TABLE practice_tags (
    provider_id  TEXT NOT NULL REFERENCES practice_providers (id) ON DELETE CASCADE,
    tag          TEXT NOT NULL,
    value        TEXT NOT NULL,
    PRIMARY KEY (provider_id, tag, value)
);
CREATE INDEX practice_tags_value_idx ON practice_tags (tag, value, provider_id);

CREATE TABLE practice_media (
    id           TEXT PRIMARY KEY,
    provider_id  TEXT NOT NULL REFERENCES practice_providers (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL,
    url          TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX practice_media_provider_idx ON practice_media (provider_id, created_at, id);

CREATE TABLE practice_offerings (
    id                     TEXT PRIMARY KEY,
    provider_id            TEXT NOT NULL REFERENCES practice_providers (id) ON DELETE CASCADE,
    title                  TEXT NOT NULL,
    description            TEXT NOT NULL DEFAULT '',
    format                 TEXT NOT NULL,
    duration_min           INTEGER NOT NULL,
    price                  BIGINT NOT NULL CHECK (price >= 0),
    currency               TEXT NOT NULL,
    capacity               INTEGER NOT NULL DEFAULT 1,
    requires_confirmation  BOOLEAN NOT NULL DEFAULT FALSE,
    buffer_before_min      INTEGER NOT NULL DEFAULT 0,
    buffer_after_min       INTEGER NOT NULL DEFAULT 0,
    min_notice_min         INTEGER NOT NULL DEFAULT 0,
    max_advance_days       INTEGER NOT NULL DEFAULT 60,
    free_cancel_hours      INTEGER NOT NULL DEFAULT 24,
    late_cancel_fee_pct    INTEGER NOT NULL DEFAULT 0,
    intake_questions       TEXT NOT NULL DEFAULT '[]',
    active                 BOOLEAN NOT NULL DEFAULT TRUE,
    created_at             TIMESTAMPTZ NOT NULL,
    updated_at             TIMESTAMPTZ NOT NULL
);
CREATE INDEX practice_offerings_provider_idx ON practice_offerings (provider_id, created_at, id);

CREATE TABLE practice_overrides (
    id           TEXT PRIMARY KEY,
    provider_id  TEXT NOT NULL REFERENCES practice_providers (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    blocked      BOOLEAN NOT NULL DEFAULT FALSE,
    intervals    TEXT NOT NULL DEFAULT '[]',
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX practice_overrides_day_key ON practice_overrides (provider_id, day);
