-- The Duffel sandbox's stay bookings (platform/duffel, sandbox_stays_store.go).
-- Searches, rates and quotes are computed, not stored.
CREATE TABLE duffel_sandbox_stay_bookings (
    id               TEXT PRIMARY KEY,
    reference        TEXT NOT NULL,
    idempotency_key  TEXT UNIQUE,
    quote_id         TEXT NOT NULL,
    accommodation_id TEXT NOT NULL,
    check_in_date    TEXT NOT NULL,
    check_out_date   TEXT NOT NULL,
    guests           TEXT NOT NULL,
    email            TEXT NOT NULL,
    phone            TEXT NOT NULL DEFAULT '',
    total_amount     BIGINT NOT NULL,
    currency         TEXT NOT NULL,
    status           TEXT NOT NULL,
    refund_amount    BIGINT NOT NULL DEFAULT 0,
    created_at       TIMESTAMP NOT NULL,
    cancelled_at     TIMESTAMP
);
