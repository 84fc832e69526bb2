package money

import (
	"context"
	"time"

	"sojourn/api/internal/platform/jobs"
)

// MatureEvery is the cadence of the MatureEarnings chore.
const MatureEvery = time.Minute

// MatureJob is the periodic job that matures everyone's earnings.
type MatureJob struct{}

// Kind names the job in River.
func (MatureJob) Kind() string { return "money.mature_earnings" }

// RegisterJobs registers the money chores: MatureEarnings for everyone
// every minute.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	jobs.AddChore[MatureJob](r, MatureEvery, func(ctx context.Context) error {
		n, err := s.MatureEarnings(ctx, "")
		if n > 0 {
			s.log.Info("matured earnings", "lines", n)
		}
		return err
	})
}
