package money

import "fmt"

// MaxAmount is the largest amount, in minor units, that the API accepts and
// that one movement moves (10^12: ten billion naira). See "Limits" in doc.go.
const MaxAmount int64 = 1_000_000_000_000

// MaxBalance bounds every ledger balance, in minor units, both ways
// (10^15). The database enforces it (migration 0009); a movement that would
// pass it is ErrBalanceLimit.
const MaxBalance int64 = 1_000_000_000_000_000

// AmountTooLarge is the field message for an amount beyond MaxAmount.
var AmountTooLarge = fmt.Sprintf("must be at most %d minor units", MaxAmount)

// ValidAmount reports whether n is a positive amount of at most MaxAmount.
func ValidAmount(n int64) bool { return n > 0 && n <= MaxAmount }
