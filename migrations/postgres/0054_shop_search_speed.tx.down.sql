DROP INDEX IF EXISTS shop_products_live_category_idx;
DROP INDEX IF EXISTS shop_products_search_idx;
CREATE INDEX shop_products_search_idx ON shop_products USING GIN (search_vector);
ALTER TABLE shop_products DROP COLUMN store_weight;
ALTER TABLE shop_products DROP COLUMN store_suspended;
