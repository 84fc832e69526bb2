package flights

import (
	"errors"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/duffel"
)

var (
	errNotFound     = apperr.NotFound("Flight order")
	errOfferGone    = apperr.Conflict("This fare is no longer available; search again.")
	errOfferExpired = apperr.Conflict("This offer has expired; search again for current fares.")
	errState        = apperr.Conflict("The order cannot do that in its current state.")
	errOfferBooked  = apperr.Conflict("This offer is already being booked.")
	errQuoteExpired = apperr.Conflict("The cancellation quote has expired; ask for a new one.")
	errNoQuote      = apperr.Conflict("Ask for a cancellation quote first.")
	errUnavailable  = apperr.New(apperr.CodeUnavailable, "The airline system is not answering; try again shortly.")
)

// supplierErr maps a supplier failure to an API error.
func supplierErr(err error) error {
	var ae *duffel.APIError
	switch {
	case err == nil:
		return nil
	case duffel.IsCode(err, duffel.CodeOfferNoLongerAvailable):
		return errOfferGone
	case duffel.IsCode(err, duffel.CodeNotFound):
		return apperr.NotFound("Offer")
	case errors.As(err, &ae) && ae.Status == 422:
		return apperr.Validation(map[string]string{"search": ae.Message()})
	case errors.As(err, &ae) && ae.Status < 500 && ae.Status != 429:
		return apperr.Wrap(apperr.CodeUnavailable, "The airline system refused the request.", err)
	}
	return apperr.Wrap(apperr.CodeUnavailable, errUnavailable.Message, err)
}
