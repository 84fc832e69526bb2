package shop

import (
	"crypto/rand"
	"strconv"
	"time"

	"sojourn/api/internal/platform/apperr"
)

var (
	// ErrOrderNotFound is an order the caller may not see (another
	// shopper's, another vendor's).
	ErrOrderNotFound   = apperr.NotFound("Order")
	ErrGroupNotFound   = apperr.NotFound("Order group")
	ErrAddressNotFound = apperr.NotFound("Address")
	ErrProductNotFound = apperr.NotFound("Product")
	ErrReturnNotFound  = apperr.NotFound("Return")
	ErrRuleNotFound    = apperr.NotFound("Commission rule")
	errEmptyCart       = apperr.Conflict("The cart is empty.")
	errCartFull        = apperr.Conflict("The cart holds at most 100 different items.")
	errTooManyAddress  = apperr.Conflict("The address book holds at most 20 addresses.")
	errAwaitingCard    = apperr.Conflict("This order waits for its card payment; unpaid, it expires by itself.")
	errReleased        = apperr.Conflict("This order's money was already paid out to the seller.")
)

// Limits.
const (
	maxCartLines    = 100
	maxLineQuantity = 99
	maxAddresses    = 20
)

// numberAlphabet has no 0/O or 1/I/L, so a number read aloud is unambiguous.
const numberAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ"

// newGroupNumber is "SJ-" + year and month (YYMM) + "-" + six characters,
// e.g. SJ-2611-4F7K2Q.
func newGroupNumber(now time.Time) string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = numberAlphabet[int(b[i])%len(numberAlphabet)]
	}
	return "SJ-" + now.Format("0601") + "-" + string(b)
}

func orderNumber(group string, seq int) string { return group + "-" + strconv.Itoa(seq) }
