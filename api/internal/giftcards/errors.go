package giftcards

import (
	"strconv"

	"sojourn/api/internal/platform/apperr"
)

// The gift-card domain's errors.
var (
	errProductNotFound  = apperr.NotFound("Gift-card product")
	errCardNotFound     = apperr.NotFound("Gift card")
	errProductNameTaken = apperr.Conflict("A gift-card product with this name exists already.")
	errUnknownProduct   = apperr.Validation(map[string]string{"product_id": "no gift-card product has this id"})
	errInactiveProduct  = apperr.Validation(map[string]string{"product_id": "this gift card is not on sale any more"})
	// errBadCode is deliberately the same for a malformed and an unknown
	// code, so answers reveal nothing about which codes exist.
	errBadCode      = apperr.Validation(map[string]string{"code": "That code doesn't match a gift card. Check it and try again."})
	errAlreadyUsed  = apperr.Conflict("This gift card has already been redeemed.")
	errRefundedCard = apperr.Conflict("This gift card was refunded and can no longer be redeemed.")
	errAlreadyShown = apperr.Conflict("This gift card's code has already been shown; it is not shown again. " +
		"The recipient has it by email.")
	errRevealRefunded = apperr.Conflict("This gift card was refunded; its code no longer exists.")
	errRefundUsed     = apperr.Conflict("This gift card has been redeemed, in part or in full, so its payment " +
		"can no longer be refunded.")
	errRefundedAlready = apperr.Conflict("This gift card was refunded already.")
	errRefundNotIssued = apperr.Conflict("This gift card was never issued, so there is nothing to refund.")
	errRateLimited     = "Too many gift-card redeem attempts. Please wait and try again."
	errImageMultipart  = apperr.New(apperr.CodeUnsupportedMedia, "Send the image as multipart/form-data in the field \"image\".")
	errImageMissing    = apperr.Validation(map[string]string{"image": "is required"})
	errImageTooLarge   = apperr.New(apperr.CodePayloadTooLarge, "The image is larger than 5 MB.")
	errImageNotImage   = apperr.Validation(map[string]string{"image": "must be a JPEG, PNG, GIF or WebP image"})
	errImagePixels     = apperr.Validation(map[string]string{"image": "has too many pixels (at most 40 megapixels)"})
	errCardPayments    = apperr.Validation(map[string]string{"pay_with": "card payments are not available right now; pay with your wallet"})
)

// errRefundExpired says when the card expired.
func errRefundExpired(date string) error {
	return apperr.Conflict("This gift card expired on " + date + ", so its payment can no longer be refunded.")
}

// errRefundWhole is a partial refund of a card, which is refunded whole.
func errRefundWhole(amount int64) error {
	return apperr.Validation(map[string]string{"amount": "a gift card is refunded in full: leave amount out or give " +
		strconv.FormatInt(amount, 10)})
}

// errExpired says when the card expired.
func errExpired(date string) error {
	return apperr.Conflict("This gift card expired on " + date + " and can no longer be redeemed.")
}
