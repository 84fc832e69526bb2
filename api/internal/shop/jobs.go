package shop

import (
	"context"

	"github.com/riverqueue/river"

	"sojourn/api/internal/platform/jobs"
)

// ExpireGroupJob expires a card order group whose payment has not arrived
// by pay_by and frees its stock (shop.expire_group; inserted by checkout).
type ExpireGroupJob struct {
	GroupID string `json:"group_id"`
}

// Kind names the job in River.
func (ExpireGroupJob) Kind() string { return "shop.expire_group" }

// ReleaseJob releases a delivered order's escrow to its vendor, minus the
// commission, at the end of its return window (shop.release; inserted on
// delivery and when a return is received).
type ReleaseJob struct {
	OrderID string `json:"order_id"`
}

// Kind names the job in River.
func (ReleaseJob) Kind() string { return "shop.release" }

// AssumeDeliveredJob marks a parcel nobody reported delivered as delivered
// (shop.assume_delivered; inserted on shipping).
type AssumeDeliveredJob struct {
	OrderID string `json:"order_id"`
}

// Kind names the job in River.
func (AssumeDeliveredJob) Kind() string { return "shop.assume_delivered" }

type expireWorker struct {
	river.WorkerDefaults[ExpireGroupJob]
	s *Service
}

// Work expires the group; early by the domain's clock, it snoozes.
func (w *expireWorker) Work(ctx context.Context, j *river.Job[ExpireGroupJob]) error {
	early, err := w.s.ExpireUnpaid(ctx, j.Args.GroupID)
	if err == nil && early > 0 {
		return river.JobSnooze(early)
	}
	return err
}

type releaseWorker struct {
	river.WorkerDefaults[ReleaseJob]
	s *Service
}

// Work releases the escrow; early by the domain's clock, it snoozes.
func (w *releaseWorker) Work(ctx context.Context, j *river.Job[ReleaseJob]) error {
	early, err := w.s.Release(ctx, j.Args.OrderID)
	if err == nil && early > 0 {
		return river.JobSnooze(early)
	}
	return err
}

type assumeWorker struct {
	river.WorkerDefaults[AssumeDeliveredJob]
	s *Service
}

// Work marks the parcel delivered if it is still shipped.
func (w *assumeWorker) Work(ctx context.Context, j *river.Job[AssumeDeliveredJob]) error {
	return w.s.AssumeDelivered(ctx, j.Args.OrderID)
}

// Workers are the shop's job workers, for tests that run a job by hand.
type Workers struct {
	ExpireGroup     river.Worker[ExpireGroupJob]
	Release         river.Worker[ReleaseJob]
	AssumeDelivered river.Worker[AssumeDeliveredJob]
}

// Workers returns the module's workers.
func (s *Service) Workers() Workers {
	return Workers{ExpireGroup: &expireWorker{s: s}, Release: &releaseWorker{s: s}, AssumeDelivered: &assumeWorker{s: s}}
}

// RegisterJobs registers the workers.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	w := s.Workers()
	jobs.AddWorker(r, w.ExpireGroup)
	jobs.AddWorker(r, w.Release)
	jobs.AddWorker(r, w.AssumeDelivered)
	jobs.AddChore[HealthJob](r, HealthEvery, func(ctx context.Context) error {
		_, err := s.ComputeHealth(ctx)
		return err
	})
}
