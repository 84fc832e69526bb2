DROP TABLE IF EXISTS shop_wishlist_items;
DROP TABLE IF EXISTS shop_wishlists;
DROP TABLE IF EXISTS shop_review_stats;
DROP TABLE IF EXISTS shop_review_reports;
DROP TABLE IF EXISTS shop_review_photos;
DROP TABLE IF EXISTS shop_reviews;
