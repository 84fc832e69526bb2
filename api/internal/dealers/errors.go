package dealers

import "sojourn/api/internal/platform/apperr"

// The dealers domain's errors.
var (
	ErrNotFound            = apperr.NotFound("Car")
	ErrReservationNotFound = apperr.NotFound("Reservation")
	ErrLeadNotFound        = apperr.NotFound("Enquiry")
	ErrPhotoNotFound       = apperr.NotFound("Photo")
	errNoDealership        = apperr.NotFound("Dealership")
	// ErrNotAvailable is a reservation of a car that is reserved, sold or
	// hidden (or the race for it was lost).
	ErrNotAvailable    = apperr.Conflict("This car is no longer available to reserve.")
	errAlreadyHeld     = apperr.Conflict("This reservation has already been released or completed.")
	errAwaitingPayment = apperr.Conflict("This reservation is still waiting for the buyer's card payment.")
	errKeyUsed         = apperr.Conflict("This Idempotency-Key was used for a reservation from the wallet.")
	errOwnCar          = apperr.Conflict("You cannot reserve or enquire about your own car.")
	errVINLive         = apperr.Validation(map[string]string{"vin": "is already listed for sale"})
	errWrongMove       = apperr.Conflict("The car cannot move to that status from its current one.")
	errSoldFrozen      = apperr.Conflict("A sold car can no longer be changed.")
	errLeadMove        = apperr.Conflict("The enquiry cannot move to that status from its current one.")
	errTooManyPhotos   = apperr.Validation(map[string]string{"file": "a car has at most 20 photos"})
	errPhotoMultipart  = apperr.Validation(map[string]string{"file": "send the photo as multipart/form-data"})
	errPhotoMissing    = apperr.Validation(map[string]string{"file": "is required"})
	errPhotoTooLarge   = apperr.New(apperr.CodePayloadTooLarge, "A photo may be at most 8 MB.")
	errPhotoNotImage   = apperr.Validation(map[string]string{"file": "must be a JPEG, PNG or WebP image"})
	errPhotoPixels     = apperr.Validation(map[string]string{"file": "must be at most 40 megapixels"})
	errNotBookable     = apperr.Conflict("This dealer does not take test drives at the moment.")
	errReserveReserved = apperr.Conflict("Reserved cars can be sold through their reservation: use sale completed.")
)
