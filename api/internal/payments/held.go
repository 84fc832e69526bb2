package payments

import (
	"context"

	"github.com/uptrace/bun"
)

// Registrar is the part of the Service a purpose is registered with (a
// domain's own Payments interface has these methods).
type Registrar interface {
	RegisterPurpose(name string, onPaid func(ctx context.Context, tx bun.Tx, p Payment) error)
	RegisterFailure(name string, fn FailedFunc)
	RegisterRefundHint(name, hint string)
}

// Held is the card purpose of a purchase that holds something scarce (a
// reserved car, a rental's days) while its payment settles, refunded by
// cancelling the purchase. RegisterHeld runs its shape; the functions are
// the domain's own decisions, each inside the settling transaction:
//
//   - paid while the purchase still awaits it: Confirm moves it on; when
//     Confirm answers false (a conditional update lost, another amount) the
//     payment counts as late;
//   - paid late (the purchase no longer awaits it): RefundLate gives the
//     whole amount back to the payer's wallet at once;
//   - failed or abandoned while it awaits it: Release frees what it holds
//     (or leaves a purchase waiting for another payment alone).
type Held[T any] struct {
	Purpose string
	// RefundHint sends an admin's refund to where the purchase is cancelled.
	RefundHint string
	// Load reads the purchase a payment is for (its PurposeID), in tx.
	Load func(ctx context.Context, db bun.IDB, id string) (T, error)
	// Awaiting says whether the purchase still waits for its card payment.
	Awaiting   func(T) bool
	Confirm    func(ctx context.Context, tx bun.Tx, v T, p Payment) (bool, error)
	RefundLate func(ctx context.Context, tx bun.Tx, v T, p Payment) error
	Release    func(ctx context.Context, tx bun.Tx, v T, p Payment) error
}

// RegisterHeld registers h's purpose, its failure and its refund hint with
// r; a missing function panics (a wiring mistake).
func RegisterHeld[T any](r Registrar, h Held[T]) {
	if h.Purpose == "" || h.RefundHint == "" || h.Load == nil || h.Awaiting == nil || h.Confirm == nil ||
		h.RefundLate == nil || h.Release == nil {
		panic("payments: RegisterHeld needs a purpose, a refund hint and every function")
	}
	r.RegisterPurpose(h.Purpose, func(ctx context.Context, tx bun.Tx, p Payment) error {
		v, err := h.Load(ctx, tx, p.PurposeID)
		if err != nil {
			return err
		}
		if h.Awaiting(v) {
			if ok, err := h.Confirm(ctx, tx, v, p); err != nil || ok {
				return err
			}
		}
		return h.RefundLate(ctx, tx, v, p)
	})
	r.RegisterFailure(h.Purpose, func(ctx context.Context, tx bun.Tx, p Payment) error {
		v, err := h.Load(ctx, tx, p.PurposeID)
		if err != nil || !h.Awaiting(v) {
			return err
		}
		return h.Release(ctx, tx, v, p)
	})
	r.RegisterRefundHint(h.Purpose, h.RefundHint)
}
