ALTER TABLE dealer_settings DROP COLUMN branches;
