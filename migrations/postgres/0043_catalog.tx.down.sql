DROP TABLE IF EXISTS shop_product_events;
DROP TABLE IF EXISTS shop_certificates;
DROP TABLE IF EXISTS shop_photos;
DROP TABLE IF EXISTS shop_variants;
DROP TABLE IF EXISTS shop_products;
DROP TABLE IF EXISTS shop_categories;
DROP TABLE IF EXISTS shop_stores;
