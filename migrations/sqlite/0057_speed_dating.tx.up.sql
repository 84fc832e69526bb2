-- Speed dating (api/internal/speeddating).
--
-- speed_events: one event made by admins. status scheduled | live | paused |
-- voting | ended | cancelled and phase '' | date | changeover are validated in
-- Go (no CHECK lists). seq is the version of the event's timing: every
-- transition that schedules a bell bumps it, and a bell job whose seq is not
-- the row's changes nothing. phase_ends_at is when the running phase ends;
-- remaining_ms what was left of it when paused.
CREATE TABLE speed_events (
    id                  TEXT PRIMARY KEY,
    title               TEXT NOT NULL,
    description         TEXT NOT NULL DEFAULT '',
    starts_at           TIMESTAMP NOT NULL,
    time_zone           TEXT NOT NULL,
    rounds              INTEGER NOT NULL,
    round_seconds       INTEGER NOT NULL,
    changeover_seconds  INTEGER NOT NULL,
    audience            TEXT NOT NULL,
    age_min             INTEGER NOT NULL,
    age_max             INTEGER NOT NULL,
    capacity            INTEGER NOT NULL,
    min_participants    INTEGER NOT NULL,
    price               BIGINT NOT NULL,
    currency            TEXT NOT NULL,
    status              TEXT NOT NULL,
    current_round       INTEGER NOT NULL DEFAULT 0,
    phase               TEXT NOT NULL DEFAULT '',
    phase_ends_at       TIMESTAMP,
    remaining_ms        BIGINT,
    seq                 INTEGER NOT NULL DEFAULT 0,
    voting_closes_at    TIMESTAMP,
    cancel_reason       TEXT,
    created_by          TEXT NOT NULL REFERENCES users (id),
    started_at          TIMESTAMP,
    ended_at            TIMESTAMP,
    created_at          TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL,
    CHECK (rounds > 0 AND capacity > 0 AND price >= 0)
);
-- The public list (upcoming and running, soonest first) and the admins' list by status.
CREATE INDEX speed_events_status_idx ON speed_events (status, starts_at, id);
CREATE INDEX speed_events_starts_idx ON speed_events (starts_at, id);

-- speed_seats: the seats of one group of an event (women_men: women and men,
-- half each; otherwise one group). A ticket takes one by the conditional
-- UPDATE ... SET taken = taken + 1 WHERE taken < capacity.
CREATE TABLE speed_seats (
    event_id  TEXT NOT NULL REFERENCES speed_events (id),
    grp       TEXT NOT NULL,
    capacity  INTEGER NOT NULL,
    taken     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, grp),
    CHECK (taken >= 0 AND taken <= capacity)
);

-- speed_tickets: a person's seat. status pending_payment | confirmed |
-- cancelled | refunded (Go); pay_with wallet | card | free. One live ticket
-- per person and event (the partial unique index). from_round: the first
-- round a late joiner may be paired in.
CREATE TABLE speed_tickets (
    id                 TEXT PRIMARY KEY,
    event_id           TEXT NOT NULL REFERENCES speed_events (id),
    user_id            TEXT NOT NULL REFERENCES users (id),
    grp                TEXT NOT NULL,
    status             TEXT NOT NULL,
    pay_with           TEXT NOT NULL,
    price              BIGINT NOT NULL,
    currency           TEXT NOT NULL,
    buy_key            TEXT NOT NULL,
    payment_reference  TEXT,
    pay_by             TIMESTAMP,
    age                INTEGER,
    city               TEXT NOT NULL DEFAULT '',
    checked_in_at      TIMESTAMP,
    left_at            TIMESTAMP,
    from_round         INTEGER NOT NULL DEFAULT 1,
    refunded_at        TIMESTAMP,
    kept_at            TIMESTAMP,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX speed_tickets_live_key ON speed_tickets (event_id, user_id)
    WHERE status IN ('pending_payment', 'confirmed');
CREATE UNIQUE INDEX speed_tickets_buy_key ON speed_tickets (user_id, buy_key);
CREATE INDEX speed_tickets_user_idx ON speed_tickets (user_id, created_at, id);
CREATE INDEX speed_tickets_event_idx ON speed_tickets (event_id, status);

-- speed_pairs: the rotation schedule, stored when the event starts and
-- repaired for the rounds not run yet. a_id < b_id; a pair meets at most once
-- per event (the unique key), whatever the planner does.
CREATE TABLE speed_pairs (
    event_id  TEXT NOT NULL REFERENCES speed_events (id),
    round     INTEGER NOT NULL,
    a_id      TEXT NOT NULL REFERENCES users (id),
    b_id      TEXT NOT NULL REFERENCES users (id),
    room_id   TEXT,
    PRIMARY KEY (event_id, round, a_id),
    CHECK (a_id < b_id)
);
CREATE UNIQUE INDEX speed_pairs_pair_key ON speed_pairs (event_id, a_id, b_id);
CREATE INDEX speed_pairs_b_idx ON speed_pairs (event_id, b_id, round);

-- speed_breaks: who sits a round out.
CREATE TABLE speed_breaks (
    event_id  TEXT NOT NULL REFERENCES speed_events (id),
    round     INTEGER NOT NULL,
    user_id   TEXT NOT NULL REFERENCES users (id),
    PRIMARY KEY (event_id, round, user_id)
);

-- speed_votes: a private yes or no about someone met; changeable until voting closes.
CREATE TABLE speed_votes (
    event_id    TEXT NOT NULL REFERENCES speed_events (id),
    voter_id    TEXT NOT NULL REFERENCES users (id),
    partner_id  TEXT NOT NULL REFERENCES users (id),
    yes         BOOLEAN NOT NULL,
    updated_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (event_id, voter_id, partner_id)
);

-- speed_matches: the mutual yeses made matches when voting closed (matchmaking's match and conversation).
CREATE TABLE speed_matches (
    event_id         TEXT NOT NULL REFERENCES speed_events (id),
    a_id             TEXT NOT NULL REFERENCES users (id),
    b_id             TEXT NOT NULL REFERENCES users (id),
    match_id         TEXT NOT NULL,
    conversation_id  TEXT,
    created_at       TIMESTAMP NOT NULL,
    PRIMARY KEY (event_id, a_id, b_id),
    CHECK (a_id < b_id)
);
