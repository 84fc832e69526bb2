-- Back to cells per practice profile: a cell goes to the practice of the
-- bookings whose session it is (a session key names one offering, so one
-- practice). Cells no booking holds (another kind of resource's) have no
-- place in the old shape and are dropped.
DELETE FROM slot_cells
WHERE (resource_id, session_key) NOT IN (SELECT provider_user_id, session_key FROM bookings);
UPDATE slot_cells
SET resource_id = m.provider_id
FROM (SELECT DISTINCT provider_user_id, session_key, provider_id FROM bookings) AS m
WHERE m.provider_user_id = slot_cells.resource_id AND m.session_key = slot_cells.session_key;
ALTER TABLE slot_cells RENAME COLUMN resource_id TO provider_id;
