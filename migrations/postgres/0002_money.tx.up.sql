-- The money core: a double-entry ledger, the user-facing history and the
-- Idempotency-Key store. Amounts are BIGINT minor units (kobo).
CREATE TABLE ledger_accounts (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL CHECK (kind IN ('wallet', 'earnings_pending', 'earnings_available', 'escrow',
                        'payouts_in_transit', 'platform_fees', 'platform_revenue', 'paystack_clearing',
                        'giftcard_liability', 'adjustments')),
    owner_id        TEXT NOT NULL DEFAULT '',
    currency        TEXT NOT NULL,
    balance         BIGINT NOT NULL DEFAULT 0,
    allow_negative  BOOLEAN NOT NULL DEFAULT FALSE,
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL,
    CHECK (allow_negative OR balance >= 0)
);
CREATE UNIQUE INDEX ledger_accounts_kind_owner_currency_key ON ledger_accounts (kind, owner_id, currency);
CREATE INDEX ledger_accounts_owner_idx ON ledger_accounts (owner_id);

CREATE TABLE journal_entries (
    id               TEXT PRIMARY KEY,
    kind             TEXT NOT NULL,
    idempotency_key  TEXT NOT NULL,
    reason           TEXT NOT NULL DEFAULT '',
    ref_type         TEXT NOT NULL DEFAULT '',
    ref_id           TEXT NOT NULL DEFAULT '',
    actor_id         TEXT NOT NULL DEFAULT '',
    created_at       TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX journal_entries_idempotency_key_key ON journal_entries (idempotency_key);
CREATE INDEX journal_entries_ref_idx ON journal_entries (ref_type, ref_id);

CREATE TABLE postings (
    id          TEXT PRIMARY KEY,
    entry_id    TEXT NOT NULL REFERENCES journal_entries (id),
    account_id  TEXT NOT NULL REFERENCES ledger_accounts (id),
    amount      BIGINT NOT NULL,
    currency    TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX postings_entry_idx ON postings (entry_id);
CREATE INDEX postings_account_idx ON postings (account_id);

CREATE TABLE wallet_transactions (
    id                    TEXT PRIMARY KEY,
    user_id               TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    entry_id              TEXT REFERENCES journal_entries (id),
    type                  TEXT NOT NULL CHECK (type IN ('topup', 'transfer_in', 'transfer_out', 'purchase', 'refund',
                              'earning', 'payout', 'payout_fee', 'payout_reversal', 'gift_card_purchase',
                              'gift_card_redeem', 'adjustment')),
    direction             TEXT NOT NULL CHECK (direction IN ('credit', 'debit')),
    amount                BIGINT NOT NULL CHECK (amount > 0),
    fee                   BIGINT NOT NULL DEFAULT 0,
    currency              TEXT NOT NULL,
    method                TEXT NOT NULL DEFAULT 'wallet',
    status                TEXT NOT NULL CHECK (status IN ('pending', 'completed', 'failed', 'reversed')),
    reference             TEXT NOT NULL,
    counterparty_user_id  TEXT,
    ref_type              TEXT NOT NULL DEFAULT '',
    ref_id                TEXT NOT NULL DEFAULT '',
    note                  TEXT NOT NULL DEFAULT '',
    available_at          TIMESTAMPTZ,
    created_at            TIMESTAMPTZ NOT NULL,
    updated_at            TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX wallet_transactions_user_reference_key ON wallet_transactions (user_id, reference, type);
CREATE INDEX wallet_transactions_user_created_idx ON wallet_transactions (user_id, created_at);
CREATE INDEX wallet_transactions_entry_idx ON wallet_transactions (entry_id);
CREATE INDEX wallet_transactions_ref_idx ON wallet_transactions (ref_type, ref_id);
CREATE INDEX wallet_transactions_maturing_idx ON wallet_transactions (status, available_at);

CREATE TABLE idempotency_keys (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL DEFAULT '',
    key            TEXT NOT NULL,
    method         TEXT NOT NULL,
    path           TEXT NOT NULL,
    request_hash   TEXT NOT NULL,
    state          TEXT NOT NULL CHECK (state IN ('in_progress', 'done')),
    status_code    INTEGER NOT NULL DEFAULT 0,
    response_body  TEXT NOT NULL DEFAULT '',
    created_at     TIMESTAMPTZ NOT NULL,
    expires_at     TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX idempotency_keys_user_key_key ON idempotency_keys (user_id, key);
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);
