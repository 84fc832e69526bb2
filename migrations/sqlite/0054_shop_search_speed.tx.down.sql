DROP INDEX IF EXISTS shop_products_live_category_idx;
ALTER TABLE shop_products DROP COLUMN store_weight;
ALTER TABLE shop_products DROP COLUMN store_suspended;
