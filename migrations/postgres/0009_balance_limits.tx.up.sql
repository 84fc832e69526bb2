-- Issue 8, finding 6: every ledger balance stays within money.MaxBalance
-- (10^15 minor units) either way. With every amount at most money.MaxAmount
-- (10^12), balance + amount can then never overflow BIGINT: the balance
-- update that would pass the limit fails this CHECK instead, and the money
-- store reports it as money.ErrBalanceLimit (422).
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_balance_limit
    CHECK (balance BETWEEN -1000000000000000 AND 1000000000000000);
