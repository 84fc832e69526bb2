-- Tours (api/internal/tours): what a tour adds to its practice offering
-- (keyed by the offering's id; the offering keeps price, capacity,
-- departures, cut-off and minimum group): the city, the meeting point, the
-- itinerary, what is included, languages, flags, photos and the admins'
-- moderation (hidden with a reason). Title, price, duration and capacity are
-- copies the tours service writes with the offering, for the search.
CREATE TABLE tour_details (
    offering_id      TEXT PRIMARY KEY,
    provider_id      TEXT NOT NULL,
    user_id          TEXT NOT NULL REFERENCES users (id),
    title            TEXT NOT NULL,
    city             TEXT NOT NULL,
    city_key         TEXT NOT NULL,
    country          TEXT NOT NULL DEFAULT '',
    meeting_address  TEXT NOT NULL,
    meeting_lat      DOUBLE PRECISION NOT NULL,
    meeting_lng      DOUBLE PRECISION NOT NULL,
    itinerary        TEXT NOT NULL DEFAULT '[]',
    included         TEXT NOT NULL DEFAULT '[]',
    excluded         TEXT NOT NULL DEFAULT '[]',
    private          BOOLEAN NOT NULL DEFAULT FALSE,
    accessible       BOOLEAN NOT NULL DEFAULT FALSE,
    kid_friendly     BOOLEAN NOT NULL DEFAULT FALSE,
    price            BIGINT NOT NULL,
    currency         TEXT NOT NULL,
    pricing          TEXT NOT NULL,
    duration_min     INTEGER NOT NULL,
    capacity         INTEGER NOT NULL,
    active           BOOLEAN NOT NULL DEFAULT TRUE,
    hidden           BOOLEAN NOT NULL DEFAULT FALSE,
    hidden_reason    TEXT NOT NULL DEFAULT '',
    hidden_at        TIMESTAMP,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
-- The public search: newest first, keyset on (created_at, offering_id), in a city or anywhere.
CREATE INDEX tour_details_city_idx ON tour_details (city_key, created_at, offering_id);
CREATE INDEX tour_details_created_idx ON tour_details (created_at, offering_id);
CREATE INDEX tour_details_provider_idx ON tour_details (provider_id);

CREATE TABLE tour_languages (
    offering_id  TEXT NOT NULL REFERENCES tour_details (offering_id),
    language     TEXT NOT NULL,
    PRIMARY KEY (offering_id, language)
);
CREATE INDEX tour_languages_language_idx ON tour_languages (language, offering_id);

CREATE TABLE tour_photos (
    id           TEXT PRIMARY KEY,
    offering_id  TEXT NOT NULL REFERENCES tour_details (offering_id),
    url          TEXT NOT NULL,
    position     INTEGER NOT NULL,
    created_at   TIMESTAMP NOT NULL
);
CREATE INDEX tour_photos_offering_idx ON tour_photos (offering_id, position);
