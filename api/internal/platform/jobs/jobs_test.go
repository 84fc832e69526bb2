package jobs_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/jobs"
	"sojourn/api/internal/testkit"
)

type noteArgs struct {
	N int `json:"n"`
}

func (noteArgs) Kind() string { return "test.note" }

// noteWorker records the N of every job it works.
type noteWorker struct {
	river.WorkerDefaults[noteArgs]
	mu   sync.Mutex
	seen []int
}

func (w *noteWorker) Work(_ context.Context, j *river.Job[noteArgs]) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.seen = append(w.seen, j.Args.N)
	return nil
}

func (w *noteWorker) worked() []int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.seen)
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func dialects(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(d), func(t *testing.T) { fn(t, testkit.OpenDB(t, d)) })
	}
}

// waitFor polls cond until it holds or the time is up.
func waitFor(t *testing.T, what string, within time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestInsertTxRunsOnlyIfCommitted: a job inserted in a transaction that
// rolls back never exists, so never runs; one inserted in a transaction
// that commits runs once. The jobs go in through an Inserter, as a module
// inserts them, and a separate Client works them.
func TestInsertTxRunsOnlyIfCommitted(t *testing.T) {
	dialects(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		w := &noteWorker{}
		r := jobs.NewRegistry()
		jobs.AddWorker(r, w)
		c, err := jobs.New(jobs.Config{DB: d, Logger: quiet, Registry: r, PollInterval: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if err := c.Stop(sctx); err != nil {
				t.Errorf("stop: %v", err)
			}
		})

		ins, err := jobs.NewInserter(d)
		if err != nil {
			t.Fatal(err)
		}
		rollback := errors.New("the business write failed")
		err = d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if _, err := ins.InsertTx(ctx, tx, noteArgs{N: 1}, nil); err != nil {
				return err
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatalf("rolled-back transaction: %v", err)
		}
		var committed *rivertype.JobInsertResult
		if err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			committed, err = ins.InsertTx(ctx, tx, noteArgs{N: 2}, nil)
			return err
		}); err != nil {
			t.Fatal(err)
		}

		waitFor(t, "the committed job to complete", 15*time.Second, func() bool {
			j, err := c.River().JobGet(ctx, committed.Job.ID)
			return err == nil && j.State == rivertype.JobStateCompleted
		})
		// Give the rolled-back job every chance to show up: several polls.
		time.Sleep(300 * time.Millisecond)
		if got := w.worked(); !slices.Equal(got, []int{2}) {
			t.Errorf("worked %v, want only the committed job [2]", got)
		}
		res, err := c.River().JobList(ctx, river.NewJobListParams().Kinds(noteArgs{}.Kind()))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Jobs) != 1 || res.Jobs[0].ID != committed.Job.ID {
			t.Errorf("river_job holds %d test jobs, want only the committed one", len(res.Jobs))
		}
		// River works in the connection's schema (the test's own on
		// PostgreSQL): the job is in the river_job the search_path finds.
		var n int
		if err := d.NewRaw("SELECT count(*) FROM river_job WHERE kind = ?", noteArgs{}.Kind()).Scan(ctx, &n); err != nil || n != 1 {
			t.Errorf("river_job in the connection's schema holds %d test jobs (%v), want 1", n, err)
		}
	})
}

// TestInsertTxNeedsATransaction: a zero bun.Tx is refused, not run on the pool.
func TestInsertTxNeedsATransaction(t *testing.T) {
	c, err := jobs.New(jobs.Config{DB: testkit.OpenDB(t, db.SQLite), Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.InsertTx(context.Background(), bun.Tx{}, noteArgs{N: 1}, nil); err == nil {
		t.Fatal("InsertTx without a transaction succeeded")
	}
}

type flakyArgs struct {
	N int `json:"n"`
}

func (flakyArgs) Kind() string { return "test.flaky" }

// flakyWorker fails a job's first attempt and completes the next.
type flakyWorker struct {
	river.WorkerDefaults[flakyArgs]
}

func (w *flakyWorker) Work(_ context.Context, j *river.Job[flakyArgs]) error {
	if j.Attempt == 1 {
		return errors.New("the first attempt fails")
	}
	return nil
}

// TestScheduledAndRetried: a job scheduled for later does not run before
// its time and runs after it (the timed-transition pattern); a failing job
// is retried with backoff and completes on its second attempt.
func TestScheduledAndRetried(t *testing.T) {
	dialects(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		notes := &noteWorker{}
		r := jobs.NewRegistry()
		jobs.AddWorker(r, notes)
		jobs.AddWorker(r, &flakyWorker{})
		c, err := jobs.New(jobs.Config{DB: d, Logger: quiet, Registry: r, PollInterval: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			_ = c.Stop(sctx)
		})
		at := time.Now().Add(1500 * time.Millisecond)
		var later, flaky *rivertype.JobInsertResult
		if err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if later, err = c.InsertTx(ctx, tx, noteArgs{N: 7}, &river.InsertOpts{ScheduledAt: at}); err != nil {
				return err
			}
			flaky, err = c.InsertTx(ctx, tx, flakyArgs{N: 1}, nil)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Until(at) - 500*time.Millisecond)
		if got := notes.worked(); len(got) != 0 {
			t.Fatalf("the scheduled job ran early: %v", got)
		}
		done := func(id int64) *rivertype.JobRow {
			j, err := c.River().JobGet(ctx, id)
			if err != nil || j.State != rivertype.JobStateCompleted {
				return nil
			}
			return j
		}
		waitFor(t, "the scheduled and the retried job to complete", 30*time.Second, func() bool {
			return done(later.Job.ID) != nil && done(flaky.Job.ID) != nil
		})
		if j := done(later.Job.ID); j.AttemptedAt.Before(at.Add(-time.Millisecond)) {
			t.Errorf("the scheduled job ran at %s, before its time %s", j.AttemptedAt, at)
		}
		if j := done(flaky.Job.ID); j.Attempt != 2 || len(j.Errors) != 1 {
			t.Errorf("the flaky job completed after %d attempts with %d errors, want 2 and 1", j.Attempt, len(j.Errors))
		}
	})
}

type tickArgs struct{}

func (tickArgs) Kind() string { return "test.tick" }

// TestChoreOncePerPeriodAcrossTwoClients: two clients on one database (two
// pools, as two processes), both registering the same chore: the chore
// function runs once per period in all, never twice at once, and every run
// is a River job.
func TestChoreOncePerPeriodAcrossTwoClients(t *testing.T) {
	dialects(t, func(t *testing.T, d *db.DB) {
		const period = 500 * time.Millisecond
		ctx := context.Background()
		var (
			mu             sync.Mutex
			firstRun       time.Time
			runs, inFlight int
			overlapped     bool
			perClient      = map[string]int{}
			clients        []*jobs.Client
			handles        = []*db.DB{d, testkit.Reopen(t, d)}
			names          = []string{"one", "two"}
		)
		for i, h := range handles {
			name := names[i]
			r := jobs.NewRegistry()
			jobs.AddChore[tickArgs](r, period, func(ctx context.Context) error {
				mu.Lock()
				if runs == 0 {
					firstRun = time.Now()
				}
				runs++
				perClient[name]++
				inFlight++
				overlapped = overlapped || inFlight > 1
				mu.Unlock()
				time.Sleep(50 * time.Millisecond)
				mu.Lock()
				inFlight--
				mu.Unlock()
				return nil
			})
			c, err := jobs.New(jobs.Config{DB: h, Logger: quiet, Registry: r, PollInterval: 50 * time.Millisecond, ID: name})
			if err != nil {
				t.Fatal(err)
			}
			clients = append(clients, c)
		}
		for _, c := range clients {
			if err := c.Start(ctx); err != nil {
				t.Fatal(err)
			}
		}
		// River's periodic enqueuer starts a moment after the leader is
		// elected; from the first run, watch four more periods.
		waitFor(t, "the first run", 30*time.Second, func() bool {
			mu.Lock()
			defer mu.Unlock()
			return runs >= 1
		})
		time.Sleep(4*period + period/2)
		for _, c := range clients {
			sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			if err := c.Stop(sctx); err != nil {
				t.Errorf("stop: %v", err)
			}
			cancel()
		}
		mu.Lock()
		elapsed := time.Since(firstRun)
		mu.Unlock()
		res, err := clients[0].River().JobList(ctx, river.NewJobListParams().Kinds(tickArgs{}.Kind()).
			States(rivertype.JobStateCompleted).First(1000))
		if err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		defer mu.Unlock()
		if runs != len(res.Jobs) {
			t.Errorf("the chore ran %d times for %d completed jobs", runs, len(res.Jobs))
		}
		// One run per period since the first, plus one for a run starting as
		// the clients stop: twice as many would mean both clients enqueue it.
		if max := int(elapsed/period) + 2; runs < 4 || runs > max {
			t.Errorf("the chore ran %d times in %s at a %s period (want 4 to %d)", runs, elapsed.Round(time.Millisecond), period, max)
		}
		buckets := map[time.Time]bool{}
		for _, j := range res.Jobs {
			b := j.ScheduledAt.Truncate(period)
			if buckets[b] {
				t.Errorf("two runs were scheduled in the period starting %s", b)
			}
			buckets[b] = true
		}
		if overlapped {
			t.Error("two runs of the chore overlapped")
		}
		t.Logf("%d runs in %s, by client: %v", runs, elapsed.Round(time.Millisecond), perClient)
	})
}

type slowArgs struct{}

func (slowArgs) Kind() string { return "test.slow" }

type slowWorker struct {
	river.WorkerDefaults[slowArgs]
	started chan struct{}
}

func (w *slowWorker) Work(ctx context.Context, _ *river.Job[slowArgs]) error {
	close(w.started)
	select {
	case <-time.After(400 * time.Millisecond):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// TestStopLetsRunningJobsFinish: Stop (serve's shutdown) waits for the job
// in hand to complete rather than cancel it.
func TestStopLetsRunningJobsFinish(t *testing.T) {
	dialects(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		w := &slowWorker{started: make(chan struct{})}
		r := jobs.NewRegistry()
		jobs.AddWorker(r, w)
		c, err := jobs.New(jobs.Config{DB: d, Logger: quiet, Registry: r, PollInterval: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(ctx); err != nil {
			t.Fatal(err)
		}
		res, err := c.Insert(ctx, slowArgs{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		select {
		case <-w.started:
		case <-time.After(15 * time.Second):
			t.Fatal("the job never started")
		}
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := c.Stop(sctx); err != nil {
			t.Fatalf("stop: %v", err)
		}
		j, err := c.River().JobGet(ctx, res.Job.ID)
		if err != nil {
			t.Fatal(err)
		}
		if j.State != rivertype.JobStateCompleted {
			t.Errorf("after Stop the running job is %s, want completed", j.State)
		}
	})
}
