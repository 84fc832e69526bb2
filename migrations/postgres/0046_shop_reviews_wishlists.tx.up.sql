-- Product reviews (api/internal/shopreviews): one review per delivered order
-- line by its shopper, up to 4 photos, admin moderation
-- (status pending | published | rejected, validated in Go), the vendor's one
-- reply, reports by signed-in users, and each product's running aggregate of
-- published reviews (pushed to the catalogue with catalog.SetProductRating).
CREATE TABLE shop_reviews (
    id               TEXT PRIMARY KEY,
    order_line_id    TEXT NOT NULL,
    order_id         TEXT NOT NULL,
    product_id       TEXT NOT NULL,
    store_id         TEXT NOT NULL,
    vendor_id        TEXT NOT NULL REFERENCES users (id),
    author_id        TEXT NOT NULL REFERENCES users (id),
    title            TEXT NOT NULL DEFAULT '',
    variant_title    TEXT NOT NULL DEFAULT '',
    rating           INTEGER NOT NULL CHECK (rating >= 1 AND rating <= 5),
    body             TEXT NOT NULL DEFAULT '',
    status           TEXT NOT NULL,
    reject_reason    TEXT NOT NULL DEFAULT '',
    reply            TEXT,
    replied_at       TIMESTAMPTZ,
    report_count     INTEGER NOT NULL DEFAULT 0,
    decided_at       TIMESTAMPTZ,
    decided_by       TEXT,
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX shop_reviews_line_key ON shop_reviews (order_line_id);
CREATE INDEX shop_reviews_product_idx ON shop_reviews (product_id, status, created_at, id);
CREATE INDEX shop_reviews_vendor_idx ON shop_reviews (vendor_id, created_at, id);
CREATE INDEX shop_reviews_author_idx ON shop_reviews (author_id, created_at, id);
CREATE INDEX shop_reviews_status_idx ON shop_reviews (status, created_at, id);

CREATE TABLE shop_review_photos (
    id          TEXT PRIMARY KEY,
    review_id   TEXT NOT NULL REFERENCES shop_reviews (id),
    position    INTEGER NOT NULL,
    url         TEXT NOT NULL,
    thumb_url   TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    UNIQUE (review_id, position)
);

CREATE TABLE shop_review_reports (
    id           TEXT PRIMARY KEY,
    review_id    TEXT NOT NULL REFERENCES shop_reviews (id),
    reporter_id  TEXT NOT NULL REFERENCES users (id),
    reason       TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX shop_review_reports_once_key ON shop_review_reports (review_id, reporter_id);

CREATE TABLE shop_review_stats (
    product_id    TEXT PRIMARY KEY,
    review_count  INTEGER NOT NULL DEFAULT 0 CHECK (review_count >= 0),
    rating_sum    INTEGER NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
    updated_at    TIMESTAMPTZ NOT NULL
);

-- Wishlists (api/internal/wishlists): a user's named lists (one default,
-- "Saved": a partial unique index), shareable by an unguessable token, and
-- their items with the price and stock seen when saved and at the last
-- alert check (price-drop and back-in-stock alerts, mailed once per change).
CREATE TABLE shop_wishlists (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id),
    name         TEXT NOT NULL,
    is_default   BOOLEAN NOT NULL DEFAULT FALSE,
    share_token  TEXT,
    created_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX shop_wishlists_user_idx ON shop_wishlists (user_id, created_at, id);
CREATE UNIQUE INDEX shop_wishlists_default_key ON shop_wishlists (user_id) WHERE is_default;
CREATE UNIQUE INDEX shop_wishlists_token_key ON shop_wishlists (share_token);

CREATE TABLE shop_wishlist_items (
    id               TEXT PRIMARY KEY,
    wishlist_id      TEXT NOT NULL REFERENCES shop_wishlists (id) ON DELETE CASCADE,
    user_id          TEXT NOT NULL REFERENCES users (id),
    product_id       TEXT NOT NULL,
    variant_id       TEXT NOT NULL,
    saved_price      BIGINT NOT NULL CHECK (saved_price >= 0),
    saved_available  INTEGER NOT NULL,
    seen_price       BIGINT NOT NULL CHECK (seen_price >= 0),
    seen_available   INTEGER NOT NULL,
    alert_price      BOOLEAN NOT NULL DEFAULT FALSE,
    alert_stock      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at       TIMESTAMPTZ NOT NULL,
    UNIQUE (wishlist_id, variant_id)
);
CREATE INDEX shop_wishlist_items_list_idx ON shop_wishlist_items (wishlist_id, created_at, id);
CREATE INDEX shop_wishlist_items_alert_idx ON shop_wishlist_items (id) WHERE alert_price OR alert_stock;
