-- The realtime layer (api/internal/platform/realtime): single-use socket
-- tickets (only their hash; spent by one conditional update), and presence
-- shared by every instance: a row per (user, instance) while that instance
-- holds a socket of the user (seen_at renewed every 30 s; older than 90 s =
-- the instance died), and when each user was last connected.
CREATE TABLE realtime_tickets (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    session_id TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ
);
CREATE INDEX realtime_tickets_expires ON realtime_tickets (expires_at);

CREATE TABLE realtime_presence (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    instance_id TEXT NOT NULL,
    seen_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, instance_id)
);
CREATE INDEX realtime_presence_instance ON realtime_presence (instance_id);
CREATE INDEX realtime_presence_seen ON realtime_presence (seen_at);

CREATE TABLE realtime_last_seen (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    last_seen TIMESTAMPTZ NOT NULL
);
