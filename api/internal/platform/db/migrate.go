package db

import (
	"context"
	"fmt"
	"io/fs"

	"github.com/uptrace/bun/migrate"

	"sojourn/migrations"
)

// Migrator returns bun's migrator over the embedded migrations of the dialect
// and River's (0007_river, see river.go). Migrations are marked applied only
// when they succeed.
func (d *DB) Migrator() (*migrate.Migrator, error) {
	var sub fs.FS
	var err error
	if d.Kind == Postgres {
		sub, err = fs.Sub(migrations.Postgres, "postgres")
	} else {
		sub, err = fs.Sub(migrations.SQLite, "sqlite")
	}
	if err != nil {
		return nil, err
	}
	ms := migrate.NewMigrations()
	if err := ms.Discover(sub); err != nil {
		return nil, fmt.Errorf("discover migrations: %w", err)
	}
	ms.Add(d.riverMigration())
	return migrate.NewMigrator(d.DB, ms, migrate.WithMarkAppliedOnSuccess(true)), nil
}

// MigrateUp applies every pending migration under the migrator's lock and
// returns the names applied.
func (d *DB) MigrateUp(ctx context.Context) ([]string, error) {
	m, err := d.Migrator()
	if err != nil {
		return nil, err
	}
	if err := m.Init(ctx); err != nil {
		return nil, fmt.Errorf("init migrations: %w", err)
	}
	if err := m.Lock(ctx); err != nil {
		return nil, err
	}
	defer m.Unlock(ctx) //nolint:errcheck // best effort; the lock row is removed on success
	g, err := m.Migrate(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	var names []string
	for _, mg := range g.Migrations {
		names = append(names, mg.Name+"_"+mg.Comment)
	}
	return names, nil
}

// MigrateDown rolls back the last group of migrations.
func (d *DB) MigrateDown(ctx context.Context) ([]string, error) {
	m, err := d.Migrator()
	if err != nil {
		return nil, err
	}
	if err := m.Init(ctx); err != nil {
		return nil, err
	}
	if err := m.Lock(ctx); err != nil {
		return nil, err
	}
	defer m.Unlock(ctx) //nolint:errcheck
	g, err := m.Rollback(ctx)
	if err != nil {
		return nil, fmt.Errorf("rollback: %w", err)
	}
	var names []string
	for _, mg := range g.Migrations {
		names = append(names, mg.Name+"_"+mg.Comment)
	}
	return names, nil
}

// MigrationStatus lists every migration with whether it is applied.
func (d *DB) MigrationStatus(ctx context.Context) (migrate.MigrationSlice, error) {
	m, err := d.Migrator()
	if err != nil {
		return nil, err
	}
	if err := m.Init(ctx); err != nil {
		return nil, err
	}
	return m.MigrationsWithStatus(ctx)
}

// MigrateDownTo rolls back, newest first, every applied migration numbered
// after last (e.g. "0021"), whichever group applied it, and returns the
// names rolled back. A test of a data migration writes rows through the
// app, goes back to before the migration to check the old shape, and
// migrates up again.
func (d *DB) MigrateDownTo(ctx context.Context, last string) ([]string, error) {
	m, err := d.Migrator()
	if err != nil {
		return nil, err
	}
	if err := m.Init(ctx); err != nil {
		return nil, err
	}
	if err := m.Lock(ctx); err != nil {
		return nil, err
	}
	defer m.Unlock(ctx) //nolint:errcheck
	ms, err := m.MigrationsWithStatus(ctx)
	if err != nil {
		return nil, err
	}
	var names []string
	for i := len(ms) - 1; i >= 0; i-- {
		mg := &ms[i]
		if !mg.IsApplied() || mg.Name <= last {
			continue
		}
		if mg.Down != nil {
			if err := mg.Down(ctx, m, mg); err != nil {
				return names, fmt.Errorf("%s: down: %w", mg.Name, err)
			}
		}
		if err := m.MarkUnapplied(ctx, mg); err != nil {
			return names, err
		}
		names = append(names, mg.Name+"_"+mg.Comment)
	}
	return names, nil
}
