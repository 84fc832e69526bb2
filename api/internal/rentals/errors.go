package rentals

import "sojourn/api/internal/platform/apperr"

var (
	errNoCompany      = apperr.NotFound("Car-rental company (set up your company profile first)")
	errBranchNotFound = apperr.NotFound("Branch")
	errCarNotFound    = apperr.NotFound("Car")
	errNotFound       = apperr.NotFound("Rental")
	errUnavailable    = apperr.Conflict("This car is already booked for some of those days. Choose other dates or another car.")
	errNotBookable    = apperr.Conflict("This car cannot be booked right now.")
	errState          = apperr.Conflict("This rental cannot do that in its current state.")
	errCardUnderWay   = apperr.Conflict("A card payment for this rental is under way: finish it on the payment page, or wait for its result.")
	errTooManyLive    = apperr.Conflict("You have too many unpaid rentals waiting; pay or cancel one first.")
	errPhotoNotImage  = apperr.Validation(map[string]string{"file": "must be a JPEG, PNG, GIF or WebP image"})
	errPhotoPixels    = apperr.Validation(map[string]string{"file": "is too large: at most 40 megapixels"})
	errTooManyPhotos  = apperr.Conflict("At most 12 photos.")
)
