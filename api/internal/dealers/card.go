package dealers

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/deposits"
	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
)

// CardPaymentWindow is how long a reservation by card waits for its
// payment, the car already reserved: payments.AbandonAfter (after which a
// payment still pending is abandoned) and a margin for a payment that
// settles at its last moment.
const CardPaymentWindow = payments.AbandonAfter + 10*time.Minute

// ReserveByCard reserves an available car for the buyer and starts the
// deposit's card payment through Paystack. In one transaction the car goes
// available -> reserved (the same conditional update as a wallet
// reservation, so a second buyer is refused while this one pays), the
// reservation is written awaiting_payment and the job that lapses it at
// pay_by is scheduled; the payment is started after the transaction
// (Paystack is never called inside one). When Paystack refuses, the
// reservation lapses at once and the car is free again. The payment's
// settlement holds the deposit (onCardPaid) or lapses the reservation
// (onCardFailed). origin is the portal the browser comes back to; the
// answer's Payment says where to pay.
func (s *Service) ReserveByCard(ctx context.Context, buyerID, listingID, key, origin string) (Reservation, error) {
	res, err := s.reserve(ctx, buyerID, listingID, key, PayCard)
	if err != nil {
		return Reservation{}, err
	}
	if res.PayWith != PayCard {
		return Reservation{}, errKeyUsed
	}
	var pay payments.Payment
	if res.PaymentRef != "" {
		if pay, err = s.c.Payments.Payment(ctx, buyerID, res.PaymentRef); err != nil {
			return Reservation{}, err
		}
	} else if res.Status == ReservationAwaitingPayment {
		person, err := s.c.Directory.Lookup(ctx, []string{buyerID})
		if err != nil {
			return Reservation{}, err
		}
		pay, err = s.c.Payments.StartCardPayment(ctx, payments.StartInput{UserID: buyerID,
			Email: person[buyerID].Email, Purpose: payments.PurposeCarReservation, PurposeID: res.ID,
			Amount: res.DepositAmount, Currency: res.Currency, CallbackPath: "/cars/" + res.ListingID, Origin: origin})
		if err != nil {
			lapse := context.WithoutCancel(ctx)
			if lerr := s.c.DB.InTx(lapse, func(ctx context.Context, tx bun.Tx) error {
				return s.expire(ctx, tx, res, ActorSystem, "", "The card payment could not be started")
			}); lerr != nil {
				s.c.Log.Error("dealers: lapse a reservation whose payment did not start", "reservation", res.ID,
					"error", lerr.Error())
			}
			return Reservation{}, err
		}
		if err := s.st.setPaymentReference(ctx, res.ID, pay.Reference); err != nil {
			return Reservation{}, err
		}
	}
	out, err := s.reservationAgain(ctx, res.ID, false)
	if err == nil && out.Status == ReservationAwaitingPayment && out.Payment == nil && pay.Reference != "" {
		started := payments.ToStarted(pay)
		out.Payment = &started
	}
	return out, err
}

// expire ends a reservation awaiting its card payment and frees its car,
// in tx; one already paid or expired is left as it is.
func (s *Service) expire(ctx context.Context, tx bun.Tx, res *reservationRow, actor, actorID, note string) error {
	ok, err := s.st.expireReservation(ctx, tx, res.ID, actorID, note, s.now())
	if err != nil || !ok {
		return err
	}
	r, err := s.st.listing(ctx, tx, res.ListingID)
	if err != nil {
		return err
	}
	if r.Status != StatusReserved {
		return nil
	}
	return s.move(ctx, tx, r, StatusAvailable, actor, actorID, "Reservation lapsed: "+note)
}

// LapseUnpaid lapses a reservation still awaiting its card payment once
// pay_by has come (the payment window job); it answers how early the job
// ran when it did.
func (s *Service) LapseUnpaid(ctx context.Context, id string) (time.Duration, error) {
	res, err := s.st.reservation(ctx, id)
	if err != nil {
		if err == ErrReservationNotFound {
			return 0, nil
		}
		return 0, err
	}
	if res.Status != ReservationAwaitingPayment || res.PayBy == nil {
		return 0, nil
	}
	if early := res.PayBy.Sub(s.now()); early > 0 {
		return early, nil
	}
	return 0, s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return s.expire(ctx, tx, res, ActorSystem, "", "The card payment did not arrive in time")
	})
}

// registerPurpose registers the card reservation's payment purpose: a
// purchase that holds something scarce (payments.Held), the car reserved.
func (s *Service) registerPurpose() {
	payments.RegisterHeld(s.c.Payments, payments.Held[*reservationRow]{
		Purpose: payments.PurposeCarReservation,
		RefundHint: "This card payment is a car reservation's refundable deposit, so it is refunded through the " +
			"reservation: the dealer's Release deposit (car-dealer portal, Bookings), the buyer's Cancel, or the " +
			"automatic release when the reservation runs out. The deposit goes back to the buyer's Sojourn wallet.",
		Load:       s.st.reservationIn,
		Awaiting:   func(res *reservationRow) bool { return res.Status == ReservationAwaitingPayment },
		Confirm:    s.onCardPaid,
		RefundLate: s.onCardLate,
		Release:    s.onCardFailed,
	})
}

// cardHold is the deposit a reservation's card payment holds.
func (s *Service) cardHold(ctx context.Context, tx bun.Tx, res *reservationRow, p payments.Payment) (deposits.HoldInput, error) {
	r, err := s.st.listing(ctx, tx, res.ListingID)
	if err != nil {
		return deposits.HoldInput{}, err
	}
	return deposits.HoldInput{Key: "car-reservation:" + res.ID, Ref: depositRef(res.ID), PayerID: res.BuyerID,
		ProviderUserID: res.DealerUserID, Amount: p.Amount, Currency: p.Currency, Pay: money.MethodCard,
		Reason: "Refundable deposit: " + title(r.Year, r.Make, r.Model, r.Trim)}, nil
}

// onCardPaid runs in the transaction that marks the deposit's card payment
// paid while the reservation awaits it: the deposit is held (from the card)
// and the reservation moves to held with its release job, its days counted
// from now. It answers false when the reservation lapsed meanwhile.
func (s *Service) onCardPaid(ctx context.Context, tx bun.Tx, res *reservationRow, p payments.Payment) (bool, error) {
	hold, err := s.cardHold(ctx, tx, res, p)
	if err != nil {
		return false, err
	}
	now := s.now()
	releaseAt := res.ReleaseAt.Add(now.Sub(res.CreatedAt)) // the dealer's days, from the payment
	ok, err := s.st.payReservation(ctx, tx, res.ID, releaseAt, now)
	if err != nil || !ok {
		return false, err
	}
	if _, err := s.c.Deposits.Hold(ctx, tx, hold); err != nil {
		return false, err
	}
	_, err = s.c.Jobs.InsertTx(ctx, tx, ReleaseJob{ReservationID: res.ID}, &river.InsertOpts{ScheduledAt: releaseAt})
	return err == nil, err
}

// onCardLate gives a deposit paid after its reservation lapsed (the car may
// be someone else's by now) back to the buyer's wallet at once: the deposit
// is held and released in the settling transaction.
func (s *Service) onCardLate(ctx context.Context, tx bun.Tx, res *reservationRow, p payments.Payment) error {
	hold, err := s.cardHold(ctx, tx, res, p)
	if err != nil {
		return err
	}
	if _, err := s.c.Deposits.Hold(ctx, tx, hold); err != nil {
		return err
	}
	_, err = s.c.Deposits.Release(ctx, tx, depositRef(res.ID), "",
		"Refunded: the reservation had lapsed before the card payment arrived")
	return err
}

// onCardFailed lapses a reservation whose card payment failed or was
// abandoned, and frees its car.
func (s *Service) onCardFailed(ctx context.Context, tx bun.Tx, res *reservationRow, p payments.Payment) error {
	return s.expire(ctx, tx, res, ActorSystem, "", "The card payment "+p.Status)
}
