DROP TRIGGER IF EXISTS shop_products_fts_delete;
DROP TRIGGER IF EXISTS shop_products_fts_update;
DROP TRIGGER IF EXISTS shop_products_fts_insert;
DROP TABLE IF EXISTS shop_products_fts;
ALTER TABLE shop_products DROP COLUMN compare_at;
ALTER TABLE shop_products DROP COLUMN cover_thumb_url;
