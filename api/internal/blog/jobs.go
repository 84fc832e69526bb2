package blog

import (
	"context"

	"github.com/riverqueue/river"

	"sojourn/api/internal/platform/jobs"
)

// PublishJob publishes a post approved for a time (inserted in the
// approving transaction, scheduled at that time).
type PublishJob struct {
	PostID  string `json:"post_id"`
	Version int    `json:"version"`
}

// Kind names the job in River.
func (PublishJob) Kind() string { return "blog.publish" }

type publishWorker struct {
	river.WorkerDefaults[PublishJob]
	s *Service
}

// Work publishes the post; early by the domain's clock, it snoozes.
func (w *publishWorker) Work(ctx context.Context, j *river.Job[PublishJob]) error {
	early, err := w.s.PublishDue(ctx, j.Args.PostID, j.Args.Version)
	if err != nil {
		return err
	}
	if early > 0 {
		return river.JobSnooze(early)
	}
	return nil
}

// RegisterJobs registers the blog's worker.
func (s *Service) RegisterJobs(r *jobs.Registry) { jobs.AddWorker(r, &publishWorker{s: s}) }
