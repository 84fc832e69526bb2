-- Back to 0005's states: a cancelled card was a pending card that was never
-- issued, a refunded card is closed with nothing left (expired); the new
-- events go (the append-only trigger is paused for that alone).
ALTER TABLE gift_card_events DISABLE TRIGGER gift_card_events_append_only;
DELETE FROM gift_card_events WHERE type IN ('revealed', 'cancelled', 'refunded');
ALTER TABLE gift_card_events ENABLE TRIGGER gift_card_events_append_only;
ALTER TABLE gift_card_events DROP CONSTRAINT gift_card_events_type_check;
ALTER TABLE gift_card_events ADD CONSTRAINT gift_card_events_type_check
    CHECK (type IN ('issued', 'sent', 'redeemed', 'expired'));
UPDATE gift_cards SET status = 'pending' WHERE status = 'cancelled';
UPDATE gift_cards SET status = 'expired', balance = 0 WHERE status = 'refunded';
ALTER TABLE gift_cards DROP CONSTRAINT gift_cards_status_check;
ALTER TABLE gift_cards ADD CONSTRAINT gift_cards_status_check
    CHECK (status IN ('pending', 'active', 'redeemed', 'expired'));
ALTER TABLE gift_cards DROP COLUMN sealed_code;
