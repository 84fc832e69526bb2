// Package dealers is cars for sale by car dealers. A dealership is a
// practice profile of kind car_dealer (practice owns its profile, licence
// verification with documents, suspension and weekly hours); this domain
// owns what the dealership sells.
//
// # Tables (migrations 0030_dealers, 0031_car_reservation_card, 0033_dealer_branches)
//
//	dealer_settings      per dealership: reservation days (1-14, default 3), deposit amount and currency,
//	                     the id of its free "Test drive" practice offering (made on first use), and its
//	                     branches besides the showroom (JSON [{name, address}], at most MaxBranches = 5;
//	                     names 1-80 characters, addresses 1-200, one line, no control characters)
//	car_listings         a car: VIN, make, model, year, trim, body, mileage, fuel, transmission, drivetrain,
//	                     colour, condition, price, features, city; status; hidden (moderation) with a reason;
//	                     views and leads counters; listed_at / sold_at for days on market
//	car_listing_photos   up to 20 photos (the first is the cover)
//	car_price_changes    every price a car had (the buyers' price history)
//	car_listing_events   every status change and moderation (from, to, actor, note)
//	car_reservations     a car reserved with a deposit: awaiting_payment | held | released | completed |
//	                     expired; one held or awaiting payment per car (partial unique index), release_at;
//	                     pay_with (wallet | card), pay_by and the Paystack reference of a card reservation
//	car_test_drives      ties a kernel booking to the car it is a test drive of
//	car_leads            buyers' enquiries: message, contact preference, phone; new | contacted | closed
//
// # VIN (vin.go, wmi.go)
//
// 17 characters, no I, O or Q, and the check digit at position 9 (49 CFR
// 565 / ISO 3779 transliteration and weights, remainder 10 = X) required of
// every VIN; position 10 must agree with the year. The WMI (first three
// characters) decodes to the manufacturer, make and plant country from a
// table in the binary (about 140 real WMIs of the common makes), and any
// WMI to its region and country by ISO 3780's first two characters. No
// network.
//
// # States (states.go: the maps of allowed transitions)
//
//	listing       available -> reserved | sold; reserved -> available (deposit released) | sold (sale completed)
//	reservation   awaiting_payment -> held (paid) | expired (card failed, cancelled, pay_by passed);
//	              held -> released | completed
//	lead          new -> contacted | closed; contacted -> closed
//
// Every change is a conditional UPDATE ... WHERE status = <from>, with a
// car_listing_events row for the car's.
//
// # Reserving a car (reservations.go)
//
// In one transaction: the car available -> reserved (conditional update,
// not hidden; a lost race is 409), the reservation row (the partial unique
// index on held reservations is a second guard), the deposit held through
// deposits.Service (Ref{car_reservation, id}, from the buyer's wallet, no
// release time of its own) and the River job dealers.release_reservation
// at release_at = now + the dealer's reservation days. Settling is one
// transaction too: the reservation's conditional update decides who
// settles, then the car moves and the deposit is released (to the buyer's
// wallet: the dealer's "release deposit", the buyer's cancel, or the job)
// or captured in whole for the dealer (the dealer's "sale completed", the
// car sold). The job re-checks the state and snoozes if early.
//
// # Reserving by card (card.go)
//
// POST /cars/{id}/reserve with pay_with card: the same transaction moves
// the car available -> reserved (so a second buyer is refused while this
// one pays) and writes the reservation awaiting_payment with pay_by = now +
// CardPaymentWindow (payments.AbandonAfter + 10 minutes) and the River job
// dealers.lapse_unpaid_reservation at pay_by; the Paystack payment (purpose
// payments.PurposeCarReservation, back to /cars/{id}) is started after the
// transaction, and a refusal lapses the reservation at once. In the
// payment's settling transaction, onCardPaid moves it awaiting_payment ->
// held (conditional update), holds the deposit through deposits (Pay:
// money.MethodCard) and schedules the release job at release_at (the
// dealer's days counted from the payment); a reservation that lapsed first
// gets the deposit held and released in that transaction (the whole amount
// to the buyer's wallet). onCardFailed, the buyer's cancel and the job
// lapse it (expired) and free the car. Admins are pointed to the
// reservation to refund such a payment (RegisterRefundHint).
//
// # Test drives (testdrives.go)
//
// A booking of the dealership's "Test drive" offering (30 minutes in
// person, price 0, capacity 1, two hours' notice, thirty days ahead) through
// bookings.BookWallet, so the kernel applies the dealer's weekly hours and
// overrides and refuses a second booking of the dealer's time; a free
// offering moves no money. The buyer picks a slot from GET
// /offerings/{id}/slots; car_test_drives ties the booking to the car.
//
// # Market price indicator (market.go)
//
// The median asking price of comparable cars (same make, model and
// currency; year within one; mileage within a quarter, at least 20,000 km;
// for sale, reserved, or sold in the last year; not hidden); at least three
// are needed. great <= 90% of the median < good <= 97% < fair <= 105% <
// high. The method is answered with the rating and shown on the car page.
//
// # Search (search.go)
//
// Faceted: make, model, year, price, mileage, body, fuel, transmission,
// city; each facet counts the cars matching every other filter (first page
// only). Keyset pages by newest (listed_at, id), price or mileage (the key
// rides in the cursor's time field, like the directory's score). Cars of a
// dealership that is not listed (draft, unverified, suspended) are left out
// by the query (provider_id NOT IN practice.UnlistedOfKind), so neither the
// page nor the facets count them; their pages are 404.
//
// # Set-up wizard (onboarding.go)
//
// OnboardingFlow describes the car dealer's ten-step wizard (flow car_dealer,
// role car_dealer) for api/internal/onboarding, registered in app.New:
// dealership, licence, showroom and up to five branches, licence scans,
// logo and photos, weekly hours, payout account, first car, reservation
// policy, review. Check decodes each step strictly (an unknown or mistyped
// field is a 422 naming it) and bounds it (practice's profile rules, the
// listing's rules, 1-14 days and deposits.MaxAmount); the scans and photos
// are uploaded by the screens through practice's routes and the payout
// account through /payout-accounts, and the steps keep ids that Check
// finds among the caller's own. Submit checks every step again and applies
// them in order through practice (profile with the showroom as the
// in-person address and the bio as the dealer wrote it, up to practice's
// 4,000 characters; the licence, which goes to pending verification; the
// hours) and this service (settings with the reservation terms and the
// branches, then the first car, skipped when a submit that failed later
// already listed it).
//
// # Branches (settings.go)
//
// Data of the settings, not text: the wizard's step three and PATCH
// /dealer/settings (the list given replaces the old one) go through
// checkBranches (422 naming branches[i].name and the like, nothing
// saved); GET /cars/{id} answers them in the dealer (Dealer.Branches).
//
// # Routes (api/contract/dealers.yaml, policies/dealers.csv)
//
//	GET /cars, GET /cars/{id}                                         public (the user portal shows them signed out)
//	POST /cars/{id}/reserve | test-drives | enquiries                 user (reserve and test drives: Idempotency-Key;
//	                                                                  reserve: pay_with wallet | card)
//	GET /me/car-reservations, POST /me/car-reservations/{id}/cancel   user
//	/dealer/... listings (+ photos, sold), settings (terms, branches), reservations (complete, release), test-drives, leads,
//	            dashboard, vin-decode                                 car_dealer; another dealer's objects 404
//	GET /admin/cars (numbered), POST /admin/cars/{id}/moderation      admin (hide with a reason, audited)
//
// # Public API
//
//	New(Config{DB, Clock, Log, Storage, Images, Audit, Practice, Bookings, Deposits, Payments, Directory, Jobs,
//	Idempotency}) (registers the card reservation's payment purpose)
//	OnboardingFlow(OnboardingDeps{Practice, Payouts}) (app wiring),
//	CreateListing, UpdateListing, AddPhoto, MarkSold, SaveSettings, MySettings (the seed and tests),
//	Reserve, ReserveByCard, CompleteSale, DealerRelease, CancelReservation, Lapse and LapseUnpaid (the jobs'
//	bodies), Enquire, BookTestDrive
//	VINProblem, ValidVIN, VINCheckDigit, WithCheckDigit, ModelYear, DecodeWMI
package dealers
