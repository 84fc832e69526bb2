package seed_test

import (
	"context"
	"testing"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

// TestIntegrationDemoData seeds the demo data twice on each database (the
// second run must change nothing) and then runs every check of what the
// portals show after `make run` against that one seeded database: seeding is
// the slow part, and every check only reads.
func TestIntegrationDemoData(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, e.App); err != nil {
			t.Fatal(err)
		}
		if _, err := seed.Demo(ctx, e.App); err != nil {
			t.Fatalf("second run: %v", err)
		}
		for _, c := range []struct {
			name  string
			check func(*testing.T, *testkit.Env)
		}{
			{"accounts", checkDemoAccounts},
			{"admin", checkAdminDemoData},
			{"bookings", checkDemoBookings},
			{"car dealers", checkDemoDealers},
			{"packages", checkDemoPackages},
			{"gift card products", checkDemoSeedGiftCardProducts},
			{"gift cards received", checkDemoSeedReceivedGiftCards},
			{"practices", checkDemoPractices},
			{"rentals", checkDemoRentals},
			{"wallet history", checkDemoWalletHistory},
			{"tours", checkDemoTours},
			{"flights", checkDemoFlights},
			{"grid", checkDemoGrid},
			{"shop", checkDemoShop},
			{"shop orders", checkDemoShopOrders},
			{"matchmaking", checkDemoMatchmaking},
			{"speed dating", checkDemoSpeedDating},
			{"events", checkDemoEvents},
			{"blog", checkDemoBlog},
			{"onboarding", checkDemoOnboarding},
			{"support", checkDemoSupport},
		} {
			t.Run(c.name, func(t *testing.T) { c.check(t, e) })
		}
	})
}

// checkDemoAccounts: one verified demo account per role, each profile complete.
func checkDemoAccounts(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	users, total, err := e.App.Accounts.ListUsers(ctx, accounts.UserFilter{}, 200, 0)
	want := len(seed.People) + len(seed.Practitioners) + len(seed.TourGuides) - 1 + len(seed.ExtraDealers) + len(seed.RentalCompanies) - 1 + // guide@ and rental@ are People
		len(seed.ShopVendors) - 1 + // vendor@ is one of People
		len(seed.MatchPeople) +
		1 // newcomer@, part-way through the user onboarding
	if err != nil || total != want || len(users) != want {
		t.Fatalf("want %d demo users, got %d (%v)", want, total, err)
	}
	roles := map[string]bool{}
	for _, p := range seed.People {
		s := e.Login(p.Email, seed.DemoPassword)
		res := e.Get("/api/auth/user", s.AccessToken).Expect(200)
		var body struct {
			User struct {
				Roles         []string `json:"roles"`
				EmailVerified bool     `json:"email_verified"`
			} `json:"user"`
		}
		res.JSON(&body)
		if !body.User.EmailVerified {
			t.Errorf("%s is not verified", p.Email)
		}
		has := false
		for _, r := range body.User.Roles {
			has = has || r == p.Role
		}
		if !has {
			t.Errorf("%s lacks role %s: %v", p.Email, p.Role, body.User.Roles)
		}
		roles[p.Role] = true
		c := e.Get("/api/v1/profile/completeness", s.AccessToken).Expect(200).Data()
		if c["completeness"].(float64) != 100 {
			t.Errorf("%s profile is %v%% complete, missing %v", p.Email, c["completeness"], c["missingFields"])
		}
	}
	if len(roles) != 11 {
		t.Errorf("one demo account per role: %v", roles)
	}
}
