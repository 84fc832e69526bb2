package flights

import (
	"context"

	"github.com/riverqueue/river"

	"sojourn/api/internal/platform/jobs"
)

// PlaceJob books a paid order with the supplier (flights.place_order).
type PlaceJob struct {
	OrderID string `json:"order_id"`
}

// Kind is the River job kind.
func (PlaceJob) Kind() string { return "flights.place_order" }

type placeWorker struct {
	river.WorkerDefaults[PlaceJob]
	s *Service
}

func (w *placeWorker) Work(ctx context.Context, j *river.Job[PlaceJob]) error {
	attempt := 1
	if j.JobRow != nil {
		attempt = j.Attempt
	}
	return w.s.Place(ctx, j.Args.OrderID, attempt)
}

// Workers are the module's job workers, for tests that run a job by hand.
type Workers struct {
	Place river.Worker[PlaceJob]
}

// Workers returns the module's workers.
func (s *Service) Workers() Workers { return Workers{Place: &placeWorker{s: s}} }

// RegisterJobs registers the workers.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	jobs.AddWorker(r, s.Workers().Place)
}
