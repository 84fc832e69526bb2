package rentals

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
)

// Handover stages.
const (
	StagePickup = "pickup"
	StageReturn = "return"
)

// HandoverInput is what the company records at the counter.
type HandoverInput struct {
	FuelEighths int    `json:"fuel_eighths"`
	OdometerKm  int    `json:"odometer_km"`
	Note        string `json:"note"`
}

func (in HandoverInput) validate() error {
	f := apperr.Fields{}
	f.Check(in.FuelEighths >= 0 && in.FuelEighths <= 8, "fuel_eighths", "must be from 0 (empty) to 8 (full)")
	f.Check(in.OdometerKm >= 0 && in.OdometerKm <= 2_000_000, "odometer_km", "must be from 0 to 2,000,000")
	f.Check(len([]rune(in.Note)) <= maxText, "note", "must be at most 2000 characters")
	return f.Err()
}

func decodeHandover(s *string) *Handover {
	if s == nil {
		return nil
	}
	h := &Handover{Photos: []string{}}
	_ = json.Unmarshal([]byte(*s), h)
	if h.Photos == nil {
		h.Photos = []string{}
	}
	return h
}

func encodeHandover(h *Handover) string {
	b, _ := json.Marshal(h)
	return string(b)
}

// ownRental loads a rental of the caller's company in tx.
func (s *Service) ownRental(ctx context.Context, tx bun.IDB, userID, id string) (*bookingRow, error) {
	b, err := s.load(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	if b.ProviderUserID != userID {
		return nil, errNotFound
	}
	return b, nil
}

// RecordPickup records the pick-up handover: confirmed -> picked_up. The
// car may be handed over from 12 hours before the booked start.
func (s *Service) RecordPickup(ctx context.Context, userID, id string, in HandoverInput) (Booking, error) {
	if err := in.validate(); err != nil {
		return Booking{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.ownRental(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		now := s.now()
		if b.Status != StatusConfirmed {
			return errState
		}
		if now.Before(b.StartsAt.Add(-12 * time.Hour)) {
			return apperr.Conflict("The car can be handed over from 12 hours before the pick-up time.")
		}
		h := decodeHandover(b.PickupHandover)
		if h == nil {
			h = &Handover{Photos: []string{}}
		}
		h.FuelEighths, h.OdometerKm, h.Note, h.RecordedAt = in.FuelEighths, in.OdometerKm, in.Note, &now
		enc := encodeHandover(h)
		ok, err := s.transition(ctx, tx, b, StatusPickedUp, userID, ActorProvider, "Car handed over",
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("pickup_handover = ?", enc).Set("picked_up_at = ?", now)
			})
		if err == nil && !ok {
			err = errState
		}
		return err
	})
	if err != nil {
		return Booking{}, err
	}
	return s.CompanyRental(ctx, userID, id)
}

// RecordReturn records the return handover: picked_up -> returned. The car
// is free again from now (its range is released), and rentals.settle is
// scheduled SettleAfter from now: it releases the deposit in full unless
// the company settled it first.
func (s *Service) RecordReturn(ctx context.Context, userID, id string, in HandoverInput) (Booking, error) {
	if err := in.validate(); err != nil {
		return Booking{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.ownRental(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		if b.Status != StatusPickedUp {
			return errState
		}
		if p := decodeHandover(b.PickupHandover); p != nil && in.OdometerKm < p.OdometerKm {
			return apperr.Validation(map[string]string{"odometer_km": "must not be below the pick-up reading (" +
				itoa(p.OdometerKm) + " km)"})
		}
		now := s.now()
		h := decodeHandover(b.ReturnHandover)
		if h == nil {
			h = &Handover{Photos: []string{}}
		}
		h.FuelEighths, h.OdometerKm, h.Note, h.RecordedAt = in.FuelEighths, in.OdometerKm, in.Note, &now
		enc := encodeHandover(h)
		ok, err := s.transition(ctx, tx, b, StatusReturned, userID, ActorProvider, "Car returned",
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("return_handover = ?", enc).Set("returned_at = ?", now)
			})
		if err == nil && !ok {
			err = errState
		}
		if err != nil {
			return err
		}
		_, err = s.c.Jobs.InsertTx(ctx, tx, SettleJob{BookingID: b.ID}, &river.InsertOpts{ScheduledAt: now.Add(SettleAfter)})
		return err
	})
	if err != nil {
		return Booking{}, err
	}
	return s.CompanyRental(ctx, userID, id)
}

// AddHandoverPhoto stores a photo of the car at the pick-up (while
// confirmed or picked up) or the return (while picked up or returned).
func (s *Service) AddHandoverPhoto(ctx context.Context, userID, id, stage string, data []byte) (Booking, error) {
	if stage != StagePickup && stage != StageReturn {
		return Booking{}, apperr.Validation(map[string]string{"stage": "must be pickup or return"})
	}
	b, err := s.ownRental(ctx, s.c.DB, userID, id)
	if err != nil {
		return Booking{}, err
	}
	if (stage == StagePickup && b.Status != StatusConfirmed && b.Status != StatusPickedUp) ||
		(stage == StageReturn && b.Status != StatusPickedUp && b.Status != StatusReturned) {
		return Booking{}, errState
	}
	url, err := s.storePhoto(ctx, "rentals/"+b.ProviderID+"/handover", data)
	if err != nil {
		return Booking{}, err
	}
	col := stage + "_handover"
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.ownRental(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		cur := b.PickupHandover
		if stage == StageReturn {
			cur = b.ReturnHandover
		}
		h := decodeHandover(cur)
		if h == nil {
			h = &Handover{Photos: []string{}}
		}
		if len(h.Photos) >= maxHandPhotos {
			return errTooManyPhotos
		}
		h.Photos = append(h.Photos, url)
		_, err = tx.NewUpdate().Table("rental_bookings").Set(col+" = ?", encodeHandover(h)).
			Set("updated_at = ?", s.now()).Where("id = ?", id).Exec(ctx)
		return err
	})
	if err != nil {
		return Booking{}, err
	}
	return s.CompanyRental(ctx, userID, id)
}

// ConfirmHandover is the renter confirming what the company recorded at the
// pick-up or the return (once; kept on the rental for disputes).
func (s *Service) ConfirmHandover(ctx context.Context, userID, id, stage string) (Booking, error) {
	if stage != StagePickup && stage != StageReturn {
		return Booking{}, apperr.Validation(map[string]string{"stage": "must be pickup or return"})
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.load(ctx, tx, id)
		if err != nil {
			return err
		}
		if b.UserID != userID {
			return errNotFound
		}
		h := decodeHandover(b.PickupHandover)
		if stage == StageReturn {
			h = decodeHandover(b.ReturnHandover)
		}
		if h == nil || h.RecordedAt == nil {
			return apperr.Conflict("The company has not recorded this handover yet.")
		}
		now := s.now()
		h.ConfirmedAt = &now
		res, err := tx.NewUpdate().Table("rental_bookings").Set(stage+"_handover = ?", encodeHandover(h)).
			Set(stage+"_confirmed_at = ?", now).Set("updated_at = ?", now).Where("id = ?", id).
			Where(stage + "_confirmed_at IS NULL").Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return apperr.Conflict("You confirmed this handover already.")
		}
		return s.event(ctx, tx, id, b.Status, b.Status, userID, ActorUser, "Renter confirmed the "+stage+" handover")
	})
	if err != nil {
		return Booking{}, err
	}
	return s.Mine(ctx, userID, id)
}

// SettleInput is the company's decision on the deposit after the return.
type SettleInput struct {
	CaptureAmount int64  `json:"capture_amount"`
	Reason        string `json:"reason"`
}

// SettleDeposit settles the deposit of a returned rental (capture 0:
// released in full; otherwise that much is kept, with a reason the renter
// sees, and the rest released), releases the price to the company and
// completes the rental.
func (s *Service) SettleDeposit(ctx context.Context, userID, id string, in SettleInput) (Booking, error) {
	f := apperr.Fields{}
	f.Check(in.CaptureAmount >= 0 && in.CaptureAmount <= MaxAmount, "capture_amount", "must be from 0 to the deposit")
	f.Check(len([]rune(in.Reason)) <= 500, "reason", "must be at most 500 characters")
	f.Check(in.CaptureAmount == 0 || len(in.Reason) >= 3, "reason", "say why part of the deposit is kept (3 to 500 characters)")
	if err := f.Err(); err != nil {
		return Booking{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.ownRental(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		if b.Status != StatusReturned {
			return errState
		}
		if in.CaptureAmount > b.Deposit {
			return apperr.Validation(map[string]string{"capture_amount": "must not be more than the deposit"})
		}
		return s.complete(ctx, tx, b, userID, ActorProvider, in.CaptureAmount, in.Reason)
	})
	if err != nil {
		return Booking{}, err
	}
	return s.CompanyRental(ctx, userID, id)
}

// complete settles the deposit and releases the price: returned -> completed.
func (s *Service) complete(ctx context.Context, tx bun.Tx, b *bookingRow, actorID, actor string, capture int64,
	reason string) error {
	note := "Deposit released in full"
	if capture > 0 {
		note = "Part of the deposit kept: " + reason
	}
	ok, err := s.transition(ctx, tx, b, StatusCompleted, actorID, actor, note,
		func(q *bun.UpdateQuery) *bun.UpdateQuery { return q.Set("completed_at = ?", s.now()) })
	if err != nil || !ok {
		return err
	}
	if b.Deposit > 0 {
		if capture > 0 {
			_, err = s.c.Deposits.Capture(ctx, tx, depositRef(b.ID), capture, reason, actorID)
		} else {
			_, err = s.c.Deposits.Release(ctx, tx, depositRef(b.ID), actorID, "Car returned")
		}
		if err != nil {
			return err
		}
	}
	if b.PaidAmount > 0 {
		_, err = s.c.Money.Release(ctx, tx, money.Release{Key: "rental-release:" + b.ID, Reason: "Car rental " + b.CarTitle,
			Ref: rentalRef(b.ID), ProviderID: b.ProviderUserID, Amount: b.PaidAmount, Currency: b.Currency})
	}
	return err
}

// Settle is rentals.settle: a rental still returned SettleAfter after the
// return is completed with its deposit released in full.
func (s *Service) Settle(ctx context.Context, id string) error {
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.load(ctx, tx, id)
		if errors.Is(err, errNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		if b.Status != StatusReturned || b.ReturnedAt == nil ||
			s.now().Before(b.ReturnedAt.Add(SettleAfter)) {
			return nil
		}
		return s.complete(ctx, tx, b, "", ActorSystem, 0, "")
	})
}
