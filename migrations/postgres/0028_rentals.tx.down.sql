-- btree_gist stays: it is shared by every schema of the database.
DROP TABLE rental_booking_events;
DROP TABLE rental_bookings;
DROP TABLE rental_cars;
DROP TABLE rental_branches;
DROP TABLE resource_ranges;
