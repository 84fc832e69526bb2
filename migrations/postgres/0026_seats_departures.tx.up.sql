-- Seats, departures and minimum groups on the booking kernel (bookings and
-- practice, issue 10). An offering may sell several seats per booking
-- (price per person or per group), have its own fixed departures (start
-- times per weekday and dated additions and cancellations, JSON) instead
-- of stepping through the provider's hours, a booking cut-off (hours before
-- the start), a minimum group (a departure short of it at the cut-off is
-- cancelled and refunded by a River job) and be exclusive (a private
-- departure: one booking takes every seat). A booking keeps its seats, its
-- travellers' names and the minimum it was sold under.
ALTER TABLE practice_offerings ADD COLUMN pricing TEXT NOT NULL DEFAULT 'per_group';
ALTER TABLE practice_offerings ADD COLUMN departures TEXT NOT NULL DEFAULT '';
ALTER TABLE practice_offerings ADD COLUMN cutoff_hours INTEGER NOT NULL DEFAULT 0;
ALTER TABLE practice_offerings ADD COLUMN min_participants INTEGER NOT NULL DEFAULT 0;
ALTER TABLE practice_offerings ADD COLUMN exclusive BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE bookings ADD COLUMN seats INTEGER NOT NULL DEFAULT 1;
-- held_seats: the seats its cells take (all of them for an exclusive offering)
ALTER TABLE bookings ADD COLUMN held_seats INTEGER NOT NULL DEFAULT 1;
ALTER TABLE bookings ADD COLUMN attendees TEXT NOT NULL DEFAULT '[]';
ALTER TABLE bookings ADD COLUMN min_participants INTEGER NOT NULL DEFAULT 0;
CREATE INDEX bookings_session_idx ON bookings (session_key, status);
