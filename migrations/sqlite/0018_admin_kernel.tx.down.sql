DROP INDEX IF EXISTS bookings_start_idx;
ALTER TABLE practice_providers DROP COLUMN suspension_reason;
DROP TABLE IF EXISTS practice_licence_documents;
