package payments

import "sojourn/api/internal/platform/apperr"

// The payments domain's errors.
var (
	// ErrPaymentNotFound is a payment that does not exist or is another user's.
	ErrPaymentNotFound = apperr.NotFound("Payment")
	// ErrUnknownPurpose is a payment started for a purpose nobody registered.
	ErrUnknownPurpose = apperr.Validation(map[string]string{"purpose": "is not a registered payment purpose"})

	errNoPayoutAccount = apperr.Conflict("Add a payout bank account in this currency first.")
	errPayoutNotFound  = apperr.NotFound("Payout")
	errNotRefundable   = apperr.Conflict("Only a paid payment that is not fully refunded can be refunded.")
	errRefundRace      = apperr.Conflict("This payment changed while the refund was being made; reload it and try again.")
	errPurposeNoRefund = apperr.Conflict("Payments for this purpose are refunded through their own screen, not here.")
	errBadSignature    = apperr.Unauthenticated("The webhook signature is missing or does not match.")
)

// unavailable is Paystack failing to answer (a network error or a 5xx).
func unavailable(cause error) error {
	return apperr.Wrap(apperr.CodeUnavailable, "Paystack could not be reached. Try again in a moment.", cause)
}
