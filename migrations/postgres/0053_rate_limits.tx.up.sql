-- Rate limits shared by every instance (platform/ratelimit.Store): one row
-- per counted event. A counting limit (ratelimit.Limiter) writes a row per
-- allowed event with a fresh id as its value; a distinct-values limit
-- (ratelimit.Distinct) one row per distinct value. Subjects (an IP, a user
-- id) and values are stored as SHA-256 hashes. Rows past their window are
-- pruned by the ratelimit.prune chore.
CREATE TABLE rate_limit_hits (
    limit_name  TEXT NOT NULL,
    subject     TEXT NOT NULL,
    value       TEXT NOT NULL,
    at          TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (limit_name, subject, value)
);
CREATE INDEX rate_limit_hits_window_idx ON rate_limit_hits (limit_name, subject, at);
CREATE INDEX rate_limit_hits_expires_idx ON rate_limit_hits (expires_at);
