DROP TRIGGER gift_card_events_append_only ON gift_card_events;
DROP FUNCTION gift_card_events_append_only();
DROP TABLE gift_card_events;
DROP TABLE gift_card_deliveries;
DROP TABLE gift_cards;
DROP TABLE gift_card_products;
