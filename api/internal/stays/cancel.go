package stays

import (
	"context"
	"encoding/json"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/duffel"
)

// refundNow is what the supplier would refund now by the rate's timeline
// (its first step not yet past).
func (s *Service) refundNow(b *bookingRow) int64 {
	var tl []duffel.CancellationEntry
	_ = json.Unmarshal([]byte(b.Cancellation), &tl)
	now := s.now()
	for _, e := range tl {
		if now.Before(e.Before) {
			amt, err := duffel.ParseAmount(e.RefundAmount)
			if err == nil {
				return min(amt, b.SupplierTotal)
			}
		}
	}
	return 0
}

// Cancel cancels a confirmed stay with the supplier and refunds what the
// rate's policy gives back (the supplier's refund plus the same share of
// Sojourn's margin) to the traveller's wallet (money.SupplierRefund). The
// supplier call is idempotent per stay; the database decides which of two
// parallel cancellations records it.
func (s *Service) Cancel(ctx context.Context, userID, id string) (Stay, error) {
	b, err := s.load(ctx, s.c.DB, userID, id)
	if err != nil {
		return Stay{}, err
	}
	if b.Status != StatusConfirmed {
		return Stay{}, errState
	}
	sb, err := s.c.Supplier.StaysCancel(ctx, "stay-cancel-"+b.ID, b.SupplierBookingID)
	if err != nil {
		return Stay{}, supplierErr(err, errNotFound)
	}
	refund := int64(0)
	if sb.RefundAmount != "" {
		if refund, err = duffel.ParseAmount(sb.RefundAmount); err != nil {
			return Stay{}, err
		}
	}
	refund = min(refund, b.SupplierTotal)
	back := marginBack(refund, b.SupplierTotal, b.Markup)
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := s.now()
		res, err := tx.NewUpdate().Table("stay_bookings").Set("status = ?", StatusCancelled).
			Set("refunded_amount = ?", refund+back).Set("cancelled_at = ?", now).Set("updated_at = ?", now).
			Where("id = ? AND status = ?", b.ID, StatusConfirmed).Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return orErr(err, errState)
		}
		if refund == 0 {
			return nil
		}
		_, err = s.c.Money.SupplierRefund(ctx, tx, money.SupplierRefund{Key: "stay-cancel:" + b.ID,
			Reason: "Refund: stay at " + b.PropertyName + " cancelled", Ref: ref(b.ID), Supplier: supplierName,
			UserID: b.UserID, Amount: refund, MarginBack: back, Currency: b.Currency, To: money.MethodWallet,
			Note: "By the rate's cancellation policy"})
		return err
	})
	if err != nil {
		return Stay{}, err
	}
	return s.Mine(ctx, userID, id)
}
