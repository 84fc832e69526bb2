package profiles

import "sojourn/api/internal/platform/apperr"

// The profile domain's errors.
var (
	errUserNotFound    = apperr.NotFound("User")
	errUsernameTaken   = apperr.Conflict("That username is taken.")
	errAvatarTooLarge  = apperr.New(apperr.CodePayloadTooLarge, "The avatar is larger than 5 MB.")
	errAvatarMultipart = apperr.New(apperr.CodeUnsupportedMedia, "Send the avatar as multipart/form-data in the field \"avatar\".")
	errAvatarMissing   = apperr.Validation(map[string]string{"avatar": "is required"})
	errAvatarNotImage  = apperr.Validation(map[string]string{"avatar": "must be a JPEG, PNG, GIF or WebP image"})
	errAvatarPixels    = apperr.Validation(map[string]string{"avatar": "has too many pixels (at most 16 megapixels)"})
)
