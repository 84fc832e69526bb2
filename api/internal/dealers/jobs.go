package dealers

import (
	"context"

	"github.com/riverqueue/river"

	"sojourn/api/internal/platform/jobs"
)

// ReleaseJob releases a reservation's deposit and makes its car available
// again at release_at, unless the sale completed or it was released first
// (inserted in the transaction that reserves).
type ReleaseJob struct {
	ReservationID string `json:"reservation_id"`
}

// Kind names the job in River.
func (ReleaseJob) Kind() string { return "dealers.release_reservation" }

type releaseWorker struct {
	river.WorkerDefaults[ReleaseJob]
	s *Service
}

// Work runs the transition; a job that runs before release_at by the
// domain's clock snoozes until then.
func (w *releaseWorker) Work(ctx context.Context, j *river.Job[ReleaseJob]) error {
	early, err := w.s.Lapse(ctx, j.Args.ReservationID)
	if err != nil {
		return err
	}
	if early > 0 {
		return river.JobSnooze(early)
	}
	return nil
}

// PaymentWindowJob lapses a reservation by card whose payment has not
// settled by pay_by and frees its car (inserted in the transaction that
// reserves); a paid or cancelled one is left as it is.
type PaymentWindowJob struct {
	ReservationID string `json:"reservation_id"`
}

// Kind names the job in River.
func (PaymentWindowJob) Kind() string { return "dealers.lapse_unpaid_reservation" }

type paymentWindowWorker struct {
	river.WorkerDefaults[PaymentWindowJob]
	s *Service
}

// Work runs the transition; early by the domain's clock, it snoozes.
func (w *paymentWindowWorker) Work(ctx context.Context, j *river.Job[PaymentWindowJob]) error {
	early, err := w.s.LapseUnpaid(ctx, j.Args.ReservationID)
	if err != nil {
		return err
	}
	if early > 0 {
		return river.JobSnooze(early)
	}
	return nil
}

// RegisterJobs registers the release and payment-window workers.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	jobs.AddWorker(r, &releaseWorker{s: s})
	jobs.AddWorker(r, &paymentWindowWorker{s: s})
}
