-- Gift cards paid by card (api/internal/giftcards): the card is issued by
-- the payment, after the buyer has left, so its code waits sealed
-- (AES-GCM, package secretbox) in sealed_code until the buyer reveals it
-- once; revealing wipes it. Cards paid from the wallet show the code in the
-- purchase answer and never store it. New states: cancelled (the card
-- payment failed or was abandoned; never redeemable, never listed) and
-- refunded (an admin refunded the card payment before any redemption),
-- with matching events, and revealed (the buyer was shown the code).
ALTER TABLE gift_cards ADD COLUMN sealed_code TEXT;
ALTER TABLE gift_cards DROP CONSTRAINT gift_cards_status_check;
ALTER TABLE gift_cards ADD CONSTRAINT gift_cards_status_check
    CHECK (status IN ('pending', 'active', 'redeemed', 'expired', 'cancelled', 'refunded'));
ALTER TABLE gift_card_events DROP CONSTRAINT gift_card_events_type_check;
ALTER TABLE gift_card_events ADD CONSTRAINT gift_card_events_type_check
    CHECK (type IN ('issued', 'sent', 'redeemed', 'expired', 'revealed', 'cancelled', 'refunded'));
