DROP TABLE IF EXISTS shop_review_stats;
DROP TABLE IF EXISTS shop_review_reports;
DROP TABLE IF EXISTS shop_review_photos;
DROP TABLE IF EXISTS shop_reviews;
