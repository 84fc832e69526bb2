DROP TABLE flight_webhook_events;
DROP TABLE flight_order_events;
DROP TABLE flight_orders;
