package stays

import (
	"context"

	"github.com/riverqueue/river"

	"sojourn/api/internal/platform/jobs"
)

// BookJob makes the supplier booking of a paid stay (stays.book), retried
// by River on the supplier's retryable failures up to BookAttempts.
type BookJob struct {
	StayID string `json:"stay_id"`
}

// Kind is the River job kind.
func (BookJob) Kind() string { return "stays.book" }

type bookWorker struct {
	river.WorkerDefaults[BookJob]
	s *Service
}

func (w *bookWorker) Work(ctx context.Context, j *river.Job[BookJob]) error {
	return w.s.Book(ctx, j.Args.StayID, j.Attempt >= j.MaxAttempts)
}

// RegisterJobs registers the workers.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	jobs.AddWorker(r, river.Worker[BookJob](&bookWorker{s: s}))
}
