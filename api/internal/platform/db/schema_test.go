package db_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
)

func pgURL(t *testing.T) string {
	u := os.Getenv("TEST_DATABASE_URL")
	if u == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("TEST_DATABASE_URL must be set under CI=true")
		}
		t.Skip("TEST_DATABASE_URL not set: skipping the PostgreSQL schema comparison")
	}
	return u
}

func schemaOf(t *testing.T, d *db.DB) map[string][]string {
	t.Helper()
	ctx := context.Background()
	out := map[string][]string{}
	if d.Kind == db.Postgres {
		// A tsvector column is PostgreSQL's form of a full-text index, which
		// SQLite keeps as an FTS5 table (left out below): the catalogue's
		// search_vector and shop_products_fts.
		rows, err := d.QueryContext(ctx, `SELECT table_name, column_name FROM information_schema.columns
			WHERE table_schema = current_schema() AND data_type <> 'tsvector' ORDER BY table_name, column_name`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var tbl, col string
			if err := rows.Scan(&tbl, &col); err != nil {
				t.Fatal(err)
			}
			out[tbl] = append(out[tbl], col)
		}
		return out
	}
	// FTS5 tables (CREATE VIRTUAL TABLE ... USING fts5) and their shadow
	// tables (<name>_data, _idx, _content, _docsize, _config) are SQLite's
	// form of a full-text index; PostgreSQL's is a tsvector column (left out above).
	rows, err := d.QueryContext(ctx, `SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'
		AND NOT EXISTS (SELECT 1 FROM sqlite_master v WHERE v.type = 'table' AND v.sql LIKE 'CREATE VIRTUAL TABLE%fts5%'
			AND (m.name = v.name OR m.name LIKE v.name || '\_%' ESCAPE '\'))
		ORDER BY m.name, p.name`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var tbl, col string
		if err := rows.Scan(&tbl, &col); err != nil {
			t.Fatal(err)
		}
		out[tbl] = append(out[tbl], col)
	}
	for k := range out {
		sort.Strings(out[k])
	}
	return out
}

func openSQLite(t *testing.T) *db.DB {
	d, err := db.Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func openPostgres(t *testing.T) *db.DB {
	base := pgURL(t)
	ctx := context.Background()
	admin, err := db.Open(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	schema := "schema_" + strings.ReplaceAll(ids.New(), "-", "")
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = admin.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		admin.Close()
	})
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	d, err := db.Open(ctx, base+sep+"search_path="+schema)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// TestMigrationsSameSchema migrates both dialects and compares every table's columns.
func TestMigrationsSameSchema(t *testing.T) {
	ctx := context.Background()
	lite, pg := openSQLite(t), openPostgres(t)
	for _, d := range []*db.DB{lite, pg} {
		if _, err := d.MigrateUp(ctx); err != nil {
			t.Fatalf("%s: %v", d.Kind, err)
		}
	}
	a, b := schemaOf(t, lite), schemaOf(t, pg)
	if len(a) < 5 {
		t.Fatalf("sqlite schema looks empty: %v", a)
	}
	if !reflect.DeepEqual(a, b) {
		for tbl := range a {
			if !reflect.DeepEqual(a[tbl], b[tbl]) {
				t.Errorf("table %s differs:\n sqlite:   %v\n postgres: %v", tbl, a[tbl], b[tbl])
			}
		}
		for tbl := range b {
			if _, ok := a[tbl]; !ok {
				t.Errorf("table %s exists only in postgres", tbl)
			}
		}
	}
}

// TestMigrationFilesPaired checks both folders hold the same migration names.
func TestMigrationFilesPaired(t *testing.T) {
	names := func(dir string) []string {
		es, err := os.ReadDir(filepath.Join("..", "..", "..", "..", "migrations", dir))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range es {
			out = append(out, e.Name())
		}
		return out
	}
	if a, b := names("postgres"), names("sqlite"); !reflect.DeepEqual(a, b) {
		t.Fatalf("migration names differ:\n postgres: %v\n sqlite:   %v", a, b)
	}
}

// TestMigrateDownAndUp rolls every group back and applies it again on SQLite
// and PostgreSQL, and a second up is a no-op.
func TestMigrateDownAndUp(t *testing.T) {
	ctx := context.Background()
	for _, d := range []*db.DB{openSQLite(t), openPostgres(t)} {
		first, err := d.MigrateUp(ctx)
		if err != nil || len(first) == 0 {
			t.Fatalf("%s up: %v %v", d.Kind, first, err)
		}
		again, err := d.MigrateUp(ctx)
		if err != nil || len(again) != 0 {
			t.Fatalf("%s second up should apply nothing: %v %v", d.Kind, again, err)
		}
		if _, err := d.MigrateDown(ctx); err != nil {
			t.Fatalf("%s down: %v", d.Kind, err)
		}
		if _, err := d.MigrateUp(ctx); err != nil {
			t.Fatalf("%s up after down: %v", d.Kind, err)
		}
		st, err := d.MigrationStatus(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range st {
			if !m.IsApplied() {
				t.Errorf("%s: %s not applied", d.Kind, m.Name)
			}
		}
	}
}

// TestMigrationNamesUnique: bun tells migrations apart by number alone, and
// 0007 is a Go migration (River's) beside the .sql pairs, so a new pair
// numbered like it would silently count as applied.
func TestMigrationNamesUnique(t *testing.T) {
	ms, err := openSQLite(t).MigrationStatus(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	for _, mg := range ms {
		if prev, ok := seen[mg.Name]; ok {
			t.Errorf("migration number %s is used twice: %s and %s", mg.Name, prev, mg.Comment)
		}
		seen[mg.Name] = mg.Comment
	}
}

// TestRiverSchemaCurrent: after our migrations River's schema is at the
// version this River release needs (it fails when River is upgraded without a
// migration raising its schema), and rolling back removes River's tables.
func TestRiverSchemaCurrent(t *testing.T) {
	ctx := context.Background()
	for _, d := range []*db.DB{openSQLite(t), openPostgres(t)} {
		if _, err := d.MigrateUp(ctx); err != nil {
			t.Fatalf("%s up: %v", d.Kind, err)
		}
		rm, err := d.RiverMigrator()
		if err != nil {
			t.Fatal(err)
		}
		res, err := rm.Validate(ctx, nil)
		if err != nil {
			t.Fatalf("%s validate: %v", d.Kind, err)
		}
		if !res.OK {
			t.Errorf("%s: River's schema is not current: %v", d.Kind, res.Messages)
		}
		if _, ok := schemaOf(t, d)["river_job"]; !ok {
			t.Fatalf("%s: no river_job table after migrating", d.Kind)
		}
		if _, err := d.MigrateDown(ctx); err != nil {
			t.Fatalf("%s down: %v", d.Kind, err)
		}
		for tbl := range schemaOf(t, d) {
			if strings.HasPrefix(tbl, "river_") {
				t.Errorf("%s: %s left after rolling back", d.Kind, tbl)
			}
		}
	}
}
