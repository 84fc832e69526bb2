DROP TRIGGER gift_card_events_no_delete;
DROP TRIGGER gift_card_events_no_update;
DROP TABLE gift_card_events;
DROP TABLE gift_card_deliveries;
DROP TABLE gift_cards;
DROP TABLE gift_card_products;
