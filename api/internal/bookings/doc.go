// Package bookings is the booking kernel every provider kind uses: slot
// search, slot holds, bookings paid into escrow, the booking state machine
// and its timed transitions, cancellation and rescheduling by policy,
// provider appointments and clients, the user's calendar and its
// iCalendar feed, and each provider's next free slot.
//
// # Tables (migration 0013_bookings)
//
//	bookings                one hold or booking of an offering by a user (status: states.go)
//	booking_events          every status change: from, to, actor (user | provider | system), note, time
//	slot_cells              occupied 15-minute cells of a resource's time: (resource_id, cell) primary key,
//	                        the session (offering@start) owning it, seats used and capacity (0022)
//	booking_counters        bookings per practice (provider_id) and local day / ISO week, for the daily
//	                        and weekly limits
//	booking_provider_stats  provider cancellations
//	calendar_feeds          a user's secret iCalendar feed token
//
// # A person's time is one resource (migration 0022_person_time)
//
// A user may hold several practices (therapist and coach), each its own
// profile (provider_id), offerings, hours and limits; but they have one
// day. Cells are therefore reserved by the resource whose time they are,
// not by the practice profile: for a booking of a practice offering the
// resource is the person behind the practice, the practice's user id
// (practice.Offering.ProviderUserID, kept on the booking as
// provider_user_id; resourceOf in store.go). A session of either practice,
// held, waiting for payment or for the provider's answer, or confirmed,
// with its buffers, takes the time from both: the slot search reads the
// person's cells, and a hold of the other practice conflicts in the same
// upsert. Bookings never read practice's tables: the person comes with
// the offering (Practice.Offering) or the provider (Practice.Provider);
// only the migration's SQL joined practice_providers to map the old rows.
//
// slot_cells is meant for every kind of scarce time, not only people's: a
// later domain (a car rental's vehicle, a tour's departure) reserves cells
// under its own resource id (UUIDs from ids.New, so never a user's) with
// its own session keys (prefixed by the domain, e.g. "rental:<id>"),
// through the same two statements (reserveCells, releaseCells), exported
// for it when it comes. A guide leading a tour is a person: the tour takes
// the guide's user id, and their sessions and tours exclude each other.
//
// The daily and weekly limits stay per practice (booking_counters keyed by
// provider_id): they are a setting of the practice, in its time zone, and
// a person with a full therapy day may still coach at another hour. A
// person-wide cap would be a setting of the person, which does not exist.
// The next free slot of every published practice of the person is
// recomputed after a change to any of them (refreshNext).
//
// Going up, 0022 maps each cell's practice to its user. Cells of two
// practices of one person that already overlapped (the bug it fixes) keep
// the session with the smaller session key; both bookings stay (support
// settles them), and freeing either frees only its own session's cells.
// Going down gives each cell back to the practice of the booking holding
// it and drops cells no booking holds.
//
// # Seats, departures and minimum groups (migration 0026_seats_departures)
//
// A hold takes seats (1..the offering's capacity, default 1) and may name
// its travellers (attendees: at most one per seat, 1..100 characters
// each); both stay on the booking (seats, attendees). Its cells take
// held_seats seats: seats, or every seat of an exclusive (private)
// offering, so a private departure is one booking. The upsert becomes
// used = used + seats WHERE same session AND used + seats <= capacity:
// fifty travellers racing for the last three seats sell exactly three
// (seats_integration_test.go, both databases). The price is the
// offering's price per booking (pricing per_group) or price x seats
// (per_person), at most money.MaxAmount (seats.go).
//
// An offering with fixed departures (practice.Departures: start times per
// weekday plus dated additions and cancellations) offers exactly those
// starts instead of steps through the provider's hours (a blocked date
// still closes them); slot search answers them with their seats_left. A
// cut-off (cutoff_hours) acts as a notice: no start closer than that is
// offered or held. Durations up to 14 days (multi-day tours) are allowed
// with fixed departures; their cells cover every day, so the person's
// other sessions in those days are refused. The search reads the cells a
// duration beyond its window so a long session's later days count.
//
// A minimum group (min_participants > 1, kept on each booking) is checked
// by bookings.min_group (mingroup.go) at the departure's cut-off: the job
// is inserted with the session's first hold (unique by its arguments, so
// later holds insert nothing) in the hold's transaction; short of the
// minimum in paid seats, every live booking of the session is cancelled
// (cancelled_by_provider by the system, full refund, not counted against
// the provider; holds expire) in one transaction of conditional
// transitions. GET /practice/sessions?kind&from&to lists a provider's
// sessions (departures) with seats sold, held and left and their bookings
// and travellers (sessions.go).
//
// # No double booking
//
// A hold writes, in one statement, every cell its time (with buffers)
// covers: INSERT ... ON CONFLICT (resource_id, cell) DO UPDATE SET used =
// used + 1 WHERE the cell belongs to the same session and used < capacity.
// A cell of any other session of the person (another offering of any of
// their practices, an overlapping start) or a full session is not written,
// the statement affects fewer rows than it has cells, and the hold is
// refused (409) with its transaction rolled back. The limits are the same
// kind of upsert on booking_counters. Cells are written in ascending order, so concurrent
// holds cannot deadlock on PostgreSQL; SQLite serialises write
// transactions. Freeing a booking (expiry, cancellation by either side,
// decline, confirmation timeout, failed card payment, and the old time of
// a reschedule: all through Service.free) decrements its session's cells
// of its person and deletes those left at zero, in the transaction of the
// conditional status update that frees it, so it happens once.
//
// # States (states.go: the one map of allowed transitions)
//
//	held                 -> awaiting_payment | pending_confirmation | confirmed | expired | cancelled_by_user
//	awaiting_payment     -> pending_confirmation | confirmed | expired
//	pending_confirmation -> confirmed | declined | cancelled_by_user | cancelled_by_provider
//	confirmed            -> completed | no_show | cancelled_by_user | cancelled_by_provider
//	pending_confirmation, confirmed -> cancelled_by_admin (an admin, with a reason: full refund)
//
// Every change is a conditional UPDATE ... WHERE status = <from> plus a
// booking_events row (actor user | provider | system, note, time); a
// reschedule is a same-state event. Leaving a live state for cancelled_*,
// declined or expired frees the cells and counts in the same transaction.
//
// # Money (always through money, in the transaction of the state change)
//
//	wallet      money.Hold(wallet -> escrow "booking:<id>"), key booking-hold:<id>
//	paystack    payment purpose "booking": money.Hold(card -> escrow) when the payment settles
//	package     Credits.ConsumeCredit of the purchase package_id names (else the one expiring soonest);
//	            the credit's share moves from the package's escrow into the booking's
//	completed / no_show   money.Release(escrow -> provider's earnings_pending minus the platform fee,
//	                      available after the refund window), key booking-release:<id>
//	declined, cancelled_by_provider, cancelled_by_admin, user cancellation in the free window (or of
//	an unconfirmed request)    money.Refund(escrow -> wallet) in full, key booking-refund:<id>; package
//	            credit returned
//	late user cancellation  late_cancel_fee_pct kept: money.Release of the fee to the provider
//	            (booking-cancel-fee:<id>), the rest refunded; a package credit is used up
//	reschedule  the escrow stays as it is
//
// Refunds go to the payer's Sojourn wallet, also for card payments.
//
// A free offering (price 0: a dealer's test drive) books like any other,
// and moves no money: paying the hold with the wallet (or BookWallet)
// holds nothing, paystack is treated as wallet, completion releases
// nothing and cancellation refunds nothing; cells, limits and states are
// the same (dealers' tests book one).
//
// # Routes (api/contract/bookings.yaml, policies/bookings.csv)
//
//	GET  /offerings/{id}/slots?from&to&tz          public slot search (viewer's zone)
//	POST /bookings/holds                          hold a slot 10 minutes
//	POST /bookings                                pay a hold: wallet | paystack | package (Idempotency-Key)
//	GET  /bookings?status=upcoming|past|cancelled, GET /bookings/{id}, POST /bookings/{id}/cancel|reschedule
//	GET  /calendar?from&to&tz, GET /calendar/feed-url, POST /calendar/feed-url/rotate, GET /calendar/{token}.ics
//	GET  /practice/appointments?kind&status=upcoming|past|cancelled|requests&from&to, GET /practice/appointments/{id}
//	POST /practice/appointments/{id}/confirm|decline|no-show|cancel|reschedule
//	GET  /practice/dashboard?kind, GET /practice/clients?kind&q, GET /practice/clients/{userId}?kind
//	GET  /admin/bookings?provider_id&user_id&status&kind&from&to&page&per_page (numbered; total exact up
//	     to 10,000), GET /admin/bookings/{id} (history, payment reference, emails),
//	POST /admin/bookings/{id}/cancel {reason} (full refund, audited as booking.cancel, both parties
//	     mailed; Idempotency-Key)   admin.go, handler_admin.go
//
// A booking's card payment is never refunded from the payments screen on
// its own (the booking would stay confirmed and bookings refund to the
// wallet): payments answers 409 with the hint bookings registers
// (RegisterRefundHint), pointing the admin to the booking's Cancel and
// refund.
//
// Provider routes are for the policy group provider; the service answers
// 404 for a booking (or client) of a practice the caller does not own
// (practice.ProvidersOfUser).
//
// A user may have a practice per provider kind (therapist and coach). The
// lists, the dashboard and a client's history are of one practice, the one
// ?kind= names (the therapy portal sends therapist, the coach portal
// coach): a client of one practice is not found in the other, and the
// dashboard's month earnings are the earning lines of that practice's
// bookings. kind may be left out by a caller with one practice (it is that
// one); a caller with several gets 422, an unknown kind 422, and a kind the
// caller has no practice of 404 (practiceOf). Routes on one booking need
// no kind.
//
// A hold first reads the slot's cells and refuses one plainly taken
// without opening a write transaction (it only saves work under
// contention); the upserts decide. Slot starts step by the offering's
// duration rounded up to the 15-minute grid, from each availability
// interval's start (slots.go).
//
// # Exported for other domains
//
//	New(Config{...}) (*Service, error)
//	(*Service).Booking(ctx, id) (Booking, error)            ErrNotFound
//	(*Service).HasClient(ctx, providerID, userID) (bool, error)
//	(*Service).UserBookings / UpcomingBookings (TripBooking), SessionSource (trips.Source of kind session:
//	            therapy and coaching sessions, in person at the practice's city)   trips.go
//	(*Service).ImportPast(ctx, PastBooking), BookWallet(...)   history and demo data, through money
//	Credits interface: ConsumeCredit / ReturnCredit (implemented by packages; Config.Credits nil:
//	                   pay_with "package" answers 422 "packages are not available")
//	ReviewLookup interface: ReviewedBookings(ctx, userID, bookingIDs) (implemented by reviews.Lookup,
//	                   which needs only the database, so app builds it before bookings; reviews.Service,
//	                   which builds on bookings, comes after)
//
// # Reviews in the user's views (reviewed.go)
//
// The user's own views (GET /bookings, /bookings/{id}, /calendar and the
// answers of cancel and reschedule) carry review ({id, rating, status} of
// the user's review, or null) and can_review (completed, review_until not
// passed, not reviewed). A page costs one lookup, for its completed rows
// only, and only reviews written by the caller are asked for. Provider
// views carry null and false.
//
// # Timed transitions (River jobs inserted in the causing transaction)
//
//	bookings.expire_hold      held/awaiting_payment -> expired at hold_expires_at (10 minutes; 30 more while a
//	                          card payment is pending)
//	bookings.confirm_timeout  pending_confirmation -> declined 24 h after payment, full refund
//	bookings.reminder         mail to the user 24 h and 1 h before the start (confirmed bookings only)
//	bookings.complete         confirmed -> completed at the end: escrow released to the provider's pending
//	                          earnings minus the platform fee; review_until = completed + 14 days
//	bookings.min_group        at a departure's cut-off: short of min_participants paid seats, every booking of
//	                          the session cancelled and refunded in full (unique per session)
//	bookings.next_available   chore every 5 minutes: each published provider's next free slot
//
// Payment purpose "booking" (payments.PurposeBooking): a paid card payment
// holds the money in escrow (money.Hold, MethodCard) and moves the booking
// on; a failed one expires it. A payment that settles after its booking
// expired is refunded to the payer's wallet in the same transaction.
package bookings
