-- Video rooms (api/internal/video): one room per therapy or coaching
-- session (its id is the booking's id; made when a participant first
-- opens it) and calls between friends (ids of their own). The host is the
-- practice's person (or the friend who called), the guest the client (or
-- the friend called). The lobby lives on the row: a participant in the
-- room has its joined time set; the guest waits until admitted_at is set
-- by the host (a friend call is admitted when made).
CREATE TABLE video_rooms (
    id               TEXT PRIMARY KEY,
    kind             TEXT NOT NULL,
    booking_id       TEXT,
    host_id          TEXT NOT NULL REFERENCES users (id),
    guest_id         TEXT NOT NULL REFERENCES users (id),
    title            TEXT NOT NULL DEFAULT '',
    opens_at         TIMESTAMPTZ NOT NULL,
    closes_at        TIMESTAMPTZ NOT NULL,
    host_joined_at   TIMESTAMPTZ,
    guest_joined_at  TIMESTAMPTZ,
    admitted_at      TIMESTAMPTZ,
    ended_at         TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX video_rooms_booking_key ON video_rooms (booking_id);
CREATE INDEX video_rooms_host_idx ON video_rooms (host_id, closes_at, id);
CREATE INDEX video_rooms_guest_idx ON video_rooms (guest_id, closes_at, id);
