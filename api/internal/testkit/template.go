package testkit

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"embed"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"testing"

	_ "github.com/lib/pq" // the postgres driver for the admin connection

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
	"sojourn/migrations"
)

// Migrating a fresh SQLite database costs seconds under the race detector (the
// pure-Go driver is instrumented too), so each test copies a migrated template
// instead. The template is built once per migration set and module versions
// (River's own migration is among them) and shared by every test binary
// through the temporary directory; it is written to a temporary name and
// renamed, so binaries building it at once never see half a file.
var sqliteTemplate struct {
	once sync.Once
	path string
	err  error
}

// migrationsKey identifies what a migrated database holds: its dialect's
// migrations' text and the versions of the modules (River) that add their own.
func migrationsKey(fsys embed.FS) (string, error) {
	h := sha256.New()
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fsys.ReadFile(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", p, len(b))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", err
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, m := range bi.Deps {
			fmt.Fprintf(h, "%s@%s\x00", m.Path, m.Version)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:24], nil
}

// sqliteTemplatePath returns the migrated template's path, building it when
// no test binary has yet.
func sqliteTemplatePath() (string, error) {
	sqliteTemplate.once.Do(func() {
		sqliteTemplate.path, sqliteTemplate.err = buildSQLiteTemplate()
	})
	return sqliteTemplate.path, sqliteTemplate.err
}

func buildSQLiteTemplate() (string, error) {
	key, err := migrationsKey(migrations.SQLite)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(os.TempDir(), "sojourn-testkit")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, "sqlite-"+key+".db")
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	work, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(work)
	file := filepath.Join(work, "t.db")
	ctx := context.Background()
	d, err := db.Open(ctx, "sqlite:"+file)
	if err != nil {
		return "", err
	}
	if _, err := d.MigrateUp(ctx); err != nil {
		d.Close()
		return "", err
	}
	// Fold the write-ahead log into the file, so the file alone is the database.
	if _, err := d.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		d.Close()
		return "", err
	}
	if err := d.Close(); err != nil {
		return "", err
	}
	if err := os.Rename(file, path); err != nil {
		return "", err
	}
	return path, nil
}

// copyFile copies src to dst (a new file).
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// PostgreSQL: each test gets its own database, created from a migrated
// template database (a block copy, tens of milliseconds, where migrating a
// fresh schema takes half a second). The template is named after the
// migrations key and built once under an advisory lock, so test binaries
// running at once build it once between them; nothing stays connected to it.
var pgTemplate struct {
	once sync.Once
	name string
	err  error
}

// withDatabase returns the PostgreSQL url raw pointing at database name.
func withDatabase(raw, name string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	u.Path = "/" + name
	return u.String()
}

func pgTemplateName(base string) (string, error) {
	pgTemplate.once.Do(func() { pgTemplate.name, pgTemplate.err = buildPGTemplate(base) })
	return pgTemplate.name, pgTemplate.err
}

func buildPGTemplate(base string) (string, error) {
	key, err := migrationsKey(migrations.Postgres)
	if err != nil {
		return "", err
	}
	name := "sojourn_tmpl_" + key
	ctx := context.Background()
	admin, err := sql.Open("postgres", base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	conn, err := admin.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	// One builder at a time across test binaries (a session lock: it ends
	// with the connection if the binary dies).
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(7270461)"); err != nil {
		return "", err
	}
	defer conn.ExecContext(context.Background(), "SELECT pg_advisory_unlock(7270461)") //nolint:errcheck
	var exists bool
	if err := conn.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	build := name + "_build"
	if _, err := conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+build+" WITH (FORCE)"); err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+build); err != nil {
		return "", err
	}
	d, err := db.Open(ctx, withDatabase(base, build))
	if err != nil {
		return "", err
	}
	if _, err := d.MigrateUp(ctx); err != nil {
		d.Close()
		return "", err
	}
	if err := d.Close(); err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+build+" RENAME TO "+name); err != nil {
		return "", err
	}
	return name, nil
}

// postgresDatabase creates this test's database from the template and drops
// it when the test ends; it returns the database's url.
func postgresDatabase(t testing.TB) string {
	t.Helper()
	base := PostgresURL(t)
	tmpl, err := pgTemplateName(base)
	if err != nil {
		t.Fatalf("postgres template: %v", err)
	}
	name := "t_" + strings.ReplaceAll(ids.New(), "-", "")
	admin, err := sql.Open("postgres", base)
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	admin.SetMaxOpenConns(1)
	if _, err := admin.ExecContext(context.Background(), "CREATE DATABASE "+name+" TEMPLATE "+tmpl); err != nil {
		admin.Close()
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.ExecContext(context.Background(), "DROP DATABASE "+name+" WITH (FORCE)")
		admin.Close()
	})
	return withDatabase(base, name)
}
