package bookings

import (
	"context"
	"encoding/json"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// PastBooking is a session that already happened (or was cancelled), for
// bringing history in (the demo data; a practice moving to Sojourn): it is
// paid from the user's wallet into escrow and then released to the
// provider (completed) or refunded (cancelled_by_user), through the money
// service, so balances, earnings and the ledger agree.
type PastBooking struct {
	OfferingID    string
	UserID        string
	Start         time.Time
	Status        string // completed | cancelled_by_user
	IntakeAnswers map[string]string
	Note          string
	Seats         int      // 0 or 1: one seat
	Attendees     []string // the travellers' names (at most Seats)
}

// ImportPast records a past booking. Its start and end must have passed;
// past time is not reserved (no cells), the history shows it as imported.
func (s *Service) ImportPast(ctx context.Context, in PastBooking) (Booking, error) {
	off, err := s.offering(ctx, in.OfferingID)
	if err != nil {
		return Booking{}, err
	}
	now := s.clock.Now().UTC()
	start := in.Start.UTC().Truncate(time.Second)
	end := start.Add(time.Duration(off.DurationMin) * time.Minute)
	f := apperr.Fields{}
	f.Check(!end.After(now), "start", "must be in the past")
	f.Check(in.Status == StatusCompleted || in.Status == StatusCancelledByUser, "status",
		"must be completed or cancelled_by_user")
	f.Check(off.ProviderUserID != in.UserID, "user_id", "cannot book their own offering")
	if err := f.Err(); err != nil {
		return Booking{}, err
	}
	av, err := s.c.Practice.Availability(ctx, off.ProviderID, now.Format("2006-01-02"), now.Format("2006-01-02"))
	if err != nil {
		return Booking{}, err
	}
	r, _ := rulesFor(off, av)
	cf, ct := CellRange(start, r.Duration, r.BufferBefore, r.BufferAfter)
	answers, _ := json.Marshal(orEmpty(in.IntakeAnswers))
	seats := max(in.Seats, 1)
	price, err := priceFor(off, seats)
	if err != nil {
		return Booking{}, err
	}
	off.Price = price
	b := &bookingRow{Seats: seats, HeldSeats: cellSeats(off, seats), Attendees: encodeAttendees(in.Attendees),
		MinParticipants: off.MinParticipants, ID: ids.New(), OfferingID: off.ID, ProviderID: off.ProviderID, ProviderUserID: off.ProviderUserID,
		UserID: in.UserID, Kind: off.Kind, Title: off.Title, Format: off.Format, Status: StatusConfirmed, StartAt: start,
		EndAt: end, SessionKey: SessionKey(off.ID, start), CellFrom: cf, CellTo: ct, Capacity: r.Capacity,
		RequiresConfirm: off.RequiresConfirmation, TimeZone: r.Loc.String(), Price: off.Price, Currency: off.Currency,
		PayWith: PayWallet, PaidAmount: off.Price, FreeCancelHours: off.FreeCancelHours,
		LateCancelFeePct: off.LateCancelFeePct, IntakeAnswers: string(answers), Note: in.Note,
		CreatedAt: start.Add(-72 * time.Hour), UpdatedAt: now}
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(b).Exec(ctx); err != nil {
			return err
		}
		if err := s.event(ctx, tx, b.ID, "", StatusConfirmed, in.UserID, ActorUser, "imported: paid and confirmed"); err != nil {
			return err
		}
		if b.Price > 0 {
			if _, err := s.money.Hold(ctx, tx, money.Hold{Key: "booking-hold:" + b.ID, Reason: "Booking: " + b.Title,
				Ref: ref(b.ID), PayerID: in.UserID, Amount: b.Price, Currency: b.Currency, Pay: money.MethodWallet}); err != nil {
				return err
			}
		}
		if in.Status == StatusCompleted {
			until := end.Add(ReviewWindow)
			ok, err := s.transition(ctx, tx, b, StatusCompleted, "", ActorSystem, "the session ended",
				func(q *bun.UpdateQuery) *bun.UpdateQuery {
					return q.Set("completed_at = ?", end).Set("review_until = ?", until)
				})
			if err != nil || !ok {
				return firstOf(err, ErrWrongState, ok)
			}
			return s.release(ctx, tx, b, "booking-release:"+b.ID, "Session: "+b.Title, b.Price)
		}
		cancelled := start.Add(-48 * time.Hour)
		b.CellFrom, b.CellTo = 0, 0 // nothing was reserved: nothing to free
		ok, err := s.transition(ctx, tx, b, StatusCancelledByUser, in.UserID, ActorUser,
			"cancelled by the user inside the free window", func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("cancelled_at = ?", cancelled)
			})
		if err != nil || !ok {
			return firstOf(err, ErrWrongState, ok)
		}
		return s.refundAll(ctx, tx, b, "Refund: booking cancelled", in.UserID)
	})
	if err != nil {
		return Booking{}, err
	}
	fresh, err := s.get(ctx, s.db.DB, b.ID)
	if err != nil {
		return Booking{}, err
	}
	return fresh.public(), nil
}

func orEmpty(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// BookWallet holds a slot and pays it from the wallet in one call (the
// demo data and tools; the API does it in two steps).
func (s *Service) BookWallet(ctx context.Context, userID, offeringID string, start time.Time,
	answers map[string]string, note string) (Booking, error) {
	h, err := s.Hold(ctx, userID, HoldInput{OfferingID: offeringID, Start: start})
	if err != nil {
		return Booking{}, err
	}
	res, err := s.Book(ctx, userID, BookInput{HoldID: h.ID, PayWith: PayWallet, IntakeAnswers: answers, Note: note})
	if err != nil {
		_ = s.ReleaseHold(ctx, userID, h.ID)
		return Booking{}, err
	}
	return res.Booking.public(), nil
}
