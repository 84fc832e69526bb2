-- Travel suppliers (hotels and flights through Duffel) add a ledger account
-- kind, supplier_payable: what Sojourn owes a supplier. Account kinds are a
-- list that grows, so like every growing status list they are validated in
-- Go (money.Kind) and the database no longer lists them in a CHECK.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
