package db_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"sojourn/api/internal/platform/db"
)

// cellRow is a slot_cells row in either shape (owner: resource_id after
// 0022, provider_id before).
type cellRow struct {
	Owner   string
	Cell    int64
	Session string
}

func cellsOf(t *testing.T, d *db.DB, ownerCol string) []cellRow {
	t.Helper()
	rows, err := d.QueryContext(context.Background(), "SELECT "+ownerCol+", cell, session_key FROM slot_cells "+
		"ORDER BY "+ownerCol+", cell")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []cellRow
	for rows.Next() {
		var r cellRow
		if err := rows.Scan(&r.Owner, &r.Cell, &r.Session); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// TestMigrationPersonTime: 0022 moves slot_cells from the practice profile
// to the person (resource_id = the practice's user), keeps one session
// where two practices of a person already overlapped, drops cells of no
// practice; the down migration gives each cell back to its booking's
// practice and drops cells no booking holds. Both dialects.
func TestMigrationPersonTime(t *testing.T) {
	ctx := context.Background()
	for _, d := range []*db.DB{openSQLite(t), openPostgres(t)} {
		if _, err := d.MigrateUpTo(ctx, "0021"); err != nil {
			t.Fatalf("%s up to 0021: %v", d.Kind, err)
		}
		now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := d.ExecContext(ctx, q, args...); err != nil {
				t.Fatalf("%s: %s: %v", d.Kind, q, err)
			}
		}
		for _, u := range []string{"u-dual", "u-single", "u-client"} {
			exec("INSERT INTO users (id, email, email_lower, username, username_lower, password_hash, created_at, "+
				"updated_at) VALUES (?, ?, ?, ?, ?, 'x', ?, ?)", u, u+"@example.com", u+"@example.com", u, u, now, now)
		}
		for _, p := range [][3]string{{"p-therapy", "u-dual", "therapist"}, {"p-coach", "u-dual", "coach"},
			{"p-single", "u-single", "coach"}} {
			exec("INSERT INTO practice_providers (id, user_id, kind, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
				p[0], p[1], p[2], now, now)
		}
		// Sessions: therapy 0..1800, coaching 1800..3600 (overlapping the
		// therapy one in cell 1800: the old bug), the single coach's at the
		// same instants as the therapy one (another person: no conflict).
		for _, b := range []struct {
			id, off, prov, user, session string
			from, to                     int64
		}{
			{"b-therapy", "o-therapy", "p-therapy", "u-dual", "o-therapy@0", 0, 2700},
			{"b-coach", "o-coach", "p-coach", "u-dual", "o-coach@1800", 1800, 3600},
			{"b-single", "o-single", "p-single", "u-single", "o-single@0", 0, 1800},
		} {
			exec("INSERT INTO bookings (id, offering_id, provider_id, provider_user_id, user_id, kind, title, format, "+
				"status, start_at, end_at, session_key, cell_from, cell_to, capacity, price, currency, created_at, "+
				"updated_at) VALUES (?, ?, ?, ?, 'u-client', 'coach', 'Session', 'video', 'confirmed', ?, ?, ?, ?, ?, 1, "+
				"0, 'NGN', ?, ?)", b.id, b.off, b.prov, b.user, now, now, b.session, b.from, b.to, now, now)
			for c := b.from; c < b.to; c += 900 {
				if b.id == "b-coach" && c == 1800 {
					continue // written below, beside the therapy row it overlaps
				}
				exec("INSERT INTO slot_cells (provider_id, cell, session_key, capacity, used) VALUES (?, ?, ?, 1, 1)",
					b.prov, c, b.session)
			}
		}
		exec("INSERT INTO slot_cells (provider_id, cell, session_key, capacity, used) VALUES "+
			"('p-coach', 1800, 'o-coach@1800', 1, 1), ('p-gone', 0, 'o-gone@0', 1, 1)")

		if _, err := d.MigrateUp(ctx); err != nil {
			t.Fatalf("%s up: %v", d.Kind, err)
		}
		want := []cellRow{
			{"u-dual", 0, "o-therapy@0"}, {"u-dual", 900, "o-therapy@0"},
			{"u-dual", 1800, "o-coach@1800"}, // the smaller session key keeps the overlapping cell
			{"u-dual", 2700, "o-coach@1800"},
			{"u-single", 0, "o-single@0"}, {"u-single", 900, "o-single@0"},
		}
		if got := cellsOf(t, d, "resource_id"); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s after up:\n got  %v\n want %v", d.Kind, got, want)
		}
		// The key is (resource_id, cell): a second session in a person's cell is refused.
		if _, err := d.ExecContext(ctx, "INSERT INTO slot_cells (resource_id, cell, session_key, capacity, used) "+
			"VALUES ('u-dual', 0, 'o-coach@0', 1, 1)"); err == nil {
			t.Fatalf("%s: two sessions in one cell of a person", d.Kind)
		}
		// Another kind of resource (no booking holds it) is welcome now, and dropped going down.
		exec("INSERT INTO slot_cells (resource_id, cell, session_key, capacity, used) " +
			"VALUES ('vehicle-1', 0, 'rental:1', 1, 1)")

		if _, err := d.MigrateDown(ctx); err != nil {
			t.Fatalf("%s down: %v", d.Kind, err)
		}
		want = []cellRow{
			{"p-coach", 1800, "o-coach@1800"}, {"p-coach", 2700, "o-coach@1800"},
			{"p-single", 0, "o-single@0"}, {"p-single", 900, "o-single@0"},
			{"p-therapy", 0, "o-therapy@0"}, {"p-therapy", 900, "o-therapy@0"},
		}
		if got := cellsOf(t, d, "provider_id"); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s after down:\n got  %v\n want %v", d.Kind, got, want)
		}
		if _, err := d.MigrateUp(ctx); err != nil {
			t.Fatalf("%s up again: %v", d.Kind, err)
		}
	}
}
