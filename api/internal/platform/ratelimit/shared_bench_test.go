package ratelimit_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ratelimit"
	"sojourn/api/internal/testkit"
)

// BenchmarkAllow is the extra latency a limited route pays per check: the
// in-process limiter, and the shared one on each database (allowed events,
// each a transaction that reads the window and writes the event; and
// refused ones, answered from the instance's blocked-until cache).
//
//	go test ./api/internal/platform/ratelimit/ -run '^$' -bench Allow
func BenchmarkAllow(b *testing.B) {
	b.Run("in-process", func(b *testing.B) {
		l := ratelimit.New(1<<30, time.Hour, clock.System{})
		for i := 0; b.Loop(); i++ {
			l.Allow(fmt.Sprint("203.0.113.", i%250))
		}
	})
	for _, k := range []db.Dialect{db.SQLite, db.Postgres} {
		if k == db.Postgres && os.Getenv("TEST_DATABASE_URL") == "" {
			continue
		}
		d := testkit.OpenDB(b, k)
		s, err := ratelimit.NewStore(d, clock.System{}, quiet)
		if err != nil {
			b.Fatal(err)
		}
		// The floor: one query's round trip to the same database.
		b.Run(string(k)+"/select-1", func(b *testing.B) {
			for b.Loop() {
				var one int
				if err := d.NewRaw("SELECT 1").Scan(context.Background(), &one); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(string(k)+"/allowed", func(b *testing.B) {
			l := s.Limiter("bench.allowed", 1<<30, time.Hour)
			for i := 0; b.Loop(); i++ {
				if ok, _ := l.Allow(fmt.Sprint("203.0.113.", i%250)); !ok {
					b.Fatal("refused")
				}
			}
		})
		b.Run(string(k)+"/allowed-parallel", func(b *testing.B) {
			l := s.Limiter("bench.parallel", 1<<30, time.Hour)
			b.RunParallel(func(pb *testing.PB) {
				i := 0
				for pb.Next() {
					i++
					l.Allow(fmt.Sprint("198.51.100.", i%250))
				}
			})
		})
		b.Run(string(k)+"/refused", func(b *testing.B) {
			l := s.Limiter("bench.refused", 1, time.Hour)
			l.Allow("192.0.2.1")
			for b.Loop() {
				if ok, _ := l.Allow("192.0.2.1"); ok {
					b.Fatal("allowed")
				}
			}
		})
	}
}
