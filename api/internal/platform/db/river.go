package db

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/uptrace/bun/migrate"
)

// River's own tables (river_job, river_leader, river_queue,
// river_notification, river_migration) come from River's bundled migrations,
// run by rivermigrate as one step of our sequence: migration 0007_river
// raises River's "main" line to riverVersion and its down removes River
// entirely. It is a Go migration, not a pair of .sql files, because River's
// PostgreSQL migrations cannot share one transaction (004 adds the enum value
// 'pending' that 006 uses, and PostgreSQL refuses a new enum value before it
// commits): rivermigrate commits each River version on its own and records it
// in river_migration, so a failed run resumes where it stopped. The tables
// land in the connection's schema (search_path on PostgreSQL), which is also
// where jobs.New points the River client.
//
// Upgrading River to a release with new migrations: add a migration with the
// next number whose up raises River to the new version and whose down lowers it
// back to riverVersion (TestRiverSchemaCurrent fails until then).
const (
	riverMigrationName = "0007"
	riverVersion       = 8
)

// riverMigration is the step of our sequence that runs River's migrations.
func (d *DB) riverMigration() migrate.Migration {
	return migrate.Migration{
		Name:    riverMigrationName,
		Comment: "river",
		Up: func(ctx context.Context, _ *migrate.Migrator, _ *migrate.Migration) error {
			return d.riverMigrate(ctx, rivermigrate.DirectionUp, riverVersion)
		},
		Down: func(ctx context.Context, _ *migrate.Migrator, _ *migrate.Migration) error {
			return d.riverMigrate(ctx, rivermigrate.DirectionDown, -1)
		},
	}
}

func (d *DB) riverMigrate(ctx context.Context, dir rivermigrate.Direction, target int) error {
	m, err := d.RiverMigrator()
	if err != nil {
		return err
	}
	if _, err := m.Migrate(ctx, dir, &rivermigrate.MigrateOpts{TargetVersion: target}); err != nil {
		return fmt.Errorf("river migrations %s: %w", dir, err)
	}
	return nil
}

// RiverMigrator is River's migrator over this database, in the connection's
// schema.
func (d *DB) RiverMigrator() (*rivermigrate.Migrator[*sql.Tx], error) {
	cfg := &rivermigrate.Config{Logger: slog.New(slog.DiscardHandler)}
	if d.Kind == Postgres {
		return rivermigrate.New(riverdatabasesql.New(d.DB.DB), cfg)
	}
	return rivermigrate.New(riversqlite.New(d.DB.DB), cfg)
}
