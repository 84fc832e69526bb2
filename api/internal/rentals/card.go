package rentals

import (
	"context"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
)

// payByCard starts the card payment of a pending rental's price and deposit.
// In one transaction the rental is marked as waiting for a card payment
// (pay_with card) and its hold extended to CardHoldTTL, with its own expiry
// job, while the payment may still settle; the payment is started outside
// it (payments never calls Paystack inside a transaction). A rental with
// nothing to pay is confirmed at once.
func (s *Service) payByCard(ctx context.Context, userID, id, origin string) (Paid, error) {
	var b *bookingRow
	exp := s.now().Add(CardHoldTTL)
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if b, err = s.payable(ctx, tx, userID, id); err != nil {
			return err
		}
		if b.Price+b.Deposit == 0 {
			return s.paid(ctx, tx, b, money.MethodCard, userID, ActorUser, "Nothing to pay")
		}
		res, err := tx.NewUpdate().Table("rental_bookings").Set("pay_with = ?", PayCard).
			Set("hold_expires_at = ?", exp).Set("updated_at = ?", s.now()).
			Where("id = ? AND status = ? AND pay_with <> ?", id, StatusPending, PayCard).Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return errorsJoin(err, errCardUnderWay)
		}
		_, err = s.c.Jobs.InsertTx(ctx, tx, ExpireHoldJob{BookingID: id}, &river.InsertOpts{ScheduledAt: exp})
		return err
	})
	if err != nil {
		return Paid{}, err
	}
	if b.Price+b.Deposit == 0 {
		out, err := s.Mine(ctx, userID, id)
		return Paid{Booking: out}, err
	}
	person, err := s.c.Directory.Person(ctx, userID)
	if err != nil {
		return Paid{}, err
	}
	pay, err := s.c.Payments.StartCardPayment(ctx, payments.StartInput{UserID: userID, Email: person.Email,
		Purpose: payments.PurposeRental, PurposeID: id, Amount: b.Price + b.Deposit, Currency: b.Currency,
		CallbackPath: "/booking/car-rentals/company/fleet/BookSuccessful?id=" + id, Origin: origin})
	if err != nil {
		return Paid{}, err
	}
	if _, err := s.c.DB.NewUpdate().Table("rental_bookings").Set("payment_reference = ?", pay.Reference).
		Where("id = ? AND pay_with = ?", id, PayCard).Exec(ctx); err != nil {
		return Paid{}, err
	}
	out, err := s.Mine(ctx, userID, id)
	if err != nil {
		return Paid{}, err
	}
	started := payments.ToStarted(pay)
	return Paid{Booking: out, Payment: &started}, nil
}

func errorsJoin(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// registerPurpose registers the rentals' card payment purpose: a purchase
// that holds something scarce (payments.Held), the car's days.
func (s *Service) registerPurpose() {
	payments.RegisterHeld(s.c.Payments, payments.Held[*bookingRow]{
		Purpose: payments.PurposeRental,
		RefundHint: "This card payment paid for a car rental (its price and its deposit), so it is refunded by " +
			"cancelling the rental: the rental company cancels it from its bookings, or the renter while the policy " +
			"allows. The price goes back to the renter's Sojourn wallet by the car's cancellation policy, the deposit " +
			"is released to it in full, and the car's days are freed.",
		Load:       s.load,
		Awaiting:   func(b *bookingRow) bool { return b.Status == StatusPending },
		Confirm:    s.onCardPaid,
		RefundLate: s.onCardLate,
		Release:    s.onCardFailed,
	})
}

// onCardPaid runs in the transaction that marks a rental's card payment
// paid while the rental is pending: it is paid as from the wallet, with the
// card: the price into its escrow, the deposit held, confirmed. A payment
// of another amount answers false (refunded as late).
func (s *Service) onCardPaid(ctx context.Context, tx bun.Tx, b *bookingRow, p payments.Payment) (bool, error) {
	if p.Amount != b.Price+b.Deposit || p.Currency != b.Currency {
		return false, nil
	}
	if err := s.paid(ctx, tx, b, money.MethodCard, "", ActorSystem, "Paid by card"); err != nil {
		return false, err
	}
	_, err := tx.NewUpdate().Table("rental_bookings").Set("payment_reference = ?", p.Reference).
		Where("id = ?", b.ID).Exec(ctx)
	s.search.dirty()
	return err == nil, err
}

// onCardLate gives a card payment for a rental no longer pending (its hold
// expired, it was cancelled, or it was paid from the wallet meanwhile), or
// one of another amount, back to the renter's wallet at once (the car's
// days may be someone else's by now).
func (s *Service) onCardLate(ctx context.Context, tx bun.Tx, b *bookingRow, p payments.Payment) error {
	if _, err := s.c.Money.Hold(ctx, tx, money.Hold{Key: "rental-card:" + p.Reference, Reason: "Car rental " + b.CarTitle,
		Ref: rentalRef(b.ID), PayerID: b.UserID, Amount: p.Amount, Currency: p.Currency, Pay: money.MethodCard}); err != nil {
		return err
	}
	if _, err := s.c.Money.Refund(ctx, tx, money.Refund{Key: "rental-late-refund:" + p.Reference,
		Reason: "Refund: the rental was no longer waiting for this card payment when it arrived", Ref: rentalRef(b.ID),
		UserID: b.UserID, Amount: p.Amount, Currency: p.Currency, From: money.RefundFromEscrow,
		To: money.MethodWallet}); err != nil {
		return err
	}
	if b.Status != StatusCancelled {
		return nil
	}
	_, err := tx.NewUpdate().Table("rental_bookings").Set("paid_amount = paid_amount + ?", p.Amount).
		Set("refunded_amount = refunded_amount + ?", p.Amount).Set("payment_reference = ?", p.Reference).
		Where("id = ?", b.ID).Exec(ctx)
	return err
}

// onCardFailed cancels a pending rental whose card payment failed or was
// abandoned (as the kernel's bookings expire theirs), freeing the car's
// days; a rental waiting for another payment is left alone.
func (s *Service) onCardFailed(ctx context.Context, tx bun.Tx, b *bookingRow, p payments.Payment) error {
	if b.PayWith != PayCard || (b.PaymentReference != "" && b.PaymentReference != p.Reference) {
		return nil
	}
	note := "The card payment " + p.Status
	_, err := s.transition(ctx, tx, b, StatusCancelled, "", ActorSystem, note,
		func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("cancel_reason = ?", note).Set("cancelled_at = ?", s.now()).Set("hold_expires_at = NULL")
		})
	s.search.dirty()
	return err
}
