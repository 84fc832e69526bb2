package trips

import "sojourn/api/internal/platform/apperr"

var (
	errNotFound     = apperr.NotFound("Trip")
	errItemNotFound = apperr.NotFound("Booking")
	errInTrip       = apperr.Conflict("This booking is already in a trip; remove it from that trip first.")
	errTooManyTrips = apperr.Conflict("You have too many trips; delete an old one first.")
	errTooManyItems = apperr.Conflict("This trip has too many bookings.")
)
