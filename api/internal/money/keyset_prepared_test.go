package money_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/testkit"
)

// On PostgreSQL the history's keyset page runs as a prepared statement
// (store_keyset.go). It must answer exactly the rows of the bun query, for
// every filter, on the first page and after a cursor, including rows that
// share a creation time.
func TestIntegrationKeysetPreparedMatchesQuery(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		if e.Dialect != db.Postgres {
			t.Skip("the prepared keyset page is PostgreSQL's")
		}
		ada, bola := e.Register("ada@example.com", "ada"), e.Register("bola@example.com", "bola")
		for _, u := range []string{ada.UserID, bola.UserID} {
			if _, _, err := e.App.Money.Activate(ctx, nil, u, ""); err != nil {
				t.Fatal(err)
			}
		}
		topUp(t, e, ada.UserID, 1_000_000)
		topUp(t, e, bola.UserID, 1_000_000)
		for i := range 30 {
			from, to := ada.UserID, bola.UserID
			if i%3 == 0 {
				from, to = to, from
			}
			if _, err := e.App.Money.Transfer(ctx, nil, money.Transfer{Key: fmt.Sprintf("t%d", i), Reason: "test",
				FromID: from, ToID: to, Amount: int64(100 + i)}); err != nil {
				t.Fatal(err)
			}
			if i%4 != 0 { // every fourth pair shares its time with the next
				e.Clock.Advance(time.Minute)
			}
		}
		mid := e.Clock.Now().Add(-15 * time.Minute)
		filters := []money.TxnFilter{{}, {Type: money.TxnTransferIn}, {Direction: money.Debit},
			{Status: money.StatusCompleted}, {From: &mid}, {To: &mid},
			{Type: money.TxnTransferOut, Direction: money.Debit, Status: money.StatusCompleted, From: &mid}}
		for fi, f := range filters {
			var after *page.Key
			for p := 0; ; p++ {
				c := page.Cursor{Limit: 4, After: after}
				viaBun, viaStmt, err := money.TxnIDsAfter(ctx, e.DB.DB, ada.UserID, f, c)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(viaBun, viaStmt) {
					t.Fatalf("filter %d page %d:\nbun  %v\nstmt %v", fi, p, viaBun, viaStmt)
				}
				rows, next, err := e.App.Money.TransactionsAfter(ctx, ada.UserID, f, c)
				if err != nil {
					t.Fatal(err)
				}
				if len(rows) != min(len(viaBun), 4) {
					t.Fatalf("filter %d page %d: %d rows through the service, %d by the query", fi, p, len(rows), len(viaBun))
				}
				if next == nil {
					break
				}
				after = next
			}
		}
	})
}
