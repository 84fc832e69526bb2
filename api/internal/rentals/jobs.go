package rentals

import (
	"context"

	"github.com/riverqueue/river"

	"sojourn/api/internal/platform/jobs"
)

// ExpireHoldJob cancels a pending rental nobody paid (rentals.expire_hold).
type ExpireHoldJob struct {
	BookingID string `json:"booking_id"`
}

// Kind is the River job kind.
func (ExpireHoldJob) Kind() string { return "rentals.expire_hold" }

// SettleJob completes a returned rental and releases its deposit in full
// SettleAfter after the return, unless the company settled it first
// (rentals.settle).
type SettleJob struct {
	BookingID string `json:"booking_id"`
}

// Kind is the River job kind.
func (SettleJob) Kind() string { return "rentals.settle" }

type expireWorker struct {
	river.WorkerDefaults[ExpireHoldJob]
	s *Service
}

func (w *expireWorker) Work(ctx context.Context, j *river.Job[ExpireHoldJob]) error {
	return w.s.ExpireHold(ctx, j.Args.BookingID)
}

type settleWorker struct {
	river.WorkerDefaults[SettleJob]
	s *Service
}

func (w *settleWorker) Work(ctx context.Context, j *river.Job[SettleJob]) error {
	return w.s.Settle(ctx, j.Args.BookingID)
}

// Workers are the rental job workers, for tests that run a job by hand.
type Workers struct {
	ExpireHold river.Worker[ExpireHoldJob]
	Settle     river.Worker[SettleJob]
}

// Workers returns the module's workers.
func (s *Service) Workers() Workers {
	return Workers{ExpireHold: &expireWorker{s: s}, Settle: &settleWorker{s: s}}
}

// RegisterJobs registers the workers.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	w := s.Workers()
	jobs.AddWorker(r, w.ExpireHold)
	jobs.AddWorker(r, w.Settle)
}
