-- Matchmaking (api/internal/matchmaking).
--
-- mm_members: one row per person who saved anything in matchmaking. The
-- columns the candidate prefilter reads are plain columns (whether they take
-- part, their age window, distance and genders sought, and a snapshot of their
-- profile's date of birth, gender and home city as a city-level point,
-- refreshed whenever they use matchmaking); the preference steps, the eight
-- answers and the learnt weights are JSON objects read in Go.
--   genders     ",woman,man," (the genders sought; both ways in SQL)
--   birth_date  "YYYY-MM-DD" (compared as text)
--   lat, lng    the home city's centre, never an exact location
--   spoken      the profile's languages (a JSON array)
CREATE TABLE mm_members (
    user_id      TEXT PRIMARY KEY REFERENCES users (id),
    opted_in     BOOLEAN NOT NULL DEFAULT FALSE,
    paused       BOOLEAN NOT NULL DEFAULT FALSE,
    removed      BOOLEAN NOT NULL DEFAULT FALSE,
    birth_date   TEXT NOT NULL DEFAULT '',
    gender       TEXT NOT NULL DEFAULT '',
    city         TEXT NOT NULL DEFAULT '',
    country      TEXT NOT NULL DEFAULT '',
    lat          DOUBLE PRECISION,
    lng          DOUBLE PRECISION,
    spoken       TEXT NOT NULL DEFAULT '[]',
    age_min      INTEGER NOT NULL DEFAULT 18,
    age_max      INTEGER NOT NULL DEFAULT 99,
    max_km       INTEGER NOT NULL DEFAULT 20000,
    genders      TEXT NOT NULL DEFAULT ',woman,man,non_binary,',
    steps        TEXT NOT NULL DEFAULT '{}',
    answers      TEXT NOT NULL DEFAULT '{}',
    weights      TEXT NOT NULL DEFAULT '{}',
    learnt       INTEGER NOT NULL DEFAULT 0,
    opted_in_at  TIMESTAMPTZ,
    updated_at   TIMESTAMPTZ NOT NULL
);
-- The prefilter: people taking part, by gender, then birth date.
CREATE INDEX mm_members_pool_idx ON mm_members (gender, birth_date) WHERE opted_in AND NOT paused AND NOT removed;

-- mm_decisions: one like or pass per (from, to); "liked me" reads (to_id, from_id).
CREATE TABLE mm_decisions (
    from_id     TEXT NOT NULL REFERENCES users (id),
    to_id       TEXT NOT NULL REFERENCES users (id),
    decision    TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (from_id, to_id),
    CHECK (from_id <> to_id)
);
CREATE INDEX mm_decisions_to_idx ON mm_decisions (to_id, from_id);

-- mm_matches: at most one per pair, ever: (user_lo, user_hi) is the pair in
-- order and unique, so two likes at the same moment make one match. An
-- unmatch ends it (ended_at); its conversation stays and says so.
CREATE TABLE mm_matches (
    id               TEXT PRIMARY KEY,
    user_lo          TEXT NOT NULL REFERENCES users (id),
    user_hi          TEXT NOT NULL REFERENCES users (id),
    accuracy         INTEGER NOT NULL,
    conversation_id  TEXT,
    created_at       TIMESTAMPTZ NOT NULL,
    ended_at         TIMESTAMPTZ,
    ended_by         TEXT,
    CHECK (user_lo < user_hi)
);
CREATE UNIQUE INDEX mm_matches_pair_key ON mm_matches (user_lo, user_hi);
CREATE INDEX mm_matches_lo_idx ON mm_matches (user_lo, created_at, id);
CREATE INDEX mm_matches_hi_idx ON mm_matches (user_hi, created_at, id);

-- mm_hidden: user_id hid hidden_id; neither sees the other in matchmaking.
CREATE TABLE mm_hidden (
    user_id     TEXT NOT NULL REFERENCES users (id),
    hidden_id   TEXT NOT NULL REFERENCES users (id),
    created_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, hidden_id),
    CHECK (user_id <> hidden_id)
);
CREATE INDEX mm_hidden_hidden_idx ON mm_hidden (hidden_id, user_id);

-- mm_reports: a person reported to the moderators; status open | dismissed |
-- removed (validated in Go); one open report per reporter and person.
CREATE TABLE mm_reports (
    id           TEXT PRIMARY KEY,
    reporter_id  TEXT NOT NULL REFERENCES users (id),
    reported_id  TEXT NOT NULL REFERENCES users (id),
    reason       TEXT NOT NULL,
    details      TEXT NOT NULL DEFAULT '',
    status       TEXT NOT NULL,
    note         TEXT NOT NULL DEFAULT '',
    resolved_by  TEXT,
    resolved_at  TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL,
    CHECK (reporter_id <> reported_id)
);
CREATE UNIQUE INDEX mm_reports_open_key ON mm_reports (reporter_id, reported_id) WHERE status = 'open';
CREATE INDEX mm_reports_queue_idx ON mm_reports (status, created_at, id);
CREATE INDEX mm_reports_list_idx ON mm_reports (created_at, id);
