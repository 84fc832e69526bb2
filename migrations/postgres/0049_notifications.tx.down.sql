DROP TABLE IF EXISTS notification_settings;
DROP TABLE IF EXISTS notification_deliveries;
DROP TABLE IF EXISTS notifications;
DROP TABLE IF EXISTS domain_events;
