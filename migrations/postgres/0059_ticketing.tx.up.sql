-- Events with tickets (api/internal/ticketing).
--
-- tk_events: an event organised by Sojourn (organiser_kind sojourn, made by
-- admins) or by a provider (organiser_kind provider, organiser_id the
-- provider's user id). status on_sale | cancelled | settled is validated in
-- Go. Times are instants; time_zone is the event's IANA zone.
CREATE TABLE tk_events (
    id              TEXT PRIMARY KEY,
    organiser_kind  TEXT NOT NULL,
    organiser_id    TEXT NOT NULL DEFAULT '',
    organiser_name  TEXT NOT NULL,
    title           TEXT NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    category        TEXT NOT NULL,
    online          BOOLEAN NOT NULL DEFAULT FALSE,
    venue           TEXT NOT NULL DEFAULT '',
    address         TEXT NOT NULL DEFAULT '',
    city            TEXT NOT NULL DEFAULT '',
    starts_at       TIMESTAMPTZ NOT NULL,
    ends_at         TIMESTAMPTZ NOT NULL,
    time_zone       TEXT NOT NULL,
    refund_days     INTEGER NOT NULL DEFAULT 0,
    status          TEXT NOT NULL,
    min_price       BIGINT NOT NULL DEFAULT 0,
    cancel_reason   TEXT,
    created_by      TEXT NOT NULL REFERENCES users (id),
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL,
    CHECK (ends_at > starts_at AND refund_days >= 0)
);
-- The public list (on sale, soonest first, keyset) and an organiser's list.
CREATE INDEX tk_events_status_idx ON tk_events (status, starts_at, id);
CREATE INDEX tk_events_organiser_idx ON tk_events (organiser_kind, organiser_id, starts_at, id);

-- tk_quotas: seats shared by one or more ticket types. A hold takes seats by
-- UPDATE ... SET held = held + n WHERE sold + held + n <= size.
CREATE TABLE tk_quotas (
    id        TEXT PRIMARY KEY,
    event_id  TEXT NOT NULL REFERENCES tk_events (id),
    name      TEXT NOT NULL,
    size      INTEGER NOT NULL,
    sold      INTEGER NOT NULL DEFAULT 0,
    held      INTEGER NOT NULL DEFAULT 0,
    CHECK (sold >= 0 AND held >= 0 AND sold + held <= size)
);
CREATE INDEX tk_quotas_event_idx ON tk_quotas (event_id);

-- tk_ticket_types: what a buyer chooses; counted against its quota. A type
-- with an unlock_code is hidden until the code is given.
CREATE TABLE tk_ticket_types (
    id             TEXT PRIMARY KEY,
    event_id       TEXT NOT NULL REFERENCES tk_events (id),
    quota_id       TEXT NOT NULL REFERENCES tk_quotas (id),
    name           TEXT NOT NULL,
    price          BIGINT NOT NULL,
    currency       TEXT NOT NULL,
    max_per_order  INTEGER NOT NULL,
    sales_start    TIMESTAMPTZ,
    sales_end      TIMESTAMPTZ,
    unlock_code    TEXT,
    created_at     TIMESTAMPTZ NOT NULL,
    CHECK (price >= 0 AND max_per_order > 0)
);
CREATE INDEX tk_ticket_types_event_idx ON tk_ticket_types (event_id);

-- tk_orders: one checkout. status held | paid | expired | cancelled |
-- refunded (Go). A held order keeps its seats until hold_until (the
-- ticketing.expire_hold job gives them back). buy_key makes a retry answer
-- the same order.
CREATE TABLE tk_orders (
    id          TEXT PRIMARY KEY,
    event_id    TEXT NOT NULL REFERENCES tk_events (id),
    user_id     TEXT NOT NULL REFERENCES users (id),
    status      TEXT NOT NULL,
    pay_with    TEXT NOT NULL DEFAULT '',
    total       BIGINT NOT NULL,
    currency    TEXT NOT NULL,
    hold_until  TIMESTAMPTZ NOT NULL,
    buy_key     TEXT NOT NULL,
    settled     BOOLEAN NOT NULL DEFAULT FALSE,
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL,
    CHECK (total >= 0)
);
CREATE UNIQUE INDEX tk_orders_key_idx ON tk_orders (user_id, buy_key);
CREATE INDEX tk_orders_event_idx ON tk_orders (event_id, status);
CREATE INDEX tk_orders_user_idx ON tk_orders (user_id, created_at, id);

-- tk_tickets: one per attendee. status held | valid | void (Go). version is
-- signed into the QR code; a transfer bumps it, so the old code stops
-- working. checked_in_at is set once, by a conditional update.
CREATE TABLE tk_tickets (
    id             TEXT PRIMARY KEY,
    order_id       TEXT NOT NULL REFERENCES tk_orders (id),
    event_id       TEXT NOT NULL REFERENCES tk_events (id),
    type_id        TEXT NOT NULL REFERENCES tk_ticket_types (id),
    quota_id       TEXT NOT NULL REFERENCES tk_quotas (id),
    holder_id      TEXT NOT NULL REFERENCES users (id),
    attendee_name  TEXT NOT NULL,
    price          BIGINT NOT NULL,
    status         TEXT NOT NULL,
    version        INTEGER NOT NULL DEFAULT 1,
    checked_in_at  TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX tk_tickets_order_idx ON tk_tickets (order_id);
CREATE INDEX tk_tickets_event_idx ON tk_tickets (event_id, attendee_name, id);
CREATE INDEX tk_tickets_holder_idx ON tk_tickets (holder_id, created_at, id);

-- tk_checkins: the check-in log: every scan, who scanned, the result
-- (admitted | already_used | forged | void | wrong_event).
CREATE TABLE tk_checkins (
    id          TEXT PRIMARY KEY,
    event_id    TEXT NOT NULL REFERENCES tk_events (id),
    ticket_id   TEXT,
    scanned_by  TEXT NOT NULL REFERENCES users (id),
    result      TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX tk_checkins_event_idx ON tk_checkins (event_id, created_at, id);
