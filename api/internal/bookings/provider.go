package bookings

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/practice"
)

// practiceOf is the provider profile a provider list works on: the
// caller's profile of kind (a practice kind, else 422), or with kind ""
// their only profile (422 when they hold several: a portal always says
// which; the therapy portal therapist, the coach portal coach).
// ErrNotProvider (404) when they have no profile of that kind.
func (s *Service) practiceOf(ctx context.Context, userID, kind string) (practice.Provider, error) {
	if kind != "" && !slices.Contains(practice.Kinds, kind) {
		return practice.Provider{}, apperr.Validation(map[string]string{"kind": "must be " + orList(practice.Kinds)})
	}
	ps, err := s.c.Practice.ProvidersOfUser(ctx, userID)
	if err != nil {
		return practice.Provider{}, err
	}
	if kind == "" {
		if len(ps) > 1 {
			return practice.Provider{}, apperr.Validation(map[string]string{
				"kind": "is required when you have several practices: " + orList(practice.Kinds)})
		}
		if len(ps) == 1 {
			return ps[0], nil
		}
		return practice.Provider{}, ErrNotProvider
	}
	for _, p := range ps {
		if p.Kind == kind {
			return p, nil
		}
	}
	return practice.Provider{}, ErrNotProvider
}

// orList writes "a, b or c".
func orList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// providerIDs are the provider profiles the user owns.
func (s *Service) providerIDs(ctx context.Context, userID string) ([]practice.Provider, []string, error) {
	ps, err := s.c.Practice.ProvidersOfUser(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		out = append(out, p.ID)
	}
	return ps, out, nil
}

// ownAppointment reads a booking of one of the caller's provider profiles
// (ErrNotFound for any other, and for holds nobody has paid).
func (s *Service) ownAppointment(ctx context.Context, db bun.IDB, userID, id string) (*bookingRow, error) {
	_, mine, err := s.providerIDs(ctx, userID)
	if err != nil {
		return nil, err
	}
	b, err := s.get(ctx, db, id)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(mine, b.ProviderID) || b.Status == StatusHeld || b.Status == StatusAwaitingPayment ||
		b.Status == StatusExpired {
		return nil, ErrNotFound
	}
	return b, nil
}

// Appointment is one booking of the caller's practice.
func (s *Service) Appointment(ctx context.Context, userID, id string) (*bookingRow, error) {
	return s.ownAppointment(ctx, s.db.DB, userID, id)
}

// providerAction runs a provider's transition on their own booking.
func (s *Service) providerAction(ctx context.Context, userID, id string,
	fn func(ctx context.Context, tx bun.Tx, b *bookingRow) error) (*bookingRow, error) {
	if _, err := s.ownAppointment(ctx, s.db.DB, userID, id); err != nil {
		return nil, err
	}
	return s.inTxWith(ctx, id, fn)
}

// Confirm accepts a request: reminders and completion are scheduled.
func (s *Service) Confirm(ctx context.Context, userID, id string) (*bookingRow, error) {
	return s.providerAction(ctx, userID, id, func(ctx context.Context, tx bun.Tx, b *bookingRow) error {
		if b.Status != StatusPendingConfirmation {
			return ErrWrongState
		}
		if !b.StartAt.After(s.clock.Now()) {
			return ErrTooLate
		}
		ok, err := s.transition(ctx, tx, b, StatusConfirmed, userID, ActorProvider, "confirmed by the provider", nil)
		if err != nil || !ok {
			return firstOf(err, ErrWrongState, ok)
		}
		if err := s.updateResponseTime(ctx, tx, b.ProviderID); err != nil {
			return err
		}
		return s.scheduleSession(ctx, tx, b)
	})
}

func firstOf(err, otherwise error, ok bool) error {
	if err != nil {
		return err
	}
	if !ok {
		return otherwise
	}
	return nil
}

// Decline refuses a request, refunding it in full.
func (s *Service) Decline(ctx context.Context, userID, id, reason string) (*bookingRow, error) {
	if err := checkReason(reason); err != nil {
		return nil, err
	}
	return s.providerAction(ctx, userID, id, func(ctx context.Context, tx bun.Tx, b *bookingRow) error {
		if b.Status != StatusPendingConfirmation {
			return ErrWrongState
		}
		ok, err := s.transition(ctx, tx, b, StatusDeclined, userID, ActorProvider, withReason("declined by the provider", reason),
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("cancel_reason = ?", reason).Set("cancelled_at = ?", s.clock.Now().UTC())
			})
		if err != nil || !ok {
			return firstOf(err, ErrWrongState, ok)
		}
		if err := s.updateResponseTime(ctx, tx, b.ProviderID); err != nil {
			return err
		}
		return s.refundAll(ctx, tx, b, "Refund: the provider declined the request", userID)
	})
}

// ProviderCancel cancels a booking on the provider's side: a full refund,
// counted in the provider's cancellations.
func (s *Service) ProviderCancel(ctx context.Context, userID, id, reason string) (*bookingRow, error) {
	if err := checkReason(reason); err != nil {
		return nil, err
	}
	return s.providerAction(ctx, userID, id, func(ctx context.Context, tx bun.Tx, b *bookingRow) error {
		if b.Status != StatusPendingConfirmation && b.Status != StatusConfirmed {
			return ErrWrongState
		}
		if !b.StartAt.After(s.clock.Now()) {
			return ErrTooLate
		}
		now := s.clock.Now().UTC()
		ok, err := s.transition(ctx, tx, b, StatusCancelledByProvider, userID, ActorProvider, withReason("cancelled by the provider", reason),
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("cancel_reason = ?", reason).Set("cancelled_at = ?", now)
			})
		if err != nil || !ok {
			return firstOf(err, ErrWrongState, ok)
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO booking_provider_stats (provider_id, cancellations, updated_at) "+
			"VALUES (?, 1, ?) ON CONFLICT (provider_id) DO UPDATE SET cancellations = "+
			"booking_provider_stats.cancellations + 1, updated_at = excluded.updated_at", b.ProviderID, now); err != nil {
			return err
		}
		return s.refundAll(ctx, tx, b, "Refund: the provider cancelled the session", userID)
	})
}

// NoShow marks a confirmed booking whose start has passed as a no-show:
// the session was the provider's time, so the escrow is released to them.
func (s *Service) NoShow(ctx context.Context, userID, id string) (*bookingRow, error) {
	return s.providerAction(ctx, userID, id, func(ctx context.Context, tx bun.Tx, b *bookingRow) error {
		if b.Status != StatusConfirmed {
			return ErrWrongState
		}
		now := s.clock.Now().UTC()
		if b.StartAt.After(now) {
			return ErrTooEarly
		}
		ok, err := s.transition(ctx, tx, b, StatusNoShow, userID, ActorProvider, "the client did not come",
			func(q *bun.UpdateQuery) *bun.UpdateQuery { return q.Set("completed_at = ?", now) })
		if err != nil || !ok {
			return firstOf(err, ErrWrongState, ok)
		}
		return s.release(ctx, tx, b, "booking-release:"+b.ID, "No-show: "+b.Title,
			b.PaidAmount-b.RefundedAmount-b.FeeKept)
	})
}

// Cancellations is how many bookings a provider has cancelled.
func (s *Service) Cancellations(ctx context.Context, providerIDs []string) (int, error) {
	if len(providerIDs) == 0 {
		return 0, nil
	}
	var n int
	err := s.db.NewSelect().Table("booking_provider_stats").ColumnExpr("COALESCE(SUM(cancellations), 0)").
		Where("provider_id IN (?)", bun.In(providerIDs)).Scan(ctx, &n)
	return n, err
}

// startOfDay is the start of t's local day in loc.
func startOfDay(t time.Time, loc *time.Location) time.Time {
	l := t.In(loc)
	return time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, loc)
}

// responseTimer is optional: a Practice that records a provider's typical
// response time (practice.Service does).
type responseTimer interface {
	SetResponseTime(ctx context.Context, db bun.IDB, providerID string, minutes *int) error
}

// minAnswers is how many answered requests a response time needs.
const minAnswers = 3

// updateResponseTime records the median time the provider took to answer
// their last 20 requests (confirm or decline), inside tx.
func (s *Service) updateResponseTime(ctx context.Context, tx bun.Tx, providerID string) error {
	rt, ok := s.c.Practice.(responseTimer)
	if !ok {
		return nil
	}
	var rows []struct {
		Asked    time.Time `bun:"asked"`
		Answered time.Time `bun:"answered"`
	}
	if err := tx.NewSelect().TableExpr("booking_events AS e1").ColumnExpr("e1.created_at AS asked").
		ColumnExpr("e2.created_at AS answered").
		Join("JOIN booking_events AS e2 ON e2.booking_id = e1.booking_id AND e2.from_status = ? AND e2.actor_role = ?",
			StatusPendingConfirmation, ActorProvider).
		Join("JOIN bookings AS b ON b.id = e1.booking_id").
		Where("b.provider_id = ? AND e1.to_status = ?", providerID, StatusPendingConfirmation).
		OrderExpr("e2.created_at DESC").Limit(20).Scan(ctx, &rows); err != nil {
		return err
	}
	if len(rows) < minAnswers {
		return rt.SetResponseTime(ctx, tx, providerID, nil)
	}
	mins := make([]int, 0, len(rows))
	for _, r := range rows {
		mins = append(mins, max(0, int(r.Answered.Sub(r.Asked)/time.Minute)))
	}
	slices.Sort(mins)
	m := mins[len(mins)/2]
	return rt.SetResponseTime(ctx, tx, providerID, &m)
}

// withReason appends a reason to a history note when there is one.
func withReason(note, reason string) string {
	if reason == "" {
		return note
	}
	return note + ": " + reason
}
