package dealers

import (
	"context"
	"slices"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/deposits"
	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// RefReservation is the deposits ref type of a car reservation.
const RefReservation = "car_reservation"

func depositRef(id string) deposits.Ref { return deposits.Ref{Type: RefReservation, ID: id} }

// Reserve reserves an available car for the buyer with the dealer's
// refundable deposit, from the buyer's wallet: in one transaction the car
// goes available -> reserved by a conditional update (the database decides
// a race: one reservation per car, also held by the partial unique index),
// the reservation is written, the deposit is held through the deposits
// service and the release job is scheduled at release_at (now + the
// dealer's reservation days). key makes a retry answer the same
// reservation.
func (s *Service) Reserve(ctx context.Context, buyerID, listingID, key string) (Reservation, error) {
	res, err := s.reserve(ctx, buyerID, listingID, key, PayWallet)
	if err != nil || res == nil {
		return Reservation{}, err
	}
	return s.oneReservation(ctx, res, false)
}

// reserve checks the car and takes it for the buyer in one transaction:
// by wallet with the deposit held at once; by card awaiting the payment,
// with the job that lapses it at pay_by. A retry with the same key answers
// the reservation it made (whichever way it was paid).
func (s *Service) reserve(ctx context.Context, buyerID, listingID, key, payWith string) (*reservationRow, error) {
	if key == "" {
		key = ids.New()
	}
	if len(key) > 200 {
		return nil, apperr.Validation(map[string]string{"Idempotency-Key": "must be at most 200 characters"})
	}
	if prev, err := s.st.reservationByKey(ctx, buyerID, key); err == nil {
		return prev, nil
	}
	r, err := s.st.listing(ctx, s.c.DB, listingID)
	if err != nil {
		return nil, err
	}
	if r.Hidden {
		return nil, ErrNotFound
	}
	if r.DealerUserID == buyerID {
		return nil, errOwnCar
	}
	p, err := s.c.Practice.Provider(ctx, r.ProviderID)
	if err != nil || p.Status != "published" {
		return nil, ErrNotFound
	}
	if r.Status != StatusAvailable {
		return nil, ErrNotAvailable
	}
	set, err := s.st.settings(ctx, s.c.DB, r.ProviderID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	res := &reservationRow{ID: ids.New(), ListingID: r.ID, ProviderID: r.ProviderID, DealerUserID: r.DealerUserID,
		BuyerID: buyerID, DepositAmount: set.DepositAmount, Currency: set.Currency, Status: ReservationHeld,
		ReleaseAt: now.AddDate(0, 0, set.ReservationDays), ReserveKey: key, PayWith: payWith, CreatedAt: now,
		UpdatedAt: now}
	note := "Reserved with a deposit"
	if payWith == PayCard {
		by := now.Add(CardPaymentWindow)
		res.Status, res.PayBy, note = ReservationAwaitingPayment, &by, "Reserved; waiting for the card payment"
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.move(ctx, tx, r, StatusReserved, ActorBuyer, buyerID, note); err != nil {
			if err == errWrongMove {
				return ErrNotAvailable
			}
			return err
		}
		if err := s.st.insertReservation(ctx, tx, res); err != nil {
			return err
		}
		if payWith == PayCard {
			_, err := s.c.Jobs.InsertTx(ctx, tx, PaymentWindowJob{ReservationID: res.ID},
				&river.InsertOpts{ScheduledAt: *res.PayBy})
			return err
		}
		if _, err := s.c.Deposits.Hold(ctx, tx, deposits.HoldInput{Key: "car-reservation:" + res.ID,
			Ref: depositRef(res.ID), PayerID: buyerID, ProviderUserID: r.DealerUserID, Amount: res.DepositAmount,
			Currency: res.Currency, Pay: money.MethodWallet,
			Reason: "Refundable deposit: " + title(r.Year, r.Make, r.Model, r.Trim)}); err != nil {
			return err
		}
		_, err := s.c.Jobs.InsertTx(ctx, tx, ReleaseJob{ReservationID: res.ID}, &river.InsertOpts{ScheduledAt: res.ReleaseAt})
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// settle ends a held reservation: released (deposit back to the buyer, the
// car available again) or completed (the deposit captured in full for the
// dealer, the car sold), all in one transaction; the conditional update of
// the reservation decides who settles it.
func (s *Service) settle(ctx context.Context, res *reservationRow, to, actor, actorID, note string) error {
	if res.Status == ReservationAwaitingPayment {
		return errAwaitingPayment
	}
	if !canSettle(res.Status, to) {
		return errAlreadyHeld
	}
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := s.now()
		ok, err := s.st.settleReservation(ctx, tx, res.ID, to, actorID, note, now)
		if err != nil {
			return err
		}
		if !ok {
			return errAlreadyHeld
		}
		r, err := s.st.listing(ctx, tx, res.ListingID)
		if err != nil {
			return err
		}
		car := title(r.Year, r.Make, r.Model, r.Trim)
		if to == ReservationCompleted {
			if err := s.move(ctx, tx, r, StatusSold, actor, actorID, "Sale completed"); err != nil {
				return err
			}
			_, err = s.c.Deposits.Capture(ctx, tx, depositRef(res.ID), res.DepositAmount, "Sale completed: "+car, actorID)
			return err
		}
		if r.Status == StatusReserved {
			if err := s.move(ctx, tx, r, StatusAvailable, actor, actorID, "Reservation released"); err != nil {
				return err
			}
		}
		_, err = s.c.Deposits.Release(ctx, tx, depositRef(res.ID), actorID, note)
		return err
	})
}

// CompleteSale is the dealer's "sale completed" on a held reservation.
func (s *Service) CompleteSale(ctx context.Context, userID, id string) (Reservation, error) {
	res, err := s.st.ownReservation(ctx, userID, id, true)
	if err != nil {
		return Reservation{}, err
	}
	if err := s.settle(ctx, res, ReservationCompleted, ActorDealer, userID, "Sale completed"); err != nil {
		return Reservation{}, err
	}
	return s.reservationAgain(ctx, id, true)
}

// DealerRelease is the dealer's "release deposit": the buyer gets it back.
func (s *Service) DealerRelease(ctx context.Context, userID, id string) (Reservation, error) {
	res, err := s.st.ownReservation(ctx, userID, id, true)
	if err != nil {
		return Reservation{}, err
	}
	if err := s.settle(ctx, res, ReservationReleased, ActorDealer, userID, "Released by the dealer"); err != nil {
		return Reservation{}, err
	}
	return s.reservationAgain(ctx, id, true)
}

// CancelReservation is the buyer giving up a held reservation (the
// deposit comes back) or one still waiting for its card payment (the car is
// freed; a payment that still arrives is refunded to the wallet).
func (s *Service) CancelReservation(ctx context.Context, userID, id string) (Reservation, error) {
	res, err := s.st.ownReservation(ctx, userID, id, false)
	if err != nil {
		return Reservation{}, err
	}
	if res.Status == ReservationAwaitingPayment {
		err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			return s.expire(ctx, tx, res, ActorBuyer, userID, "Cancelled by the buyer before paying")
		})
		if err != nil {
			return Reservation{}, err
		}
		return s.reservationAgain(ctx, id, false)
	}
	if err := s.settle(ctx, res, ReservationReleased, ActorBuyer, userID, "Cancelled by the buyer"); err != nil {
		return Reservation{}, err
	}
	return s.reservationAgain(ctx, id, false)
}

// Lapse releases a held reservation whose release time has come (the
// release job); it answers how early the job ran when it did.
func (s *Service) Lapse(ctx context.Context, id string) (time.Duration, error) {
	res, err := s.st.reservation(ctx, id)
	if err != nil {
		if err == ErrReservationNotFound {
			return 0, nil
		}
		return 0, err
	}
	if res.Status != ReservationHeld {
		return 0, nil
	}
	if early := res.ReleaseAt.Sub(s.now()); early > 0 {
		return early, nil
	}
	err = s.settle(ctx, res, ReservationReleased, ActorSystem, "", "Released automatically: the reservation ran out")
	if err == errAlreadyHeld {
		return 0, nil
	}
	return 0, err
}

func (s *Service) reservationAgain(ctx context.Context, id string, forDealer bool) (Reservation, error) {
	res, err := s.st.reservation(ctx, id)
	if err != nil {
		return Reservation{}, err
	}
	return s.oneReservation(ctx, res, forDealer)
}

func (s *Service) oneReservation(ctx context.Context, r *reservationRow, forDealer bool) (Reservation, error) {
	out, err := s.reservationViews(ctx, []reservationRow{*r}, forDealer)
	if err != nil {
		return Reservation{}, err
	}
	return out[0], nil
}

// reservationViews builds the views of rows: their cars, deposits and
// (for the dealer) buyers.
func (s *Service) reservationViews(ctx context.Context, rows []reservationRow, forDealer bool) ([]Reservation, error) {
	lids, rids, buyers := make([]string, 0, len(rows)), make([]string, 0, len(rows)), make([]string, 0, len(rows))
	for _, r := range rows {
		lids, rids, buyers = append(lids, r.ListingID), append(rids, r.ID), append(buyers, r.BuyerID)
	}
	cars, err := s.st.listingsByIDs(ctx, lids)
	if err != nil {
		return nil, err
	}
	deps, err := s.c.Deposits.ByRefs(ctx, RefReservation, rids)
	if err != nil {
		return nil, err
	}
	dealers := map[string]DealerRef{}
	for _, r := range rows {
		if _, ok := dealers[r.ProviderID]; ok {
			continue
		}
		ref := DealerRef{ID: r.ProviderID}
		if p, err := s.c.Practice.Provider(ctx, r.ProviderID); err == nil {
			ref.Name = p.DisplayName
		}
		dealers[r.ProviderID] = ref
	}
	people := map[string]*Person{}
	if forDealer {
		if people, err = s.people(ctx, buyers); err != nil {
			return nil, err
		}
	}
	out := make([]Reservation, 0, len(rows))
	for i := range rows {
		r := &rows[i]
		v := Reservation{ID: r.ID, Car: carRef(cars[r.ListingID]), Dealer: dealers[r.ProviderID], Buyer: people[r.BuyerID],
			Status: r.Status, PayWith: r.PayWith, PayBy: r.PayBy, ReleaseAt: r.ReleaseAt, SettledAt: r.SettledAt,
			Note: r.Note, Deposit: depositView(deps[r.ID], r), CreatedAt: r.CreatedAt}
		if !forDealer && r.Status == ReservationAwaitingPayment && r.PaymentRef != "" {
			if p, err := s.c.Payments.Payment(ctx, r.BuyerID, r.PaymentRef); err == nil && p.Status == payments.StatusPending {
				started := payments.ToStarted(p)
				v.Payment = &started
			}
		}
		out = append(out, v)
	}
	return out, nil
}

func carRef(r *listingRow) CarRef {
	if r == nil {
		return CarRef{}
	}
	return CarRef{ID: r.ID, Title: title(r.Year, r.Make, r.Model, r.Trim), CoverURL: r.CoverURL, Price: r.Price,
		Currency: r.Currency, Status: r.Status}
}

// DealerReservations is a keyset page of the caller's dealership's
// reservations, newest first (status: one of ReservationStatuses or all).
func (s *Service) DealerReservations(ctx context.Context, userID, status string, c page.Cursor) ([]Reservation, *page.Key, error) {
	if status != "" && !slices.Contains(ReservationStatuses, status) {
		return nil, nil, apperr.Validation(map[string]string{"status": "must be awaiting_payment, held, released, completed or expired"})
	}
	p, err := s.dealership(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	rows, err := s.st.reservations(ctx, "provider_id", p.ID, status, c)
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r reservationRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out, err := s.reservationViews(ctx, rows, true)
	return out, next, err
}

// MyReservations is a keyset page of the buyer's reservations.
func (s *Service) MyReservations(ctx context.Context, userID string, c page.Cursor) ([]Reservation, *page.Key, error) {
	rows, err := s.st.reservations(ctx, "buyer_id", userID, "", c)
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r reservationRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out, err := s.reservationViews(ctx, rows, false)
	return out, next, err
}
