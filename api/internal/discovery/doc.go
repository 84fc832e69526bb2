// Package discovery is the signed-in grid (/grids): one browsable list across Sojourn's inventory, merged from
// the other domains' own public searches. It owns no table.
//
// # Sources
//
// Each kind of inventory is a Source (Kind, Page): a page of Items after the source's own opaque keyset position.
// app.New lists them: Tours (tours.Search, newest first), RentalCars (rentals.SearchCars, cheapest first),
// CarsForSale (dealers.Search, newest), Practitioners for therapist and coach (practice.Directory, the directory's
// order), and Stays (stays.Search through the travel supplier, by hotel id, shown only when a city is chosen,
// since a hotel search needs a place: that city for the chosen dates, else one night two weeks ahead; a city
// the supplier does not cover shows none). A new kind plugs in with one line in that list: a constructor of
// its own here, or NewSource(kind, fn) from the domain's side. Every source answers only what its public search shows (listed
// providers, published and unhidden items).
//
// # GET /discover?kind=&city=&from=&to=&cursor=&limit=
//
// kind is a comma-separated list of kinds (default all); city each source's city filter (practitioners: the
// directory's text search, which matches their city); from and to whole days, both or neither, at most 90 days
// apart: rental cars free for those days (the days carried into the car's page link), tours with a departure on
// from; cars for sale and practitioners ignore dates. limit 1..60 (default 24).
//
// A page asks each kind not yet exhausted for its share of limit (limit/n, one more for the first limit%n kinds;
// a source answers at most what it is asked, so never more than limit in all) after its position; what a kind
// that runs out (or has nothing, like hotels without a place) leaves is shared again among the others, so every
// page but the last is full. The answers are interleaved one card of each kind in turn. The cursor is base64url of the kinds' positions (JSON) and a CRC-32,
// so an edited or invented cursor is a 422; since each source resumes after its own last key, nothing repeats or
// goes missing whatever the page size. An Item is the card: kind, id, title, subtitle, city, country, photo,
// price from (minor units, per person/group/day/session/night, or whole), rating, and the link of the item's own
// page in the user portal.
package discovery
