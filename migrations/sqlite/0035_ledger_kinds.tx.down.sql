-- Back to the listed account kinds (supplier accounts with no balance are
-- dropped with their postings-free rows; a non-zero one fails the CHECK).
CREATE TABLE ledger_accounts_0035 AS SELECT * FROM ledger_accounts;
CREATE TABLE postings_0035 AS SELECT * FROM postings;
DROP TABLE postings;
DROP TABLE ledger_accounts;

CREATE TABLE ledger_accounts (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL CHECK (kind IN ('wallet', 'earnings_pending', 'earnings_available', 'escrow',
                        'payouts_in_transit', 'platform_fees', 'platform_revenue', 'paystack_clearing',
                        'giftcard_liability', 'adjustments')),
    owner_id        TEXT NOT NULL DEFAULT '',
    currency        TEXT NOT NULL,
    balance         BIGINT NOT NULL DEFAULT 0,
    allow_negative  BOOLEAN NOT NULL DEFAULT FALSE,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    CHECK (allow_negative OR balance >= 0)
);
CREATE UNIQUE INDEX ledger_accounts_kind_owner_currency_key ON ledger_accounts (kind, owner_id, currency);
CREATE INDEX ledger_accounts_owner_idx ON ledger_accounts (owner_id);
CREATE TRIGGER ledger_accounts_balance_limit_insert BEFORE INSERT ON ledger_accounts
WHEN typeof(NEW.balance) <> 'integer' OR NEW.balance > 1000000000000000 OR NEW.balance < -1000000000000000
BEGIN
    SELECT RAISE(ABORT, 'ledger_accounts_balance_limit: balance beyond the maximum');
END;
CREATE TRIGGER ledger_accounts_balance_limit_update BEFORE UPDATE OF balance ON ledger_accounts
WHEN typeof(NEW.balance) <> 'integer' OR NEW.balance > 1000000000000000 OR NEW.balance < -1000000000000000
BEGIN
    SELECT RAISE(ABORT, 'ledger_accounts_balance_limit: balance beyond the maximum');
END;

CREATE TABLE postings (
    id          TEXT PRIMARY KEY,
    entry_id    TEXT NOT NULL REFERENCES journal_entries (id),
    account_id  TEXT NOT NULL REFERENCES ledger_accounts (id),
    amount      BIGINT NOT NULL,
    currency    TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX postings_entry_idx ON postings (entry_id);
CREATE INDEX postings_account_idx ON postings (account_id);

INSERT INTO ledger_accounts (id, kind, owner_id, currency, balance, allow_negative, created_at, updated_at)
SELECT id, kind, owner_id, currency, balance, allow_negative, created_at, updated_at FROM ledger_accounts_0035
    WHERE NOT (kind = 'supplier_payable' AND balance = 0 AND NOT EXISTS (SELECT 1 FROM postings_0035 p WHERE p.account_id = ledger_accounts_0035.id));
INSERT INTO postings (id, entry_id, account_id, amount, currency, created_at)
SELECT id, entry_id, account_id, amount, currency, created_at FROM postings_0035;
DROP TABLE postings_0035;
DROP TABLE ledger_accounts_0035;
