-- Travel suppliers (hotels and flights through Duffel) add a ledger account
-- kind, supplier_payable: what Sojourn owes a supplier. Account kinds are a
-- list that grows, so like every growing status list they are validated in
-- Go (money.Kind) and the database no longer lists them in a CHECK. SQLite
-- cannot drop a CHECK in place: the accounts and their postings are copied
-- aside, dropped (postings first, so no foreign key is broken) and made again
-- with the same indexes and balance-limit triggers (migration 0009), then
-- refilled.
CREATE TABLE ledger_accounts_0035 AS SELECT * FROM ledger_accounts;
CREATE TABLE postings_0035 AS SELECT * FROM postings;
DROP TABLE postings;
DROP TABLE ledger_accounts;

CREATE TABLE ledger_accounts (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL,
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
SELECT id, kind, owner_id, currency, balance, allow_negative, created_at, updated_at FROM ledger_accounts_0035;
INSERT INTO postings (id, entry_id, account_id, amount, currency, created_at)
SELECT id, entry_id, account_id, amount, currency, created_at FROM postings_0035;
DROP TABLE postings_0035;
DROP TABLE ledger_accounts_0035;
