-- The catalogue's search (api/internal/catalog/search.go). SQLite: an FTS5
-- table (porter stemming, prefix indexes for search-as-you-type) kept by
-- triggers; PostgreSQL has a stored tsvector instead (search_vector and
-- shop_products_fts are the two dialects' own forms of one index; the schema
-- comparison leaves them out).

-- The cover's thumbnail and the compare-at price of the cheapest variant (cards).
ALTER TABLE shop_products ADD COLUMN cover_thumb_url TEXT NOT NULL DEFAULT '';
ALTER TABLE shop_products ADD COLUMN compare_at BIGINT NOT NULL DEFAULT 0;

CREATE VIRTUAL TABLE shop_products_fts USING fts5(
    title, brand, body, product_id UNINDEXED,
    tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3');

CREATE TRIGGER shop_products_fts_insert AFTER INSERT ON shop_products BEGIN
    INSERT INTO shop_products_fts (title, brand, body, product_id)
    VALUES (new.title, new.brand || ' ' || new.tags, new.description_text, new.id);
END;
CREATE TRIGGER shop_products_fts_update AFTER UPDATE OF title, brand, tags, description_text ON shop_products BEGIN
    DELETE FROM shop_products_fts WHERE product_id = old.id;
    INSERT INTO shop_products_fts (title, brand, body, product_id)
    VALUES (new.title, new.brand || ' ' || new.tags, new.description_text, new.id);
END;
CREATE TRIGGER shop_products_fts_delete AFTER DELETE ON shop_products BEGIN
    DELETE FROM shop_products_fts WHERE product_id = old.id;
END;
