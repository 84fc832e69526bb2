package seed_test

import (
	"context"
	"testing"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

func TestIntegrationDemoSeedIsIdempotentAndComplete(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, e.App); err != nil {
			t.Fatal(err)
		}
		if _, err := seed.Demo(ctx, e.App); err != nil {
			t.Fatalf("second run: %v", err)
		}
		users, total, err := e.App.Accounts.ListUsers(ctx, accounts.UserFilter{}, 100, 0)
		want := len(seed.People) + len(seed.Practitioners)
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
	})
}
