-- Domain events and notifications (api/internal/notifications).
-- domain_events is the outbox: a domain writes one row, with its River job
-- notifications.deliver, in the transaction of the change it tells about.
-- Delivery claims one notification_deliveries row per (event, recipient),
-- so running it twice changes nothing, creates or bumps the recipient's
-- notification and schedules the email (held past quiet hours).
CREATE TABLE domain_events (
    id            TEXT PRIMARY KEY,
    type          TEXT NOT NULL,
    category      TEXT NOT NULL,
    actor_id      TEXT NOT NULL DEFAULT '',
    payload       TEXT NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    delivered_at  TIMESTAMP
);
CREATE INDEX domain_events_pending_idx ON domain_events (created_at, id) WHERE delivered_at IS NULL;

CREATE TABLE notifications (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    event_id      TEXT NOT NULL,
    type          TEXT NOT NULL,
    category      TEXT NOT NULL,
    title         TEXT NOT NULL,
    body          TEXT NOT NULL DEFAULT '',
    portal        TEXT NOT NULL DEFAULT '',
    link          TEXT NOT NULL DEFAULT '',
    subject_type  TEXT NOT NULL DEFAULT '',
    subject_id    TEXT NOT NULL DEFAULT '',
    group_key     TEXT NOT NULL DEFAULT '',
    group_count   INTEGER NOT NULL DEFAULT 1,
    first_at      TIMESTAMP NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    read_at       TIMESTAMP
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at, id);
CREATE INDEX notifications_portal_idx ON notifications (user_id, portal, created_at, id);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE UNIQUE INDEX notifications_group_key ON notifications (user_id, group_key) WHERE read_at IS NULL AND group_key <> '';

CREATE TABLE notification_deliveries (
    event_id         TEXT NOT NULL REFERENCES domain_events (id) ON DELETE CASCADE,
    user_id          TEXT NOT NULL,
    notification_id  TEXT NOT NULL DEFAULT '',
    email_due_at     TIMESTAMP,
    emailed_at       TIMESTAMP,
    created_at       TIMESTAMP NOT NULL,
    PRIMARY KEY (event_id, user_id)
);
CREATE INDEX notification_deliveries_email_idx ON notification_deliveries (email_due_at) WHERE emailed_at IS NULL AND email_due_at IS NOT NULL;

CREATE TABLE notification_settings (
    user_id       TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    channels      TEXT NOT NULL DEFAULT '{}',
    quiet_start   TEXT NOT NULL DEFAULT '',
    quiet_end     TEXT NOT NULL DEFAULT '',
    time_zone     TEXT NOT NULL DEFAULT '',
    last_seen_at  TIMESTAMP,
    updated_at    TIMESTAMP NOT NULL
);
