package authz_test

import (
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/authz"
	"sojourn/api/internal/platform/roledef"
	"sojourn/policies"
)

var nonAdmin = slices.DeleteFunc(roledef.Names(), func(r string) bool { return r == roledef.Admin })

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

func TestProviderRoutesAreForProviderRoles(t *testing.T) {
	en, err := authz.New(policies.Model, policies.Policy)
	if err != nil {
		t.Fatal(err)
	}
	for _, role := range roledef.Names() {
		want := slices.Contains(roledef.ProviderNames(), role)
		if got := en.AllowedAny([]string{role, roledef.User}, "/api/v1/payouts", "POST"); got != want {
			t.Errorf("%s may request a payout: %v, want %v", role, got, want)
		}
		if !en.AllowedAny([]string{role, roledef.User}, "/api/v1/payouts", "GET") {
			t.Errorf("%s may not list their payouts", role)
		}
	}
}

// TestGuardMarksItsDenials: the guard's 401 and 403 carry DeniedHeader, an
// allowed call does not, and neither does a handler's own 403.
func TestGuardMarksItsDenials(t *testing.T) {
	en, err := authz.New(policies.Model, policies.Policy)
	if err != nil {
		t.Fatal(err)
	}
	errorHandler := func(c fiber.Ctx, err error) error {
		ae, ok := apperr.As(err)
		if !ok {
			return err
		}
		return c.Status(ae.Status()).SendString(string(ae.Code))
	}
	handler := func(c fiber.Ctx) error { return apperr.Forbidden("not yours") }
	for _, tc := range []struct {
		roles  []string
		status int
		marked bool
	}{
		{nil, 401, true},
		{[]string{roledef.User}, 403, true},
		{[]string{roledef.User, roledef.Vendor}, 403, false}, // allowed: the 403 is the handler's
	} {
		app := fiber.New(fiber.Config{ErrorHandler: errorHandler})
		app.Use(func(c fiber.Ctx) error {
			if tc.roles != nil {
				c.Locals("sojourn.principal", &authn.Principal{UserID: "u", Roles: tc.roles}) // as authn.Authenticate does
			}
			return c.Next()
		})
		app.Post("/api/v1/payouts", en.Guard(), handler)
		res, err := app.Test(httptest.NewRequest("POST", "/api/v1/payouts", nil))
		if err != nil {
			t.Fatal(err)
		}
		marked := res.Header.Get(authz.DeniedHeader) == authz.DeniedByPolicy
		if res.StatusCode != tc.status || marked != tc.marked {
			t.Errorf("roles %v: %d marked=%v, want %d marked=%v", tc.roles, res.StatusCode, marked, tc.status, tc.marked)
		}
	}
}
