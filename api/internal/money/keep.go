package money

import (
	"context"
	"errors"

	"github.com/uptrace/bun"
)

// Keep is money Sojourn keeps from a purchase's escrow as its own revenue:
// a ticket to an event Sojourn itself runs, once the event took place.
type Keep struct {
	Key      string
	Reason   string
	Ref      Ref
	Amount   int64
	Currency string
}

// KeepEscrow moves money out of a purchase's escrow to platform_revenue.
// The escrow may not go negative: more than it holds is
// ErrInsufficientFunds.
func (s *Service) KeepEscrow(ctx context.Context, db bun.IDB, in Keep) (Result, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Result{}, err
	}
	if err := errors.Join(checkBasics(in.Key, in.Amount), checkRef(in.Ref)); err != nil {
		return Result{}, firstErr(err)
	}
	return s.post(ctx, db, movement{kind: "keep", key: in.Key,
		reason: orDefault(in.Reason, "Revenue from "+in.Ref.Type), ref: in.Ref, currency: cur,
		legs: []leg{{kind: KindEscrow, owner: in.Ref.escrowOwner(), amount: -in.Amount},
			{kind: KindPlatformRevenue, amount: in.Amount}}})
}
