// Package jobs runs Sojourn's background work on River
// (github.com/riverqueue/river): jobs a domain inserts in the same
// transaction as the business write that causes them, and the periodic
// chores the domains own. It is the one way a domain schedules anything
// that happens later (hold expiry, reminders, escrow release, renewals,
// waiting lists); nothing else runs its own ticker.
//
// # The queue
//
// River keeps its jobs in the application's own database, in the tables
// migration 0007_river creates (river_job, river_leader, river_queue,
// river_notification, river_migration; see platform/db/river.go): on
// PostgreSQL through River's database/sql driver over the lib/pq pool, in
// the connection's schema; on SQLite through River's SQLite driver over the
// same pure-Go pool. Neither listens for notifications (River's
// database/sql driver has no LISTEN over lib/pq, and on SQLite the client
// runs poll-only rather than read River's notification outbox every 50 ms):
// a client looks for due jobs every PollInterval (1 s by default), so a job
// inserted by another process, or in a transaction, starts within about a
// second. Each serving process runs one Client (serve starts it and stops
// it gracefully on shutdown); the running clients elect one leader, which
// alone enqueues periodic jobs and does River's upkeep (completed jobs are
// kept a day, then deleted).
//
// Delivery is at least once: a job runs again when it fails (River's
// backoff, attempt^4 seconds, up to 25 attempts unless the job says
// otherwise), when it times out (1 minute by default; a worker may set its
// own Timeout), or when its process dies mid-way (rescued after an hour).
// A worker must therefore be idempotent: it re-reads the state it acts on
// and does nothing when the work is already done. A job scheduled for a time
// (or awaiting a retry) runs within a few seconds after it, never before.
//
// # The API
//
//	NewRegistry() *Registry
//	AddWorker[T river.JobArgs](r *Registry, w river.Worker[T])
//	AddChore[T river.JobArgs](r *Registry, every time.Duration, run func(ctx) error)
//	(*Registry).AddPeriodic(j *river.PeriodicJob)
//	(*Registry).RunChores(ctx) error
//	New(Config{DB, Logger, Registry, PollInterval, MaxWorkers, ID}) (*Client, error)
//	(*Client).Start(ctx) error / Stop(ctx) error / RunChores(ctx) error / Registry() *Registry
//	NewInserter(d *db.DB) (*Inserter, error)
//	(*Inserter).InsertTx(ctx, tx bun.Tx, args, opts) / Insert(ctx, args, opts) / River()
//
// A Client is also an Inserter. A domain module owns its jobs through one
// optional method, RegisterJobs(r *jobs.Registry), which app.New calls on
// every module before it builds the Client; a module that inserts jobs gets
// an *Inserter in its Config (an insert-only client: it needs no workers,
// so it exists before the modules do) and depends on it through a small
// interface of its own with the InsertTx method.
//
// # Periodic chores
//
// A chore is an argument-less job kind the domain defines, run on an
// interval:
//
//	type SweepJob struct{}
//	func (SweepJob) Kind() string { return "giftcards.sweep" }
//
//	func (s *Service) RegisterJobs(r *jobs.Registry) {
//		jobs.AddChore[SweepJob](r, time.Minute, s.Sweep)
//	}
//
// The leader enqueues it when it starts and then every interval, so it runs
// once per interval however many processes run; it is unique among its
// unfinished runs, so it never runs twice at once (a period whose
// predecessor is still running or awaiting a retry is skipped); a run may
// take at most the interval and is retried with backoff up to ChoreAttempts
// times. A chore must still be safe to repeat: when leadership changes
// hands, the new leader runs it on taking over. Tests run the chores
// directly and deterministically with App.Sweep (Registry.RunChores).
// Today's chores: payments.abandon_stale, giftcards.sweep, idempotency.purge
// and money.mature_earnings, each every minute.
//
// # Scheduling a timed transition
//
// A state that must change at a given time (a booking hold that lapses
// after 15 minutes, say) is scheduled in the transaction that creates it:
//
//	// bookings/jobs.go
//	type ExpireHoldJob struct {
//		HoldID string `json:"hold_id"`
//	}
//	func (ExpireHoldJob) Kind() string { return "bookings.expire_hold" }
//
//	type expireHoldWorker struct {
//		river.WorkerDefaults[ExpireHoldJob]
//		s *Service
//	}
//
//	func (w *expireHoldWorker) Work(ctx context.Context, j *river.Job[ExpireHoldJob]) error {
//		return w.s.ExpireHold(ctx, j.Args.HoldID)
//	}
//
//	func (s *Service) RegisterJobs(r *jobs.Registry) {
//		jobs.AddWorker(r, &expireHoldWorker{s: s})
//	}
//
//	// bookings/holds.go, in the service
//	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
//		if err := s.st.insertHold(ctx, tx, hold); err != nil {
//			return err
//		}
//		_, err := s.jobs.InsertTx(ctx, tx, ExpireHoldJob{HoldID: hold.ID},
//			&river.InsertOpts{ScheduledAt: hold.ExpiresAt})
//		return err
//	})
//
// The hold and its expiry commit together or not at all: a rolled-back
// hold leaves no job behind, and a committed one always has its job.
// ExpireHold is the transition itself, written like any other: in its own
// transaction, it changes the hold only if it is still held and past its
// expiry by the domain's clock (a conditional UPDATE ... WHERE state = 'held'
// AND expires_at <= now), so a hold confirmed in the meantime is left
// alone and a second run does nothing. When the transition is called off
// (the hold is confirmed) nothing needs cancelling: the job finds nothing
// to do. A job that finds it is early by the domain's clock returns
// river.JobSnooze(d) to run again later.
//
// Insert the job with InsertTx inside the causing transaction, never with
// Insert beside it: besides losing the atomicity, on SQLite a second write
// from outside an open write transaction waits for the busy timeout and
// fails. Use InsertOpts.UniqueOpts (ByArgs) when a job must not be
// scheduled twice for the same thing.
//
// Tests call the transition (ExpireHold) directly with the fake clock
// rather than wait for River, which schedules by the real time; the River
// path itself is tested once here (a job inserted in a rolled-back
// transaction never runs; a committed one does; a scheduled one waits).
package jobs
