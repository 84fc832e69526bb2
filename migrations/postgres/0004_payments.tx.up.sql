-- Card payments through Paystack (top-ups, gift cards, later orders and
-- bookings), their refunds, and provider payouts to bank accounts. The money
-- itself moves in the ledger (0002_money); these tables hold the payment
-- provider's side. Amounts are BIGINT minor units (kobo).

CREATE TABLE payments (
    id                 TEXT PRIMARY KEY,
    -- sent to Paystack as the transaction reference: "sj-" + random, lowercase.
    reference          TEXT NOT NULL,
    user_id            TEXT NOT NULL REFERENCES users (id),
    purpose            TEXT NOT NULL,
    purpose_id         TEXT NOT NULL DEFAULT '',
    amount             BIGINT NOT NULL CHECK (amount > 0),
    currency           TEXT NOT NULL,
    status             TEXT NOT NULL CHECK (status IN ('pending', 'success', 'failed', 'abandoned', 'refunded',
                           'partially_refunded')),
    access_code        TEXT NOT NULL DEFAULT '',
    authorization_url  TEXT NOT NULL DEFAULT '',
    paystack_id        BIGINT NOT NULL DEFAULT 0,
    channel            TEXT NOT NULL DEFAULT '',
    paid_at            TIMESTAMPTZ,
    -- refunds reserve their amount here with a conditional update, so the
    -- refunds of one payment never exceed it.
    refunded_amount    BIGINT NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= amount),
    -- a paid amount or currency that differs from what was initialised: never
    -- credited, never settled by a later event.
    mismatch           BOOLEAN NOT NULL DEFAULT FALSE,
    failure_reason     TEXT NOT NULL DEFAULT '',
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX payments_reference_key ON payments (reference);
CREATE INDEX payments_user_created_idx ON payments (user_id, created_at);
CREATE INDEX payments_status_created_idx ON payments (status, created_at);
CREATE INDEX payments_purpose_idx ON payments (purpose, purpose_id);

CREATE TABLE payment_refunds (
    id                  TEXT PRIMARY KEY,
    payment_id          TEXT NOT NULL REFERENCES payments (id),
    -- names the refund's history row (wallet_transactions.reference).
    reference           TEXT NOT NULL,
    amount              BIGINT NOT NULL CHECK (amount > 0),
    currency            TEXT NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('pending', 'processed', 'failed')),
    reason              TEXT NOT NULL,
    actor_id            TEXT NOT NULL DEFAULT '',
    request_key         TEXT NOT NULL,
    paystack_refund_id  BIGINT NOT NULL DEFAULT 0,
    failure_reason      TEXT NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL,
    updated_at          TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX payment_refunds_reference_key ON payment_refunds (reference);
CREATE UNIQUE INDEX payment_refunds_request_key ON payment_refunds (request_key);
CREATE INDEX payment_refunds_payment_idx ON payment_refunds (payment_id, status);

CREATE TABLE payout_accounts (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users (id),
    currency        TEXT NOT NULL,
    bank_code       TEXT NOT NULL,
    bank_name       TEXT NOT NULL,
    account_number  TEXT NOT NULL,
    account_name    TEXT NOT NULL,
    recipient_code  TEXT NOT NULL,
    active          BOOLEAN NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL
);
-- one active account per user and currency; a new one replaces it.
CREATE UNIQUE INDEX payout_accounts_active_key ON payout_accounts (user_id, currency) WHERE active;
CREATE INDEX payout_accounts_user_idx ON payout_accounts (user_id, created_at);

CREATE TABLE payouts (
    id                  TEXT PRIMARY KEY,
    -- the Paystack transfer reference: lowercase letters, digits, "-" and "_".
    reference           TEXT NOT NULL,
    user_id             TEXT NOT NULL REFERENCES users (id),
    payout_account_id   TEXT NOT NULL REFERENCES payout_accounts (id),
    request_key         TEXT NOT NULL,
    amount              BIGINT NOT NULL CHECK (amount > 0),
    fee                 BIGINT NOT NULL CHECK (fee >= 0),
    net_amount          BIGINT NOT NULL CHECK (net_amount > 0),
    currency            TEXT NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('pending', 'success', 'failed', 'reversed')),
    transfer_code       TEXT NOT NULL DEFAULT '',
    paystack_id         BIGINT NOT NULL DEFAULT 0,
    failure_reason      TEXT NOT NULL DEFAULT '',
    settled_at          TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL,
    updated_at          TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX payouts_reference_key ON payouts (reference);
CREATE UNIQUE INDEX payouts_user_request_key ON payouts (user_id, request_key);
CREATE INDEX payouts_user_created_idx ON payouts (user_id, created_at);
