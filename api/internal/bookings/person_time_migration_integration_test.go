package bookings_test

import (
	"context"
	"net/http"
	"reflect"
	"sort"
	"testing"

	"sojourn/api/internal/testkit"
)

// cellRow is a slot_cells row in either shape: owner is resource_id since
// migration 0022, provider_id before it.
type cellRow struct {
	Owner   string
	Cell    int64
	Session string
}

func cellsOf(t *testing.T, e *testkit.Env, ownerCol string) []cellRow {
	t.Helper()
	rows, err := e.DB.QueryContext(context.Background(), "SELECT "+ownerCol+", cell, session_key FROM slot_cells")
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
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	sortCells(out)
	return out
}

// TestIntegrationPersonTimeMigration: going below 0022 gives every cell
// back to the practice of the booking holding it and drops cells no
// booking holds (another kind of resource's); going up again maps each
// practice to its person, keeps one session where two practices of one
// person overlapped (the old bug: the smaller session key), and drops the
// cells of no practice. The app works on the migrated rows.
func TestIntegrationPersonTimeMigration(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		f := dualProvider(t, e)
		solo := setup(t, e, "coachsolo", offeringOpts{})
		ada := e.Register("ada@example.com", "ada")
		bob := e.Register("bob@example.com", "bob")
		fund(t, e, ada.UserID, 20_000_000)
		therapy := book(t, e, ada.AccessToken, f.therapy, lagos(3, 10, 0))
		book(t, e, ada.AccessToken, f.coachShort, lagos(3, 14, 0))
		book(t, e, ada.AccessToken, solo.offeringID, lagos(3, 10, 0)) // same instants, another person
		now := cellsOf(t, e, "resource_id")
		if len(now) != 4+4+4 {
			t.Fatalf("cells %v", now)
		}
		for _, c := range now {
			if c.Owner != f.person.UserID && c.Owner != solo.prov.UserID {
				t.Fatalf("a cell of %s, not of a person", c.Owner)
			}
		}
		if _, err := e.DB.ExecContext(ctx, "INSERT INTO slot_cells (resource_id, cell, session_key, capacity, used) "+
			"VALUES ('vehicle-1', 0, 'rental:1', 1, 1)"); err != nil {
			t.Fatal(err)
		}

		if _, err := e.DB.MigrateDownTo(ctx, "0021"); err != nil {
			t.Fatalf("down: %v", err)
		}
		// Old shape: each cell is its booking's practice's.
		var want []cellRow
		rows, err := e.DB.QueryContext(ctx, "SELECT provider_id, cell_from, cell_to, session_key FROM bookings "+
			"WHERE status = 'confirmed'")
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var prov, session string
			var from, to int64
			if err := rows.Scan(&prov, &from, &to, &session); err != nil {
				t.Fatal(err)
			}
			for c := from; c < to; c += 900 {
				want = append(want, cellRow{prov, c, session})
			}
		}
		rows.Close()
		sortCells(want)
		if got := cellsOf(t, e, "provider_id"); !reflect.DeepEqual(got, want) {
			t.Fatalf("after down:\n got  %v\n want %v", got, want)
		}
		// What the old shape let happen: the coaching practice in the therapy
		// session's first cell; and a cell of a practice that is not there.
		var first *cellRow
		for i := range want {
			if want[i].Owner == f.therapyID && (first == nil || want[i].Cell < first.Cell) {
				first = &want[i]
			}
		}
		if _, err := e.DB.ExecContext(ctx, "INSERT INTO slot_cells (provider_id, cell, session_key, capacity, used) "+
			"VALUES (?, ?, 'zz-legacy@0', 1, 1), ('gone', 0, 'gone@0', 1, 1)", f.coachID, first.Cell); err != nil {
			t.Fatal(err)
		}

		if _, err := e.DB.MigrateUp(ctx); err != nil {
			t.Fatalf("up: %v", err)
		}
		if got := cellsOf(t, e, "resource_id"); !reflect.DeepEqual(got, now) {
			t.Fatalf("after up:\n got  %v\n want %v", got, now)
		}
		// The app runs on the migrated rows: the therapy session still holds
		// the coach's time until it is cancelled.
		hold(e, bob.AccessToken, f.coach, lagos(3, 10, 0)).Expect(http.StatusConflict)
		e.Post("/api/v1/bookings/"+therapy.ID+"/cancel", ada.AccessToken, nil).Expect(http.StatusOK)
		hold(e, bob.AccessToken, f.coach, lagos(3, 10, 0)).Expect(http.StatusCreated)
	})
}

// sortCells orders by owner and cell (in Go: PostgreSQL's collation may
// order text otherwise).
func sortCells(cs []cellRow) {
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].Owner != cs[j].Owner {
			return cs[i].Owner < cs[j].Owner
		}
		return cs[i].Cell < cs[j].Cell
	})
}
