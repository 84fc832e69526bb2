-- The shop's cart, address book and orders (api/internal/shop). Statuses are
-- TEXT validated in Go (shop/states.go); the money lives in the ledger (one
-- escrow per seller order, "order:<id>"); stock lives in the catalogue
-- (shop_variants, owned by api/internal/catalog), referenced here by id only.

-- One cart per signed-in user: a row per variant (the cart is its rows).
CREATE TABLE shop_cart_items (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    variant_id TEXT NOT NULL,
    quantity   INTEGER NOT NULL CHECK (quantity > 0 AND quantity <= 99),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, variant_id)
);

CREATE TABLE shop_addresses (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    label          TEXT NOT NULL DEFAULT '',
    recipient_name TEXT NOT NULL,
    phone          TEXT NOT NULL,
    line1          TEXT NOT NULL,
    line2          TEXT NOT NULL DEFAULT '',
    city           TEXT NOT NULL,
    state          TEXT NOT NULL DEFAULT '',
    postal_code    TEXT NOT NULL DEFAULT '',
    country        TEXT NOT NULL,
    is_default     BOOLEAN NOT NULL DEFAULT FALSE,
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL
);
CREATE INDEX shop_addresses_user_idx ON shop_addresses (user_id, created_at);
CREATE UNIQUE INDEX shop_addresses_default_idx ON shop_addresses (user_id) WHERE is_default;

-- One checkout: its number, how it is paid, the card payment awaited.
CREATE TABLE shop_order_groups (
    id                TEXT PRIMARY KEY,
    number            TEXT NOT NULL UNIQUE,
    user_id           TEXT NOT NULL REFERENCES users (id),
    status            TEXT NOT NULL,
    pay_with          TEXT NOT NULL,
    currency          TEXT NOT NULL,
    subtotal          BIGINT NOT NULL CHECK (subtotal >= 0),
    shipping_total    BIGINT NOT NULL CHECK (shipping_total >= 0),
    total             BIGINT NOT NULL CHECK (total >= 0),
    idempotency_key   TEXT NOT NULL,
    payment_reference TEXT NOT NULL DEFAULT '',
    pay_by            TIMESTAMP,
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL,
    UNIQUE (user_id, idempotency_key)
);
CREATE INDEX shop_order_groups_created_idx ON shop_order_groups (created_at, id);
CREATE INDEX shop_order_groups_status_idx ON shop_order_groups (status, created_at, id);

-- One seller's package of a group: the payment and the fulfilment each have
-- their own status (one machine, shop/states.go).
CREATE TABLE shop_orders (
    id                    TEXT PRIMARY KEY,
    group_id              TEXT NOT NULL REFERENCES shop_order_groups (id),
    seq                   INTEGER NOT NULL,
    user_id               TEXT NOT NULL REFERENCES users (id),
    store_id              TEXT NOT NULL,
    store_name            TEXT NOT NULL,
    vendor_id             TEXT NOT NULL REFERENCES users (id),
    payment_status        TEXT NOT NULL,
    fulfilment_status     TEXT NOT NULL,
    currency              TEXT NOT NULL,
    subtotal              BIGINT NOT NULL CHECK (subtotal >= 0),
    shipping_fee          BIGINT NOT NULL CHECK (shipping_fee >= 0),
    total                 BIGINT NOT NULL CHECK (total >= 0),
    refunded              BIGINT NOT NULL DEFAULT 0 CHECK (refunded >= 0 AND refunded <= total),
    shipping_code         TEXT NOT NULL,
    shipping_label        TEXT NOT NULL,
    min_days              INTEGER NOT NULL DEFAULT 0,
    max_days              INTEGER NOT NULL DEFAULT 0,
    address               TEXT NOT NULL,
    carrier               TEXT NOT NULL DEFAULT '',
    tracking_number       TEXT NOT NULL DEFAULT '',
    return_days           INTEGER NOT NULL DEFAULT 0,
    paid_at               TIMESTAMP,
    shipped_at            TIMESTAMP,
    delivered_at          TIMESTAMP,
    return_window_ends_at TIMESTAMP,
    completed_at          TIMESTAMP,
    released_at           TIMESTAMP,
    cancelled_at          TIMESTAMP,
    cancel_reason         TEXT NOT NULL DEFAULT '',
    created_at            TIMESTAMP NOT NULL,
    updated_at            TIMESTAMP NOT NULL,
    UNIQUE (group_id, seq)
);
CREATE INDEX shop_orders_user_idx ON shop_orders (user_id, created_at, id);
CREATE INDEX shop_orders_vendor_idx ON shop_orders (vendor_id, created_at, id);
CREATE INDEX shop_orders_vendor_status_idx ON shop_orders (vendor_id, fulfilment_status, created_at, id);

CREATE TABLE shop_order_lines (
    id                TEXT PRIMARY KEY,
    order_id          TEXT NOT NULL REFERENCES shop_orders (id),
    seq               INTEGER NOT NULL,
    variant_id        TEXT NOT NULL,
    product_id        TEXT NOT NULL,
    category_id       TEXT NOT NULL DEFAULT '',
    title             TEXT NOT NULL,
    variant_title     TEXT NOT NULL DEFAULT '',
    sku               TEXT NOT NULL DEFAULT '',
    photo_url         TEXT NOT NULL DEFAULT '',
    luxury            BOOLEAN NOT NULL DEFAULT FALSE,
    quantity          INTEGER NOT NULL CHECK (quantity > 0),
    unit_price        BIGINT NOT NULL CHECK (unit_price >= 0),
    total             BIGINT NOT NULL CHECK (total >= 0),
    refunded_quantity INTEGER NOT NULL DEFAULT 0 CHECK (refunded_quantity >= 0 AND refunded_quantity <= quantity),
    return_quantity   INTEGER NOT NULL DEFAULT 0 CHECK (return_quantity >= 0 AND return_quantity + refunded_quantity <= quantity),
    UNIQUE (order_id, seq)
);

-- Every transition, payment, shipment, refund and release of an order.
CREATE TABLE shop_order_events (
    id         TEXT PRIMARY KEY,
    order_id   TEXT NOT NULL REFERENCES shop_orders (id),
    type       TEXT NOT NULL,
    from_state TEXT NOT NULL DEFAULT '',
    to_state   TEXT NOT NULL DEFAULT '',
    actor_id   TEXT NOT NULL DEFAULT '',
    actor_role TEXT NOT NULL,
    note       TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX shop_order_events_order_idx ON shop_order_events (order_id, created_at, id);

-- A shopper's return request: requested -> returned -> refunded.
CREATE TABLE shop_returns (
    id         TEXT PRIMARY KEY,
    order_id   TEXT NOT NULL REFERENCES shop_orders (id),
    status     TEXT NOT NULL,
    reason     TEXT NOT NULL,
    refund_id  TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX shop_returns_order_idx ON shop_returns (order_id, created_at);

CREATE TABLE shop_return_lines (
    return_id TEXT NOT NULL REFERENCES shop_returns (id),
    line_id   TEXT NOT NULL REFERENCES shop_order_lines (id),
    quantity  INTEGER NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (return_id, line_id)
);

-- One refund out of an order's escrow, per line (and the shipping fee).
CREATE TABLE shop_refunds (
    id         TEXT PRIMARY KEY,
    order_id   TEXT NOT NULL REFERENCES shop_orders (id),
    amount     BIGINT NOT NULL CHECK (amount > 0),
    shipping   BIGINT NOT NULL DEFAULT 0 CHECK (shipping >= 0),
    reason     TEXT NOT NULL,
    actor_id   TEXT NOT NULL DEFAULT '',
    actor_role TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX shop_refunds_order_idx ON shop_refunds (order_id, created_at);

CREATE TABLE shop_refund_lines (
    refund_id TEXT NOT NULL REFERENCES shop_refunds (id),
    line_id   TEXT NOT NULL REFERENCES shop_order_lines (id),
    quantity  INTEGER NOT NULL CHECK (quantity > 0),
    amount    BIGINT NOT NULL CHECK (amount >= 0),
    PRIMARY KEY (refund_id, line_id)
);

-- The platform's commission: by vendor (a vendor's user id) or by category,
-- a percentage in basis points plus an optional fixed part per order; the
-- highest priority active rule that matches wins.
CREATE TABLE shop_commission_rules (
    id          TEXT PRIMARY KEY,
    scope       TEXT NOT NULL,
    vendor_id   TEXT,
    category_id TEXT,
    bps         INTEGER NOT NULL CHECK (bps >= 0 AND bps <= 10000),
    fixed       BIGINT NOT NULL DEFAULT 0 CHECK (fixed >= 0),
    priority    INTEGER NOT NULL DEFAULT 0,
    active      BOOLEAN NOT NULL DEFAULT TRUE,
    note        TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE INDEX shop_commission_rules_priority_idx ON shop_commission_rules (priority, created_at);

-- The commission taken from an order's escrow when it was released.
CREATE TABLE shop_commission_lines (
    id          TEXT PRIMARY KEY,
    order_id    TEXT NOT NULL REFERENCES shop_orders (id),
    rule_id     TEXT,
    description TEXT NOT NULL,
    base        BIGINT NOT NULL CHECK (base >= 0),
    bps         INTEGER NOT NULL,
    fixed       BIGINT NOT NULL,
    amount      BIGINT NOT NULL CHECK (amount >= 0),
    currency    TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX shop_commission_lines_order_idx ON shop_commission_lines (order_id);
