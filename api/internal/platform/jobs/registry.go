package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Registry collects what the domain modules own: their workers and their
// periodic jobs. app.New hands one Registry to every module's RegisterJobs,
// then starts River with it.
type Registry struct {
	Workers  *river.Workers
	Periodic []*river.PeriodicJob
	// Chores are the periodic chores added with AddChore, in order.
	Chores []Chore
	// ChoreInterval, when set before the modules register, replaces every
	// chore's own interval (tests shorten it to watch several periods).
	ChoreInterval time.Duration
	// ChoreTimeout, when set, replaces how long a chore run may take (its
	// interval): a test's shortened interval is shorter than a loaded
	// machine's slowest run.
	ChoreTimeout time.Duration

	workers int
}

// NewRegistry makes an empty registry.
func NewRegistry() *Registry { return &Registry{Workers: river.NewWorkers()} }

// AddWorker registers a worker for one kind of job.
func AddWorker[T river.JobArgs](r *Registry, w river.Worker[T]) {
	river.AddWorker(r.Workers, w)
	r.workers++
}

// AddPeriodic schedules a periodic job.
func (r *Registry) AddPeriodic(j *river.PeriodicJob) { r.Periodic = append(r.Periodic, j) }

// Chore is a periodic chore: a job kind without arguments whose worker runs
// Run.
type Chore struct {
	Kind  string
	Every time.Duration
	Run   func(ctx context.Context) error
}

// ChoreAttempts is how many times a failing chore run is tried (with River's
// backoff between them) before the next period's run takes over.
const ChoreAttempts = 3

// choreUnique makes a chore unique among its unfinished runs: while one run
// is waiting, running or waiting for a retry, the next period's is not
// inserted, so a chore never runs twice at once however many processes run.
var choreUnique = river.UniqueOpts{ByState: []rivertype.JobState{
	rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
	rivertype.JobStateRunning, rivertype.JobStateScheduled,
}}

// AddChore registers a periodic chore of kind T (an argument-less job type
// owned by the domain) that runs every interval: the elected leader among
// the running River clients enqueues it (when it starts, then each
// interval) and one worker anywhere runs it, so it runs once per interval;
// it is unique among its unfinished runs, so it never runs twice at once
// (a period whose predecessor has not finished is skipped). A run may take
// at most the interval; a failing run is retried with backoff up to
// ChoreAttempts times.
func AddChore[T river.JobArgs](r *Registry, every time.Duration, run func(ctx context.Context) error) {
	if r.ChoreInterval > 0 {
		every = r.ChoreInterval
	}
	var args T
	r.Chores = append(r.Chores, Chore{Kind: args.Kind(), Every: every, Run: run})
	timeout := every
	if r.ChoreTimeout > 0 {
		timeout = r.ChoreTimeout
	}
	AddWorker(r, &choreWorker[T]{run: run, timeout: timeout})
	r.AddPeriodic(river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) {
			return args, &river.InsertOpts{MaxAttempts: ChoreAttempts, UniqueOpts: choreUnique}
		},
		&river.PeriodicJobOpts{ID: args.Kind(), RunOnStart: true}))
}

// RunChores runs every chore once, now, in registration order, without
// River (tests drive the chores deterministically this way). One failing
// chore does not stop the others.
func (r *Registry) RunChores(ctx context.Context) error {
	var errs []error
	for _, c := range r.Chores {
		if err := c.Run(ctx); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", c.Kind, err))
		}
	}
	return errors.Join(errs...)
}

type choreWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	run     func(ctx context.Context) error
	timeout time.Duration
}

func (w *choreWorker[T]) Work(ctx context.Context, _ *river.Job[T]) error { return w.run(ctx) }

func (w *choreWorker[T]) Timeout(*river.Job[T]) time.Duration { return w.timeout }
