package seed_test

import (
	"context"
	"testing"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

// checkDemoSpeedDating: the upcoming events are listed with tickets sold,
// Amara holds a ticket to one and her event of last week ended with matches
// that have conversations; the ledger is clean.
func checkDemoSpeedDating(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	users, _, err := e.App.Accounts.ListUsers(ctx, accounts.UserFilter{Q: "user@example.com"}, 5, 0)
	if err != nil || len(users) != 1 {
		t.Fatalf("user@: %v %v", users, err)
	}
	me := users[0].ID
	evs, _, err := e.App.SpeedDating.Events(ctx, me, page.Cursor{Limit: 20})
	if err != nil || len(evs) != len(seed.SpeedEvents) {
		t.Fatalf("upcoming events %d (%v)", len(evs), err)
	}
	held := 0
	for _, ev := range evs {
		if ev.Capacity-ev.SeatsLeft < 4 {
			t.Fatalf("%s has %d tickets", ev.Title, ev.Capacity-ev.SeatsLeft)
		}
		if ev.MyTicket != nil {
			held++
		}
	}
	tickets, _, err := e.App.SpeedDating.MyTickets(ctx, me, page.Cursor{Limit: 10})
	if err != nil || held != 1 || len(tickets) != 2 {
		t.Fatalf("amara holds %d upcoming tickets, %d in all (%v)", held, len(tickets), err)
	}
	var ended string
	for _, tk := range tickets {
		if tk.EventStatus == "ended" {
			ended = tk.EventID
		}
	}
	l, err := e.App.SpeedDating.Live(ctx, me, ended)
	if err != nil || l.Phase != "ended" || len(l.Met) == 0 || len(l.Matches) == 0 {
		t.Fatalf("amara's ended event %+v (%v)", l, err)
	}
	for _, m := range l.Matches {
		if m.ConversationID == nil {
			t.Fatalf("match without a conversation %+v", m)
		}
	}
	e.VerifyLedger(t)
}
