-- The admins' lists of every flight order and every stay (newest first, by
-- keyset on (created_at, id), optionally one status) read an index each.
CREATE INDEX flight_orders_created ON flight_orders (created_at, id);
CREATE INDEX flight_orders_status_created ON flight_orders (status, created_at, id);
CREATE INDEX stay_bookings_created_idx ON stay_bookings (created_at, id);
CREATE INDEX stay_bookings_status_created_idx ON stay_bookings (status, created_at, id);
