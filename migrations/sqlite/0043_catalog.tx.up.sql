-- The shop's catalogue (api/internal/catalog): vendors' storefronts, the
-- category tree admins manage, products with their variants (stock and
-- reservations), photos, luxury authenticity certificates (private
-- documents) and each product's status history. The search index is 0044.

-- One storefront per vendor user. shipping: a JSON array of
-- {code, label, fee, min_days, max_days}; trusted: an admin approved one of
-- its products (later ones publish without review unless review_all);
-- health_weight: the ranking weight in percent (100 = neutral) the vendor
-- health score will set; rating_*: the aggregate of its products' reviews.
CREATE TABLE shop_stores (
    id                TEXT PRIMARY KEY,
    user_id           TEXT NOT NULL REFERENCES users (id),
    name              TEXT NOT NULL,
    slug              TEXT NOT NULL,
    logo_url          TEXT NOT NULL DEFAULT '',
    about             TEXT NOT NULL DEFAULT '',
    address           TEXT NOT NULL DEFAULT '',
    city              TEXT NOT NULL DEFAULT '',
    country           TEXT NOT NULL DEFAULT '',
    return_days       INTEGER NOT NULL DEFAULT 14 CHECK (return_days >= 0 AND return_days <= 90),
    return_policy     TEXT NOT NULL DEFAULT '',
    shipping          TEXT NOT NULL DEFAULT '[]',
    suspended         BOOLEAN NOT NULL DEFAULT FALSE,
    suspension_reason TEXT NOT NULL DEFAULT '',
    review_all        BOOLEAN NOT NULL DEFAULT FALSE,
    trusted           BOOLEAN NOT NULL DEFAULT FALSE,
    health_weight     INTEGER NOT NULL DEFAULT 100,
    rating_sum        BIGINT NOT NULL DEFAULT 0,
    rating_count      INTEGER NOT NULL DEFAULT 0,
    product_count     INTEGER NOT NULL DEFAULT 0,
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX shop_stores_user_key ON shop_stores (user_id);
CREATE UNIQUE INDEX shop_stores_slug_key ON shop_stores (slug);
CREATE INDEX shop_stores_list_idx ON shop_stores (suspended, created_at, id);

-- The category tree. path: the ids from the root down to this one, each
-- followed by '/', so a category's descendants are path LIKE '<its path>%'.
CREATE TABLE shop_categories (
    id          TEXT PRIMARY KEY,
    parent_id   TEXT REFERENCES shop_categories (id),
    name        TEXT NOT NULL,
    slug        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    path        TEXT NOT NULL,
    depth       INTEGER NOT NULL,
    position    INTEGER NOT NULL DEFAULT 0,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX shop_categories_slug_key ON shop_categories (slug);
CREATE INDEX shop_categories_parent_idx ON shop_categories (parent_id, position, id);

-- status: draft | pending_review | published | rejected | archived (validated
-- in Go, states.go). category_path copies the category's path (descendant
-- filter). min_price/max_price: the variants' range. rating: the reviews'
-- average times 100. certificate_status: '' | pending | verified | rejected;
-- luxury products show the verified badge only when verified.
CREATE TABLE shop_products (
    id                 TEXT PRIMARY KEY,
    store_id           TEXT NOT NULL REFERENCES shop_stores (id),
    vendor_id          TEXT NOT NULL REFERENCES users (id),
    category_id        TEXT NOT NULL REFERENCES shop_categories (id),
    category_path      TEXT NOT NULL,
    title              TEXT NOT NULL,
    description_html   TEXT NOT NULL DEFAULT '',
    description_text   TEXT NOT NULL DEFAULT '',
    brand              TEXT NOT NULL DEFAULT '',
    tags               TEXT NOT NULL DEFAULT '[]',
    options            TEXT NOT NULL DEFAULT '[]',
    shipping_profile   TEXT NOT NULL DEFAULT 'standard',
    status             TEXT NOT NULL,
    luxury             BOOLEAN NOT NULL DEFAULT FALSE,
    certificate_status TEXT NOT NULL DEFAULT '',
    price_on_request   BOOLEAN NOT NULL DEFAULT FALSE,
    min_price          BIGINT NOT NULL DEFAULT 0,
    max_price          BIGINT NOT NULL DEFAULT 0,
    currency           TEXT NOT NULL,
    rating             INTEGER NOT NULL DEFAULT 0,
    rating_count       INTEGER NOT NULL DEFAULT 0,
    sold               INTEGER NOT NULL DEFAULT 0,
    cover_url          TEXT NOT NULL DEFAULT '',
    rejection_reason   TEXT NOT NULL DEFAULT '',
    submitted_at       TIMESTAMP,
    published_at       TIMESTAMP,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL
);
CREATE INDEX shop_products_vendor_idx ON shop_products (vendor_id, created_at, id);
CREATE INDEX shop_products_status_idx ON shop_products (status, created_at, id);
CREATE INDEX shop_products_newest_idx ON shop_products (status, published_at, id);
CREATE INDEX shop_products_price_idx ON shop_products (status, min_price, id);
CREATE INDEX shop_products_rating_idx ON shop_products (status, rating, id);
CREATE INDEX shop_products_store_idx ON shop_products (store_id, status, published_at, id);
CREATE INDEX shop_products_category_idx ON shop_products (status, category_path, published_at, id);

-- A product's variants: available = stock - reserved, never negative.
-- options: a JSON object {option name: value}; title like "Blue / M".
CREATE TABLE shop_variants (
    id           TEXT PRIMARY KEY,
    product_id   TEXT NOT NULL REFERENCES shop_products (id) ON DELETE CASCADE,
    store_id     TEXT NOT NULL REFERENCES shop_stores (id),
    title        TEXT NOT NULL DEFAULT '',
    options      TEXT NOT NULL DEFAULT '{}',
    sku          TEXT NOT NULL DEFAULT '',
    price        BIGINT NOT NULL CHECK (price >= 0),
    compare_at   BIGINT NOT NULL DEFAULT 0 CHECK (compare_at >= 0),
    currency     TEXT NOT NULL,
    stock        INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0),
    reserved     INTEGER NOT NULL DEFAULT 0 CHECK (reserved >= 0),
    sold         INTEGER NOT NULL DEFAULT 0 CHECK (sold >= 0),
    weight_grams INTEGER NOT NULL DEFAULT 0 CHECK (weight_grams >= 0),
    position     INTEGER NOT NULL DEFAULT 0,
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL,
    CHECK (reserved <= stock)
);
CREATE INDEX shop_variants_product_idx ON shop_variants (product_id, position, id);
CREATE UNIQUE INDEX shop_variants_sku_key ON shop_variants (store_id, sku) WHERE sku <> '';
CREATE INDEX shop_variants_low_idx ON shop_variants (store_id, stock, id);

-- Photos: the upload re-encoded in three sizes under /media.
CREATE TABLE shop_photos (
    id         TEXT PRIMARY KEY,
    product_id TEXT NOT NULL REFERENCES shop_products (id) ON DELETE CASCADE,
    url        TEXT NOT NULL,
    thumb_url  TEXT NOT NULL,
    large_url  TEXT NOT NULL,
    width      INTEGER NOT NULL,
    height     INTEGER NOT NULL,
    position   INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX shop_photos_product_idx ON shop_photos (product_id, position, id);

-- A luxury product's authenticity certificate: private (kept here, served
-- only to the vendor and admins). status: pending | verified | rejected.
CREATE TABLE shop_certificates (
    id           TEXT PRIMARY KEY,
    product_id   TEXT NOT NULL REFERENCES shop_products (id) ON DELETE CASCADE,
    store_id     TEXT NOT NULL REFERENCES shop_stores (id),
    content_type TEXT NOT NULL,
    width        INTEGER NOT NULL,
    height       INTEGER NOT NULL,
    size_bytes   BIGINT NOT NULL,
    content      BLOB NOT NULL,
    thumb_type   TEXT NOT NULL,
    thumb        BLOB NOT NULL,
    status       TEXT NOT NULL,
    note         TEXT NOT NULL DEFAULT '',
    reviewed_by  TEXT NOT NULL DEFAULT '',
    reviewed_at  TIMESTAMP,
    created_at   TIMESTAMP NOT NULL
);
CREATE INDEX shop_certificates_product_idx ON shop_certificates (product_id, created_at, id);

-- Every status change of a product.
CREATE TABLE shop_product_events (
    id          TEXT PRIMARY KEY,
    product_id  TEXT NOT NULL REFERENCES shop_products (id) ON DELETE CASCADE,
    from_status TEXT NOT NULL,
    to_status   TEXT NOT NULL,
    actor       TEXT NOT NULL,
    actor_id    TEXT NOT NULL DEFAULT '',
    note        TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX shop_product_events_product_idx ON shop_product_events (product_id, created_at, id);
