package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/db"
)

// DefaultPollInterval is how often an idle client looks for due jobs. Both
// drivers poll (River's database/sql driver has no LISTEN, and on SQLite the
// client runs poll-only, see New), so this is the delay before a job inserted
// by another process, or in a transaction, starts.
const DefaultPollInterval = time.Second

// DefaultMaxWorkers is how many jobs one client runs at once.
const DefaultMaxWorkers = 4

// Config configures a River client over the application's database.
type Config struct {
	DB       *db.DB
	Logger   *slog.Logger
	Registry *Registry
	// PollInterval is River's FetchPollInterval (DefaultPollInterval when 0;
	// tests shorten it).
	PollInterval time.Duration
	// MaxWorkers bounds the jobs this client runs at once (DefaultMaxWorkers
	// when 0).
	MaxWorkers int
	// ID names the client among those sharing the database (River makes one
	// up from the host name when empty).
	ID string
}

// Client is River over the application's database pool. Build it with New,
// Start it in the serving process, Stop it on shutdown; it inserts jobs too,
// started or not.
type Client struct {
	Inserter
	registry *Registry
}

// Inserter inserts jobs and needs no workers, so a module can be given one
// when it is built, before its workers are registered with the Client that
// runs them (app.New builds one with NewInserter and passes it to every
// module that schedules jobs). A module depends on it through a small
// interface of its own:
//
//	type scheduler interface {
//		InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
//	}
type Inserter struct {
	river *river.Client[*sql.Tx]
}

// NewInserter builds an insert-only River client over the database.
func NewInserter(d *db.DB) (*Inserter, error) {
	rcl, err := newRiver(d, &river.Config{Logger: slog.Default()})
	if err != nil {
		return nil, err
	}
	return &Inserter{river: rcl}, nil
}

// New builds a client over cfg.DB's pool with the registry's workers and
// periodic jobs. On PostgreSQL it uses River's database/sql driver over the
// lib/pq pool, in the connection's current schema (the search_path's, which
// is where migration 0007_river put River's tables). On SQLite it uses
// River's SQLite driver over the same pool (16 connections, WAL, a 10 s busy
// timeout, write transactions taking the lock at BEGIN): the database has one
// writer at a time and River's writes (fetching, completing, electing) are
// short transactions that queue behind the application's. The client runs
// poll-only: River's SQLite listener would otherwise read its notification
// outbox every 50 ms, which a 1 s poll makes unnecessary.
func New(cfg Config) (*Client, error) {
	reg := cfg.Registry
	if reg == nil {
		reg = NewRegistry()
	}
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	poll := cfg.PollInterval
	if poll <= 0 {
		poll = DefaultPollInterval
	}
	maxWorkers := cfg.MaxWorkers
	if maxWorkers <= 0 {
		maxWorkers = DefaultMaxWorkers
	}
	rc := &river.Config{
		ID:                cfg.ID,
		Logger:            log,
		FetchPollInterval: poll,
		FetchCooldown:     min(poll, 100*time.Millisecond),
		PeriodicJobs:      reg.Periodic,
	}
	if len(reg.Periodic) > 0 || hasWorkers(reg) {
		rc.Workers = reg.Workers
		rc.Queues = map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: maxWorkers}}
	}
	rcl, err := newRiver(cfg.DB, rc)
	if err != nil {
		return nil, err
	}
	return &Client{Inserter: Inserter{river: rcl}, registry: reg}, nil
}

// newRiver builds a River client with the dialect's driver, in the
// connection's schema.
func newRiver(d *db.DB, rc *river.Config) (*river.Client[*sql.Tx], error) {
	if d == nil {
		return nil, errors.New("jobs: no database")
	}
	sqldb := d.DB.DB
	var (
		rcl *river.Client[*sql.Tx]
		err error
	)
	if d.Kind == db.Postgres {
		if err := d.NewRaw("SELECT current_schema()").Scan(context.Background(), &rc.Schema); err != nil {
			return nil, fmt.Errorf("jobs: current schema: %w", err)
		}
		rcl, err = river.NewClient(riverdatabasesql.New(sqldb), rc)
	} else {
		rc.PollOnly = true
		rcl, err = river.NewClient(riversqlite.New(sqldb), rc)
	}
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	return rcl, nil
}

// hasWorkers reports whether any worker was registered (River's Workers has
// no public count, so this asks the registry's own records).
func hasWorkers(r *Registry) bool { return r.workers > 0 }

// Start starts fetching and working jobs, and, on the elected leader, the
// periodic jobs and River's maintenance. Jobs run with contexts derived from
// ctx; cancelling ctx stops the client abruptly, so serve passes a context
// that outlives the signal and calls Stop.
func (c *Client) Start(ctx context.Context) error { return c.river.Start(ctx) }

// Stop stops fetching and waits for running jobs to finish; if ctx ends
// first, it cancels them and waits for them to return.
func (c *Client) Stop(ctx context.Context) error {
	err := c.river.Stop(ctx)
	if err == nil || ctx.Err() == nil {
		return err
	}
	hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	return errors.Join(err, c.river.StopAndCancel(hctx))
}

// InsertTx inserts a job in the caller's transaction: it exists (and runs)
// only if that transaction commits. Use it in the write that causes the
// job, for example a hold with a job at its expiry (opts.ScheduledAt).
func (i *Inserter) InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	if tx.Tx == nil {
		return nil, errors.New("jobs: InsertTx needs an open transaction")
	}
	return i.river.InsertTx(ctx, tx.Tx, args, opts)
}

// Insert inserts a job on its own (no business write to tie it to).
func (i *Inserter) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	return i.river.Insert(ctx, args, opts)
}

// River is the underlying River client (job queries, cancelling, events).
func (i *Inserter) River() *river.Client[*sql.Tx] { return i.river }

// Registry is what the client was built with.
func (c *Client) Registry() *Registry { return c.registry }

// RunChores runs every registered chore once, now, without River.
func (c *Client) RunChores(ctx context.Context) error { return c.registry.RunChores(ctx) }
