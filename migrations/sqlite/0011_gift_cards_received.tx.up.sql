-- GET /api/v1/gift-cards/received: the cards a user redeemed, latest
-- redemption first.
CREATE INDEX gift_cards_redeemed_by_idx ON gift_cards (redeemed_by, redeemed_at, id);
