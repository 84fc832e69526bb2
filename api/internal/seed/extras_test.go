package seed_test

import (
	"context"
	"testing"

	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

var pageOne = page.Page{Page: 1, PerPage: 50}

// The demo seed gives the demo providers their packages (once, however often
// it runs), the demo user a package bought from their wallet, and the ledger
// stays clean.
func checkDemoPackages(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	total := 0
	for _, email := range []string{"therapist@example.com", "coach@example.com", "folake.adeyemi@example.com",
		"chiamaka.eze@example.com", "david.mwangi@example.com"} {
		p, err := e.App.Accounts.FindByHandle(ctx, email)
		if err != nil {
			t.Fatal(err)
		}
		own, err := e.App.Packages.Own(ctx, p.ID, "")
		if err != nil || len(own) == 0 {
			t.Fatalf("%s has no package: %v", email, err)
		}
		for _, pk := range own {
			if pk.SavingsPct < 5 || pk.Sessions < 4 || !pk.Active {
				t.Errorf("%s: %+v", email, pk)
			}
		}
		total += len(own)
	}
	if total != len(seed.DemoPackages) {
		t.Fatalf("%d packages, want %d", total, len(seed.DemoPackages))
	}
	user, err := e.App.Accounts.FindByHandle(ctx, "user@example.com")
	if err != nil {
		t.Fatal(err)
	}
	mine, _, err := e.App.Packages.Mine(ctx, user.ID, page.Cursor{Limit: 10})
	if err != nil || len(mine) != 1 || mine[0].CreditsRemaining != mine[0].CreditsTotal {
		t.Fatalf("the demo user's packages: %+v %v", mine, err)
	}
	// Reviews on the completed demo sessions, one reported for the admin
	// queue, and the demo therapist's notes about their clients.
	q, total, err := e.App.Reviews.Queue(ctx, "reported", pageOne)
	if err != nil || total < 1 || len(q[0].Reports) == 0 {
		t.Fatalf("reported reviews: %d %v", total, err)
	}
	visible, _, err := e.App.Reviews.Queue(ctx, "visible", pageOne)
	if err != nil || len(visible) < 3 {
		t.Fatalf("visible reviews: %d %v", len(visible), err)
	}
	n, err := e.DB.NewSelect().Table("client_notes").Count(ctx)
	if err != nil || n < 1 {
		t.Fatalf("notes: %d %v", n, err)
	}
	if r, err := e.App.Money.Verify(ctx); err != nil || !r.Clean() {
		t.Fatalf("ledger: %+v %v", r, err)
	}
}
