-- State of the Paystack sandbox (api/internal/platform/paystack), used when no
-- real Paystack key is configured. It lives in the database so checkout links
-- and pending transfers survive a restart. Ids are Paystack-shaped: a TEXT key
-- of ours plus the numeric id Paystack would show (paystack_id).

CREATE TABLE paystack_sandbox_transactions (
    id                TEXT PRIMARY KEY,
    paystack_id       BIGINT NOT NULL,
    reference         TEXT NOT NULL,
    access_code       TEXT NOT NULL,
    email             TEXT NOT NULL,
    amount            BIGINT NOT NULL CHECK (amount > 0),
    currency          TEXT NOT NULL,
    callback_url      TEXT NOT NULL DEFAULT '',
    metadata          TEXT NOT NULL DEFAULT '',
    status            TEXT NOT NULL,
    gateway_response  TEXT NOT NULL DEFAULT '',
    -- open until the tester picks an outcome on the checkout page; the
    -- conditional update open -> outcome makes that choice happen once.
    checkout_state    TEXT NOT NULL DEFAULT 'open'
                      CHECK (checkout_state IN ('open', 'success', 'declined', 'abandoned')),
    -- refunds reserve their amount here with a conditional update, so the
    -- refunds of one charge never exceed it.
    refunded_amount   BIGINT NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= amount),
    ip_address        TEXT NOT NULL DEFAULT '',
    paid_at           TIMESTAMPTZ,
    created_at        TIMESTAMPTZ NOT NULL,
    updated_at        TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX paystack_sandbox_transactions_reference_key ON paystack_sandbox_transactions (reference);
CREATE UNIQUE INDEX paystack_sandbox_transactions_access_code_key ON paystack_sandbox_transactions (access_code);
CREATE UNIQUE INDEX paystack_sandbox_transactions_paystack_id_key ON paystack_sandbox_transactions (paystack_id);

CREATE TABLE paystack_sandbox_recipients (
    id              TEXT PRIMARY KEY,
    paystack_id     BIGINT NOT NULL,
    recipient_code  TEXT NOT NULL,
    type            TEXT NOT NULL,
    name            TEXT NOT NULL,
    account_number  TEXT NOT NULL,
    bank_code       TEXT NOT NULL,
    bank_name       TEXT NOT NULL,
    currency        TEXT NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX paystack_sandbox_recipients_recipient_code_key ON paystack_sandbox_recipients (recipient_code);
CREATE UNIQUE INDEX paystack_sandbox_recipients_paystack_id_key ON paystack_sandbox_recipients (paystack_id);

CREATE TABLE paystack_sandbox_transfers (
    id              TEXT PRIMARY KEY,
    paystack_id     BIGINT NOT NULL,
    transfer_code   TEXT NOT NULL,
    reference       TEXT NOT NULL,
    recipient_id    TEXT NOT NULL REFERENCES paystack_sandbox_recipients (id),
    amount          BIGINT NOT NULL CHECK (amount > 0),
    currency        TEXT NOT NULL,
    source          TEXT NOT NULL,
    reason          TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL,
    transferred_at  TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX paystack_sandbox_transfers_transfer_code_key ON paystack_sandbox_transfers (transfer_code);
CREATE UNIQUE INDEX paystack_sandbox_transfers_reference_key ON paystack_sandbox_transfers (reference);
CREATE UNIQUE INDEX paystack_sandbox_transfers_paystack_id_key ON paystack_sandbox_transfers (paystack_id);
CREATE INDEX paystack_sandbox_transfers_recipient_id_idx ON paystack_sandbox_transfers (recipient_id);

CREATE TABLE paystack_sandbox_refunds (
    id                TEXT PRIMARY KEY,
    paystack_id       BIGINT NOT NULL,
    refund_reference  TEXT NOT NULL,
    transaction_id    TEXT NOT NULL REFERENCES paystack_sandbox_transactions (id),
    amount            BIGINT NOT NULL CHECK (amount > 0),
    currency          TEXT NOT NULL,
    status            TEXT NOT NULL,
    customer_note     TEXT NOT NULL DEFAULT '',
    merchant_note     TEXT NOT NULL DEFAULT '',
    processed_at      TIMESTAMPTZ,
    created_at        TIMESTAMPTZ NOT NULL,
    updated_at        TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX paystack_sandbox_refunds_refund_reference_key ON paystack_sandbox_refunds (refund_reference);
CREATE UNIQUE INDEX paystack_sandbox_refunds_paystack_id_key ON paystack_sandbox_refunds (paystack_id);
CREATE INDEX paystack_sandbox_refunds_transaction_id_idx ON paystack_sandbox_refunds (transaction_id);
