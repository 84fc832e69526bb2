package flights

import (
	"context"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/duffel"
)

// QuoteCancellation asks the airline what cancelling a confirmed order
// refunds. The traveller gets the supplier's refund plus Sojourn's margin
// on the refunded share; the quote lasts until the supplier's expiry.
func (s *Service) QuoteCancellation(ctx context.Context, userID, id string) (Order, error) {
	o, err := s.load(ctx, s.c.DB, id)
	if err != nil {
		return Order{}, err
	}
	if o.UserID != userID {
		return Order{}, errNotFound
	}
	if o.Status != StatusConfirmed || !s.now().Before(o.DepartsAt) {
		return Order{}, errState
	}
	q, err := s.c.Supplier.QuoteCancellation(ctx, "", o.SupplierOrderID)
	if err != nil {
		return Order{}, supplierErr(err)
	}
	refund, err := duffel.AmountMinor(q.RefundAmount)
	if err != nil {
		return Order{}, err
	}
	if refund > o.Cost {
		refund = o.Cost
	}
	back := marginBack(o, refund)
	exp := q.ExpiresAt.UTC()
	if _, err := s.c.DB.NewUpdate().Table("flight_orders").Set("cancel_quote_id = ?", q.ID).
		Set("cancel_supplier_refund = ?", refund).Set("cancel_refund = ?", refund+back).
		Set("cancel_quote_expires_at = ?", exp).Set("updated_at = ?", s.now()).
		Where("id = ? AND status = ?", o.ID, StatusConfirmed).Exec(ctx); err != nil {
		return Order{}, err
	}
	return s.Mine(ctx, userID, id)
}

// marginBack is Sojourn's margin on the refunded share of the cost.
func marginBack(o *orderRow, refund int64) int64 {
	if o.Cost == 0 {
		return 0
	}
	return o.Margin * refund / o.Cost
}

// ConfirmCancellation cancels the order at its quote (still valid): the
// supplier confirms, then the order moves to cancelled and the refund goes
// from the supplier's payable (and the margin's share from platform fees)
// to the traveller's wallet, in one transaction. Confirming twice refunds
// once.
func (s *Service) ConfirmCancellation(ctx context.Context, userID, id string) (Order, error) {
	o, err := s.load(ctx, s.c.DB, id)
	if err != nil {
		return Order{}, err
	}
	if o.UserID != userID {
		return Order{}, errNotFound
	}
	if o.Status == StatusCancelled {
		return s.Mine(ctx, userID, id)
	}
	if o.Status != StatusConfirmed {
		return Order{}, errState
	}
	if o.CancelQuoteID == "" || o.CancelQuoteExpiresAt == nil {
		return Order{}, errNoQuote
	}
	if !s.now().Before(*o.CancelQuoteExpiresAt) {
		return Order{}, errQuoteExpired
	}
	if _, err := s.c.Supplier.ConfirmCancellation(ctx, "sojourn-flight-cancel-"+o.CancelQuoteID, o.CancelQuoteID); err != nil {
		if duffel.IsCode(err, duffel.CodeCancellationExpired) {
			return Order{}, errQuoteExpired
		}
		if !duffel.IsCode(err, duffel.CodeAlreadyCancelled) {
			return Order{}, supplierErr(err)
		}
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		o, err := s.load(ctx, tx, id)
		if err != nil {
			return err
		}
		if o.Status != StatusConfirmed {
			return nil // cancelled meanwhile
		}
		now := s.now()
		ok, err := s.transition(ctx, tx, o, StatusCancelled, "Cancelled by the traveller",
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("cancelled_at = ?", now).Set("refunded_amount = ?", o.CancelRefund)
			})
		if err != nil || !ok || o.CancelSupplierRefund == 0 {
			return err
		}
		_, err = s.c.Money.SupplierRefund(ctx, tx, money.SupplierRefund{Key: "flight-cancel-refund:" + o.ID,
			Reason: "Refund: flight " + title(o) + " cancelled", Ref: ref(o.ID), Supplier: Supplier, UserID: o.UserID,
			Amount: o.CancelSupplierRefund, MarginBack: o.CancelRefund - o.CancelSupplierRefund, Currency: o.Currency,
			To: money.MethodWallet})
		return err
	})
	if err != nil {
		return Order{}, err
	}
	out, err := s.Mine(ctx, userID, id)
	if err == nil {
		s.notify(ctx, userID, "Flight cancelled: "+title(o), "Your flight "+title(o)+" ("+o.BookingReference+
			") is cancelled. Refund to your Sojourn wallet: "+o.Currency+" "+formatMajor(o.CancelRefund)+".")
	}
	return out, err
}

func formatMajor(minor int64) string { return duffel.FormatAmount(minor) }
