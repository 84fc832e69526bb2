-- The airports with scheduled service (api/internal/airports): OurAirports data embedded in the binary
-- (platform/airportdata), written here by airports.Sync (sojourn migrate up, serve, seed) and kept equal to it.
CREATE TABLE airports (
    iata         TEXT PRIMARY KEY,
    icao         TEXT NOT NULL DEFAULT '',
    name         TEXT NOT NULL,
    city         TEXT NOT NULL DEFAULT '',
    country      TEXT NOT NULL,
    country_name TEXT NOT NULL,
    time_zone    TEXT NOT NULL,
    lat          DOUBLE PRECISION NOT NULL,
    lng          DOUBLE PRECISION NOT NULL,
    large        BOOLEAN NOT NULL DEFAULT FALSE,
    keywords     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX airports_country_idx ON airports (country, iata);
