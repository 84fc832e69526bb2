// Package stays is hotels through the travel supplier (Duffel Stays, or the
// server's own sandbox of it without an access token): search by city or
// point and radius, a property's rooms and rates, a quote that re-checks
// the price, payment from the wallet or by card, the supplier booking, and
// cancellation by the rate's policy. The supplier holds the inventory;
// stays keeps the traveller's side of each booking.
//
// # Tables (migration 0039_stays)
//
//	stay_bookings   one row per quote the traveller asked for, a booking once paid: the property (name,
//	                address, city, zone, coordinates, photo), room, board, dates and party, check-in and
//	                check-out as instants (15:00 and 11:00 local, or the property's own times), the supplier's
//	                rate, quote and booking ids and reference, the supplier's total, Sojourn's markup and the
//	                price (their sum), the price shown before the quote, the cancellation timeline (JSON, the
//	                supplier's amounts), guests, contact, pay_with, payment reference, trip id
//
// # Prices
//
// price = supplier total + markup, markup = total x MarkupBPS / 10000
// (config SOJOURN_TRAVEL_MARKUP_BPS, default 500, shared with flights),
// rounded down to whole currency units. Refunds carry the same share of the
// markup as the supplier's refund is of its total (marginBack).
//
// # States
//
//	quoted -> awaiting_payment (card) -> booking -> confirmed -> cancelled
//	quoted -> booking (wallet);  booking -> failed;  awaiting_payment -> quoted (card failed)
//
// A quote can be paid until quote_expires_at (the supplier's, 30 minutes in
// the sandbox) and only at its price (accepted_price): a re-priced quote
// shows price_changed first. Paying moves quoted -> booking with a
// conditional update, so parallel payments of one stay make one payment
// (the rest 409); in that transaction the price goes into the escrow
// Ref{stay_booking, id} (money.Hold), the stay joins a trip (trips.Attacher,
// kind "stay") and the stays.book job is inserted.
//
// # Timed transitions (River)
//
//	stays.book   calls the supplier with the idempotency key "stay-<id>" (the same on every retry, so
//	             the supplier books once); retryable errors (timeouts, 429, 5xx) are retried up to
//	             BookAttempts; a refusal or the last attempt failing -> failed with money.Refund of the
//	             whole price to the wallet; success -> confirmed and money.SupplierCharge (cost to
//	             supplier_payable "duffel", markup to platform_fees)
//
// Cancelling a confirmed stay calls the supplier's cancel (idempotent per
// stay), then moves confirmed -> cancelled and returns the supplier's refund
// plus its share of the markup through money.SupplierRefund.
//
// # Trips
//
// NewTripSource(db) is the trips.Source of kind "stay" (Items, Upcoming): it
// reads only stay_bookings, so app.New builds it before trips, and trips
// before the service, whose paid stays join a trip through trips.Attacher
// (Config.Trips) in the paying transaction. Each stay is an item from
// check-in to check-out in the property's time zone, linking to
// /booking/hotel/<property>?stay=<id>.
//
// # Routes (api/contract/stays.yaml, policies/stays.csv)
//
//	GET  /stays/cities, /stays/search, /stays/properties/{id}         public
//	POST /stays/quotes; GET /stays/bookings (keyset), /stays/bookings/{id};
//	POST /stays/bookings/{id}/pay | cancel (Idempotency-Key)           signed-in, own stays only
//	GET  /admin/stays/bookings (keyset, ?status=), /admin/stays/bookings/{id}   admins: cost (supplier total) and margin (markup)
//
// # Exported
//
//	New(Config), Search, Property, Quote, Pay, Book (the job's work, for tests), Cancel, Mine, MyStays,
//	AdminStays, AdminStay,
//	Cities; NewTripSource(db) (trips.Source: Kind, Items, Upcoming)
package stays
