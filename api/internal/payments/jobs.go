package payments

import (
	"context"
	"time"

	"sojourn/api/internal/platform/jobs"
)

// AbandonStaleEvery is the cadence of the AbandonStale chore.
const AbandonStaleEvery = time.Minute

// AbandonStaleJob is the periodic job that runs AbandonStale.
type AbandonStaleJob struct{}

// Kind names the job in River.
func (AbandonStaleJob) Kind() string { return "payments.abandon_stale" }

// RegisterJobs registers the payments chores: AbandonStale every minute.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	jobs.AddChore[AbandonStaleJob](r, AbandonStaleEvery, func(ctx context.Context) error {
		_, err := s.AbandonStale(ctx)
		return err
	})
}
