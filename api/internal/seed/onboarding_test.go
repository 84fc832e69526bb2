package seed_test

import (
	"context"
	"testing"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

// checkDemoOnboarding: no demo account is sent through the user onboarding,
// except the newcomer, who resumes at step four.
func checkDemoOnboarding(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	users, _, err := e.App.Accounts.ListUsers(ctx, accounts.UserFilter{}, 200, 0)
	if err != nil {
		t.Fatal(err)
	}
	newcomer := false
	for _, u := range users {
		p, err := e.App.UserOnboarding.Personalisation(ctx, u.ID, u.Roles)
		if err != nil {
			t.Fatal(err)
		}
		if u.Email != seed.NewcomerEmail {
			if p.OnboardingRequired {
				t.Errorf("%s must finish the onboarding", u.Email)
			}
			continue
		}
		newcomer = true
		if !p.OnboardingRequired || p.OnboardingStep == nil || *p.OnboardingStep != "four" {
			t.Errorf("newcomer: %+v", p)
		}
	}
	if !newcomer {
		t.Error("no newcomer")
	}
}
