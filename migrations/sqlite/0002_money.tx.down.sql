DROP TABLE idempotency_keys;
DROP TABLE wallet_transactions;
DROP TABLE postings;
DROP TABLE journal_entries;
DROP TABLE ledger_accounts;
