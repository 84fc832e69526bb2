package accounts

import (
	"errors"

	"sojourn/api/internal/platform/apperr"
)

// The domain's errors. Each is an *apperr.Error, so the error handler maps it
// to the envelope; the not-found ones also match apperr.ErrNotFound.
var (
	errInvalidCredentials = apperr.New(apperr.CodeInvalidCredentials, "The email or password is incorrect.")
	errSuspended          = apperr.Unauthenticated("This account is suspended. Contact support to restore it.")
	errBadRefresh         = apperr.Unauthenticated("The refresh token is invalid, expired or already used. Sign in again.")
	errUserNotFound       = apperr.Wrap(apperr.CodeNotFound, "User not found", apperr.ErrNotFound)
	errSelfSuspend        = apperr.Conflict("You cannot suspend your own account.")
	errSelfDemote         = apperr.Conflict("You cannot remove your own admin role.")
)

// errReuse marks a refresh token presented after it was spent.
var errReuse = errors.New("refresh token reuse")

// badEmailToken is the answer for a verification or reset token that is
// unknown, spent or expired.
func badEmailToken() error {
	return apperr.Validation(map[string]string{"token": "is invalid, already used or expired"})
}

// conflictField is a 409 that names the clashing field.
func conflictField(field, msg string) error {
	e := apperr.Conflict(msg)
	e.Fields = map[string]string{field: msg}
	return e
}
