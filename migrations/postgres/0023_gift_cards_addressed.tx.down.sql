DROP INDEX gift_cards_recipient_keyset_idx;
ALTER TABLE gift_cards DROP COLUMN issued_at;
ALTER TABLE gift_cards DROP COLUMN recipient_email_key;
