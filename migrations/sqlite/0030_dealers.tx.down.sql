DROP TABLE IF EXISTS car_leads;
DROP TABLE IF EXISTS car_test_drives;
DROP TABLE IF EXISTS car_reservations;
DROP TABLE IF EXISTS car_listing_events;
DROP TABLE IF EXISTS car_price_changes;
DROP TABLE IF EXISTS car_listing_photos;
DROP TABLE IF EXISTS car_listings;
DROP TABLE IF EXISTS dealer_settings;
