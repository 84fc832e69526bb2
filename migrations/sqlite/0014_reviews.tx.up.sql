-- Reviews (api/internal/reviews): one review per completed booking, the
-- provider's one reply, reports (a reported review is hidden until an admin
-- decides) and each provider's running aggregate of visible reviews (the
-- practice profile's rating is pushed from it in the same transaction).
-- status: visible | reported | removed, validated in Go.
CREATE TABLE reviews (
    id                TEXT PRIMARY KEY,
    booking_id        TEXT NOT NULL,
    provider_id       TEXT NOT NULL,
    provider_user_id  TEXT NOT NULL REFERENCES users (id),
    offering_id       TEXT NOT NULL,
    author_id         TEXT NOT NULL REFERENCES users (id),
    rating            INTEGER NOT NULL CHECK (rating >= 1 AND rating <= 5),
    body              TEXT NOT NULL DEFAULT '',
    status            TEXT NOT NULL,
    reply             TEXT,
    replied_at        TIMESTAMP,
    report_count      INTEGER NOT NULL DEFAULT 0,
    decided_at        TIMESTAMP,
    decided_by        TEXT,
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX reviews_booking_key ON reviews (booking_id);
CREATE INDEX reviews_provider_idx ON reviews (provider_id, status, created_at, id);
CREATE INDEX reviews_provider_user_idx ON reviews (provider_user_id, created_at, id);
CREATE INDEX reviews_status_idx ON reviews (status, created_at, id);

CREATE TABLE review_reports (
    id           TEXT PRIMARY KEY,
    review_id    TEXT NOT NULL REFERENCES reviews (id),
    reporter_id  TEXT NOT NULL REFERENCES users (id),
    reason       TEXT NOT NULL,
    created_at   TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX review_reports_once_key ON review_reports (review_id, reporter_id);

CREATE TABLE review_stats (
    provider_id   TEXT PRIMARY KEY,
    review_count  INTEGER NOT NULL DEFAULT 0 CHECK (review_count >= 0),
    rating_sum    INTEGER NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
    updated_at    TIMESTAMP NOT NULL
);
