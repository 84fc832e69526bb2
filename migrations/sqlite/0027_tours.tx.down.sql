DROP TABLE IF EXISTS tour_photos;
DROP TABLE IF EXISTS tour_languages;
DROP TABLE IF EXISTS tour_details;
