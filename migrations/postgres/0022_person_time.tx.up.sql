-- A person's time is one resource (bookings, issue 9). slot_cells is keyed
-- by the resource whose time a cell is (resource_id) instead of the practice
-- profile: for a session of a practice offering that is the person behind
-- the practice (practice_providers.user_id, which bookings keep as
-- provider_user_id), so one person's therapist and coach practices share one
-- calendar and an overlapping hold of the other practice is refused by the
-- same conditional upsert. Later domains reserve other resources (a vehicle,
-- a tour) in the same table under their own ids (UUIDs: never a user's).
-- booking_counters stay per practice: the daily and weekly limits are the
-- practice's setting.
--
-- Before this, cells of two practices of one person could cover the same
-- time (the bug). Such a cell keeps the session with the smaller session_key
-- and the other practice's row is dropped; the bookings stay as they are
-- (both booked, for support to settle), and freeing either frees its own
-- session's cells only.
DELETE FROM slot_cells
WHERE NOT EXISTS (SELECT 1 FROM practice_providers p WHERE p.id = slot_cells.provider_id);
DELETE FROM slot_cells
WHERE EXISTS (
    SELECT 1 FROM practice_providers p
    JOIN practice_providers q ON q.user_id = p.user_id AND q.id <> p.id
    JOIN slot_cells o ON o.provider_id = q.id AND o.cell = slot_cells.cell
    WHERE p.id = slot_cells.provider_id AND o.session_key < slot_cells.session_key
);
UPDATE slot_cells
SET provider_id = (SELECT p.user_id FROM practice_providers p WHERE p.id = slot_cells.provider_id);
ALTER TABLE slot_cells RENAME COLUMN provider_id TO resource_id;
