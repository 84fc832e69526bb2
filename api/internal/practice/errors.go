package practice

import (
	"sojourn/api/internal/platform/apperr"
)

// ErrNotFound is a provider, offering, override or media item that does not
// exist (or that the caller may not see); every not-found error of the
// package wraps it, so errors.Is(err, ErrNotFound) holds for them all.
var ErrNotFound = apperr.NotFound("Provider or offering")

var (
	errProviderNotFound = apperr.Wrap(apperr.CodeNotFound, "Provider not found", ErrNotFound)
	errOfferingNotFound = apperr.Wrap(apperr.CodeNotFound, "Offering not found", ErrNotFound)
	errOverrideNotFound = apperr.Wrap(apperr.CodeNotFound, "Override not found", ErrNotFound)
	errMediaNotFound    = apperr.Wrap(apperr.CodeNotFound, "Media item not found", ErrNotFound)
	errNoRole           = apperr.Forbidden("You do not have this provider role.")
	errSuspended        = apperr.Conflict("This profile is suspended; an administrator must reinstate it.")
	errMediaTooLarge    = apperr.Validation(map[string]string{"file": "must be at most 8 MB"})
	errMediaNotImage    = apperr.Validation(map[string]string{"file": "must be a JPEG, PNG, GIF or WebP image"})
	errMediaPixels      = apperr.Validation(map[string]string{"file": "must be at most 40 megapixels"})
	errTooManyMedia     = apperr.Validation(map[string]string{"file": "a profile holds at most 12 photos"})
	errOverrideTaken    = apperr.Conflict("That date already has an override; delete it first.")
)
