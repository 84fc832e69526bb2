package idempotency

import (
	"context"
	"time"

	"sojourn/api/internal/platform/jobs"
)

// PurgeEvery is the cadence of the Purge chore.
const PurgeEvery = time.Minute

// PurgeJob is the periodic job that runs Purge.
type PurgeJob struct{}

// Kind names the job in River.
func (PurgeJob) Kind() string { return "idempotency.purge" }

// RegisterJobs registers the idempotency chores: Purge every minute.
func (m *Middleware) RegisterJobs(r *jobs.Registry) {
	jobs.AddChore[PurgeJob](r, PurgeEvery, func(ctx context.Context) error {
		_, err := m.Purge(ctx)
		return err
	})
}
