// Package tours is what a tour adds to a practice offering of a tour guide
// (practice kind tour_guide): the city, the meeting point (address and
// coordinates), the itinerary (ordered stops with durations), what is and
// is not included, languages, private or shared, accessibility and
// kid-friendly flags, photos, and the admins' moderation; and the public
// tour search and tour page. The selling is the booking kernel's: seats,
// price per person or per group, fixed departures, cut-off, minimum group,
// request-to-book, cancellation policy and the guide's one calendar live
// on the practice offering and in bookings (bookings/doc.go, "Seats,
// departures and minimum groups").
//
// # Tables (migration 0027_tours)
//
//	tour_details    one row per tour, keyed by its practice offering id; title, price, pricing, duration,
//	                capacity and active are copies written with the offering, for the search
//	tour_languages  the tour's languages (the language filter)
//	tour_photos     the tour's photos (at most 10, re-encoded by platform/images), in order
//
// A tour is created and changed through this service only (CreateTour,
// UpdateTour): it writes the offering through practice (the guide's
// practice of kind tour_guide) and then its own row, so the copies follow
// the offering. A tour whose offering is archived stays (bookings name
// it) and leaves the search.
//
// # Public search (GET /tours)
//
// city (exact, case-insensitive), date and travellers (a departure on that
// local date with that many seats left: the kernel's slot search), price
// range (minor units of the tour's currency, per person for per_person
// tours), max duration, language, min rating (the guide's), kid-friendly,
// accessible, private. Newest first, keyset on (created_at, offering_id)
// over tour_details_city_idx or tour_details_created_idx. The filters the
// table cannot answer (date and seats, the guide's rating, the guide
// being listed) are applied to the rows read, at most 400 rows a request;
// the cursor continues after the last row read, so a page may be short
// and still have a next cursor. Hidden tours, archived ones and those of
// guides who are not listed (draft, suspended) never appear.
//
// # Routes (api/contract/tours.yaml, policies/tours.csv)
//
//	GET  /tours, GET /tours/{id}                          anyone
//	GET  /tour-guide/tours, POST /tour-guide/tours        the guide's tours (provider)
//	GET|PATCH /tour-guide/tours/{id}, POST /tour-guide/tours/{id}/archive
//	POST /tour-guide/tours/{id}/photos (multipart), DELETE /tour-guide/tours/{id}/photos/{photoId}
//	GET  /admin/tours (numbered), POST /admin/tours/{id}/hide {reason}, POST /admin/tours/{id}/unhide
//	     (audited as tour.hide and tour.unhide)
//
// A tour of another guide answers 404 to the guide routes.
//
// # The guide's set-up wizard (guide_flow.go)
//
// GuideFlow(practice, payments) is the onboarding flow "tour_guide" (role
// tour_guide), registered in app.New with AddFlow: ten steps (one..ten:
// personal details, languages, areas, experience, identity and licence
// documents, photo, first tour, departures, payout account, review). Check
// decodes each step strictly (unknown fields and wrong types are 422s
// naming the field) and bounds it; documents and photos are uploaded by the
// step screens through practice's own routes and the steps keep their ids,
// checked to be the guide's. Submit checks every step again, then applies
// them in this order: the practice profile (headline, bio with the
// experience, topics, languages, city and country, time zone, the other
// places in the in-person line, licence number and body, so verification
// goes pending), weekly hours covering the departures, the payout account
// (payments.AddAccount, checked with Paystack), and last the first tour with
// its departures (the one write that is not a replacement, so a corrected
// re-submit never makes two tours). A validation error names its step in
// the field "step".
//
// # Exported for other domains and the seed
//
//	New(Config{...}) (*Service, error)
//	(*Service).CreateTour, UpdateTour, AddPhoto, Tour (public), Search, GuideFlow
//	CheckTour(TourInput) error                 validates a new tour without storing it
//	(*Service).TripSource(bookings)            trips.Source of kind tour: the user's bookings of departures
//	                                           (from the kernel) at the tour's meeting point (trips.go)
package tours
