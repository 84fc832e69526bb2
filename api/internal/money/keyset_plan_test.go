package money_test

import (
	"context"
	"database/sql"
	"strings"
	"testing"
	"time"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/testkit"
)

// TestKeysetPlan checks that a history page after a cursor, filtered, is an
// ordered seek through wallet_transactions_user_keyset_idx on both databases:
// no sort of the user's rows, no scan of the table. (On PostgreSQL sequential
// scans are switched off for the EXPLAIN, as the test table is too small for
// the planner to prefer an index on its own.)
func TestKeysetPlan(t *testing.T) {
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			database := testkit.OpenDB(t, d)
			c := page.Cursor{Limit: 20, After: &page.Key{CreatedAt: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC),
				ID: "0196f1c2-7d3a-7b1e-9c4f-5a6b7c8d9e0f"}}
			from := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			q := money.KeysetSQL(database.DB, "u1", money.TxnFilter{Type: money.TxnTransferIn, Direction: money.Credit,
				From: &from}, c)
			ctx := context.Background()
			tx, err := database.BeginTx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer tx.Rollback() //nolint:errcheck
			var plan []string
			var rows *sql.Rows
			if d == db.Postgres {
				if _, err := tx.ExecContext(ctx, "SET LOCAL enable_seqscan = off"); err != nil {
					t.Fatal(err)
				}
				rows, err = tx.QueryContext(ctx, "EXPLAIN "+q)
			} else {
				rows, err = tx.QueryContext(ctx, "EXPLAIN QUERY PLAN "+q)
			}
			if err != nil {
				t.Fatal(err)
			}
			cols, _ := rows.Columns()
			for rows.Next() {
				vals := make([]any, len(cols))
				ptrs := make([]any, len(cols))
				for i := range vals {
					ptrs[i] = &vals[i]
				}
				if err := rows.Scan(ptrs...); err != nil {
					t.Fatal(err)
				}
				if s, ok := vals[len(vals)-1].(string); ok {
					plan = append(plan, s)
				} else if b, ok := vals[len(vals)-1].([]byte); ok {
					plan = append(plan, string(b))
				}
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			all := strings.Join(plan, "\n")
			ok := strings.Contains(all, "wallet_transactions_user_keyset_idx")
			if d == db.Postgres {
				ok = ok && strings.Contains(all, "Index Cond: ((user_id = 'u1'::text) AND (ROW(created_at, id) < ROW(") &&
					!strings.Contains(all, "Sort") && !strings.Contains(all, "Seq Scan")
			} else {
				ok = ok && !strings.Contains(all, "TEMP B-TREE") && strings.Contains(all, "(created_at,id)<(?,?)")
			}
			if !ok {
				t.Fatalf("the keyset page is not an ordered index seek:\n%s\n%s", q, all)
			}
		})
	}
}
