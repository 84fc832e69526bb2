package money

import "sojourn/api/internal/platform/apperr"

// The money service's errors.
var (
	ErrInsufficientFunds = apperr.New(apperr.CodeInsufficientFunds, "There is not enough money for this.")
	ErrBalanceLimit      = apperr.Validation(map[string]string{"amount": "would take a balance beyond the maximum of " +
		"10^15 minor units"})
	ErrNotActivated   = apperr.Conflict("Activate your wallet first.")
	ErrKeyReused      = apperr.Conflict("This idempotency key was used for a different money movement.")
	ErrTxnNotFound    = apperr.NotFound("Transaction")
	ErrPayoutNotFound = apperr.NotFound("Payout")
	ErrPayoutSettled  = apperr.Conflict("This payout has already been settled.")
	ErrNoPendingTopUp = apperr.NotFound("Pending top-up")
)
