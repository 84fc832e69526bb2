package shop

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
)

func orderRef(id string) money.Ref { return money.Ref{Type: money.RefOrder, ID: id} }

func stockOf(lines []lineRow) []StockLine {
	out := make([]StockLine, 0, len(lines))
	for _, l := range lines {
		out = append(out, StockLine{VariantID: l.VariantID, Quantity: l.Quantity})
	}
	return out
}

// payOrder marks an order awaiting payment paid, holds its total in its
// escrow (from the wallet or the card) and consumes its reserved stock,
// in tx; the conditional update decides, so it runs once.
func (s *Service) payOrder(ctx context.Context, tx bun.Tx, g *groupRow, o *orderRow, lines []lineRow, pay money.Method,
	actor, actorID string) error {
	now := s.now()
	ok, err := s.st.setPayment(ctx, tx, o.ID, PayAwaiting, PayPaid, now, func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("paid_at = ?", now)
	})
	if err != nil || !ok {
		return err
	}
	if _, err := s.c.Money.Hold(ctx, tx, money.Hold{Key: "shop-order-hold:" + o.ID, Reason: "Order " + orderNumber(g.Number, o.Seq),
		Ref: orderRef(o.ID), PayerID: o.UserID, Amount: o.Total, Currency: o.Currency, Pay: pay,
		Note: o.StoreName}); err != nil {
		return err
	}
	if err := s.c.Catalog.Consume(ctx, tx, stockOf(lines)); err != nil {
		return err
	}
	note := "Paid from the wallet"
	if pay == money.MethodCard {
		note = "Paid by card"
	}
	o.PaymentStatus, o.PaidAt = PayPaid, &now
	if err := s.event(ctx, tx, o.ID, "payment", PayAwaiting, PayPaid, actorID, actor, note); err != nil {
		return err
	}
	return s.notifyPaid(ctx, tx, g, o)
}

// startPayment starts a card group's Paystack payment (outside any
// transaction) and records its reference; Paystack refusing expires the
// group at once, freeing its stock.
func (s *Service) startPayment(ctx context.Context, g *groupRow, origin string) (payments.Payment, error) {
	person, err := s.c.Directory.Lookup(ctx, []string{g.UserID})
	if err != nil {
		return payments.Payment{}, err
	}
	pay, err := s.c.Payments.StartCardPayment(ctx, payments.StartInput{UserID: g.UserID, Email: person[g.UserID].Email,
		Purpose: payments.PurposeOrder, PurposeID: g.ID, Amount: g.Total, Currency: g.Currency,
		CallbackPath: "/shop/Successful?group=" + g.ID, Origin: origin})
	if err != nil {
		lapse := context.WithoutCancel(ctx)
		if lerr := s.c.DB.InTx(lapse, func(ctx context.Context, tx bun.Tx) error {
			return s.expireGroup(ctx, tx, g, "The card payment could not be started")
		}); lerr != nil {
			s.c.Log.Error("shop: expire a group whose payment did not start", "group", g.ID, "error", lerr.Error())
		}
		return payments.Payment{}, err
	}
	if err := s.st.setGroupReference(ctx, g.ID, pay.Reference); err != nil {
		return payments.Payment{}, err
	}
	g.PaymentReference = pay.Reference
	return pay, nil
}

// registerPurpose registers the order group's card purpose: a purchase
// holding something scarce (the reserved stock), payments.RegisterHeld.
func (s *Service) registerPurpose() {
	payments.RegisterHeld(s.c.Payments, payments.Held[*groupRow]{
		Purpose: payments.PurposeOrder,
		RefundHint: "This card payment paid for a shop order group, so it is refunded per seller order: the vendor's " +
			"cancel or refund (vendor portal, Orders) or an admin's refund on the order group (Shop orders). The money " +
			"goes back to the shopper's Sojourn wallet.",
		Load:       s.st.groupIn,
		Awaiting:   func(g *groupRow) bool { return g.Status == GroupAwaiting },
		Confirm:    s.onCardPaid,
		RefundLate: s.onCardLate,
		Release:    s.onCardFailed,
	})
}

// onCardPaid pays every order of a group awaiting its card payment: the
// group moves to paid (conditional update), each order's total goes into
// its escrow from the card and its stock is consumed. Another amount, or a
// group that stopped waiting, answers false (refunded as late).
func (s *Service) onCardPaid(ctx context.Context, tx bun.Tx, g *groupRow, p payments.Payment) (bool, error) {
	if p.Amount != g.Total || p.Currency != g.Currency {
		return false, nil
	}
	ok, err := s.st.setGroupStatus(ctx, tx, g.ID, GroupAwaiting, GroupPaid, s.now())
	if err != nil || !ok {
		return false, err
	}
	orders, lines, err := s.st.groupOrders(ctx, tx, g.ID)
	if err != nil {
		return false, err
	}
	for i := range orders {
		if err := s.payOrder(ctx, tx, g, &orders[i], lines[orders[i].ID], money.MethodCard, ActorSystem, ""); err != nil {
			return false, err
		}
	}
	_, err = tx.NewUpdate().Model((*groupRow)(nil)).Set("payment_reference = ?", p.Reference).Where("id = ?", g.ID).Exec(ctx)
	return err == nil, err
}

// onCardLate gives a card payment for a group that no longer waits for it
// (expired) back to the shopper's wallet at once: held into the group's
// own escrow and refunded from it in the settling transaction.
func (s *Service) onCardLate(ctx context.Context, tx bun.Tx, g *groupRow, p payments.Payment) error {
	ref := money.Ref{Type: money.RefOrder, ID: g.ID}
	if _, err := s.c.Money.Hold(ctx, tx, money.Hold{Key: "shop-card:" + p.Reference, Reason: "Order " + g.Number,
		Ref: ref, PayerID: g.UserID, Amount: p.Amount, Currency: p.Currency, Pay: money.MethodCard}); err != nil {
		return err
	}
	_, err := s.c.Money.Refund(ctx, tx, money.Refund{Key: "shop-late-refund:" + p.Reference,
		Reason: "Refund: order " + g.Number + " had expired before the card payment arrived", Ref: ref,
		UserID: g.UserID, Amount: p.Amount, Currency: p.Currency, From: money.RefundFromEscrow, To: money.MethodWallet})
	return err
}

// onCardFailed expires a group whose card payment failed or was abandoned
// and frees its stock; a group paid by another payment is left alone.
func (s *Service) onCardFailed(ctx context.Context, tx bun.Tx, g *groupRow, p payments.Payment) error {
	if g.PaymentReference != "" && g.PaymentReference != p.Reference {
		return nil
	}
	return s.expireGroup(ctx, tx, g, "The card payment "+p.Status)
}

// expireGroup ends a group still awaiting its payment: the group and each
// order expire (conditional updates) and the reserved stock is released.
func (s *Service) expireGroup(ctx context.Context, tx bun.Tx, g *groupRow, note string) error {
	now := s.now()
	ok, err := s.st.setGroupStatus(ctx, tx, g.ID, GroupAwaiting, GroupExpired, now)
	if err != nil || !ok {
		return err
	}
	orders, lines, err := s.st.groupOrders(ctx, tx, g.ID)
	if err != nil {
		return err
	}
	for _, o := range orders {
		ok, err := s.st.setPayment(ctx, tx, o.ID, PayAwaiting, PayExpired, now, func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("fulfilment_status = ?", FulCancelled).Set("cancelled_at = ?", now).Set("cancel_reason = ?", note)
		})
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if err := s.c.Catalog.Release(ctx, tx, stockOf(lines[o.ID])); err != nil {
			return err
		}
		if err := s.event(ctx, tx, o.ID, "status", "placed", "expired", "", ActorSystem, note); err != nil {
			return err
		}
	}
	return nil
}

// ExpireUnpaid expires a card group whose payment has not settled by
// pay_by (the expiry job); it answers how early the job ran when it did.
func (s *Service) ExpireUnpaid(ctx context.Context, groupID string) (time.Duration, error) {
	g, err := s.st.groupIn(ctx, s.c.DB, groupID)
	if err != nil {
		if err == ErrGroupNotFound {
			return 0, nil
		}
		return 0, err
	}
	if g.Status != GroupAwaiting || g.PayBy == nil {
		return 0, nil
	}
	if early := g.PayBy.Sub(s.now()); early > 0 {
		return early, nil
	}
	return 0, s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return s.expireGroup(ctx, tx, g, "The card payment did not arrive in time")
	})
}
