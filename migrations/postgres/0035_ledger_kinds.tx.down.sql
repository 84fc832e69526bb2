-- Back to the listed account kinds: supplier accounts that never moved money
-- go; one that did fails the CHECK (its history must be kept).
DELETE FROM ledger_accounts a WHERE a.kind = 'supplier_payable' AND a.balance = 0
    AND NOT EXISTS (SELECT 1 FROM postings p WHERE p.account_id = a.id);
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN ('wallet', 'earnings_pending',
    'earnings_available', 'escrow', 'payouts_in_transit', 'platform_fees', 'platform_revenue', 'paystack_clearing',
    'giftcard_liability', 'adjustments'));
