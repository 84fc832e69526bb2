package seed_test

import (
	"context"
	"testing"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
	"sojourn/api/internal/ticketing"
)

// checkDemoEvents: every demo event is listed, the last sold out; Amara
// holds three tickets with QR codes and her food-festival order is in a
// trip; the ledger is clean.
func checkDemoEvents(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	users, _, err := e.App.Accounts.ListUsers(ctx, accounts.UserFilter{Q: "user@example.com"}, 5, 0)
	if err != nil || len(users) != 1 {
		t.Fatalf("user@: %v %v", users, err)
	}
	me := users[0].ID
	evs, _, err := e.App.Ticketing.Events(ctx, ticketing.Filter{}, page.Cursor{Limit: 50})
	if err != nil || len(evs) != len(seed.DemoEvents) {
		t.Fatalf("events %d (%v)", len(evs), err)
	}
	soldOut := 0
	for _, ev := range evs {
		if ev.SoldOut {
			soldOut++
		}
	}
	if soldOut != 1 {
		t.Fatalf("%d sold out", soldOut)
	}
	tickets, _, err := e.App.Ticketing.MyTickets(ctx, me, page.Cursor{Limit: 10})
	if err != nil || len(tickets) != 3 {
		t.Fatalf("amara's tickets %d (%v)", len(tickets), err)
	}
	for _, tk := range tickets {
		if tk.Code == "" {
			t.Fatalf("ticket without a code: %+v", tk)
		}
	}
	n, err := e.DB.NewSelect().TableExpr("trip_items").Where("kind = ?", ticketing.KindEvent).Count(ctx)
	if err != nil || n != 1 {
		t.Fatalf("event items in trips %d (%v)", n, err)
	}
	e.VerifyLedger(t)
}
