DROP TABLE payouts;
DROP TABLE payout_accounts;
DROP TABLE payment_refunds;
DROP TABLE payments;
