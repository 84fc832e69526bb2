CREATE INDEX wallet_transactions_user_created_idx ON wallet_transactions (user_id, created_at);
DROP INDEX wallet_transactions_user_keyset_idx;
