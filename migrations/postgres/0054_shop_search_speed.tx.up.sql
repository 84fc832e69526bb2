-- The search's speed (issue 12; api/internal/catalog/store_search.go). A
-- product carries copies of its store's suspended flag and health_weight
-- (store_suspended, store_weight), kept in step by the catalogue in the
-- transactions that change the store (AdminUpdateStore, SetStoreHealth) and
-- set when a product is created, so a search page filters and ranks
-- products alone and joins the stores for its page's rows only.
ALTER TABLE shop_products ADD COLUMN store_suspended BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE shop_products ADD COLUMN store_weight INTEGER NOT NULL DEFAULT 100;
UPDATE shop_products SET store_suspended = s.suspended, store_weight = s.health_weight
FROM shop_stores AS s WHERE s.id = shop_products.store_id;

-- The shop's products (published, of an active store): the full-text index
-- holds them only, and the category counts (facets, the category tree) read
-- an index of theirs alone.
DROP INDEX shop_products_search_idx;
CREATE INDEX shop_products_search_idx ON shop_products USING GIN (search_vector)
    WHERE status = 'published' AND NOT store_suspended;
CREATE INDEX shop_products_live_category_idx ON shop_products (category_id)
    WHERE status = 'published' AND NOT store_suspended;
