package ratelimit

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/jobs"
)

// Store keeps the events of shared limits in the database (the
// rate_limit_hits table, which this package owns), so every instance on one
// database counts together: N events split across any number of instances
// hit a limit of N exactly. The windows are the same sliding windows as the
// in-process limiters', answered by the database: one short transaction per
// event, serialised per limit and subject (an advisory lock on PostgreSQL,
// SQLite's single writer), which reads the subject's events in the window
// and writes the new one only when it is under the limit.
//
// Subjects (IPs, user IDs) and distinct values are stored as SHA-256
// hashes. Rows past their window are removed by the ratelimit.prune chore
// (RegisterJobs).
//
// On PostgreSQL the writes go through the relaxed pool (commits that need
// not wait for the disk): a crash may forget the last few events, which at
// worst lets a client a few more tries, never fewer.
type Store struct {
	db    bun.IDB
	kind  db.Dialect
	clock clock.Clock
	log   *slog.Logger
}

// opTimeout bounds one limit check: a stalled database answers "allowed"
// (and logs) rather than hold the request.
const opTimeout = 5 * time.Second

// NewStore makes the shared store over d.
func NewStore(d *db.DB, c clock.Clock, log *slog.Logger) (*Store, error) {
	if d == nil || c == nil {
		return nil, errors.New("ratelimit: NewStore needs a database and a clock")
	}
	if log == nil {
		log = slog.Default()
	}
	idb, err := d.Relaxed()
	if err != nil {
		return nil, err
	}
	return &Store{db: idb, kind: d.Kind, clock: c, log: log}, nil
}

// Limiter is a limit of max events per window for each key, counted on
// every instance; name identifies the limit (e.g. "accounts.login_ip") and
// must be unique among the app's limits.
func (s *Store) Limiter(name string, max int, window time.Duration) *Limiter {
	return &Limiter{Max: max, Window: window, clock: s.clock, store: s, name: name,
		cache: &blockCache{until: map[string]time.Time{}}}
}

// Distinct is a limit of max distinct values per window for each key,
// counted on every instance.
func (s *Store) Distinct(name string, max int, window time.Duration) *Distinct {
	return &Distinct{Max: max, Window: window, clock: s.clock, store: s, name: name}
}

type hitRow struct {
	bun.BaseModel `bun:"table:rate_limit_hits"`
	LimitName     string    `bun:"limit_name,pk"`
	Subject       string    `bun:"subject,pk"`
	Value         string    `bun:"value,pk"`
	At            time.Time `bun:"at"`
	ExpiresAt     time.Time `bun:"expires_at"`
}

// lock serialises the checks of one limit and subject until the
// transaction ends (SQLite's write transactions are serialised already).
func (s *Store) lock(ctx context.Context, tx bun.Tx, name, subject string) error {
	if s.kind != db.Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", "ratelimit:"+name+":"+subject)
	return err
}

// window lists the subject's events in (now-window, now], oldest first, at
// most max of them.
func (s *Store) window(ctx context.Context, idb bun.IDB, name, subject string, now time.Time,
	window time.Duration, max int) ([]hitRow, error) {
	var rows []hitRow
	err := idb.NewSelect().Model(&rows).Column("value", "at").
		Where("limit_name = ?", name).Where("subject = ?", subject).Where("at > ?", now.Add(-window)).
		OrderExpr("at ASC").Limit(int64(max)).Scan(ctx)
	return rows, err
}

// hit records one event of a counting limit when it is under max, or
// answers how long until the oldest event leaves the window.
func (s *Store) hit(ctx context.Context, name, subject string, max int, window time.Duration,
	now time.Time) (bool, time.Duration, error) {
	ok, wait := true, time.Duration(0)
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.lock(ctx, tx, name, subject); err != nil {
			return err
		}
		rows, err := s.window(ctx, tx, name, subject, now, window, max)
		if err != nil {
			return err
		}
		if len(rows) >= max {
			ok, wait = false, rows[0].At.Add(window).Sub(now)
			return nil
		}
		_, err = tx.NewInsert().Model(&hitRow{LimitName: name, Subject: subject, Value: ids.New(),
			At: now, ExpiresAt: now.Add(window)}).Exec(ctx)
		return err
	})
	return ok, wait, err
}

// full reports, recording nothing, whether the subject is at max.
func (s *Store) full(ctx context.Context, name, subject string, max int, window time.Duration,
	now time.Time) (bool, time.Duration, error) {
	rows, err := s.window(ctx, s.db, name, subject, now, window, max)
	if err != nil || len(rows) < max {
		return false, 0, err
	}
	return true, rows[0].At.Add(window).Sub(now), nil
}

// distinct records value for the subject when it is new and the subject
// has fewer than max values in the window; a value already in the window
// passes again freely.
func (s *Store) distinct(ctx context.Context, name, subject, value string, max int, window time.Duration,
	now time.Time) (bool, time.Duration, error) {
	ok, wait := true, time.Duration(0)
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.lock(ctx, tx, name, subject); err != nil {
			return err
		}
		rows, err := s.window(ctx, tx, name, subject, now, window, max+1)
		if err != nil {
			return err
		}
		for _, r := range rows {
			if r.Value == value {
				return nil
			}
		}
		if len(rows) >= max {
			ok, wait = false, rows[0].At.Add(window).Sub(now)
			return nil
		}
		// A row of this value older than the window is renewed in place.
		_, err = tx.NewInsert().Model(&hitRow{LimitName: name, Subject: subject, Value: value,
			At: now, ExpiresAt: now.Add(window)}).
			On("CONFLICT (limit_name, subject, value) DO UPDATE").
			Set("at = EXCLUDED.at").Set("expires_at = EXCLUDED.expires_at").Exec(ctx)
		return err
	})
	return ok, wait, err
}

func (s *Store) forget(ctx context.Context, name, subject string) error {
	_, err := s.db.NewDelete().Model((*hitRow)(nil)).Where("limit_name = ?", name).
		Where("subject = ?", subject).Exec(ctx)
	return err
}

// Prune deletes the events that have left their window.
func (s *Store) Prune(ctx context.Context) (int64, error) {
	res, err := s.db.NewDelete().Model((*hitRow)(nil)).Where("expires_at <= ?", s.clock.Now().UTC()).Exec(ctx)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// PruneEvery is the cadence of the prune chore.
const PruneEvery = 5 * time.Minute

// PruneJob is the periodic job that runs Prune.
type PruneJob struct{}

// Kind names the job in River.
func (PruneJob) Kind() string { return "ratelimit.prune" }

// RegisterJobs registers the prune chore.
func (s *Store) RegisterJobs(r *jobs.Registry) {
	jobs.AddChore[PruneJob](r, PruneEvery, func(ctx context.Context) error {
		_, err := s.Prune(ctx)
		return err
	})
}

// failOpen logs a check the database could not answer; the event is
// allowed (the request's own database work fails the same way if the
// database is down).
func (s *Store) failOpen(name string, err error) (bool, time.Duration) {
	s.log.Error("rate limit check failed; allowing the event", "limit", name, "err", err)
	return true, 0
}

// blockCache remembers, per instance, until when a subject is known to be
// at its limit. It is exact: refused events record nothing, and events
// recorded by other instances only add to the window, so a subject seen at
// its limit stays there until the oldest event then counted leaves the
// window. Checks inside that time answer without the database.
type blockCache struct {
	mu    sync.Mutex
	until map[string]time.Time
	sweep time.Time
}

func (l *Limiter) cachedBlock(subject string, now time.Time) (time.Duration, bool) {
	l.cache.mu.Lock()
	defer l.cache.mu.Unlock()
	if now.Sub(l.cache.sweep) >= l.Window {
		l.cache.sweep = now
		for k, u := range l.cache.until {
			if !u.After(now) {
				delete(l.cache.until, k)
			}
		}
	}
	if u, ok := l.cache.until[subject]; ok && u.After(now) {
		return u.Sub(now), true
	}
	return 0, false
}

func (l *Limiter) cacheBlock(subject string, until time.Time) {
	l.cache.mu.Lock()
	l.cache.until[subject] = until
	l.cache.mu.Unlock()
}

func (l *Limiter) allowShared(key string) (bool, time.Duration) {
	subject := ids.Hash(key) // also a copy: callers' strings may share a reused buffer
	now := l.clock.Now().UTC()
	if wait, ok := l.cachedBlock(subject, now); ok {
		return false, wait
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	ok, wait, err := l.store.hit(ctx, l.name, subject, l.Max, l.Window, now)
	if err != nil {
		return l.store.failOpen(l.name, err)
	}
	if !ok {
		l.cacheBlock(subject, now.Add(wait))
	}
	return ok, wait
}

func (l *Limiter) blockedShared(key string) (bool, time.Duration) {
	subject := ids.Hash(key)
	now := l.clock.Now().UTC()
	if wait, ok := l.cachedBlock(subject, now); ok {
		return true, wait
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	full, wait, err := l.store.full(ctx, l.name, subject, l.Max, l.Window, now)
	if err != nil {
		ok, _ := l.store.failOpen(l.name, err)
		return !ok, 0
	}
	if full {
		l.cacheBlock(subject, now.Add(wait))
	}
	return full, wait
}

func (l *Limiter) resetShared(key string) {
	subject := ids.Hash(key)
	l.cache.mu.Lock()
	delete(l.cache.until, subject)
	l.cache.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	if err := l.store.forget(ctx, l.name, subject); err != nil {
		l.store.log.Error("rate limit reset failed", "limit", l.name, "err", err)
	}
}

func (d *Distinct) allowShared(key, value string) (bool, time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	ok, wait, err := d.store.distinct(ctx, d.name, ids.Hash(key), ids.Hash(value), d.Max, d.Window, d.clock.Now().UTC())
	if err != nil {
		return d.store.failOpen(d.name, err)
	}
	return ok, wait
}
