package speeddating

import "sojourn/api/internal/platform/apperr"

// The speed-dating domain's errors.
var (
	ErrNotFound       = apperr.NotFound("Event")
	ErrTicketNotFound = apperr.NotFound("Ticket")
	errPartnerUnknown = apperr.NotFound("Partner")
	errNotScheduled   = apperr.Conflict("This event has already started, ended or been cancelled.")
	errSalesClosed    = apperr.Conflict("Ticket sales for this event have closed.")
	errHaveTicket     = apperr.Conflict("You already have a ticket for this event.")
	errAgeRange       = apperr.Conflict("This event is for another age range.")
	errNoGroup        = apperr.Conflict("This event is for another group of people.")
	errTooLateCancel  = apperr.Conflict("Tickets can be cancelled until 24 hours before the start.")
	errNotCancellable = apperr.Conflict("This ticket is no longer live.")
	errKeyUsed        = apperr.Conflict("This Idempotency-Key was used for another purchase.")
	errPriceSold      = apperr.Conflict("The price cannot change once tickets are sold.")
	errAudienceSold   = apperr.Conflict("The audience cannot change once tickets are sold.")
	errBelowTaken     = apperr.Conflict("The capacity cannot go below the seats already taken.")
	errTooEarly       = apperr.Conflict("The event opens 15 minutes before its start.")
	errCheckInClosed  = apperr.Conflict("Check-in has closed: the last round has begun.")
	errLeft           = apperr.Conflict("You left this event.")
	errNotRunning     = apperr.Conflict("The event is not running.")
	errNotPaused      = apperr.Conflict("The event is not paused.")
	errNotIn          = apperr.Conflict("You are not checked in to this event.")
	errMinimum        = apperr.Conflict("The event needs its minimum of confirmed tickets to start.")
	errTwoPresent     = apperr.Conflict("At least two people must be checked in to start.")
	errNobodyMeets    = apperr.Conflict("Nobody checked in can meet anyone yet (their preferences do not fit each other): wait for more people to check in.")
	errVotingClosed   = apperr.Conflict("Voting has closed for this event.")
)

// errSoldOut is a group with no seat left (the balance between groups is
// kept): 409 out_of_stock naming the group.
func errSoldOut(group string) error {
	e := apperr.New(apperr.CodeOutOfStock, "The seats for "+groupLabel(group)+" are sold out.")
	e.Fields = map[string]string{"group": "sold_out"}
	return e
}

func groupLabel(g string) string {
	if g == GroupEveryone {
		return "this event"
	}
	return g
}
