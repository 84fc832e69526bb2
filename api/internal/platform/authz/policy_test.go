package authz_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"sojourn/api/internal/platform/authz"
	"sojourn/api/internal/platform/roledef"
	"sojourn/policies"
)

type line struct {
	file   string
	n      int
	fields []string
}

func (l line) String() string {
	return fmt.Sprintf("%s:%d %s", l.file, l.n, strings.Join(l.fields, ", "))
}

// lines parses every policy file, failing on a line that is neither a
// comment, blank, a three-field p line nor a two-field g line.
func lines(t *testing.T) (ps, gs []line) {
	t.Helper()
	for _, part := range policies.Parts() {
		if !strings.HasSuffix(part.Name, ".csv") {
			t.Errorf("%s: not a .csv file", part.Name)
		}
		for i, raw := range strings.Split(part.Text, "\n") {
			s := strings.TrimSpace(raw)
			if s == "" || strings.HasPrefix(s, "#") {
				continue
			}
			f := strings.Split(s, ",")
			for j := range f {
				f[j] = strings.TrimSpace(f[j])
			}
			l := line{file: part.Name, n: i + 1, fields: f[1:]}
			switch {
			case f[0] == "p" && len(f) == 4:
				ps = append(ps, l)
			case f[0] == "g" && len(f) == 3:
				gs = append(gs, l)
			default:
				t.Errorf("%s:%d: not a policy line: %q", part.Name, i+1, s)
			}
		}
	}
	return ps, gs
}

func TestPolicyIsSplitByDomainBaseFirst(t *testing.T) {
	parts := policies.Parts()
	if len(parts) < 2 || parts[0].Name != "_base.csv" {
		t.Fatalf("want _base.csv first and a file per domain, got %d files", len(parts))
	}
	for _, p := range parts {
		if !strings.Contains(policies.Policy, p.Text) {
			t.Errorf("%s is not in the loaded policy", p.Name)
		}
	}
	if _, err := authz.New(policies.Model, policies.Policy); err != nil {
		t.Fatal(err)
	}
}

// TestProviderGroupIsTheRegistry keeps "g, <role>, provider" equal to
// roledef.ProviderNames(): a new provider role must join the group, and no
// other role may.
func TestProviderGroupIsTheRegistry(t *testing.T) {
	_, gs := lines(t)
	var got []string
	for _, g := range gs {
		if g.fields[1] == roledef.Provider {
			if slices.Contains(got, g.fields[0]) {
				t.Errorf("%s: %s joins the provider group twice", g, g.fields[0])
			}
			got = append(got, g.fields[0])
		}
	}
	want := roledef.ProviderNames()
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("the policy's provider group is %v; roledef's provider roles are %v", got, want)
	}
}

// TestSubjectsAreKnown: every subject is a role an account may hold or one of
// the two groups; groups nest only as _base.csv says (user inherits
// anonymous, provider roles form provider); no p line is written twice.
func TestSubjectsAreKnown(t *testing.T) {
	ps, gs := lines(t)
	subject := func(s string) bool { return roledef.Known(s) || s == roledef.Provider || s == authz.Anonymous }
	for _, g := range gs {
		role, group := g.fields[0], g.fields[1]
		if !roledef.Known(role) {
			t.Errorf("%s: %q is not a role of roledef", g, role)
		}
		switch {
		case group == roledef.Provider:
		case group == authz.Anonymous && role == roledef.User:
		default:
			t.Errorf("%s: unexpected group; only user inherits anonymous and only provider roles join provider", g)
		}
	}
	seen := map[string]line{}
	methods := []string{"GET", "POST", "PUT", "PATCH", "DELETE", "*"}
	usedProvider := false
	for _, p := range ps {
		sub, obj, act := p.fields[0], p.fields[1], p.fields[2]
		if !subject(sub) {
			t.Errorf("%s: subject %q is neither a role of roledef, %q nor %q", p, sub, roledef.Provider, authz.Anonymous)
		}
		usedProvider = usedProvider || sub == roledef.Provider
		if !strings.HasPrefix(obj, "/api/v1/") {
			t.Errorf("%s: the guard only sees /api/v1 routes", p)
		}
		if !slices.Contains(methods, act) {
			t.Errorf("%s: method %q is not one of %v", p, act, methods)
		}
		if first, dup := seen[strings.Join(p.fields, " ")]; dup {
			t.Errorf("%s repeats %s", p, first)
		}
		seen[strings.Join(p.fields, " ")] = p
	}
	if !usedProvider {
		t.Error("no route is for providers only; the provider group would be dead")
	}
	if !slices.ContainsFunc(gs, func(g line) bool { return g.fields[0] == roledef.User && g.fields[1] == authz.Anonymous }) {
		t.Error("user must inherit anonymous, or public routes are closed to signed-in users")
	}
}

// TestEveryRoleIsReachable: every role of roledef may use some route beyond
// what a plain user may (admin the admin routes, provider roles the
// provider-only ones); a role the policy never grants anything is a role
// added to the registry and forgotten here.
func TestEveryRoleIsReachable(t *testing.T) {
	en, err := authz.New(policies.Model, policies.Policy)
	if err != nil {
		t.Fatal(err)
	}
	ps, _ := lines(t)
	for _, role := range roledef.Names() {
		if role == roledef.User {
			continue
		}
		more := false
		for _, p := range ps {
			route, method := p.fields[1], p.fields[2]
			if method == "*" {
				method = "GET"
			}
			route = strings.TrimSuffix(route, "*") + strings.Repeat("x", strings.Count(route, "*"))
			if en.Allowed(role, route, method) && !en.Allowed(roledef.User, route, method) {
				more = true
				break
			}
		}
		if !more {
			t.Errorf("role %q may use nothing a plain user may not: give it lines or a group", role)
		}
	}
}
