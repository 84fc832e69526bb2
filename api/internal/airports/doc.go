// Package airports is the airports Sojourn flies between and their autocomplete.
//
// # Table (migration 0040_airports)
//
//	airports  one row per airport with scheduled service: IATA (key), ICAO, name, city, country (ISO2) and its
//	          name, IANA time zone, coordinates, large (a hub)
//
// The rows are the dataset embedded by platform/airportdata (OurAirports, public domain; see its doc.go).
// Sync writes them into the table, idempotently (an upsert of every row and a delete of codes the dataset no
// longer has, skipped when the table already holds the dataset's fingerprint): `sojourn migrate up`, `serve`
// and `seed --demo` call it, so a fresh database of either dialect has them.
//
// # Autocomplete (GET /airports?q=&limit=)
//
// The data is static, so the service answers from an in-memory index built once from the table (synced first
// when it is empty), never with SQL LIKE: every airport's code, city, name and country name, folded (lower case,
// accents removed, punctuation as spaces) and split in words. A query is folded the same way and each airport
// scores by its best match: the IATA code exactly, then the ICAO code, the city starting with the query, every
// query word starting a word of the city, every query word starting one of OurAirports' keywords (other
// names, metro codes: NYC, LON), the name starting with it, every query word starting a word of the city, name
// or country, and last a code starting with the query; large airports first within a score, then
// by code. "Lagos" finds LOS, "new york" JFK and LGA (city) and EWR (keywords), "lon" LHR, LGW...
// q is 1 to 64 characters (no control characters), limit 1 to 20 (default 8). A scan of the ~3,200
// airports takes tens of microseconds.
//
// GET /airports/{code} is one airport by IATA code (404 when unknown). Both are public.
//
// # Exported
//
//	New(Config{DB}) *Service; (*Service).Sync, Search, Get, Register
package airports
