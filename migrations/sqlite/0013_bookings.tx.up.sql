-- Bookings (api/internal/bookings): slot holds and bookings of practice
-- offerings, their state history, the 15-minute cells a provider's time is
-- reserved by, per-period booking counters, the provider cancellation
-- counter and the users' calendar feed tokens. Statuses are TEXT validated
-- in Go (bookings/states.go); the money lives in the ledger (escrow
-- "booking:<id>").
CREATE TABLE bookings (
    id                 TEXT PRIMARY KEY,
    offering_id        TEXT NOT NULL,
    provider_id        TEXT NOT NULL,
    provider_user_id   TEXT NOT NULL REFERENCES users (id),
    user_id            TEXT NOT NULL REFERENCES users (id),
    kind               TEXT NOT NULL,
    title              TEXT NOT NULL,
    format             TEXT NOT NULL,
    status             TEXT NOT NULL,
    start_at           TIMESTAMP NOT NULL,
    end_at             TIMESTAMP NOT NULL,
    -- the reserved cells: [cell_from, cell_to) in unix seconds on the 15-minute grid
    session_key        TEXT NOT NULL,
    cell_from          BIGINT NOT NULL,
    cell_to            BIGINT NOT NULL,
    capacity           INTEGER NOT NULL,
    requires_confirmation BOOLEAN NOT NULL DEFAULT FALSE,
    time_zone          TEXT NOT NULL DEFAULT 'UTC',
    -- the counter periods this booking counts in ('' when the provider has no limit)
    day_period         TEXT NOT NULL DEFAULT '',
    week_period        TEXT NOT NULL DEFAULT '',
    price              BIGINT NOT NULL CHECK (price >= 0),
    currency           TEXT NOT NULL,
    pay_with           TEXT NOT NULL DEFAULT '',
    package_id         TEXT NOT NULL DEFAULT '',
    package_credit_id  TEXT NOT NULL DEFAULT '',
    payment_reference  TEXT NOT NULL DEFAULT '',
    paid_amount        BIGINT NOT NULL DEFAULT 0,
    refunded_amount    BIGINT NOT NULL DEFAULT 0,
    fee_kept           BIGINT NOT NULL DEFAULT 0,
    free_cancel_hours  INTEGER NOT NULL DEFAULT 0,
    late_cancel_fee_pct INTEGER NOT NULL DEFAULT 0,
    intake_answers     TEXT NOT NULL DEFAULT '{}',
    note               TEXT NOT NULL DEFAULT '',
    cancel_reason      TEXT NOT NULL DEFAULT '',
    hold_expires_at    TIMESTAMP,
    confirm_by         TIMESTAMP,
    completed_at       TIMESTAMP,
    review_until       TIMESTAMP,
    cancelled_at       TIMESTAMP,
    reschedules        INTEGER NOT NULL DEFAULT 0,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL
);
CREATE INDEX bookings_user_start_idx ON bookings (user_id, start_at, id);
CREATE INDEX bookings_provider_start_idx ON bookings (provider_id, start_at, id);
CREATE INDEX bookings_provider_user_idx ON bookings (provider_id, user_id, start_at);
CREATE INDEX bookings_status_idx ON bookings (status, start_at);

CREATE TABLE booking_events (
    id          TEXT PRIMARY KEY,
    booking_id  TEXT NOT NULL REFERENCES bookings (id),
    from_status TEXT NOT NULL,
    to_status   TEXT NOT NULL,
    actor_id    TEXT NOT NULL DEFAULT '',
    actor_role  TEXT NOT NULL,
    note        TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX booking_events_booking_idx ON booking_events (booking_id, created_at);

-- One row per occupied 15-minute cell of a provider's time: the session
-- (offering and start) that owns it and how many of its seats are taken.
-- A hold upserts every cell it covers with ON CONFLICT ... DO UPDATE WHERE
-- the cell is the same session's and has a free seat: a cell of another
-- session, or a full one, is not written, and the hold is refused.
CREATE TABLE slot_cells (
    provider_id  TEXT NOT NULL,
    cell         BIGINT NOT NULL,
    session_key  TEXT NOT NULL,
    capacity     INTEGER NOT NULL CHECK (capacity >= 1),
    used         INTEGER NOT NULL CHECK (used >= 0 AND used <= capacity),
    PRIMARY KEY (provider_id, cell)
);
CREATE INDEX slot_cells_session_idx ON slot_cells (session_key);

-- Bookings per provider and period ('d:YYYY-MM-DD', 'w:YYYY-Www' in the
-- provider's zone), bounded by the provider's limits in the same upsert.
CREATE TABLE booking_counters (
    provider_id  TEXT NOT NULL,
    period       TEXT NOT NULL,
    used         INTEGER NOT NULL CHECK (used >= 0),
    PRIMARY KEY (provider_id, period)
);

CREATE TABLE booking_provider_stats (
    provider_id    TEXT PRIMARY KEY,
    cancellations  INTEGER NOT NULL DEFAULT 0,
    updated_at     TIMESTAMP NOT NULL
);

CREATE TABLE calendar_feeds (
    user_id     TEXT PRIMARY KEY REFERENCES users (id),
    token       TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX calendar_feeds_token_key ON calendar_feeds (token);
