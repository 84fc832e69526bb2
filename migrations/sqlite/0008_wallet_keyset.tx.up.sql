-- The wallet history is read by keyset (GET /api/v1/wallet/transactions):
-- WHERE user_id = ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC,
-- id DESC. This index is that seek and that order, so a page costs the same
-- however deep it is and nothing is counted. It replaces (user_id,
-- created_at), of which it is an extension. The optional filters (type,
-- direction, status) are checked on the rows the seek reaches: a user's
-- history is small enough that more indexes would cost every money movement
-- more than they save a filtered read.
CREATE INDEX wallet_transactions_user_keyset_idx ON wallet_transactions (user_id, created_at, id);
DROP INDEX wallet_transactions_user_created_idx;
