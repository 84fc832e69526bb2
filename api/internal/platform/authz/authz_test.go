package authz_test

import (
	"testing"

	"sojourn/api/internal/platform/authz"
	"sojourn/policies"
)

var nonAdmin = []string{"affiliate", "car_dealer", "car_rental", "coach", "therapist", "tour_guide", "vendor", "writer", "recruiter", "user"}

func TestDenyByDefault(t *testing.T) {
	en, err := authz.New(policies.Model, policies.Policy)
	if err != nil {
		t.Fatal(err)
	}
	for _, role := range append(nonAdmin, "admin", authz.Anonymous) {
		if en.Allowed(role, "/api/v1/route-nobody-wrote-a-policy-for", "GET") {
			t.Errorf("%s may use a route without a policy line", role)
		}
	}
	if en.HasLine("/api/v1/route-nobody-wrote-a-policy-for", "GET") {
		t.Error("HasLine found a line that does not exist")
	}
}

func TestAdminRoutesAreAdminOnly(t *testing.T) {
	en, err := authz.New(policies.Model, policies.Policy)
	if err != nil {
		t.Fatal(err)
	}
	for _, route := range []string{"/api/v1/admin/users", "/api/v1/admin/users/:id", "/api/v1/admin/audit-log"} {
		for _, m := range []string{"GET", "POST", "PATCH", "DELETE"} {
			if !en.Allowed("admin", route, m) {
				t.Errorf("admin refused %s %s", m, route)
			}
			if en.AllowedAny(nonAdmin, route, m) {
				t.Errorf("a non-admin role may %s %s", m, route)
			}
		}
	}
}

func TestUsersInheritPublicRoutes(t *testing.T) {
	en, err := authz.New(policies.Model, policies.Policy)
	if err != nil {
		t.Fatal(err)
	}
	if !en.Allowed(authz.Anonymous, "/api/v1/contact", "POST") || !en.Allowed("user", "/api/v1/contact", "POST") {
		t.Error("the contact form is public to everyone")
	}
	if en.Allowed(authz.Anonymous, "/api/v1/contact", "DELETE") {
		t.Error("methods are matched exactly")
	}
}
