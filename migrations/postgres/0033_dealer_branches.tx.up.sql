-- A dealership's branches besides its showroom: a JSON array of
-- {"name", "address"} (at most five, bounded in Go), set by the set-up
-- wizard's step three and PATCH /dealer/settings, shown on its cars' pages.
ALTER TABLE dealer_settings ADD COLUMN branches TEXT NOT NULL DEFAULT '[]';
