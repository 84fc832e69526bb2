package bookings

import (
	"context"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/events"
)

// refundAll returns what is left of a booking's payment to the payer's
// wallet and its package credit, inside tx.
func (s *Service) refundAll(ctx context.Context, tx bun.Tx, b *bookingRow, reason, actorID string) error {
	if b.PackageCreditID != "" && s.c.Credits != nil {
		// A credit's share goes back to its package (ReturnCredit moves the
		// escrow), never to the wallet.
		return s.c.Credits.ReturnCredit(ctx, tx, b.ID)
	}
	left := b.PaidAmount - b.RefundedAmount - b.FeeKept
	if left > 0 {
		if _, err := s.money.Refund(ctx, tx, money.Refund{Key: "booking-refund:" + b.ID, Reason: reason, Ref: ref(b.ID),
			UserID: b.UserID, Amount: left, Currency: b.Currency, To: money.MethodWallet, ActorID: actorID}); err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Table("bookings").Set("refunded_amount = refunded_amount + ?", left).
			Where("id = ?", b.ID).Exec(ctx); err != nil {
			return err
		}
		b.RefundedAmount += left
	}
	return nil
}

// release pays what is left in escrow to the provider's pending earnings
// (minus the platform fee; the money core dates its availability).
func (s *Service) release(ctx context.Context, tx bun.Tx, b *bookingRow, key, reason string, amount int64) error {
	if amount <= 0 {
		return nil
	}
	_, err := s.money.Release(ctx, tx, money.Release{Key: key, Reason: reason, Ref: ref(b.ID),
		ProviderID: b.ProviderUserID, Amount: amount, Currency: b.Currency, Note: reason})
	return err
}

// inTxWith runs fn on a fresh read of booking id in a transaction and
// then refreshes the next free slot of the provider's practices.
func (s *Service) inTxWith(ctx context.Context, id string, fn func(ctx context.Context, tx bun.Tx, b *bookingRow) error) (*bookingRow, error) {
	var out *bookingRow
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.get(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := fn(ctx, tx, b); err != nil {
			return err
		}
		out = b
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.refreshNext(ctx, out.ProviderID, out.ProviderUserID)
	return s.get(ctx, s.db.DB, id)
}

// ConfirmTimeout declines, with a full refund, a request the provider left
// unanswered past confirm_by.
func (s *Service) ConfirmTimeout(ctx context.Context, id string) error {
	_, err := s.inTxWith(ctx, id, func(ctx context.Context, tx bun.Tx, b *bookingRow) error {
		if b.Status != StatusPendingConfirmation || b.ConfirmBy == nil || b.ConfirmBy.After(s.clock.Now()) {
			return nil
		}
		ok, err := s.transition(ctx, tx, b, StatusDeclined, "", ActorSystem,
			"the provider did not answer within 24 hours", func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("cancelled_at = ?", s.clock.Now().UTC())
			})
		if err != nil || !ok {
			return err
		}
		return s.refundAll(ctx, tx, b, "Refund: the request was not confirmed in time", "")
	})
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	return err
}

// Complete marks a confirmed booking completed once its end has passed,
// releases the escrow to the provider and opens the review window. start
// is the start the job was scheduled for (0: any).
func (s *Service) Complete(ctx context.Context, id string, start int64) error {
	_, err := s.inTxWith(ctx, id, func(ctx context.Context, tx bun.Tx, b *bookingRow) error {
		now := s.clock.Now().UTC()
		if b.Status != StatusConfirmed || b.EndAt.After(now) || (start != 0 && b.StartAt.Unix() != start) {
			return nil
		}
		until := now.Add(ReviewWindow)
		ok, err := s.transition(ctx, tx, b, StatusCompleted, "", ActorSystem, "the session ended",
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("completed_at = ?", now).Set("review_until = ?", until)
			})
		if err != nil || !ok {
			return err
		}
		return s.release(ctx, tx, b, "booking-release:"+b.ID, "Session: "+b.Title,
			b.PaidAmount-b.RefundedAmount-b.FeeKept)
	})
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	return err
}

// Remind tells the user (in-app and by email, by their preferences) of a
// confirmed booking hours before it starts.
func (s *Service) Remind(ctx context.Context, id string, start int64, hours int) error {
	b, err := s.get(ctx, s.db.DB, id)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if b.Status != StatusConfirmed || b.StartAt.Unix() != start || !b.StartAt.After(s.clock.Now()) {
		return nil
	}
	title := fmt.Sprintf("Reminder: %s in %d hour", b.Title, hours)
	if hours != 1 {
		title += "s"
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return s.c.Events.Emit(ctx, tx, events.Event{Type: "booking.reminder", Category: events.CategoryBookings,
			Recipients: []string{b.UserID}, Title: title,
			Body: fmt.Sprintf("%s (%s, the provider's time). To cancel or reschedule, open the booking in your "+
				"calendar; the cancellation policy shown when you booked applies.", when(b), b.Format),
			Portal: "user", Link: "/user-calendar", Subject: events.Ref{Type: "booking", ID: b.ID}, Email: true})
	})
}

// checkReason bounds a reason.
func checkReason(reason string) error {
	f := apperr.Fields{}
	f.Check(utf8.RuneCountInString(reason) <= MaxTextLen, "reason", "must be at most 2000 characters")
	return f.Err()
}

// Cancel is the user's cancellation: a hold is simply given back; a
// request not yet confirmed and a booking inside its free window are
// refunded in full (package credit back); after the window the policy's
// fee percentage is kept and paid to the provider (as earnings, minus the
// platform fee) and the rest refunded.
func (s *Service) Cancel(ctx context.Context, userID, id, reason string) (*bookingRow, error) {
	if err := checkReason(reason); err != nil {
		return nil, err
	}
	if b, err := s.own(ctx, s.db.DB, userID, id); err != nil {
		return nil, err
	} else if b.Status == StatusHeld {
		if err := s.ReleaseHold(ctx, userID, id); err != nil {
			return nil, err
		}
		s.refreshNext(ctx, b.ProviderID, b.ProviderUserID)
		return s.get(ctx, s.db.DB, id)
	}
	return s.inTxWith(ctx, id, func(ctx context.Context, tx bun.Tx, b *bookingRow) error {
		if b.UserID != userID {
			return ErrNotFound
		}
		now := s.clock.Now().UTC()
		if b.Status != StatusPendingConfirmation && b.Status != StatusConfirmed {
			return ErrWrongState
		}
		if !b.StartAt.After(now) {
			return ErrTooLate
		}
		free := b.Status == StatusPendingConfirmation ||
			!now.After(b.StartAt.Add(-time.Duration(b.FreeCancelHours)*time.Hour))
		paid := b.PaidAmount - b.RefundedAmount
		var fee int64
		if !free {
			fee = paid * int64(b.LateCancelFeePct) / 100
		}
		note := "cancelled by the user inside the free window"
		if !free {
			note = fmt.Sprintf("cancelled by the user after the free window: %d%% kept", b.LateCancelFeePct)
		}
		if reason != "" {
			note += ": " + reason
		}
		ok, err := s.transition(ctx, tx, b, StatusCancelledByUser, userID, ActorUser, note,
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("cancelled_at = ?", now).Set("cancel_reason = ?", reason).Set("fee_kept = ?", fee)
			})
		if err != nil {
			return err
		}
		if !ok {
			return ErrWrongState
		}
		b.FeeKept = fee
		if err := s.release(ctx, tx, b, "booking-cancel-fee:"+b.ID, "Late cancellation fee: "+b.Title, fee); err != nil {
			return err
		}
		if free {
			return s.refundAll(ctx, tx, b, "Refund: booking cancelled", userID)
		}
		// Late: the money minus the fee comes back; a package credit is used up.
		credit := b.PackageCreditID
		b.PackageCreditID = ""
		err = s.refundAll(ctx, tx, b, "Refund: booking cancelled (late cancellation fee kept)", userID)
		b.PackageCreditID = credit
		return err
	})
}

// Reschedule moves a booking to another open start of its offering, while
// free cancellation still applies: in one transaction the old cells and
// counts are given back and the new ones taken by the same conditional
// upserts (so the same conflicts refuse it); the escrow stays as it is.
func (s *Service) Reschedule(ctx context.Context, userID, id string, start time.Time) (*bookingRow, error) {
	b, err := s.own(ctx, s.db.DB, userID, id)
	if err != nil {
		return nil, err
	}
	if b.Status != StatusPendingConfirmation && b.Status != StatusConfirmed {
		return nil, ErrWrongState
	}
	if s.clock.Now().After(b.StartAt.Add(-time.Duration(b.FreeCancelHours) * time.Hour)) {
		return nil, apperr.Conflict(fmt.Sprintf("Rescheduling is possible until %d hours before the start.",
			b.FreeCancelHours))
	}
	return s.move(ctx, b, start, userID, ActorUser)
}

// ProviderReschedule is the provider moving one of their appointments to
// another open slot of its offering, until the session starts, with the
// same conflict rules; the client's payment stays in escrow.
func (s *Service) ProviderReschedule(ctx context.Context, userID, id string, start time.Time) (*bookingRow, error) {
	b, err := s.ownAppointment(ctx, s.db.DB, userID, id)
	if err != nil {
		return nil, err
	}
	if b.Status != StatusPendingConfirmation && b.Status != StatusConfirmed {
		return nil, ErrWrongState
	}
	if !b.StartAt.After(s.clock.Now()) {
		return nil, ErrTooLate
	}
	return s.move(ctx, b, start, userID, ActorProvider)
}

// move takes the new slot and frees the old one in one transaction.
func (s *Service) move(ctx context.Context, b *bookingRow, start time.Time, actorID, role string) (*bookingRow, error) {
	id := b.ID
	now := s.clock.Now().UTC()
	off, err := s.offering(ctx, b.OfferingID)
	if err != nil {
		return nil, err
	}
	start = start.UTC().Truncate(time.Second)
	r, err := s.rulesAt(ctx, off, start, start.Add(24*time.Hour))
	if err != nil {
		return nil, err
	}
	if !IsSlot(r, start, now) || start.Equal(b.StartAt) {
		return nil, apperr.Validation(map[string]string{"start": "is not one of this offering's open slots"})
	}
	return s.inTxWith(ctx, id, func(ctx context.Context, tx bun.Tx, b *bookingRow) error {
		if b.Status != StatusPendingConfirmation && b.Status != StatusConfirmed {
			return ErrWrongState
		}
		old := *b
		if err := s.free(ctx, tx, b); err != nil {
			return err
		}
		cf, ct := CellRange(start, r.Duration, r.BufferBefore, r.BufferAfter)
		dk, wk := PeriodKeys(start, r.Loc)
		b.StartAt, b.EndAt, b.SessionKey, b.CellFrom, b.CellTo, b.DayPeriod, b.WeekPeriod, b.Capacity =
			start, start.Add(r.Duration), SessionKey(b.OfferingID, start), cf, ct, dk, wk, r.Capacity
		if err := occupy(ctx, tx, b, r.DailyLimit, r.WeeklyLimit); err != nil {
			return err
		}
		res, err := tx.NewUpdate().Table("bookings").Set("start_at = ?", b.StartAt).Set("end_at = ?", b.EndAt).
			Set("session_key = ?", b.SessionKey).Set("cell_from = ?", cf).Set("cell_to = ?", ct).
			Set("day_period = ?", dk).Set("week_period = ?", wk).Set("capacity = ?", b.Capacity).
			Set("reschedules = reschedules + 1").Set("updated_at = ?", now).
			Where("id = ? AND status = ? AND start_at = ?", b.ID, old.Status, old.StartAt).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrWrongState
		}
		if err := s.event(ctx, tx, b.ID, b.Status, b.Status, actorID, role,
			"rescheduled from "+old.StartAt.Format(time.RFC3339)+" to "+start.Format(time.RFC3339)); err != nil {
			return err
		}
		if err := s.notifyRescheduled(ctx, tx, b, actorID, role); err != nil {
			return err
		}
		if b.Status == StatusConfirmed {
			return s.scheduleSession(ctx, tx, b)
		}
		return nil
	})
}
