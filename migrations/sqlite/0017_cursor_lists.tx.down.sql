CREATE INDEX payouts_user_created_idx ON payouts (user_id, created_at);
DROP INDEX payouts_user_keyset_idx;
CREATE INDEX gift_cards_purchaser_idx ON gift_cards (purchaser_id, created_at);
DROP INDEX gift_cards_purchaser_keyset_idx;
