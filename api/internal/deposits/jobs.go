package deposits

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/jobs"
)

// ReleaseJob releases one deposit at its release_at (inserted in the
// transaction that held it).
type ReleaseJob struct {
	DepositID string `json:"deposit_id"`
}

// Kind names the job in River.
func (ReleaseJob) Kind() string { return "deposits.release" }

type releaseWorker struct {
	river.WorkerDefaults[ReleaseJob]
	s *Service
}

// Work releases the deposit when it is still held and due; one that runs
// early by the domain's clock snoozes until release_at.
func (w *releaseWorker) Work(ctx context.Context, j *river.Job[ReleaseJob]) error {
	early, err := w.s.ReleaseDue(ctx, j.Args.DepositID)
	if err != nil {
		return err
	}
	if early > 0 {
		return river.JobSnooze(early)
	}
	return nil
}

// ReleaseDue releases a held deposit whose release_at has come; it answers
// how long is left when it is early, and nothing changes for a deposit
// already settled (or gone).
func (s *Service) ReleaseDue(ctx context.Context, id string) (early time.Duration, err error) {
	r := new(row)
	if err := s.c.DB.NewSelect().Model(r).Where("id = ?", id).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return 0, nil
		}
		return 0, err
	}
	if r.Status != StatusHeld || r.ReleaseAt == nil {
		return 0, nil
	}
	if left := r.ReleaseAt.Sub(s.c.Clock.Now()); left > 0 {
		return left, nil
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		_, err := s.Release(ctx, tx, Ref{r.RefType, r.RefID}, "", "Released automatically")
		return err
	})
	if errors.Is(err, ErrSettled) {
		return 0, nil
	}
	return 0, err
}

// RegisterJobs registers the release worker.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	jobs.AddWorker(r, &releaseWorker{s: s})
}
