package app

import (
	"context"
	"log/slog"

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/jobs"
)

// jobOwner is a module that owns background jobs.
type jobOwner interface{ RegisterJobs(r *jobs.Registry) }

// newJobs builds the River client over the database with the workers and
// periodic jobs of every module that owns some (in the order given). Serve
// starts it; tests leave it stopped and drive the chores with Sweep.
func newJobs(database *db.DB, log *slog.Logger, modules ...any) (*jobs.Client, error) {
	r := jobs.NewRegistry()
	for _, m := range modules {
		if o, ok := m.(jobOwner); ok {
			o.RegisterJobs(r)
		}
	}
	return jobs.New(jobs.Config{DB: database, Logger: log, Registry: r})
}

// Sweep runs every periodic chore once, now, in order, without River (the
// chores River runs on their schedule in serve: stale card payments, gift-card
// expiry and mails, old Idempotency-Keys, matured earnings). One failing
// chore does not stop the others.
func (a *App) Sweep(ctx context.Context) error { return a.Jobs.RunChores(ctx) }
