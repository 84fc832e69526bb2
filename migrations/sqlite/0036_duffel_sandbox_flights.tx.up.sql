-- State of the Duffel sandbox's flights (api/internal/platform/duffel,
-- sandbox_flights*.go), used when no Duffel access token is configured.
-- Offers are kept as Duffel's JSON (body) with what the sandbox decides
-- about them; amounts in minor units.

CREATE TABLE duffel_sandbox_flight_offers (
    id            TEXT PRIMARY KEY,
    request_id    TEXT NOT NULL,
    total_amount  INTEGER NOT NULL CHECK (total_amount > 0),
    currency      TEXT NOT NULL,
    -- the schedule's verdicts: sold out at order time; the price moves by
    -- reprice_bps (basis points) the first time the offer is fetched again.
    sold_out      BOOLEAN NOT NULL DEFAULT FALSE,
    reprice_bps   INTEGER NOT NULL DEFAULT 0,
    repriced      BOOLEAN NOT NULL DEFAULT FALSE,
    body          TEXT NOT NULL,
    expires_at    TIMESTAMP NOT NULL,
    created_at    TIMESTAMP NOT NULL
);
CREATE INDEX duffel_sandbox_flight_offers_created ON duffel_sandbox_flight_offers (created_at);

CREATE TABLE duffel_sandbox_flight_orders (
    id                 TEXT PRIMARY KEY,
    -- one order per offer: a second order of a booked offer is refused.
    offer_id           TEXT NOT NULL UNIQUE,
    idempotency_key    TEXT UNIQUE,
    booking_reference  TEXT NOT NULL,
    total_amount       INTEGER NOT NULL,
    currency           TEXT NOT NULL,
    body               TEXT NOT NULL,
    cancelled_at       TIMESTAMP,
    created_at         TIMESTAMP NOT NULL
);

CREATE TABLE duffel_sandbox_flight_cancellations (
    id               TEXT PRIMARY KEY,
    order_id         TEXT NOT NULL REFERENCES duffel_sandbox_flight_orders (id),
    idempotency_key  TEXT UNIQUE,
    refund_amount    INTEGER NOT NULL CHECK (refund_amount >= 0),
    currency         TEXT NOT NULL,
    expires_at       TIMESTAMP NOT NULL,
    confirmed_at     TIMESTAMP,
    created_at       TIMESTAMP NOT NULL
);
CREATE INDEX duffel_sandbox_flight_cancellations_order ON duffel_sandbox_flight_cancellations (order_id);
