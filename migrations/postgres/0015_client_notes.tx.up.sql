-- Client records (api/internal/clientnotes): a provider's private session
-- notes about a client (visible to their author only; every read is written
-- to the audit log) and the documents a client shares with a provider
-- through a booking. Document bytes live here, not under the public /media
-- files: they are served only through the routes that check who asks.
CREATE TABLE client_notes (
    id           TEXT PRIMARY KEY,
    author_id    TEXT NOT NULL REFERENCES users (id),
    client_id    TEXT NOT NULL REFERENCES users (id),
    booking_id   TEXT,
    subjective   TEXT NOT NULL DEFAULT '',
    objective    TEXT NOT NULL DEFAULT '',
    assessment   TEXT NOT NULL DEFAULT '',
    plan         TEXT NOT NULL DEFAULT '',
    body         TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX client_notes_author_client_idx ON client_notes (author_id, client_id, created_at, id);

CREATE TABLE client_documents (
    id                TEXT PRIMARY KEY,
    booking_id        TEXT NOT NULL,
    client_id         TEXT NOT NULL REFERENCES users (id),
    provider_id       TEXT NOT NULL,
    provider_user_id  TEXT NOT NULL REFERENCES users (id),
    title             TEXT NOT NULL,
    content_type      TEXT NOT NULL,
    size_bytes        BIGINT NOT NULL,
    content           BYTEA NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL
);
CREATE INDEX client_documents_client_idx ON client_documents (client_id, created_at, id);
CREATE INDEX client_documents_provider_idx ON client_documents (provider_user_id, client_id, created_at, id);
CREATE INDEX client_documents_booking_idx ON client_documents (booking_id);
