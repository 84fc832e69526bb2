ALTER TABLE practice_providers DROP COLUMN business_name;
