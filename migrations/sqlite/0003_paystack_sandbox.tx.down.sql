DROP TABLE paystack_sandbox_refunds;
DROP TABLE paystack_sandbox_transfers;
DROP TABLE paystack_sandbox_recipients;
DROP TABLE paystack_sandbox_transactions;
