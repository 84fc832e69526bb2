package realtime

import (
	"context"
	"time"

	"sojourn/api/internal/platform/jobs"
)

// CleanupEvery is the cadence of the realtime chore.
const CleanupEvery = time.Minute

// CleanupJob deletes spent and expired tickets and the presence of
// instances that died.
type CleanupJob struct{}

// Kind names the job in River.
func (CleanupJob) Kind() string { return "realtime.cleanup" }

// RegisterJobs registers the realtime chore.
func (h *NATSHub) RegisterJobs(r *jobs.Registry) {
	jobs.AddChore[CleanupJob](r, CleanupEvery, func(ctx context.Context) error {
		if _, err := h.PurgeTickets(ctx); err != nil {
			return err
		}
		_, err := h.PurgePresence(ctx)
		return err
	})
}
