-- pg_trgm stays: it is shared by every schema of the database.
DROP INDEX IF EXISTS shop_products_title_trgm_idx;
DROP INDEX IF EXISTS shop_products_search_idx;
ALTER TABLE shop_products DROP COLUMN search_vector;
ALTER TABLE shop_products DROP COLUMN compare_at;
ALTER TABLE shop_products DROP COLUMN cover_thumb_url;
