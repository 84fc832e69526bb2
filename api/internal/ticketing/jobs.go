package ticketing

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"sojourn/api/internal/platform/jobs"
)

// ExpireHoldJob gives back the seats of an order still held at hold_until.
type ExpireHoldJob struct {
	OrderID string `json:"order_id"`
}

// Kind names the job.
func (ExpireHoldJob) Kind() string { return "ticketing.expire_hold" }

// SettleJob releases (or keeps, for Sojourn's events) the escrow of every
// paid order once the event has ended.
type SettleJob struct {
	EventID string `json:"event_id"`
}

// Kind names the job.
func (SettleJob) Kind() string { return "ticketing.settle" }

func settleOpts(ev *eventRow) *river.InsertOpts { return &river.InsertOpts{ScheduledAt: ev.EndsAt} }

type worker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	run func(ctx context.Context, args T) (time.Duration, error)
}

func (w *worker[T]) Work(ctx context.Context, j *river.Job[T]) error {
	early, err := w.run(ctx, j.Args)
	if err != nil {
		return err
	}
	if early > 0 {
		return river.JobSnooze(early)
	}
	return nil
}

// RegisterJobs adds the workers.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	jobs.AddWorker(r, &worker[ExpireHoldJob]{run: func(ctx context.Context, a ExpireHoldJob) (time.Duration, error) {
		return s.ExpireHold(ctx, a.OrderID)
	}})
	jobs.AddWorker(r, &worker[SettleJob]{run: func(ctx context.Context, a SettleJob) (time.Duration, error) {
		return s.Settle(ctx, a.EventID)
	}})
}
