package ratelimit_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ratelimit"
	"sojourn/api/internal/testkit"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// dialects runs fn on a migrated SQLite database and, with
// TEST_DATABASE_URL, on PostgreSQL.
func dialects(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	for _, k := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(k), func(t *testing.T) { fn(t, testkit.OpenDB(t, k)) })
	}
}

func store(t *testing.T, d *db.DB, c clock.Clock) *ratelimit.Store {
	t.Helper()
	s, err := ratelimit.NewStore(d, c, quiet)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func rows(t *testing.T, d *db.DB) int {
	t.Helper()
	n, err := d.NewSelect().Table("rate_limit_hits").Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// TestSharedSlidingWindow: the shared limiter keeps the in-process one's
// rules exactly (TestSlidingWindow), counted in the database.
func TestSharedSlidingWindow(t *testing.T) {
	dialects(t, func(t *testing.T, d *db.DB) {
		clk := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		l := store(t, d, clk).Limiter("test.sliding", 3, time.Minute)
		for i := 0; i < 3; i++ {
			if ok, _ := l.Allow("a"); !ok {
				t.Fatalf("hit %d refused", i)
			}
			clk.Advance(10 * time.Second)
		}
		ok, wait := l.Allow("a")
		if ok || wait != 30*time.Second {
			t.Fatalf("4th hit: ok=%v wait=%v, want refused for 30s", ok, wait)
		}
		if n := rows(t, d); n != 3 {
			t.Fatalf("%d rows, want 3: a refused event records nothing", n)
		}
		if ok, _ := l.Allow("b"); !ok {
			t.Fatal("keys are independent")
		}
		clk.Advance(29 * time.Second)
		if ok, wait := l.Allow("a"); ok || wait != time.Second {
			t.Fatalf("a second early: ok=%v wait=%v", ok, wait)
		}
		clk.Advance(time.Second)
		if ok, _ := l.Allow("a"); !ok {
			t.Fatal("the oldest hit left the window")
		}
		if ok, _ := l.Allow("a"); ok {
			t.Fatal("the window is full again")
		}
		l.Reset("a")
		if ok, _ := l.Allow("a"); !ok {
			t.Fatal("reset forgets the key")
		}
		// Another limit with the same key counts apart.
		if ok, _ := store(t, d, clk).Limiter("test.other", 1, time.Minute).Allow("a"); !ok {
			t.Fatal("limits are independent")
		}
	})
}

func TestSharedBlocked(t *testing.T) {
	dialects(t, func(t *testing.T, d *db.DB) {
		clk := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		l := store(t, d, clk).Limiter("test.blocked", 2, time.Minute)
		if b, _ := l.Blocked("a"); b {
			t.Fatal("blocked before any event")
		}
		l.Allow("a")
		l.Allow("a")
		if b, wait := l.Blocked("a"); !b || wait != time.Minute {
			t.Fatalf("blocked=%v wait=%v after the limit", b, wait)
		}
		if b, _ := l.Blocked("a"); !b || rows(t, d) != 2 {
			t.Fatal("Blocked must not record or clear anything")
		}
		clk.Advance(time.Minute)
		if b, _ := l.Blocked("a"); b {
			t.Fatal("still blocked after the window")
		}
	})
}

func TestSharedDistinct(t *testing.T) {
	dialects(t, func(t *testing.T, d *db.DB) {
		clk := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		s := store(t, d, clk)
		one, two := s.Distinct("test.distinct", 2, time.Hour), store(t, testkit.Reopen(t, d), clk).Distinct("test.distinct", 2, time.Hour)
		for i, v := range []string{"x", "y", "x", "y", "x"} {
			l := []*ratelimit.Distinct{one, two}[i%2] // alternate instances
			if ok, _ := l.Allow("u", v); !ok {
				t.Fatalf("%s refused: repeats are free", v)
			}
			clk.Advance(time.Minute)
		}
		ok, wait := two.Allow("u", "z")
		if ok || wait != 55*time.Minute {
			t.Fatalf("third distinct value: ok=%v wait=%v, want refused for 55m", ok, wait)
		}
		if ok, _ := one.Allow("v", "z"); !ok {
			t.Fatal("keys are independent")
		}
		clk.Advance(55 * time.Minute)
		if ok, _ := one.Allow("u", "z"); !ok {
			t.Fatal("the oldest value left the window")
		}
		// u holds y (minute 1) and z: x, out of the window, is a new value.
		if ok, _ := two.Allow("u", "x"); ok {
			t.Fatal("x came back while u holds two values")
		}
		clk.Advance(time.Minute) // y leaves; x's old row is renewed in place
		if ok, _ := two.Allow("u", "x"); !ok {
			t.Fatal("a value that left the window is counted anew")
		}
		if ok, _ := one.Allow("u", "w"); ok {
			t.Fatal("u holds z and x")
		}
	})
}

// TestSharedTwoInstancesCountTogether: two stores on two pools (two server
// processes) over one database, hammered in parallel: exactly max events
// pass, wherever they arrive, and the refusals name a wait.
func TestSharedTwoInstancesCountTogether(t *testing.T) {
	dialects(t, func(t *testing.T, d *db.DB) {
		clk := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		const max = 10
		ls := []*ratelimit.Limiter{
			store(t, d, clk).Limiter("test.parallel", max, time.Hour),
			store(t, testkit.Reopen(t, d), clk).Limiter("test.parallel", max, time.Hour),
		}
		var allowed atomic.Int32
		var wg sync.WaitGroup
		for i := 0; i < 3*max; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, wait := ls[i%2].Allow("203.0.113.7")
				if ok {
					allowed.Add(1)
				} else if wait <= 0 || wait > time.Hour {
					t.Errorf("refused with wait %v", wait)
				}
			}()
		}
		wg.Wait()
		if n := allowed.Load(); n != max {
			t.Fatalf("%d events allowed across two instances, want exactly %d", n, max)
		}
		for i, l := range ls {
			if ok, _ := l.Allow("203.0.113.7"); ok {
				t.Fatalf("instance %d allowed an event past the limit", i)
			}
		}
	})
}

// TestSharedBlockCacheStaysExact: an instance that saw a key at its limit
// answers from memory until the window frees it, then asks the database
// again, so it neither refuses too long nor allows too early.
func TestSharedBlockCacheStaysExact(t *testing.T) {
	dialects(t, func(t *testing.T, d *db.DB) {
		clk := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		a := store(t, d, clk).Limiter("test.cache", 2, time.Minute)
		b := store(t, testkit.Reopen(t, d), clk).Limiter("test.cache", 2, time.Minute)
		a.Allow("k")
		clk.Advance(20 * time.Second)
		b.Allow("k")
		if ok, wait := a.Allow("k"); ok || wait != 40*time.Second {
			t.Fatalf("a: ok=%v wait=%v", ok, wait)
		}
		clk.Advance(40 * time.Second) // the first event leaves the window
		if ok, _ := a.Allow("k"); !ok {
			t.Fatal("a refused after its cached block ended")
		}
		if ok, wait := b.Allow("k"); ok || wait != 20*time.Second {
			t.Fatalf("b after a's new event: ok=%v wait=%v, want refused for 20s", ok, wait)
		}
	})
}

func TestSharedPrune(t *testing.T) {
	dialects(t, func(t *testing.T, d *db.DB) {
		clk := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		s := store(t, d, clk)
		short, long := s.Limiter("test.short", 5, time.Minute), s.Limiter("test.long", 5, time.Hour)
		for i := 0; i < 3; i++ {
			short.Allow(fmt.Sprint("ip", i))
			long.Allow(fmt.Sprint("ip", i))
		}
		clk.Advance(time.Minute)
		n, err := s.Prune(context.Background())
		if err != nil || n != 3 || rows(t, d) != 3 {
			t.Fatalf("prune after a minute: %d %v, %d rows left; want the 3 short ones gone", n, err, rows(t, d))
		}
		clk.Advance(time.Hour)
		if n, _ := s.Prune(context.Background()); n != 3 || rows(t, d) != 0 {
			t.Fatalf("prune after an hour: %d", n)
		}
	})
}
