// Package reviews keeps the reviews of completed bookings: one per booking,
// written by the booking's user within 14 days of its completion (the
// bookings domain's review_until when it sets one). The kernel's bookings
// are read through Bookings; a domain with bookings of its own (a car
// rental) describes its booking as a Subject and calls CreateFor, so
// reviews never imports it; either way the review counts in the provider's
// practice rating. Reviews have rating 1 to 5 and text
// of at most 2000 characters; the provider's one reply; reports by any
// signed-in user (once each), which hide a visible review until an admin
// restores or removes it (audited); and the provider's aggregate.
//
// # Tables (migration 0014_reviews)
//
//	reviews         one per booking (unique booking_id decides a race): provider, author, rating, body,
//	                status (visible | reported | removed), reply, report_count, the decision
//	review_reports  one per (review, reporter)
//	review_stats    per provider: count and rating sum of the visible reviews
//
// # The aggregate
//
// Every change of what is visible (a new review, a report hiding one, a
// restore) adds to or takes from review_stats in one upsert, which answers
// the new totals and holds the row until the transaction ends, and pushes
// the average (two decimals) and count to the practice profile with
// practice.SetRating in the same transaction. Concurrent changes for one
// provider therefore push their ratings in commit order, and nothing ever
// counts the table.
//
// # API
//
//	New(Config{DB, Clock, Log, Bookings, Practice, Directory, Audit}) (*Service, error)
//	Create, OfProvider, Received, Reply, Report, Queue, Decide (the routes' use cases)
//	Subject{ID, UserID, ProviderID, ProviderUserID, OfferingID, Completed, CompletedAt, ReviewUntil};
//	CreateFor(ctx, userID, Subject, ReviewInput): the review of another domain's completed booking
//	    (its id, a UUIDv7, shares the unique booking_id); Create is the kernel's bookings through it
//	NewLookup(db) *Lookup; (*Lookup).ReviewedBookings(ctx, authorID, bookingIDs): the bookings
//	    domain's ReviewLookup (which of a page of bookings their user reviewed, one query); it
//	    needs only the database, so app builds it before bookings (lookup.go)
//
// Routes: POST /bookings/{id}/review (the rentals domain serves POST
// /rentals/bookings/{id}/review through CreateFor), GET /providers/{id}/reviews (public,
// visible only, keyset), GET /practice/reviews?kind (keyset; the practice of
// that kind, every practice of the caller without it), POST
// /practice/reviews/{id}/reply, POST /reviews/{id}/report, GET
// /admin/reviews?status=&page=&per_page=, POST /admin/reviews/{id}/decision.
// Another user's booking or another provider's review answers 404.
package reviews
