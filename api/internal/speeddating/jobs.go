package speeddating

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"sojourn/api/internal/platform/jobs"
)

// MinimumJob cancels and refunds an event that has not reached its minimum
// of confirmed tickets an hour before its start (at the start for an event
// created inside that hour); inserted when the event is made or moved.
type MinimumJob struct {
	EventID string `json:"event_id"`
}

// Kind names the job in River.
func (MinimumJob) Kind() string { return "speeddating.minimum" }

// NoShowJob cancels and refunds an event its host never started, 30
// minutes after its start.
type NoShowJob struct {
	EventID string `json:"event_id"`
}

// Kind names the job in River.
func (NoShowJob) Kind() string { return "speeddating.no_show" }

// BellJob ends the phase (a date or a changeover) that seq names; inserted
// in the transaction that starts the phase. A stale seq changes nothing.
type BellJob struct {
	EventID string `json:"event_id"`
	Round   int    `json:"round"`
	Seq     int    `json:"seq"`
}

// Kind names the job in River.
func (BellJob) Kind() string { return "speeddating.bell" }

// CloseVotingJob closes voting 10 minutes after the rounds end and makes
// the matches.
type CloseVotingJob struct {
	EventID string `json:"event_id"`
	Seq     int    `json:"seq"`
}

// Kind names the job in River.
func (CloseVotingJob) Kind() string { return "speeddating.close_voting" }

// TicketPaymentJob gives back the seat of a card ticket whose payment has
// not settled by pay_by.
type TicketPaymentJob struct {
	TicketID string `json:"ticket_id"`
}

// Kind names the job in River.
func (TicketPaymentJob) Kind() string { return "speeddating.ticket_payment" }

type worker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	run func(ctx context.Context, args T) (time.Duration, error)
}

// Work runs the transition; early by the domain's clock, it snoozes.
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

// RegisterJobs registers the workers of the event's timed transitions.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	jobs.AddWorker(r, &worker[MinimumJob]{run: func(ctx context.Context, a MinimumJob) (time.Duration, error) {
		return s.CheckMinimum(ctx, a.EventID)
	}})
	jobs.AddWorker(r, &worker[NoShowJob]{run: func(ctx context.Context, a NoShowJob) (time.Duration, error) {
		return s.CheckNoShow(ctx, a.EventID)
	}})
	jobs.AddWorker(r, &worker[BellJob]{run: func(ctx context.Context, a BellJob) (time.Duration, error) {
		return s.Bell(ctx, a.EventID, a.Seq)
	}})
	jobs.AddWorker(r, &worker[CloseVotingJob]{run: func(ctx context.Context, a CloseVotingJob) (time.Duration, error) {
		return s.CloseVoting(ctx, a.EventID, a.Seq)
	}})
	jobs.AddWorker(r, &worker[TicketPaymentJob]{run: func(ctx context.Context, a TicketPaymentJob) (time.Duration, error) {
		return s.LapseUnpaid(ctx, a.TicketID)
	}})
}
