-- Deposits (api/internal/deposits): refundable deposits held in their own
-- escrow against something another domain sells, one per thing. Status is
-- TEXT validated in Go: held -> released | captured | partly_captured.
CREATE TABLE deposits (
    id                TEXT PRIMARY KEY,
    ref_type          TEXT NOT NULL,
    ref_id            TEXT NOT NULL,
    payer_id          TEXT NOT NULL REFERENCES users (id),
    provider_user_id  TEXT NOT NULL REFERENCES users (id),
    amount            BIGINT NOT NULL CHECK (amount > 0),
    currency          TEXT NOT NULL,
    status            TEXT NOT NULL,
    captured_amount   BIGINT NOT NULL DEFAULT 0,
    reason            TEXT NOT NULL DEFAULT '',
    release_at        TIMESTAMP,
    settled_at        TIMESTAMP,
    settled_by        TEXT,
    created_at        TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX deposits_ref_key ON deposits (ref_type, ref_id);
CREATE INDEX deposits_payer_idx ON deposits (payer_id, created_at, id);
