package app

import (
	"testing"

	"sojourn/api/internal/platform/authz"
	"sojourn/api/internal/platform/roledef"
	"sojourn/policies"
)

// The policy's "provider" group is the registry's provider roles, exactly:
// every provider role may request a payout, no other role (nor anonymous)
// may, and the group itself is no role an account can hold.
func TestPolicyProviderGroupIsTheRegistrys(t *testing.T) {
	en, err := authz.New(policies.Model, policies.Policy)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range roledef.All {
		if got := en.Allowed(r.Name, "/api/v1/payouts", "POST"); got != r.Provider {
			t.Errorf("%s may request a payout: %v, want %v (a g, %s, provider line is missing or wrong)", r.Name, got,
				r.Provider, r.Name)
		}
		if !r.Provider && en.AllowedAny([]string{r.Name}, "/api/v1/payouts", "POST") {
			t.Errorf("%s reaches the provider-only route", r.Name)
		}
	}
	if en.Allowed(roledef.Anonymous, "/api/v1/payouts", "POST") {
		t.Error("anonymous may request a payout")
	}
	if roledef.Known(roledef.Provider) {
		t.Error("provider is a group, not a role an account may hold")
	}
	// The payout history stays every signed-in user's (every account holds "user").
	if !en.AllowedAny([]string{roledef.User}, "/api/v1/payouts", "GET") ||
		!en.AllowedAny([]string{roledef.User, roledef.Vendor}, "/api/v1/payouts", "POST") {
		t.Error("a user reads payouts and a vendor requests them")
	}
}
