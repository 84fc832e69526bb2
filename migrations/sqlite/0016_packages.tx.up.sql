-- Session packages (api/internal/packages): a provider's bundles of N
-- sessions of one offering, the purchases of them and every credit spent.
-- The money lives in the ledger: a purchase's price sits in the escrow of
-- Ref{package, purchase id}; each credit spent moves its share into the
-- booking's escrow (money.MoveEscrow) and back when it is returned.
CREATE TABLE packages (
    id                TEXT PRIMARY KEY,
    provider_id       TEXT NOT NULL,
    provider_user_id  TEXT NOT NULL REFERENCES users (id),
    offering_id       TEXT NOT NULL,
    kind              TEXT NOT NULL,
    title             TEXT NOT NULL,
    description       TEXT NOT NULL DEFAULT '',
    sessions          INTEGER NOT NULL CHECK (sessions >= 2 AND sessions <= 50),
    valid_days        INTEGER NOT NULL CHECK (valid_days >= 7 AND valid_days <= 365),
    price             BIGINT NOT NULL CHECK (price > 0),
    currency          TEXT NOT NULL,
    active            BOOLEAN NOT NULL DEFAULT TRUE,
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL
);
CREATE INDEX packages_provider_idx ON packages (provider_id, active, created_at, id);
CREATE INDEX packages_owner_idx ON packages (provider_user_id, created_at, id);

-- status: pending (card payment under way) | active | expired | refunded |
-- cancelled (the card payment failed); validated in Go.
CREATE TABLE package_purchases (
    id                 TEXT PRIMARY KEY,
    package_id         TEXT NOT NULL REFERENCES packages (id),
    buyer_id           TEXT NOT NULL REFERENCES users (id),
    provider_id        TEXT NOT NULL,
    provider_user_id   TEXT NOT NULL,
    offering_id        TEXT NOT NULL,
    title              TEXT NOT NULL,
    credits_total      INTEGER NOT NULL CHECK (credits_total > 0),
    credits_used       INTEGER NOT NULL DEFAULT 0 CHECK (credits_used >= 0 AND credits_used <= credits_total),
    valid_days         INTEGER NOT NULL,
    price              BIGINT NOT NULL CHECK (price > 0),
    currency           TEXT NOT NULL,
    status             TEXT NOT NULL,
    pay_with           TEXT NOT NULL,
    payment_reference  TEXT NOT NULL DEFAULT '',
    purchase_key       TEXT NOT NULL,
    valid_until        TIMESTAMP,
    refunded_amount    BIGINT NOT NULL DEFAULT 0,
    closed_at          TIMESTAMP,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX package_purchases_key ON package_purchases (buyer_id, purchase_key);
CREATE INDEX package_purchases_buyer_idx ON package_purchases (buyer_id, created_at, id);
CREATE INDEX package_purchases_credit_idx ON package_purchases (buyer_id, offering_id, status, valid_until);

-- One credit spent on one booking: consumed, or returned (a cancellation
-- within policy). amount is the share of the price its booking's escrow got.
CREATE TABLE package_credit_uses (
    id            TEXT PRIMARY KEY,
    purchase_id   TEXT NOT NULL REFERENCES package_purchases (id),
    booking_id    TEXT NOT NULL,
    amount        BIGINT NOT NULL CHECK (amount >= 0),
    status        TEXT NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX package_credit_uses_booking_key ON package_credit_uses (booking_id);
CREATE INDEX package_credit_uses_purchase_idx ON package_credit_uses (purchase_id, created_at);
