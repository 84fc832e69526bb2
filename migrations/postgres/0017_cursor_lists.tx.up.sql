-- GET /api/v1/gift-cards/purchased and GET /api/v1/payouts are read by keyset:
-- WHERE <owner> = ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC,
-- id DESC. These indexes are that seek and that order (a page costs the same
-- however deep it is, and nothing is counted); each replaces the (owner,
-- created_at) index it extends. GET /api/v1/gift-cards/received seeks
-- gift_cards_redeemed_by_idx (redeemed_by, redeemed_at, id) from 0011, and
-- GET /api/v1/earnings wallet_transactions_user_keyset_idx from 0008.
CREATE INDEX gift_cards_purchaser_keyset_idx ON gift_cards (purchaser_id, created_at, id);
DROP INDEX gift_cards_purchaser_idx;
CREATE INDEX payouts_user_keyset_idx ON payouts (user_id, created_at, id);
DROP INDEX payouts_user_created_idx;
