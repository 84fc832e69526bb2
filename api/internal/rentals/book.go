package rentals

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/bookings/ranges"
	"sojourn/api/internal/deposits"
	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/trips"
)

// maxPending is how many unpaid rentals one user may hold at once.
const maxPending = 5

// CreateInput is a rental request.
type CreateInput struct {
	QuoteInput
	Driver Driver
}

func (d *Driver) validate(f apperr.Fields, start time.Time, minAge int) {
	checkLen(f, "driver.name", d.Name, 2, 100)
	checkLen(f, "driver.licence_number", d.LicenceNumber, 3, 40)
	f.Check(len(d.Phone) <= 40, "driver.phone", "must be at most 40 characters")
	birth, err := time.Parse("2006-01-02", d.BirthDate)
	if err != nil || birth.Year() < 1900 || birth.After(start) {
		f.Add("driver.birth_date", "must be a date YYYY-MM-DD")
		return
	}
	if AgeOn(birth, start) < minAge {
		f.Add("driver.birth_date", "the driver must be at least "+itoa(minAge)+" on the pick-up day")
	}
}

// Create reserves the car for the range and answers the pending rental
// (HoldTTL to pay). The range is refused by the database when any live
// rental of the car overlaps it (ranges.Reserve): 409.
func (s *Service) Create(ctx context.Context, userID string, in CreateInput) (Booking, error) {
	b, err := s.create(ctx, userID, in, false)
	if err != nil {
		return Booking{}, err
	}
	return s.Mine(ctx, userID, b.ID)
}

// create reserves the range and inserts the pending rental; past allows a
// start before now (Import only).
func (s *Service) create(ctx context.Context, userID string, in CreateInput, past bool) (*bookingRow, error) {
	car, row, err := s.bookable(ctx, in.CarID)
	if err != nil {
		return nil, err
	}
	f := apperr.Fields{}
	in.Driver.validate(f, in.Start, row.MinDriverAge)
	b, perr := s.price(ctx, car, row, in.QuoteInput, past)
	if perr != nil {
		if ae, ok := apperr.As(perr); ok {
			for k, v := range ae.Fields {
				f.Add(k, v)
			}
		} else {
			return nil, perr
		}
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	if row.UserID == userID {
		return nil, apperr.Validation(map[string]string{"car_id": "is a car of your own company"})
	}
	if in.PickupBranchID == "" {
		in.PickupBranchID = row.BranchID
	}
	if in.DropoffBranchID == "" {
		in.DropoffBranchID = in.PickupBranchID
	}
	now := s.now()
	exp := now.Add(HoldTTL)
	extras, _ := json.Marshal(orNone(in.Extras))
	bd, _ := json.Marshal(b)
	bk := &bookingRow{ID: ids.New(), CarID: row.ID, ProviderID: row.ProviderID, ProviderUserID: row.UserID,
		UserID: userID, CarTitle: row.title(), Status: StatusPending, PickupBranchID: in.PickupBranchID,
		DropoffBranchID: in.DropoffBranchID, StartsAt: in.Start.UTC().Truncate(time.Second),
		EndsAt: in.End.UTC().Truncate(time.Second), Days: b.Days, DriverName: strings.TrimSpace(in.Driver.Name),
		DriverBirthDate: in.Driver.BirthDate, DriverLicence: strings.TrimSpace(in.Driver.LicenceNumber),
		DriverPhone: in.Driver.Phone, Extras: string(extras), Breakdown: string(bd), Price: b.Total,
		Deposit: b.Deposit, Currency: row.Currency, FreeCancelHours: row.FreeCancelHours,
		LateCancelFeePct: row.LateCancelFeePct, HoldExpiresAt: &exp, CreatedAt: now, UpdatedAt: now}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		n, err := tx.NewSelect().Model((*bookingRow)(nil)).Where("user_id = ?", userID).
			Where("status = ?", StatusPending).Count(ctx)
		if err != nil {
			return err
		}
		if n >= maxPending {
			return errTooManyLive
		}
		if _, err := tx.NewInsert().Model(bk).Exec(ctx); err != nil {
			return err
		}
		if err := s.ranges.Reserve(ctx, tx, ranges.Reservation{ResourceID: row.ID, Holder: holder(bk.ID),
			Start: bk.StartsAt, End: bk.EndsAt}); err != nil {
			if errors.Is(err, ranges.ErrTaken) {
				return errUnavailable
			}
			return err
		}
		if err := s.event(ctx, tx, bk.ID, "", StatusPending, userID, ActorUser, ""); err != nil {
			return err
		}
		if err := s.joinTrip(ctx, tx, bk, past); err != nil {
			return err
		}
		_, err = s.c.Jobs.InsertTx(ctx, tx, ExpireHoldJob{BookingID: bk.ID}, &river.InsertOpts{ScheduledAt: exp})
		return err
	})
	if err != nil {
		return nil, err
	}
	return bk, nil
}

// joinTrip puts a new rental in the renter's trip it falls in (a car
// picked up near a journey's flight or stay), never starting a trip; not
// for imported history.
func (s *Service) joinTrip(ctx context.Context, tx bun.Tx, bk *bookingRow, past bool) error {
	if s.c.Trips == nil || past {
		return nil
	}
	br := new(branchRow)
	if err := tx.NewSelect().Model(br).Where("id = ?", bk.PickupBranchID).Scan(ctx); err != nil {
		return err
	}
	_, err := s.c.Trips.Join(ctx, tx, trips.Attach{UserID: bk.UserID, Kind: trips.KindRental, RefID: bk.ID,
		City: br.City, StartsAt: bk.StartsAt, EndsAt: bk.EndsAt})
	if ae, ok := apperr.As(err); ok && ae.Code == apperr.CodeConflict {
		return nil // a full trip keeps the rental out of it; the rental stands
	}
	return err
}

func orNone(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func holder(id string) string { return "rental:" + id }

func rentalRef(id string) money.Ref { return money.Ref{Type: money.RefRental, ID: id} }

func depositRef(id string) deposits.Ref { return deposits.Ref{Type: "rental", ID: id} }

// Ways to pay a rental.
const (
	PayWallet = "wallet"
	PayCard   = "card"
)

// PayInput pays a pending rental: from the wallet (the default) or by card
// (Origin: the portal the browser comes back to).
type PayInput struct {
	PayWith string
	Origin  string
}

// Paid is a rental after Pay, with the card payment to complete when paying
// by card (null from the wallet).
type Paid struct {
	Booking
	Payment *payments.StartedDTO `json:"payment"`
}

// Pay pays a pending rental. From the wallet: the price into the rental's
// escrow and the deposit held apart (Deposits.Hold), in one transaction
// with the move to confirmed. By card (card.go): a card payment of the
// price and the deposit, the rental pending until it settles.
func (s *Service) Pay(ctx context.Context, userID, id string, in PayInput) (Paid, error) {
	if in.PayWith == "" {
		in.PayWith = PayWallet
	}
	if in.PayWith != PayWallet && in.PayWith != PayCard {
		return Paid{}, apperr.Validation(map[string]string{"pay_with": "must be wallet or card"})
	}
	if in.PayWith == PayCard {
		return s.payByCard(ctx, userID, id, in.Origin)
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.payable(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		return s.paid(ctx, tx, b, money.MethodWallet, userID, ActorUser, "Paid from the wallet")
	})
	if err != nil {
		return Paid{}, err
	}
	b, err := s.Mine(ctx, userID, id)
	return Paid{Booking: b}, err
}

// payable loads the caller's pending rental still within its time to pay,
// with no card payment under way.
func (s *Service) payable(ctx context.Context, tx bun.Tx, userID, id string) (*bookingRow, error) {
	b, err := s.load(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	if b.UserID != userID {
		return nil, errNotFound
	}
	if b.Status != StatusPending {
		return nil, errState
	}
	if b.HoldExpiresAt != nil && !s.now().Before(*b.HoldExpiresAt) {
		return nil, apperr.Conflict("The time to pay for this rental ran out; book again.")
	}
	if b.PayWith == PayCard {
		return nil, errCardUnderWay
	}
	return b, nil
}

// paid moves the price into the rental's escrow and holds the deposit, both
// paid with method, and confirms the rental, in tx.
func (s *Service) paid(ctx context.Context, tx bun.Tx, b *bookingRow, method money.Method, actorID, actor,
	note string) error {
	if b.Price > 0 {
		if _, err := s.c.Money.Hold(ctx, tx, money.Hold{Key: "rental-hold:" + b.ID, Reason: "Car rental " + b.CarTitle,
			Ref: rentalRef(b.ID), PayerID: b.UserID, Amount: b.Price, Currency: b.Currency, Pay: method}); err != nil {
			return err
		}
	}
	if b.Deposit > 0 {
		if _, err := s.c.Deposits.Hold(ctx, tx, deposits.HoldInput{Key: "rental-deposit:" + b.ID, Ref: depositRef(b.ID),
			PayerID: b.UserID, ProviderUserID: b.ProviderUserID, Amount: b.Deposit, Currency: b.Currency,
			Pay: method, Reason: "Deposit for " + b.CarTitle}); err != nil {
			return err
		}
	}
	payWith := PayWallet
	if method == money.MethodCard {
		payWith = PayCard
	}
	ok, err := s.transition(ctx, tx, b, StatusConfirmed, actorID, actor, note,
		func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("pay_with = ?", payWith).Set("paid_amount = ?", b.Price).Set("hold_expires_at = NULL")
		})
	if err != nil {
		return err
	}
	if !ok {
		return errState
	}
	return nil
}

// Cancel cancels a rental. The renter: a pending one freely; a confirmed
// one in full until FreeCancelHours before the pick-up, after that the
// late fee percentage is kept for the company. The company (or an admin):
// a confirmed one, with a full refund. The deposit is released either way.
func (s *Service) Cancel(ctx context.Context, actorID, actor, id, reason string) (Booking, error) {
	f := apperr.Fields{}
	f.Check(len([]rune(reason)) <= 500, "reason", "must be at most 500 characters")
	f.Check(actor == ActorUser || strings.TrimSpace(reason) != "", "reason", "is required")
	if err := f.Err(); err != nil {
		return Booking{}, err
	}
	var userID string
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.load(ctx, tx, id)
		if err != nil {
			return err
		}
		userID = b.UserID
		switch actor {
		case ActorUser:
			if b.UserID != actorID {
				return errNotFound
			}
		case ActorProvider:
			if b.ProviderUserID != actorID {
				return errNotFound
			}
			if b.Status != StatusConfirmed {
				return errState
			}
		}
		if b.Status != StatusPending && b.Status != StatusConfirmed {
			return errState
		}
		return s.cancel(ctx, tx, b, actorID, actor, reason)
	})
	if err != nil {
		return Booking{}, err
	}
	return s.view(ctx, userID, id)
}

// cancel moves b to cancelled with the refund its actor and time call for.
func (s *Service) cancel(ctx context.Context, tx bun.Tx, b *bookingRow, actorID, actor, reason string) error {
	now := s.now()
	refund, fee := b.PaidAmount, int64(0)
	if actor == ActorUser && b.Status == StatusConfirmed &&
		now.After(b.StartsAt.Add(-time.Duration(b.FreeCancelHours)*time.Hour)) {
		fee = b.PaidAmount * int64(b.LateCancelFeePct) / 100
		refund = b.PaidAmount - fee
	}
	paid := b.Status == StatusConfirmed
	ok, err := s.transition(ctx, tx, b, StatusCancelled, actorID, actor, reason,
		func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("cancel_reason = ?", reason).Set("cancelled_at = ?", now).
				Set("refunded_amount = ?", refund).Set("fee_kept = ?", fee).Set("hold_expires_at = NULL")
		})
	if err != nil || !ok {
		if err == nil {
			err = errState
		}
		return err
	}
	if !paid {
		return nil
	}
	if fee > 0 {
		if _, err := s.c.Money.Release(ctx, tx, money.Release{Key: "rental-cancel-fee:" + b.ID, Reason: "Late cancellation fee",
			Ref: rentalRef(b.ID), ProviderID: b.ProviderUserID, Amount: fee, Currency: b.Currency}); err != nil {
			return err
		}
	}
	if refund > 0 {
		if _, err := s.c.Money.Refund(ctx, tx, money.Refund{Key: "rental-refund:" + b.ID, Reason: "Car rental cancelled",
			Ref: rentalRef(b.ID), UserID: b.UserID, Amount: refund, Currency: b.Currency, From: money.RefundFromEscrow,
			To: money.MethodWallet, ActorID: actorID}); err != nil {
			return err
		}
	}
	if b.Deposit > 0 {
		if _, err := s.c.Deposits.Release(ctx, tx, depositRef(b.ID), actorID, "Rental cancelled"); err != nil {
			return err
		}
	}
	return nil
}

// ExpireHold cancels a pending rental whose time to pay ran out
// (rentals.expire_hold); anything else is left alone.
func (s *Service) ExpireHold(ctx context.Context, id string) error {
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.load(ctx, tx, id)
		if errors.Is(err, errNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		if b.Status != StatusPending || b.HoldExpiresAt == nil || s.now().Before(*b.HoldExpiresAt) {
			return nil
		}
		_, err = s.transition(ctx, tx, b, StatusCancelled, "", ActorSystem, "The time to pay ran out",
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("cancel_reason = ?", "The time to pay ran out").Set("cancelled_at = ?", s.now())
			})
		return err
	})
}

// load reads one rental (for update on PostgreSQL): errNotFound when there
// is none, a database error as it is.
func (s *Service) load(ctx context.Context, tx bun.IDB, id string) (*bookingRow, error) {
	b := new(bookingRow)
	q := tx.NewSelect().Model(b).Where("b.id = ?", id)
	if _, ok := tx.(bun.Tx); ok {
		q = s.c.DB.ForUpdate(q)
	}
	if err := q.Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errNotFound
		}
		return nil, err
	}
	return b, nil
}

// transition moves b from its status to to with a conditional update
// (false when another writer moved it first), frees the car's range when
// the rental stops holding it, and writes the event.
func (s *Service) transition(ctx context.Context, tx bun.IDB, b *bookingRow, to, actorID, actor, note string,
	set func(q *bun.UpdateQuery) *bun.UpdateQuery) (bool, error) {
	from := b.Status
	if !CanTransition(from, to) {
		return false, errState
	}
	now := s.now()
	q := tx.NewUpdate().Table("rental_bookings").Set("status = ?", to).Set("updated_at = ?", now).
		Where("id = ? AND status = ?", b.ID, from)
	if set != nil {
		q = set(q)
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return false, err
	}
	if live(from) && !live(to) {
		if err := s.ranges.Release(ctx, tx, holder(b.ID)); err != nil {
			return false, err
		}
	}
	b.Status, b.UpdatedAt = to, now
	return true, s.event(ctx, tx, b.ID, from, to, actorID, actor, note)
}

func (s *Service) event(ctx context.Context, tx bun.IDB, id, from, to, actorID, actor, note string) error {
	_, err := tx.NewInsert().Model(&eventRow{ID: ids.New(), BookingID: id, FromStatus: from, ToStatus: to,
		Actor: actor, ActorID: actorID, Note: note, CreatedAt: s.now()}).Exec(ctx)
	return err
}
