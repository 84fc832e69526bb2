package seed_test

import (
	"context"
	"testing"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/support"
	"sojourn/api/internal/testkit"
)

// checkDemoSupport: the FAQs and canned replies, user@'s ticket about one of
// her own orders awaiting an admin, vendor@'s, guide@'s solved and rated,
// and an urgent one unanswered (past its SLA once an hour has gone by).
func checkDemoSupport(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	faqs, err := e.App.Support.FAQs(ctx, "")
	if err != nil || len(faqs) != len(seed.FAQs) {
		t.Fatalf("faqs %d (%v)", len(faqs), err)
	}
	if got, _ := e.App.Support.FAQs(ctx, "refund"); len(got) == 0 {
		t.Fatal("no FAQ about refunds")
	}
	canned, err := e.App.Support.CannedReplies(ctx)
	if err != nil || len(canned) != len(seed.CannedReplies) {
		t.Fatalf("canned %d (%v)", len(canned), err)
	}
	who := func(email string) string {
		us, _, err := e.App.Accounts.ListUsers(ctx, accounts.UserFilter{Q: email}, 5, 0)
		if err != nil || len(us) != 1 {
			t.Fatalf("%s: %v %v", email, us, err)
		}
		return us[0].ID
	}
	all, _, err := e.App.Support.Mine(ctx, who("user@example.com"), page.Cursor{Limit: 20})
	var mine []support.Ticket // her contact-form message is a ticket too
	for _, t := range all {
		if t.Portal == "user" {
			mine = append(mine, t)
		}
	}
	if err != nil || len(mine) != 2 {
		t.Fatalf("user@ tickets %d (%v)", len(mine), err)
	}
	var linked, urgent *support.Ticket
	for i := range mine {
		if mine[i].Link != nil {
			linked = &mine[i]
		}
		if mine[i].Priority == support.PriorityUrgent {
			urgent = &mine[i]
		}
	}
	if linked == nil || linked.Link.Kind != "shop_order" || linked.Status != support.StatusOpen {
		t.Fatalf("user@'s order ticket: %+v", linked)
	}
	if urgent == nil || urgent.FirstResponseAt != nil ||
		!support.ComputeSLA(urgent.Priority, urgent.CreatedAt, nil, nil, urgent.CreatedAt.Add(2*60*60e9)).FirstResponseBreached {
		t.Fatalf("urgent ticket: %+v", urgent)
	}
	if v, _, err := e.App.Support.Mine(ctx, who("vendor@example.com"), page.Cursor{Limit: 5}); err != nil || len(v) != 1 || v[0].Portal != "vendor" {
		t.Fatalf("vendor@ tickets: %+v %v", v, err)
	}
	g, _, err := e.App.Support.Mine(ctx, who("guide@example.com"), page.Cursor{Limit: 5})
	if err != nil || len(g) != 1 || g[0].Status != support.StatusSolved || g[0].Rating == nil || *g[0].Rating != 5 {
		t.Fatalf("guide@ tickets: %+v %v", g, err)
	}
}
