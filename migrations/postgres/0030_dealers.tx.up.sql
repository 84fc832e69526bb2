-- Car dealers (api/internal/dealers): a dealership is a practice profile of
-- kind car_dealer; this domain owns its listings (cars for sale), their
-- photos, price history and status history, buyers' enquiries (leads), the
-- test drives booked through the booking kernel (the booking itself is the
-- kernel's) and reservations with a refundable deposit (the money is held
-- by the deposits service, named {car_reservation, reservation id}).

-- One row per dealership: its settings.
CREATE TABLE dealer_settings (
    provider_id             TEXT PRIMARY KEY,
    user_id                 TEXT NOT NULL REFERENCES users (id),
    reservation_days        INTEGER NOT NULL DEFAULT 3 CHECK (reservation_days >= 1 AND reservation_days <= 14),
    deposit_amount          BIGINT NOT NULL CHECK (deposit_amount > 0),
    currency                TEXT NOT NULL,
    test_drive_offering_id  TEXT NOT NULL DEFAULT '',
    created_at              TIMESTAMPTZ NOT NULL,
    updated_at              TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX dealer_settings_user_key ON dealer_settings (user_id);

-- status: available | reserved | sold (validated in Go, states.go);
-- hidden: taken off the buyers' pages by an admin, with a reason.
CREATE TABLE car_listings (
    id             TEXT PRIMARY KEY,
    provider_id    TEXT NOT NULL,
    dealer_user_id TEXT NOT NULL REFERENCES users (id),
    vin            TEXT NOT NULL,
    make           TEXT NOT NULL,
    model          TEXT NOT NULL,
    year           INTEGER NOT NULL,
    trim           TEXT NOT NULL DEFAULT '',
    body           TEXT NOT NULL,
    mileage_km     INTEGER NOT NULL CHECK (mileage_km >= 0),
    fuel           TEXT NOT NULL,
    transmission   TEXT NOT NULL,
    drivetrain     TEXT NOT NULL,
    colour         TEXT NOT NULL DEFAULT '',
    condition      TEXT NOT NULL,
    price          BIGINT NOT NULL CHECK (price > 0),
    currency       TEXT NOT NULL,
    features       TEXT NOT NULL DEFAULT '[]',
    description    TEXT NOT NULL DEFAULT '',
    city           TEXT NOT NULL,
    country        TEXT NOT NULL,
    status         TEXT NOT NULL,
    hidden         BOOLEAN NOT NULL DEFAULT FALSE,
    hidden_reason  TEXT NOT NULL DEFAULT '',
    views          BIGINT NOT NULL DEFAULT 0,
    leads          INTEGER NOT NULL DEFAULT 0,
    cover_url      TEXT NOT NULL DEFAULT '',
    listed_at      TIMESTAMPTZ NOT NULL,
    sold_at        TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL
);
-- A car is for sale once at a time: a VIN is unique among unsold listings.
CREATE UNIQUE INDEX car_listings_vin_live ON car_listings (vin) WHERE status <> 'sold';
CREATE INDEX car_listings_dealer_idx ON car_listings (provider_id, created_at, id);
CREATE INDEX car_listings_browse_idx ON car_listings (hidden, status, listed_at, id);
CREATE INDEX car_listings_price_idx ON car_listings (hidden, status, price, id);
CREATE INDEX car_listings_model_idx ON car_listings (make, model, year);

CREATE TABLE car_listing_photos (
    id          TEXT PRIMARY KEY,
    listing_id  TEXT NOT NULL REFERENCES car_listings (id) ON DELETE CASCADE,
    url         TEXT NOT NULL,
    position    INTEGER NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX car_listing_photos_listing_idx ON car_listing_photos (listing_id, position);

-- Every price a listing had, from its first.
CREATE TABLE car_price_changes (
    id          TEXT PRIMARY KEY,
    listing_id  TEXT NOT NULL REFERENCES car_listings (id) ON DELETE CASCADE,
    price       BIGINT NOT NULL,
    currency    TEXT NOT NULL,
    changed_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX car_price_changes_listing_idx ON car_price_changes (listing_id, changed_at);

-- Every status change and moderation of a listing.
CREATE TABLE car_listing_events (
    id           TEXT PRIMARY KEY,
    listing_id   TEXT NOT NULL REFERENCES car_listings (id) ON DELETE CASCADE,
    from_status  TEXT NOT NULL,
    to_status    TEXT NOT NULL,
    actor        TEXT NOT NULL,
    actor_id     TEXT NOT NULL DEFAULT '',
    note         TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX car_listing_events_listing_idx ON car_listing_events (listing_id, created_at);

-- status: held | released | completed (validated in Go). One held
-- reservation per car: the partial unique index decides concurrent ones.
CREATE TABLE car_reservations (
    id              TEXT PRIMARY KEY,
    listing_id      TEXT NOT NULL REFERENCES car_listings (id),
    provider_id     TEXT NOT NULL,
    dealer_user_id  TEXT NOT NULL,
    buyer_id        TEXT NOT NULL REFERENCES users (id),
    deposit_amount  BIGINT NOT NULL CHECK (deposit_amount > 0),
    currency        TEXT NOT NULL,
    status          TEXT NOT NULL,
    release_at      TIMESTAMPTZ NOT NULL,
    settled_at      TIMESTAMPTZ,
    settled_by      TEXT NOT NULL DEFAULT '',
    note            TEXT NOT NULL DEFAULT '',
    reserve_key     TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX car_reservations_one_held ON car_reservations (listing_id) WHERE status = 'held';
CREATE UNIQUE INDEX car_reservations_key ON car_reservations (buyer_id, reserve_key);
CREATE INDEX car_reservations_dealer_idx ON car_reservations (provider_id, created_at, id);
CREATE INDEX car_reservations_buyer_idx ON car_reservations (buyer_id, created_at, id);

-- A test drive is a booking of the dealer's "Test drive" offering; this
-- row ties it to the car.
CREATE TABLE car_test_drives (
    booking_id   TEXT PRIMARY KEY,
    listing_id   TEXT NOT NULL REFERENCES car_listings (id),
    provider_id  TEXT NOT NULL,
    buyer_id     TEXT NOT NULL REFERENCES users (id),
    starts_at    TIMESTAMPTZ NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX car_test_drives_dealer_idx ON car_test_drives (provider_id, created_at, booking_id);

-- status: new | contacted | closed (validated in Go).
CREATE TABLE car_leads (
    id            TEXT PRIMARY KEY,
    listing_id    TEXT NOT NULL REFERENCES car_listings (id),
    provider_id   TEXT NOT NULL,
    buyer_id      TEXT NOT NULL REFERENCES users (id),
    message       TEXT NOT NULL,
    contact_pref  TEXT NOT NULL,
    phone         TEXT NOT NULL DEFAULT '',
    status        TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX car_leads_dealer_idx ON car_leads (provider_id, created_at, id);
CREATE INDEX car_leads_buyer_idx ON car_leads (buyer_id, created_at, id);
