-- Issue 8, finding 6: every ledger balance stays within money.MaxBalance
-- (10^15 minor units) either way, and stays an integer: SQLite turns an
-- integer sum that overflows 64 bits into a floating-point value rather than
-- failing, so the triggers refuse any balance that is not an integer too.
-- SQLite cannot add a CHECK to an existing table without rebuilding it; these
-- triggers guard every insert and balance update instead, and their message
-- names ledger_accounts_balance_limit, which the money store reports as
-- money.ErrBalanceLimit (422).
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
