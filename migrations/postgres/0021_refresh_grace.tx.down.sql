ALTER TABLE refresh_tokens DROP COLUMN superseded_at;
ALTER TABLE refresh_tokens DROP COLUMN successor_id;
