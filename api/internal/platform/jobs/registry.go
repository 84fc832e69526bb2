// Package jobs runs Sojourn's background work on River: workers and periodic
// jobs that the domains own, inserted in the same transaction as the business
// write that causes them.
package jobs

import (
	"github.com/riverqueue/river"
)

// Registry collects what the domain modules own: their workers and their
// periodic jobs. app.New hands one Registry to every module's RegisterJobs,
// then starts River with it.
type Registry struct {
	Workers  *river.Workers
	Periodic []*river.PeriodicJob
}

// NewRegistry makes an empty registry.
func NewRegistry() *Registry { return &Registry{Workers: river.NewWorkers()} }

// AddWorker registers a worker for one kind of job.
func AddWorker[T river.JobArgs](r *Registry, w river.Worker[T]) { river.AddWorker(r.Workers, w) }

// AddPeriodic schedules a periodic job.
func (r *Registry) AddPeriodic(j *river.PeriodicJob) { r.Periodic = append(r.Periodic, j) }
