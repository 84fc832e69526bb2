-- Flight orders (api/internal/flights): a traveller's order of a Duffel
-- offer, paid to Sojourn (wallet or card) into its escrow
-- (money.Ref{flight_order, id}), then placed with the supplier by the
-- flights.place_order River job. Amounts in minor units; cost is the
-- supplier's total (bags included), margin Sojourn's markup, price what the
-- traveller pays (cost + margin).

CREATE TABLE flight_orders (
    id                    TEXT PRIMARY KEY,
    user_id               TEXT NOT NULL,
    status                TEXT NOT NULL CHECK (status IN ('awaiting_payment', 'placing', 'confirmed', 'failed', 'cancelled')),
    offer_id              TEXT NOT NULL,
    supplier_order_id     TEXT NOT NULL DEFAULT '',
    booking_reference     TEXT NOT NULL DEFAULT '',
    owner_code            TEXT NOT NULL,
    owner_name            TEXT NOT NULL,
    origin                TEXT NOT NULL,
    destination           TEXT NOT NULL,
    origin_city           TEXT NOT NULL,
    destination_city      TEXT NOT NULL,
    departs_at            TIMESTAMPTZ NOT NULL,
    ends_at               TIMESTAMPTZ NOT NULL,
    -- the slices as the order page shows them (JSON), and the passengers
    -- with their bags (JSON)
    itinerary             TEXT NOT NULL,
    passengers            TEXT NOT NULL,
    conditions            TEXT NOT NULL DEFAULT '{}',
    bags                  INTEGER NOT NULL DEFAULT 0 CHECK (bags >= 0),
    cost                  BIGINT NOT NULL CHECK (cost > 0),
    margin                BIGINT NOT NULL CHECK (margin >= 0),
    price                 BIGINT NOT NULL CHECK (price = cost + margin),
    currency              TEXT NOT NULL,
    pay_with              TEXT NOT NULL CHECK (pay_with IN ('wallet', 'card')),
    payment_reference     TEXT NOT NULL DEFAULT '',
    failure_reason        TEXT NOT NULL DEFAULT '',
    -- the cancellation quote the traveller may confirm
    cancel_quote_id       TEXT NOT NULL DEFAULT '',
    cancel_supplier_refund BIGINT NOT NULL DEFAULT 0,
    cancel_refund         BIGINT NOT NULL DEFAULT 0,
    cancel_quote_expires_at TIMESTAMPTZ,
    refunded_amount       BIGINT NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= price),
    -- the airline's latest schedule change (JSON), shown as a banner
    schedule_change       TEXT NOT NULL DEFAULT '',
    schedule_changed_at   TIMESTAMPTZ,
    trip_id               TEXT NOT NULL DEFAULT '',
    created_at            TIMESTAMPTZ NOT NULL,
    updated_at            TIMESTAMPTZ NOT NULL,
    confirmed_at          TIMESTAMPTZ,
    cancelled_at          TIMESTAMPTZ
);
-- one live order per offer: two attempts to book one offer cannot both pay
CREATE UNIQUE INDEX flight_orders_live_offer ON flight_orders (offer_id)
    WHERE status IN ('awaiting_payment', 'placing', 'confirmed');
CREATE INDEX flight_orders_user ON flight_orders (user_id, created_at, id);
CREATE INDEX flight_orders_user_departs ON flight_orders (user_id, departs_at);
CREATE INDEX flight_orders_supplier ON flight_orders (supplier_order_id);

CREATE TABLE flight_order_events (
    id           TEXT PRIMARY KEY,
    order_id     TEXT NOT NULL REFERENCES flight_orders (id),
    from_status  TEXT NOT NULL,
    to_status    TEXT NOT NULL,
    note         TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX flight_order_events_order ON flight_order_events (order_id, created_at);

-- Duffel webhook events already handled (by Duffel's event id).
CREATE TABLE flight_webhook_events (
    id           TEXT PRIMARY KEY,
    type         TEXT NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL
);
