package bookings

// The booking states. A booking starts held (a slot reserved for one user
// for HoldTTL) and ends in one of the terminal states. Live states keep
// their slot cells reserved; terminal ones have given them back.
const (
	StatusHeld                = "held"                  // slot reserved, not paid; expires after HoldTTL
	StatusAwaitingPayment     = "awaiting_payment"      // a card payment was started; the hold is extended
	StatusPendingConfirmation = "pending_confirmation"  // paid; the provider must accept within ConfirmTTL
	StatusConfirmed           = "confirmed"             // paid and accepted; reminders run
	StatusCompleted           = "completed"             // the end time passed; escrow released; review window
	StatusNoShow              = "no_show"               // the provider marked the client absent; escrow released
	StatusCancelledByUser     = "cancelled_by_user"     // refund by the cancellation policy
	StatusCancelledByProvider = "cancelled_by_provider" // full refund, counted against the provider
	StatusDeclined            = "declined"              // the provider declined, or ConfirmTTL passed: full refund
	StatusCancelledByAdmin    = "cancelled_by_admin"    // Sojourn's admins cancelled it: full refund, not the provider's doing
	StatusExpired             = "expired"               // the hold lapsed or its payment failed; nothing was paid
)

// Statuses lists every state (the contract's enum).
var Statuses = []string{StatusHeld, StatusAwaitingPayment, StatusPendingConfirmation, StatusConfirmed,
	StatusCompleted, StatusNoShow, StatusCancelledByUser, StatusCancelledByProvider, StatusDeclined, StatusExpired,
	StatusCancelledByAdmin}

// transitions is THE state machine: every allowed (from -> to). Every
// change of a booking's status goes through Service.transition, which
// checks this map, moves the row with a conditional UPDATE ... WHERE
// status = from (so a late or repeated job changes nothing) and writes a
// booking_events row with the actor and the time.
//
//	held                 -> awaiting_payment (card payment started)
//	                     -> pending_confirmation | confirmed (paid by wallet or package credit)
//	                     -> expired (hold job after 10 minutes) | cancelled_by_user (abandoned by its user)
//	awaiting_payment     -> pending_confirmation | confirmed (payment settled)
//	                     -> expired (payment failed or abandoned; hold job)
//	pending_confirmation -> confirmed (provider) | declined (provider, or the 24 h job)
//	                     -> cancelled_by_user | cancelled_by_provider | cancelled_by_admin
//	confirmed            -> completed (job after the end) | no_show (provider, after the start)
//	                     -> cancelled_by_user | cancelled_by_provider | cancelled_by_admin
//
// Reschedule keeps the state (pending_confirmation or confirmed) and moves
// the slot; it is written to the history as a same-state event.
var transitions = map[string][]string{
	StatusHeld:                {StatusAwaitingPayment, StatusPendingConfirmation, StatusConfirmed, StatusExpired, StatusCancelledByUser},
	StatusAwaitingPayment:     {StatusPendingConfirmation, StatusConfirmed, StatusExpired},
	StatusPendingConfirmation: {StatusConfirmed, StatusDeclined, StatusCancelledByUser, StatusCancelledByProvider, StatusCancelledByAdmin},
	StatusConfirmed:           {StatusCompleted, StatusNoShow, StatusCancelledByUser, StatusCancelledByProvider, StatusCancelledByAdmin},
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

// live says whether a booking in status s still occupies its slot.
func live(s string) bool {
	switch s {
	case StatusHeld, StatusAwaitingPayment, StatusPendingConfirmation, StatusConfirmed:
		return true
	}
	return false
}

// validStatus reports whether s is a state.
func validStatus(s string) bool {
	for _, x := range Statuses {
		if x == s {
			return true
		}
	}
	return false
}

// Actor roles written to booking_events.
const (
	ActorUser     = "user"
	ActorProvider = "provider"
	ActorSystem   = "system"
	ActorAdmin    = "admin"
)
