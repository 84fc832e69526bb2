-- GET /api/v1/gift-cards/received lists the cards addressed to the caller's
-- verified email address as well as the cards they redeemed (issue 8). Two
-- columns, maintained by api/internal/giftcards, make the first half a seek:
--   recipient_email_key  the recipient address as accounts compares emails
--                        (NFKC, trimmed, lower case: accounts.FoldHandle),
--                        written with the card;
--   issued_at            when the card was issued (with the card when paid
--                        from the wallet, by the settling payment when paid
--                        by card); NULL while the card payment is pending and
--                        for cancelled cards, which never show.
-- The list is the union of two keyset seeks, each on its own index:
--   gift_cards_recipient_keyset_idx (recipient_email_key, issued_at, id)
--   gift_cards_redeemed_by_idx      (redeemed_by, redeemed_at, id)   (0011)
-- Existing rows: the key is the lower-cased, trimmed address (every address
-- an account can have is ASCII, where that is the same fold), and issued_at
-- the card's issued event, else its creation.
ALTER TABLE gift_cards ADD COLUMN recipient_email_key TEXT NOT NULL DEFAULT '';
ALTER TABLE gift_cards ADD COLUMN issued_at TIMESTAMPTZ;
UPDATE gift_cards SET recipient_email_key = lower(trim(recipient_email));
UPDATE gift_cards SET issued_at = COALESCE(
    (SELECT min(e.created_at) FROM gift_card_events e WHERE e.card_id = gift_cards.id AND e.type = 'issued'),
    created_at)
  WHERE status NOT IN ('pending', 'cancelled');
CREATE INDEX gift_cards_recipient_keyset_idx ON gift_cards (recipient_email_key, issued_at, id);
