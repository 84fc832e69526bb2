package rentals

// The rental states.
const (
	StatusPending   = "pending"   // the car's range is reserved, not paid; expires after HoldTTL
	StatusConfirmed = "confirmed" // paid into escrow, deposit held; waiting for the pick-up
	StatusPickedUp  = "picked_up" // the company handed the car over (fuel, odometer, photos recorded)
	StatusReturned  = "returned"  // the car came back (fuel, odometer, photos); the deposit is being settled
	StatusCompleted = "completed" // the deposit is settled and the price released to the company
	StatusCancelled = "cancelled" // cancelled by the renter, the company, an admin or the hold's expiry
)

// Statuses lists every state (the contract's enum).
var Statuses = []string{StatusPending, StatusConfirmed, StatusPickedUp, StatusReturned, StatusCompleted,
	StatusCancelled}

// transitions is THE state machine of a rental. Every change goes through
// Service.transition: it checks this map, moves the row with a conditional
// UPDATE ... WHERE status = from (a late or repeated job changes nothing)
// and writes a rental_booking_events row.
//
//	pending   -> confirmed (paid: price into escrow, deposit held)
//	          -> cancelled (the renter gave up, or the hold expired: rentals.expire_hold)
//	confirmed -> picked_up (the company's pick-up handover)
//	          -> cancelled (renter by the policy; company or admin: full refund; deposit released)
//	picked_up -> returned (the company's return handover; rentals.settle scheduled)
//	returned  -> completed (the company settled the deposit, or rentals.settle released it in full
//	             SettleAfter after the return; the price is released to the company)
var transitions = map[string][]string{
	StatusPending:   {StatusConfirmed, StatusCancelled},
	StatusConfirmed: {StatusPickedUp, StatusCancelled},
	StatusPickedUp:  {StatusReturned},
	StatusReturned:  {StatusCompleted},
}

// CanTransition reports whether from -> to is allowed.
func CanTransition(from, to string) bool {
	for _, s := range transitions[from] {
		if s == to {
			return true
		}
	}
	return false
}

// live says whether a rental in status s still holds the car's range.
func live(s string) bool {
	return s == StatusPending || s == StatusConfirmed || s == StatusPickedUp
}

// Actors written to the events.
const (
	ActorUser     = "user"
	ActorProvider = "provider"
	ActorSystem   = "system"
	ActorAdmin    = "admin"
)
