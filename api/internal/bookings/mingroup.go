package bookings

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"
)

// Minimum groups (migration 0026). An offering with min_participants > 1
// runs a session (a tour's departure) only when that many seats are paid
// for by its cut-off (start minus cutoff_hours). The first hold of the
// session inserts, in its own transaction, one bookings.min_group job
// scheduled at the cut-off (unique by its arguments, so every later hold's
// insert of the same job is a no-op). At the cut-off the job counts the
// session's paid seats (pending_confirmation and confirmed); short of the
// minimum, every live booking of the session is ended in one transaction:
// confirmed and pending ones cancelled_by_provider (actor system, not
// counted against the provider) with a full refund, held and
// awaiting_payment ones expired. Each change is the conditional
// transition, re-read and retried when a booking moved meanwhile, so a
// late or repeated job changes nothing. No hold can start after the
// cut-off (the slot engine's notice), so the count cannot grow after it.

// MinGroupJob checks a session's minimum group at its cut-off
// (bookings.min_group).
type MinGroupJob struct {
	SessionKey string `json:"session_key"`
	At         int64  `json:"at"` // the cut-off, unix seconds
}

// Kind is the River job kind.
func (MinGroupJob) Kind() string { return "bookings.min_group" }

type minGroupWorker struct {
	river.WorkerDefaults[MinGroupJob]
	s *Service
}

func (w *minGroupWorker) Work(ctx context.Context, j *river.Job[MinGroupJob]) error {
	return w.s.CheckMinGroup(ctx, j.Args.SessionKey, j.Args.At)
}

// scheduleMinGroup inserts the session's minimum-group check in tx (the
// hold's transaction) when the offering has a minimum.
func (s *Service) scheduleMinGroup(ctx context.Context, tx bun.Tx, b *bookingRow, cutoff time.Duration) error {
	if b.MinParticipants <= 1 {
		return nil
	}
	at := b.StartAt.Add(-cutoff)
	_, err := s.c.Jobs.InsertTx(ctx, tx, MinGroupJob{SessionKey: b.SessionKey, At: at.Unix()},
		&river.InsertOpts{ScheduledAt: at, UniqueOpts: river.UniqueOpts{ByArgs: true}})
	return err
}

// CheckMinGroup cancels and refunds a session short of its minimum group
// once its cut-off at (unix seconds) has passed; anything else is left
// alone.
func (s *Service) CheckMinGroup(ctx context.Context, sessionKey string, at int64) error {
	now := s.clock.Now().UTC()
	if now.Unix() < at {
		return nil
	}
	var touched *bookingRow
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		for attempt := 0; attempt < 5; attempt++ {
			var rows []*bookingRow
			if err := tx.NewSelect().Model(&rows).Where("session_key = ?", sessionKey).
				Where("status IN (?)", bun.In([]string{StatusHeld, StatusAwaitingPayment, StatusPendingConfirmation,
					StatusConfirmed})).OrderExpr("id").Scan(ctx); err != nil {
				return err
			}
			if len(rows) == 0 {
				return nil
			}
			paid, minimum := 0, 0
			for _, b := range rows {
				if b.Status == StatusPendingConfirmation || b.Status == StatusConfirmed {
					paid += b.Seats
				}
				minimum = max(minimum, b.MinParticipants)
				if !b.StartAt.After(now) && b.Status == StatusConfirmed {
					return nil // already under way: not this job's to cancel
				}
			}
			if paid >= minimum {
				return nil
			}
			note := fmt.Sprintf("the departure did not reach its minimum group of %d by the cut-off (%d booked)",
				minimum, paid)
			moved := false
			for _, b := range rows {
				touched = b
				to := StatusExpired
				if b.Status == StatusPendingConfirmation || b.Status == StatusConfirmed {
					to = StatusCancelledByProvider
				}
				ok, err := s.transition(ctx, tx, b, to, "", ActorSystem, note, func(q *bun.UpdateQuery) *bun.UpdateQuery {
					if to == StatusExpired {
						return q
					}
					return q.Set("cancel_reason = ?", "Minimum group not reached").Set("cancelled_at = ?", now)
				})
				if err != nil {
					return err
				}
				if !ok {
					moved = true
					continue
				}
				if to == StatusCancelledByProvider {
					if err := s.refundAll(ctx, tx, b, "Refund: the departure did not reach its minimum group", ""); err != nil {
						return err
					}
				}
			}
			if !moved {
				return nil
			}
		}
		return errBusy
	})
	if err == nil && touched != nil {
		s.refreshNext(ctx, touched.ProviderID, touched.ProviderUserID)
	}
	return err
}
