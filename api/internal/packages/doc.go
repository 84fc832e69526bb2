// Package packages sells bundles of sessions: a provider offers N sessions
// (2 to 50) of one of their offerings, valid D days (7 to 365), at a price
// usually below N single sessions; a buyer pays once and spends one credit
// per booking.
//
// # Tables (migration 0016_packages)
//
//	packages             what a provider sells: offering, sessions, valid_days, price, currency, active
//	package_purchases    one buyer's credits: credits_total, credits_used, price, status, valid_until,
//	                     refunded_amount (status: pending | active | expired | refunded | cancelled)
//	package_credit_uses  one credit spent on one booking (unique booking_id): the share of the price it
//	                     carried, consumed | returned
//
// # Credits are an entitlement in the ledger
//
// The buyer's money never leaves the ledger's escrow until a session is
// delivered, and every credit change is a ledger movement:
//
//   - Buying holds the price in the purchase's escrow, Ref{package, purchase
//     id} (money.Hold from the wallet, or from paystack_clearing for a card
//     payment through the payment purpose "package").
//   - Spending a credit (ConsumeCredit, in the booking's transaction) moves
//     the credit's share from the package's escrow into the booking's
//     escrow, Ref{booking, booking id} (money.MoveEscrow). The share is what
//     the package's escrow holds divided by the credits it still has
//     (rounded down; the last credit takes the rest), so the shares always
//     add up to the price. From then on the booking's escrow is like any paid
//     booking's: the bookings domain releases it to the provider's pending
//     earnings, minus the platform fee, when the session completes.
//   - Giving a credit back (ReturnCredit: a cancellation within the
//     policy's free window, a provider's cancellation, a decline) moves that
//     share back to the package's escrow and the credit becomes usable
//     again. A late cancellation uses the credit up: bookings releases the
//     policy's fee part of the share to the provider and refunds the rest to
//     the wallet, as for a booking paid with money.
//   - A refund on request (POST /me/packages/{id}/refund) closes an active
//     package and refunds what its escrow still holds to the buyer's wallet
//     (money.Refund): price × unused / total, rounded in the buyer's
//     favour. Refunds go to the wallet whatever paid, so they are instant.
//   - Expiry: a River job (packages.expire) inserted in the purchase's
//     activating transaction runs at valid_until; the package becomes
//     expired and its unused credits are refunded to the wallet exactly as
//     on request. Unused credits are therefore never lost: the UI says
//     "unused sessions are refunded to your wallet when the package expires,
//     or earlier on request".
//
// Which purchase pays: the one the booking names (package_id), which must
// be the buyer's and for the booked offering (else 422 on package_id) and
// have a credit to spend (else 409 saying why: used up, expired, refunded,
// not paid yet); with none named, the buyer's usable purchase for the
// offering whose validity ends soonest (ties by id), so the credits that
// would lapse first are spent first. The booking records the purchase that
// paid.
//
// So the package's escrow balance is the value of the unused credits, and
// `ledger verify` sees every step. The credits counter (credits_used) is
// changed only in the transaction of the movement it pairs with, by a
// conditional update: two bookings racing for the last credit cannot both
// get it.
//
// # API
//
//	New(Config{DB, Clock, Log, Money, Practice, Directory, Payments, Jobs, Idempotency}) (*Service, error)
//	(*Service).ConsumeCredit(ctx, tx, userID, offeringID, bookingID, purchaseID) (creditID, usedPurchaseID string,
//	    err error)  ErrNoCredit (409)
//	(*Service).ReturnCredit(ctx, tx, bookingID) error  idempotent; a booking without a credit is a no-op
//	(*Service).Expire(ctx, purchaseID)  the expiry transition (the job's work; tests call it)
//	RegisterJobs: the packages.expire worker
//
// Routes: GET/POST /practice/packages (GET ?kind: the practice of that
// kind, every practice of the caller without it), PATCH
// /practice/packages/{id} (the provider's own; another provider's is 404), GET /providers/{id}/packages
// (public, on sale only), POST /packages/{id}/purchase {pay_with: wallet |
// paystack} (Idempotency-Key), GET /me/packages (keyset cursor), POST
// /me/packages/{id}/refund (Idempotency-Key).
package packages
