-- The admin side of the provider kernel (api/internal/practice): the scans
-- or photos of a provider's licence, kept here rather than under the public
-- /media files (they leave only through routes that check the caller is
-- their owner or an admin; every admin read is audited), with a small
-- preview for the admin's list; and the reason an admin gave for
-- suspending a profile, shown to the provider until it is reinstated.
-- And (api/internal/bookings) the admin's bookings table, latest start first
-- when no filter narrows it to a provider, client or status.
CREATE TABLE practice_licence_documents (
    id            TEXT PRIMARY KEY,
    provider_id   TEXT NOT NULL REFERENCES practice_providers (id) ON DELETE CASCADE,
    content_type  TEXT NOT NULL,
    width         INTEGER NOT NULL,
    height        INTEGER NOT NULL,
    size_bytes    BIGINT NOT NULL,
    content       BLOB NOT NULL,
    thumb_type    TEXT NOT NULL,
    thumb         BLOB NOT NULL,
    created_at    TIMESTAMP NOT NULL
);
CREATE INDEX practice_licence_documents_provider_idx ON practice_licence_documents (provider_id, created_at, id);

ALTER TABLE practice_providers ADD COLUMN suspension_reason TEXT NOT NULL DEFAULT '';

CREATE INDEX bookings_start_idx ON bookings (start_at, id);
