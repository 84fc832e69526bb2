-- Date-range reservations of the booking kernel (api/internal/bookings/ranges):
-- a resource (a car, later a room or a boat) is reserved for the half-open
-- range [starts_at, ends_at) by a holder ("rental:<booking id>"); live rows
-- never overlap for one resource. PostgreSQL refuses an overlap with an
-- exclusion constraint; SQLite checks inside the (serialised, BEGIN
-- IMMEDIATE) write transaction that inserts.
CREATE TABLE resource_ranges (
    holder      TEXT PRIMARY KEY,
    resource_id TEXT NOT NULL,
    starts_at   TIMESTAMP NOT NULL,
    ends_at     TIMESTAMP NOT NULL,
    live        BOOLEAN NOT NULL DEFAULT TRUE,
    created_at  TIMESTAMP NOT NULL,
    CHECK (ends_at > starts_at)
);
CREATE INDEX resource_ranges_live_idx ON resource_ranges (resource_id, ends_at, starts_at) WHERE live;

-- Car rentals (api/internal/rentals): a company is a practice profile of kind
-- car_rental; it has branches and a fleet of cars; renters book a car for a
-- date range. Statuses are TEXT validated in Go (rentals/states.go); the
-- price lives in the ledger (escrow "rental:<id>"), the deposit in the
-- deposits service.
CREATE TABLE rental_branches (
    id          TEXT PRIMARY KEY,
    provider_id TEXT NOT NULL,
    user_id     TEXT NOT NULL REFERENCES users (id),
    name        TEXT NOT NULL,
    address     TEXT NOT NULL,
    city        TEXT NOT NULL,
    country     TEXT NOT NULL DEFAULT '',
    lat         REAL,
    lng         REAL,
    phone       TEXT NOT NULL DEFAULT '',
    hours       TEXT NOT NULL DEFAULT '{}',
    active      BOOLEAN NOT NULL DEFAULT TRUE,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE INDEX rental_branches_provider_idx ON rental_branches (provider_id, created_at);

CREATE TABLE rental_cars (
    id                TEXT PRIMARY KEY,
    provider_id       TEXT NOT NULL,
    user_id           TEXT NOT NULL REFERENCES users (id),
    branch_id         TEXT NOT NULL REFERENCES rental_branches (id),
    city              TEXT NOT NULL,
    make              TEXT NOT NULL,
    model             TEXT NOT NULL,
    year              INTEGER NOT NULL,
    category          TEXT NOT NULL,
    seats             INTEGER NOT NULL,
    doors             INTEGER NOT NULL,
    transmission      TEXT NOT NULL,
    fuel              TEXT NOT NULL,
    air_conditioning  BOOLEAN NOT NULL DEFAULT TRUE,
    description       TEXT NOT NULL DEFAULT '',
    min_driver_age    INTEGER NOT NULL,
    deposit           BIGINT NOT NULL CHECK (deposit >= 0),
    mileage_limit_km  INTEGER NOT NULL DEFAULT 0,
    fuel_policy       TEXT NOT NULL,
    day_rate          BIGINT NOT NULL CHECK (day_rate > 0),
    currency          TEXT NOT NULL,
    seasons           TEXT NOT NULL DEFAULT '[]',
    extras            TEXT NOT NULL DEFAULT '[]',
    photos            TEXT NOT NULL DEFAULT '[]',
    one_way_allowed   BOOLEAN NOT NULL DEFAULT FALSE,
    one_way_fee       BIGINT NOT NULL DEFAULT 0,
    free_cancel_hours INTEGER NOT NULL DEFAULT 48,
    late_cancel_fee_pct INTEGER NOT NULL DEFAULT 0,
    status            TEXT NOT NULL,
    moderation_note   TEXT NOT NULL DEFAULT '',
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL
);
-- the search: published cars of a city, cheapest first (keyset on day_rate, id)
CREATE INDEX rental_cars_search_idx ON rental_cars (lower(city), day_rate, id) WHERE status = 'published';
CREATE INDEX rental_cars_browse_idx ON rental_cars (day_rate, id) WHERE status = 'published';
CREATE INDEX rental_cars_provider_idx ON rental_cars (provider_id, created_at, id);

CREATE TABLE rental_bookings (
    id                  TEXT PRIMARY KEY,
    car_id              TEXT NOT NULL REFERENCES rental_cars (id),
    provider_id         TEXT NOT NULL,
    provider_user_id    TEXT NOT NULL REFERENCES users (id),
    user_id             TEXT NOT NULL REFERENCES users (id),
    car_title           TEXT NOT NULL,
    status              TEXT NOT NULL,
    pickup_branch_id    TEXT NOT NULL REFERENCES rental_branches (id),
    dropoff_branch_id   TEXT NOT NULL REFERENCES rental_branches (id),
    starts_at           TIMESTAMP NOT NULL,
    ends_at             TIMESTAMP NOT NULL,
    days                INTEGER NOT NULL,
    driver_name         TEXT NOT NULL,
    driver_birth_date   TEXT NOT NULL,
    driver_licence      TEXT NOT NULL,
    driver_phone        TEXT NOT NULL DEFAULT '',
    extras              TEXT NOT NULL DEFAULT '[]',
    breakdown           TEXT NOT NULL DEFAULT '{}',
    price               BIGINT NOT NULL CHECK (price >= 0),
    deposit             BIGINT NOT NULL DEFAULT 0,
    currency            TEXT NOT NULL,
    pay_with            TEXT NOT NULL DEFAULT '',
    paid_amount         BIGINT NOT NULL DEFAULT 0,
    refunded_amount     BIGINT NOT NULL DEFAULT 0,
    fee_kept            BIGINT NOT NULL DEFAULT 0,
    free_cancel_hours   INTEGER NOT NULL DEFAULT 0,
    late_cancel_fee_pct INTEGER NOT NULL DEFAULT 0,
    pickup_handover     TEXT,
    return_handover     TEXT,
    pickup_confirmed_at TIMESTAMP,
    return_confirmed_at TIMESTAMP,
    cancel_reason       TEXT NOT NULL DEFAULT '',
    hold_expires_at     TIMESTAMP,
    picked_up_at        TIMESTAMP,
    returned_at         TIMESTAMP,
    completed_at        TIMESTAMP,
    cancelled_at        TIMESTAMP,
    created_at          TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL
);
CREATE INDEX rental_bookings_user_idx ON rental_bookings (user_id, created_at, id);
CREATE INDEX rental_bookings_provider_idx ON rental_bookings (provider_id, starts_at, id);
CREATE INDEX rental_bookings_car_idx ON rental_bookings (car_id, starts_at);

CREATE TABLE rental_booking_events (
    id          TEXT PRIMARY KEY,
    booking_id  TEXT NOT NULL REFERENCES rental_bookings (id),
    from_status TEXT NOT NULL,
    to_status   TEXT NOT NULL,
    actor       TEXT NOT NULL,
    actor_id    TEXT NOT NULL DEFAULT '',
    note        TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX rental_booking_events_booking_idx ON rental_booking_events (booking_id, created_at);
