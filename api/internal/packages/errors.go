package packages

import "sojourn/api/internal/platform/apperr"

// The packages domain's errors.
var (
	ErrNotFound         = apperr.NotFound("Package")
	ErrPurchaseNotFound = apperr.NotFound("Package purchase")
	// ErrNoCredit is a booking paid by package when the user has no usable
	// credit for the offering (none bought, all used, expired or refunded).
	ErrNoCredit       = apperr.Conflict("There is no session credit left in a package for this offering.")
	errInactive       = apperr.Conflict("This package is not on sale.")
	errOwnPackage     = apperr.Conflict("You cannot buy your own package.")
	errCardPayments   = apperr.Validation(map[string]string{"pay_with": "card payments are not available"})
	errNotRefundable  = apperr.Conflict("Only an active package with unused credits can be refunded.")
	errPurchasePaying = apperr.Conflict("This purchase is waiting for its card payment.")
	errPurchaseFailed = apperr.Conflict("This purchase's card payment did not go through.")
	errTooMany        = apperr.Validation(map[string]string{"offering_id": "a provider may have at most 50 packages"})
	errNotYourPackage = apperr.Validation(map[string]string{"package_id": "is not one of your packages"})
	errOtherOffering  = apperr.Validation(map[string]string{"package_id": "is for another offering: choose a package of this session"})
)
