package app_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"sojourn/api/internal/platform/authz"
	"sojourn/api/internal/platform/roledef"
	"sojourn/api/internal/testkit"
	"sojourn/policies"
)

// missingID fills every path parameter: no row has it, so a handler the
// guard lets through answers 404 (or 422 when the parameter has a format).
const missingID = "0b8f2a4e-9c31-4d6a-8e57-1f0c3d9a7b26"

// TestIntegrationPermissionMatrix calls every /api/v1 route the app serves
// (enumerated from Fiber, so it grows with every route added) as every role of
// roledef, each held by a fresh account (which, like every account, also holds
// user), and as an anonymous caller, and compares the answer with the policy
// (policies/*.csv):
//
//   - denied by the policy: 401 for the anonymous caller, 403 for a signed-in
//     one, marked by the guard with "X-Denied-By: policy";
//   - allowed: no answer marked by the guard. A handler may still answer 401
//     or 403 for its own reasons (a webhook's bad signature, someone else's
//     resource); those carry no mark, which is how the two are told apart;
//   - never a 5xx.
//
// Bodies are {} and path parameters name nothing, so an allowed call usually
// ends in 404 or 422; the point is who gets past the guard.
func TestIntegrationPermissionMatrix(t *testing.T) {
	policy, err := authz.New(policies.Model, policies.Policy)
	if err != nil {
		t.Fatal(err)
	}
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		routes := v1Routes(e)
		if len(routes) < 30 {
			t.Fatalf("only %d /api/v1 routes found; is the wiring broken?", len(routes))
		}

		type caller struct {
			name  string
			roles []string // what the policy sees; none for anonymous
			token string
		}
		callers := []caller{{name: authz.Anonymous}}
		for i, role := range roledef.Names() {
			e.IP = fmt.Sprintf("203.0.113.%d", 100+i)
			s := e.Register("matrix-"+strings.ReplaceAll(role, "_", "-")+"@example.com", "matrix_"+role)
			roles := []string{roledef.User}
			if role != roledef.User {
				e.GrantRole(s.UserID, role)
				roles = append(roles, role)
			}
			callers = append(callers, caller{name: role, roles: roles, token: s.AccessToken})
		}
		e.IP = "203.0.113.10"

		allowed, denied := 0, 0
		for _, r := range routes {
			path := param.ReplaceAllString(r.path, missingID)
			for _, c := range callers {
				may := policy.AllowedAny(c.roles, r.path, r.method)
				req := testkit.Req{Method: r.method, Path: path, Token: c.token}
				if r.method != http.MethodGet && r.method != http.MethodDelete {
					req.Body = map[string]any{}
				}
				res := e.Do(req)
				guard := res.Header.Get(authz.DeniedHeader) == authz.DeniedByPolicy
				cell := fmt.Sprintf("%s %s as %s", r.method, r.path, c.name)
				switch {
				case res.Status >= 500:
					t.Errorf("%s: %d (never a 5xx): %s", cell, res.Status, res.Body)
				case !may:
					denied++
					want := http.StatusForbidden
					if c.token == "" {
						want = http.StatusUnauthorized
					}
					if res.Status != want || !guard {
						t.Errorf("%s: the policy denies it, want the guard's %d, got %d (guard mark %v): %s",
							cell, want, res.Status, guard, res.Body)
					}
				default:
					allowed++
					if guard {
						t.Errorf("%s: the policy allows it, but the guard answered %d: %s", cell, res.Status, res.Body)
					}
				}
			}
		}
		if allowed == 0 || denied == 0 {
			t.Fatalf("a matrix with %d allowed and %d denied calls tests nothing", allowed, denied)
		}
		t.Logf("%d routes x %d callers: %d allowed, %d denied", len(routes), len(callers), allowed, denied)
	})
}

type route struct{ method, path string }

// v1Routes are the /api/v1 routes the app serves, in a stable order.
func v1Routes(e *testkit.Env) []route {
	seen := map[route]bool{}
	var out []route
	for _, r := range e.Fiber.GetRoutes(true) {
		if !strings.HasPrefix(r.Path, "/api/v1/") || strings.HasSuffix(r.Path, "*") {
			continue
		}
		switch r.Method {
		case http.MethodHead, http.MethodOptions, "USE":
			continue
		}
		k := route{r.Method, r.Path}
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	slices.SortFunc(out, func(a, b route) int { return strings.Compare(a.path+" "+a.method, b.path+" "+b.method) })
	return out
}
