package flights

import (
	"context"
	"errors"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
)

// startCard starts the card payment of an order waiting for it; the order
// keeps its offer meanwhile (a failed or abandoned payment fails it).
func (s *Service) startCard(ctx context.Context, o *orderRow, origin string) (Placed, error) {
	person, err := s.c.Directory.Person(ctx, o.UserID)
	if err != nil {
		return Placed{}, err
	}
	pay, err := s.c.Payments.StartCardPayment(ctx, payments.StartInput{UserID: o.UserID, Email: person.Email,
		Purpose: PurposeFlight, PurposeID: o.ID, Amount: o.Price, Currency: o.Currency,
		CallbackPath: "/booking/FlightDetails?order=" + o.ID, Origin: origin})
	if err != nil {
		_ = s.failUnpaid(ctx, o.ID, "The card payment could not start")
		return Placed{}, err
	}
	if _, err := s.c.DB.NewUpdate().Table("flight_orders").Set("payment_reference = ?", pay.Reference).
		Where("id = ? AND status = ?", o.ID, StatusAwaitingPayment).Exec(ctx); err != nil {
		return Placed{}, err
	}
	v, err := s.Mine(ctx, o.UserID, o.ID)
	if err != nil {
		return Placed{}, err
	}
	started := payments.ToStarted(pay)
	return Placed{Order: v, Payment: &started}, nil
}

func (s *Service) registerPurpose() {
	s.c.Payments.RegisterPurpose(PurposeFlight, s.onCardPaid)
	s.c.Payments.RegisterFailure(PurposeFlight, s.onCardFailed)
	s.c.Payments.RegisterRefundHint(PurposeFlight, "This card payment paid for a flight order. A confirmed flight is "+
		"refunded by cancelling it (the airline's refund by the fare's rules goes back to the traveller's wallet); an "+
		"order the airline could not confirm was refunded to the wallet automatically.")
}

// onCardPaid runs in the transaction that settles an order's card payment:
// an order still waiting is paid into its escrow and scheduled for
// placing; anything else gets the amount back in the wallet at once.
func (s *Service) onCardPaid(ctx context.Context, tx bun.Tx, p payments.Payment) error {
	o, err := s.load(ctx, tx, p.PurposeID)
	if err != nil {
		return err
	}
	if _, err := s.c.Money.Hold(ctx, tx, money.Hold{Key: "flight-card:" + p.Reference, Reason: "Flight " + title(o),
		Ref: ref(o.ID), PayerID: o.UserID, Amount: p.Amount, Currency: p.Currency, Pay: money.MethodCard}); err != nil {
		return err
	}
	if o.Status == StatusAwaitingPayment && p.Amount == o.Price && p.Currency == o.Currency {
		ok, err := s.transition(ctx, tx, o, StatusPlacing, "Paid by card", func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("payment_reference = ?", p.Reference)
		})
		if err != nil {
			return err
		}
		if ok {
			return s.schedulePlace(ctx, tx, o.ID)
		}
	}
	_, err = s.c.Money.Refund(ctx, tx, money.Refund{Key: "flight-card-late:" + p.Reference,
		Reason: "Refund: the flight order was no longer waiting for this card payment", Ref: ref(o.ID),
		UserID: o.UserID, Amount: p.Amount, Currency: p.Currency, From: money.RefundFromEscrow, To: money.MethodWallet})
	return err
}

// onCardFailed fails an order whose card payment failed or was abandoned,
// freeing its offer.
func (s *Service) onCardFailed(ctx context.Context, tx bun.Tx, p payments.Payment) error {
	o, err := s.load(ctx, tx, p.PurposeID)
	if err != nil || o.Status != StatusAwaitingPayment {
		return ignoreMissing(err)
	}
	note := "The card payment " + p.Status
	_, err = s.transition(ctx, tx, o, StatusFailed, note, func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("failure_reason = ?", note)
	})
	return err
}

// failUnpaid fails an order whose card payment never started.
func (s *Service) failUnpaid(ctx context.Context, id, note string) error {
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		o, err := s.load(ctx, tx, id)
		if err != nil || o.Status != StatusAwaitingPayment {
			return ignoreMissing(err)
		}
		_, err = s.transition(ctx, tx, o, StatusFailed, note, func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("failure_reason = ?", note)
		})
		return err
	})
}

// ignoreMissing drops errNotFound (an order that is not there has nothing
// to do) and keeps any other error.
func ignoreMissing(err error) error {
	if errors.Is(err, errNotFound) {
		return nil
	}
	return err
}
