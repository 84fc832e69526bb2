// Package rentals is car rental on the provider kernel: a company is a
// practice profile of kind car_rental (practice keeps its profile, licence
// documents, verification and suspension); rentals keeps its branches, its
// fleet and the date-range rentals of its cars.
//
// # Tables (migrations 0028_rentals, 0032_rental_card_payments)
//
//	rental_branches        a company's branches: address, city, optional coordinates, hours per weekday (JSON)
//	rental_cars            the fleet: make, model, year, category, seats, doors, transmission, fuel, air
//	                       conditioning, minimum driver age, deposit, mileage limit, fuel policy, day rate,
//	                       seasons and extras (JSON, validated in Go), photos (URLs through the image guard),
//	                       one-way rule and fee, cancellation policy; status draft | published | hidden (admins)
//	rental_bookings        one rental: car, renter, branches, [starts_at, ends_at), driver, extras, the price
//	                       breakdown, money columns, pay_with (wallet | card) and the card payment's
//	                       reference, the pick-up and return handovers (JSON) and their confirmations by
//	                       the renter
//	rental_booking_events  every status change (from, to, actor, note, time)
//
// The car's time is reserved through the kernel's date-range reservations
// (bookings/ranges, table resource_ranges): the database refuses two live
// overlapping rentals of one car (PostgreSQL exclusion constraint; SQLite
// check and insert in one serialised write transaction).
//
// # A company is listed
//
// when its licence is verified and it is not suspended (listed in
// search.go); it need not be published in the therapists' directory. Its
// cars are published by the company (allowed once listed) and can be
// hidden by admins with a note (audited as rental_car.hide/restore).
// Company profiles are read through a 5-second cache per process, so a
// suspension hides a company's cars within 5 seconds.
//
// # States (states.go)
//
//	pending -> confirmed -> picked_up -> returned -> completed
//	pending | confirmed -> cancelled
//
// pending holds the car for HoldTTL (15 minutes) unpaid. Paying from the
// wallet moves the price into escrow "rental:<id>" (money.Hold) and holds
// the deposit apart through deposits (ref {"rental", id}), in one
// transaction with the move to confirmed.
//
// # Card payments (card.go)
//
// Paying by card starts one Paystack payment (purpose payments.PurposeRental,
// registered by New) of the price and the deposit, coming back to the
// rental's confirmation page. The rental stays pending with pay_with card
// (a second payment, card or wallet, is 409 while it is under way) and its
// hold extended to CardHoldTTL (40 minutes, with its own expire_hold job).
// In the transaction that marks the payment paid (onCardPaid) a rental
// still pending is paid as from the wallet but with money.MethodCard: the
// price into its escrow, the deposit held (Pay: MethodCard, released to the
// renter's wallet later like any deposit), confirmed. A rental no longer
// pending (expired, cancelled, or paid from the wallet meanwhile) gets the
// whole amount back in the renter's wallet at once. A payment that fails or
// is abandoned cancels the rental (onCardFailed), as the kernel's bookings
// expire theirs. Admins refunding the payment itself get a 409 sending them
// to cancel the rental (RegisterRefundHint), which refunds by the policy and
// releases the deposit.
//
// # Reviews (reviews.go)
//
// The renter reviews a completed rental of theirs within reviews.Window (14
// days) of its completion: POST /rentals/bookings/{id}/review hands the
// rental to reviews.CreateFor as a reviews.Subject (the company's practice
// is the provider, the car the offering), so the review counts in the
// company's practice rating and shows through GET /providers/{id}/reviews;
// the company replies from its portal (/practice/reviews?kind=car_rental).
// Someone else's rental is 404; not completed, window closed or a second
// review 409. The renter's list and detail carry review and can_review,
// from one reviews.Lookup query per page (ReviewLookup). Cars and company
// cards show the company's rating (practice.Provider.Rating).
// The renter cancels by the car's policy (in full until free_cancel_hours
// before the pick-up, later late_cancel_fee_pct is released to the company
// and the rest refunded); the company cancels a confirmed rental with a full
// refund; the deposit is released either way. The car's range is released
// when the rental stops holding it (cancelled, or returned: a car returned
// early is free again).
//
// # Handover
//
// At the pick-up (from 12 hours before the start) and the return the
// company records the fuel level (eighths), the odometer and a note, and
// uploads photos (at most 12 per stage); the renter confirms each in their
// portal; both are kept on the rental (pickup_handover, return_handover).
// The return odometer may not be below the pick-up's.
//
// # Deposit and completion
//
// After the return the company settles the deposit: capture 0 releases it
// in full, an amount up to the deposit is kept with a reason the renter
// sees (deposits.Capture: partly_captured); then the price is released to
// the company (money.Release, less the platform fee) and the rental is
// completed.
//
// # Timed transitions (River, inserted in the causing transaction)
//
//	rentals.expire_hold   pending -> cancelled at hold_expires_at
//	rentals.settle        returned -> completed SettleAfter (48 h) after the return, deposit released in full,
//	                      unless the company settled first
//
// # Routes (api/contract/rentals.yaml, policies/rentals.csv)
//
//	GET  /rentals/cars?city&provider_id&category&transmission&seats&min_price&max_price&from&to&cursor&limit
//	     public search, cheapest first, keyset on (day_rate, id) over rental_cars_search_idx
//	     (lower(city), day_rate, id) WHERE published; with from/to only cars free for the range
//	     (each query's rows kept 2 s, dropped by every write through a rental route: search_cache.go)
//	GET  /rentals/cars/{id}, /rentals/cars/{id}/quote?start&end&pickup_branch_id&dropoff_branch_id&extras
//	GET  /rentals/companies?city, /rentals/companies/{id}, /rentals/companies/{id}/branches
//	POST /rentals/bookings, GET /rentals/bookings (keyset), GET /rentals/bookings/{id},
//	POST /rentals/bookings/{id}/pay (pay_with wallet | card) |cancel (Idempotency-Key),
//	POST /rentals/bookings/{id}/handover/{stage}/confirm, POST /rentals/bookings/{id}/review
//	PATCH /rentals/bookings/{id}/schedule {starts_at[, ends_at]}   the renter moves an upcoming pending or
//	     confirmed rental's pick-up; both ends move (same days, same price), the car's range moved in the
//	     same transaction (ranges.Move: the database refuses an overlap, 409) (schedule.go)
//	/practice/rentals/branches|cars|bookings|calendar|dashboard|clients (provider; the caller's car_rental practice)
//	POST /practice/rentals/bookings/{id}/pickup|return|photos/{stage}|deposit|cancel
//	GET  /admin/rentals/cars (numbered), POST /admin/rentals/cars/{id}/hide|restore
//
// # Exported for other domains, the seed and the bench
//
//	TripSource (trips.Source, kind rental: pick-up and drop-off at the branches, in the branch's zone,
//	rental_branches.time_zone from migration 0041, else the company's) (trips.go)
//	New(Config{..., Payments, Reviews, ReviewLookup}), SaveBranch, SaveCar, AddCarPhoto, Import (history and
//	demo data), Pay (PayInput{PayWith, Origin}), Review, Workers
package rentals
