package roles

import "sojourn/api/internal/platform/apperr"

// The role-application domain's errors.
var (
	errNotFound       = apperr.NotFound("Role application")
	errAlreadyHeld    = apperr.Conflict("You already have this role.")
	errAlreadyPending = apperr.Conflict("You already have a pending application for this role.")
	errDecided        = apperr.Conflict("This application has already been decided.")
)
