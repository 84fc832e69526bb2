-- Refresh tokens remember the token issued when they were spent (successor_id),
-- so a spent token presented again within the reuse grace window can replace its
-- unused successor instead of revoking the session; superseded_at marks a token
-- replaced that way before it was used (presenting it is reuse).
ALTER TABLE refresh_tokens ADD COLUMN successor_id TEXT;
ALTER TABLE refresh_tokens ADD COLUMN superseded_at TIMESTAMP;
