package bookings

import "sojourn/api/internal/platform/apperr"

// The bookings domain's errors.
var (
	ErrNotFound        = apperr.NotFound("Booking")
	ErrOfferingMissing = apperr.NotFound("Offering")
	ErrSlotTaken       = apperr.Conflict("This time is no longer available: choose another slot.")
	ErrLimitReached    = apperr.Conflict("The provider takes no more bookings in this period: choose another day.")
	ErrHoldExpired     = apperr.Conflict("The hold on this slot has expired: choose the slot again.")
	ErrWrongState      = apperr.Conflict("The booking cannot do this in its current state.")
	ErrNoCredit        = apperr.Conflict("There is no session credit left in this package for this offering.")
	ErrNoPackages      = apperr.Validation(map[string]string{"pay_with": "packages are not available"})
	ErrNotProvider     = apperr.NotFound("Provider profile")
	ErrFeedNotFound    = apperr.NotFound("Calendar feed")
	ErrTooLate         = apperr.Conflict("This booking can no longer be changed: its time has passed.")
)

// ErrTooEarly: a no-show can be marked once the session has started.
var ErrTooEarly = apperr.Conflict("A no-show can be marked once the session has started.")

// fieldsErr gathers field messages (apperr.Fields with lower-case helpers).
type fieldsErr apperr.Fields

func (f fieldsErr) check(ok bool, field, msg string) { apperr.Fields(f).Check(ok, field, msg) }
func (f fieldsErr) err() error                       { return apperr.Fields(f).Err() }
