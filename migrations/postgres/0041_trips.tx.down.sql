ALTER TABLE rental_branches DROP COLUMN time_zone;
DROP TABLE trip_items;
DROP TABLE trips;
