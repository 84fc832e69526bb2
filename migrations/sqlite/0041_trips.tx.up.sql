-- Trips (api/internal/trips): a user's journeys tying bookings of every
-- kind together. An item names a booking by kind and id only; its details
-- are read live from the booking's own domain (trips.Source). A booking is
-- in at most one trip.
CREATE TABLE trips (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id),
    name       TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX trips_user_idx ON trips (user_id, created_at, id);

CREATE TABLE trip_items (
    trip_id  TEXT NOT NULL REFERENCES trips (id) ON DELETE CASCADE,
    user_id  TEXT NOT NULL,
    kind     TEXT NOT NULL,
    ref_id   TEXT NOT NULL,
    added_at TIMESTAMP NOT NULL,
    UNIQUE (kind, ref_id)
);
CREATE INDEX trip_items_trip_idx ON trip_items (trip_id);
CREATE INDEX trip_items_user_idx ON trip_items (user_id, kind);

-- A rental branch's own time zone (rentals): pick-up and drop-off times are
-- shown in it; '' = the company's zone.
ALTER TABLE rental_branches ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
