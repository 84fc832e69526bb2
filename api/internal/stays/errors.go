package stays

import "sojourn/api/internal/platform/apperr"

var (
	errNotFound     = apperr.NotFound("Stay")
	errProperty     = apperr.NotFound("Property")
	errRateGone     = apperr.Conflict("This room is no longer available for these dates. Choose another room or dates.")
	errQuoteExpired = apperr.Conflict("This price has expired. Ask for a new quote.")
	errPriceChanged = apperr.Conflict("The price changed since you accepted it. Review the new price and confirm again.")
	errState        = apperr.Conflict("This stay cannot do that in its current state.")
	errSupplierDown = apperr.New(apperr.CodeUnavailable, "The hotel supplier is not answering right now. Try again in a moment.")
)
