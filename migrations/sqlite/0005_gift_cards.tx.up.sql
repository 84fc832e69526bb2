-- Gift cards (api/internal/giftcards): admin-managed products, the cards
-- bought from them and each card's append-only event history. The money
-- itself lives in the ledger (giftcard_liability); these tables hold the
-- cards' state. A card's code is stored only as a SHA-256 hash plus its last
-- four characters for display.
CREATE TABLE gift_card_products (
    id             TEXT PRIMARY KEY,
    name           TEXT NOT NULL,
    description    TEXT NOT NULL DEFAULT '',
    image_url      TEXT NOT NULL DEFAULT '',
    currency       TEXT NOT NULL,
    -- a JSON array of fixed amounts in minor units; empty means a custom
    -- amount between min_amount and max_amount.
    denominations  TEXT NOT NULL DEFAULT '[]',
    min_amount     BIGINT NOT NULL DEFAULT 0 CHECK (min_amount >= 0),
    max_amount     BIGINT NOT NULL DEFAULT 0 CHECK (max_amount >= min_amount),
    active         BOOLEAN NOT NULL DEFAULT TRUE,
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX gift_card_products_name_key ON gift_card_products (lower(name));
CREATE INDEX gift_card_products_active_idx ON gift_card_products (active, created_at);

CREATE TABLE gift_cards (
    id                 TEXT PRIMARY KEY,
    product_id         TEXT NOT NULL REFERENCES gift_card_products (id),
    -- NULL while a card payment is pending (no code exists yet).
    code_hash          TEXT,
    code_last4         TEXT NOT NULL DEFAULT '',
    amount             BIGINT NOT NULL CHECK (amount > 0),
    balance            BIGINT NOT NULL CHECK (balance >= 0 AND balance <= amount),
    currency           TEXT NOT NULL,
    status             TEXT NOT NULL CHECK (status IN ('pending', 'active', 'redeemed', 'expired')),
    expires_at         TIMESTAMP,
    purchaser_id       TEXT NOT NULL REFERENCES users (id),
    recipient_email    TEXT NOT NULL,
    recipient_name     TEXT NOT NULL,
    message            TEXT NOT NULL DEFAULT '',
    pay_with           TEXT NOT NULL CHECK (pay_with IN ('wallet', 'paystack')),
    payment_reference  TEXT NOT NULL DEFAULT '',
    -- the purchase's Idempotency-Key (or a random one): a retried purchase
    -- finds the card it already made.
    purchase_key       TEXT NOT NULL,
    redeemed_by        TEXT REFERENCES users (id),
    redeemed_at        TIMESTAMP,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX gift_cards_code_hash_key ON gift_cards (code_hash);
CREATE UNIQUE INDEX gift_cards_purchase_key ON gift_cards (purchaser_id, purchase_key);
CREATE INDEX gift_cards_purchaser_idx ON gift_cards (purchaser_id, created_at);
CREATE INDEX gift_cards_expiry_idx ON gift_cards (status, expires_at);

-- A card's code waiting to be emailed to its recipient, sealed (AES-GCM
-- with a key derived from the server secret) so the plain code never rests
-- in the database. Written in the transaction that issues the card; the
-- row is deleted once the mail is sent. claimed_at marks a delivery in
-- progress so two workers do not send the same mail.
CREATE TABLE gift_card_deliveries (
    card_id      TEXT PRIMARY KEY REFERENCES gift_cards (id),
    sealed_code  TEXT NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    claimed_at   TIMESTAMP,
    created_at   TIMESTAMP NOT NULL
);

-- What happened to a card, in order: issued, sent, redeemed, expired. Rows
-- are only ever inserted; a trigger refuses updates and deletes.
CREATE TABLE gift_card_events (
    id          TEXT PRIMARY KEY,
    card_id     TEXT NOT NULL REFERENCES gift_cards (id),
    type        TEXT NOT NULL CHECK (type IN ('issued', 'sent', 'redeemed', 'expired')),
    actor_id    TEXT REFERENCES users (id),
    amount      BIGINT NOT NULL DEFAULT 0 CHECK (amount >= 0),
    details     TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX gift_card_events_card_idx ON gift_card_events (card_id, created_at);

CREATE TRIGGER gift_card_events_no_update BEFORE UPDATE ON gift_card_events
BEGIN
    SELECT RAISE(ABORT, 'gift_card_events is append-only');
END;
CREATE TRIGGER gift_card_events_no_delete BEFORE DELETE ON gift_card_events
BEGIN
    SELECT RAISE(ABORT, 'gift_card_events is append-only');
END;
