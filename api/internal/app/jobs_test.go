package app_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/jobs"
	"sojourn/api/internal/testkit"
)

// TestIntegrationChoresRunOncePerPeriodUnderTwoClients starts two River
// clients (two pools, as two server processes would have) over one
// database, with every chore the app registers on a one-second period, and
// checks each chore ran once per period: never twice in a period, never two
// runs at the same time, each run on its first attempt (so the chores work
// on both databases under River).
func TestIntegrationChoresRunOncePerPeriodUnderTwoClients(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		const period = time.Second
		ctx := context.Background()
		quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
		var kinds []string
		for _, c := range e.App.Jobs.Registry().Chores {
			kinds = append(kinds, c.Kind)
		}
		if len(kinds) < 4 {
			t.Fatalf("the app registers chores %v, want at least the payments, gift-card, idempotency and money ones", kinds)
		}
		var clients []*jobs.Client
		for i, d := range []*db.DB{e.DB, testkit.Reopen(t, e.DB)} {
			r := jobs.NewRegistry()
			r.ChoreInterval = period
			r.ChoreTimeout = 20 * time.Second // a run on a loaded CI machine may outlast the 1 s period
			e.App.Realtime.RegisterJobs(r)
			e.App.Payments.RegisterJobs(r)
			e.App.GiftCards.RegisterJobs(r)
			e.App.Bookings.RegisterJobs(r)
			e.App.Shop.RegisterJobs(r)
			e.App.Wishlists.RegisterJobs(r)
			e.App.Notifications.RegisterJobs(r)
			e.App.Support.RegisterJobs(r)
			e.App.Idempotency.RegisterJobs(r)
			e.App.Money.RegisterJobs(r)
			e.App.Limits.RegisterJobs(r)
			var got []string
			for _, c := range r.Chores {
				got = append(got, c.Kind)
			}
			if !slices.Equal(got, kinds) {
				t.Fatalf("this test registers chores %v, the app %v: register the new module here", got, kinds)
			}
			c, err := jobs.New(jobs.Config{DB: d, Logger: quiet, Registry: r,
				PollInterval: 50 * time.Millisecond, ID: []string{"one", "two"}[i]})
			if err != nil {
				t.Fatal(err)
			}
			clients = append(clients, c)
		}
		started := time.Now()
		for _, c := range clients {
			if err := c.Start(ctx); err != nil {
				t.Fatal(err)
			}
		}
		stop := func() {
			for _, c := range clients {
				sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
				if err := c.Stop(sctx); err != nil {
					t.Errorf("stop: %v", err)
				}
				cancel()
			}
		}
		list := func(kind string) []*rivertype.JobRow {
			res, err := clients[0].River().JobList(ctx, river.NewJobListParams().Kinds(kind).First(1000))
			if err != nil {
				t.Fatal(err)
			}
			return res.Jobs
		}
		completed := func(kind string) int {
			n := 0
			for _, j := range list(kind) {
				if j.State == rivertype.JobStateCompleted {
					n++
				}
			}
			return n
		}
		deadline := time.Now().Add(30 * time.Second)
		for _, k := range kinds {
			for completed(k) < 3 {
				if time.Now().After(deadline) {
					stop()
					t.Fatalf("%s: %d runs completed in 30 s at a 1 s period", k, completed(k))
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
		stop()
		elapsed := time.Since(started)

		for _, k := range kinds {
			js := list(k)
			if max := int(elapsed/period) + 2; len(js) > max {
				t.Errorf("%s: %d jobs in %s, more than one per period", k, len(js), elapsed.Round(time.Millisecond))
			}
			buckets := map[time.Time]int64{}
			var ran []*rivertype.JobRow
			for _, j := range js {
				b := j.ScheduledAt.Truncate(period)
				if other, ok := buckets[b]; ok {
					t.Errorf("%s: jobs %d and %d both scheduled in the period starting %s", k, other, j.ID, b)
				}
				buckets[b] = j.ID
				switch {
				case j.Attempt > 1:
					t.Errorf("%s: job %d needed %d attempts (state %s, errors %v)", k, j.ID, j.Attempt, j.State, j.Errors)
				case j.Attempt == 1 && j.State != rivertype.JobStateCompleted:
					t.Errorf("%s: job %d ran but is %s (errors %v)", k, j.ID, j.State, j.Errors)
				case j.Attempt == 1:
					ran = append(ran, j)
				}
			}
			sort.Slice(ran, func(a, b int) bool { return ran[a].AttemptedAt.Before(*ran[b].AttemptedAt) })
			for i := 1; i < len(ran); i++ {
				if ran[i].AttemptedAt.Before(*ran[i-1].FinalizedAt) {
					t.Errorf("%s: job %d started before job %d finished", k, ran[i].ID, ran[i-1].ID)
				}
			}
		}
	})
}
