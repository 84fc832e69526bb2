-- The trading name a practice goes by (a dealership, a rental company, a tour
-- business); empty for a person who practises under their own name. Public
-- pages name the practice by it when set, else by the person.
ALTER TABLE practice_providers ADD COLUMN business_name TEXT NOT NULL DEFAULT '';
