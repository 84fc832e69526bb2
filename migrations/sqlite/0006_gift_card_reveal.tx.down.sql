-- Back to 0005's states (rebuilt as in the up migration): a cancelled card
-- was a pending card never issued, a refunded card is closed with nothing
-- left (expired); the new events and the sealed codes go.
-- SQLite cannot change a CHECK constraint in place: the three gift-card
-- tables are copied aside, dropped (children first, so no foreign key is
-- broken; dropping fires no trigger) and made again, then refilled.
CREATE TABLE gift_cards_0006 AS SELECT * FROM gift_cards;
CREATE TABLE gift_card_deliveries_0006 AS SELECT * FROM gift_card_deliveries;
CREATE TABLE gift_card_events_0006 AS SELECT * FROM gift_card_events;
DROP TABLE gift_card_events;
DROP TABLE gift_card_deliveries;
DROP TABLE gift_cards;

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
INSERT INTO gift_cards (id, product_id, code_hash, code_last4, amount, balance, currency, status, expires_at, purchaser_id, recipient_email, recipient_name, message, pay_with, payment_reference, purchase_key, redeemed_by, redeemed_at, created_at, updated_at)
    SELECT id, product_id, code_hash, code_last4, amount, CASE WHEN status = 'refunded' THEN 0 ELSE balance END, currency, CASE status WHEN 'cancelled' THEN 'pending' WHEN 'refunded' THEN 'expired' ELSE status END, expires_at, purchaser_id, recipient_email, recipient_name, message, pay_with, payment_reference, purchase_key, redeemed_by, redeemed_at, created_at, updated_at
    FROM gift_cards_0006;

CREATE TABLE gift_card_deliveries (
    card_id      TEXT PRIMARY KEY REFERENCES gift_cards (id),
    sealed_code  TEXT NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    claimed_at   TIMESTAMP,
    created_at   TIMESTAMP NOT NULL
);
INSERT INTO gift_card_deliveries (card_id, sealed_code, attempts, claimed_at, created_at)
    SELECT card_id, sealed_code, attempts, claimed_at, created_at FROM gift_card_deliveries_0006;

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
INSERT INTO gift_card_events (id, card_id, type, actor_id, amount, details, created_at)
    SELECT id, card_id, type, actor_id, amount, details, created_at FROM gift_card_events_0006
    WHERE type IN ('issued', 'sent', 'redeemed', 'expired');

DROP TABLE gift_card_events_0006;
DROP TABLE gift_card_deliveries_0006;
DROP TABLE gift_cards_0006;
