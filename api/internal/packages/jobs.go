package packages

import (
	"context"

	"github.com/riverqueue/river"

	"sojourn/api/internal/platform/jobs"
)

// ExpireJob expires one purchase at its valid_until (inserted in the
// transaction that activates it).
type ExpireJob struct {
	PurchaseID string `json:"purchase_id"`
}

// Kind names the job in River.
func (ExpireJob) Kind() string { return "packages.expire" }

type expireWorker struct {
	river.WorkerDefaults[ExpireJob]
	s *Service
}

// Work runs the transition; a job that runs before valid_until by the
// domain's clock snoozes until then.
func (w *expireWorker) Work(ctx context.Context, j *river.Job[ExpireJob]) error {
	early, err := w.s.Expire(ctx, j.Args.PurchaseID)
	if err != nil {
		return err
	}
	if early > 0 {
		return river.JobSnooze(early)
	}
	return nil
}

// RegisterJobs registers the expiry worker.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	jobs.AddWorker(r, &expireWorker{s: s})
}
