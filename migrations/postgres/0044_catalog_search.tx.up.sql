-- The catalogue's search (api/internal/catalog/search.go). PostgreSQL: a
-- stored tsvector (title weight A, brand and tags B, description C; the
-- english configuration, so words are stemmed) with a GIN index, and
-- pg_trgm's word similarity on the lower-case title for typos. SQLite: an
-- FTS5 table kept by triggers (search_vector and shop_products_fts are the
-- two dialects' own forms of one index; the schema comparison leaves them out).
-- pg_trgm is database-wide and shared by every schema, so it lives in public,
-- is created once and is never dropped.
DO $$ BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$;

-- The cover's thumbnail and the compare-at price of the cheapest variant (cards).
ALTER TABLE shop_products ADD COLUMN cover_thumb_url TEXT NOT NULL DEFAULT '';
ALTER TABLE shop_products ADD COLUMN compare_at BIGINT NOT NULL DEFAULT 0;

ALTER TABLE shop_products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', brand || ' ' || tags), 'B') ||
    setweight(to_tsvector('english', description_text), 'C')) STORED;
CREATE INDEX shop_products_search_idx ON shop_products USING GIN (search_vector);
CREATE INDEX shop_products_title_trgm_idx ON shop_products USING GIN (lower(title) public.gin_trgm_ops);
