package giftcards

import (
	"time"

	"sojourn/api/internal/platform/jobs"
)

// SweepEvery is the cadence of the Sweep chore.
const SweepEvery = time.Minute

// SweepJob is the periodic job that runs Sweep: cards past their expiry
// expire and queued gift-card mails go out.
type SweepJob struct{}

// Kind names the job in River.
func (SweepJob) Kind() string { return "giftcards.sweep" }

// RegisterJobs registers the gift-card chores: Sweep every minute.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	jobs.AddChore[SweepJob](r, SweepEvery, s.Sweep)
}
