package app_test

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/casbin/casbin/v3/util"

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/testkit"
	"sojourn/policies"
)

var param = regexp.MustCompile(`:([A-Za-z_]+)`)

// TestEveryRouteIsInTheContractAndThePolicy walks the registered Fiber routes:
// each /api route must be described in api/openapi.yaml, and each /api/v1
// route must have a casbin policy line (deny by default means a route without
// one would be unusable).
func TestEveryRouteIsInTheContractAndThePolicy(t *testing.T) {
	e := testkit.New(t, db.SQLite)
	doc, _ := testkit.Spec(t)
	seen := map[string]bool{}
	for _, r := range e.Fiber.GetRoutes(true) {
		if !strings.HasPrefix(r.Path, "/api/") || r.Method == http.MethodHead || r.Method == http.MethodOptions {
			continue
		}
		if r.Method == "USE" || strings.HasSuffix(r.Path, "*") {
			continue
		}
		key := r.Method + " " + r.Path
		if seen[key] {
			continue
		}
		seen[key] = true
		specPath := param.ReplaceAllString(r.Path, "{$1}")
		item := doc.Paths.Find(specPath)
		if item == nil || item.GetOperation(r.Method) == nil {
			t.Errorf("%s %s is served but not described in api/openapi.yaml (as %s)", r.Method, r.Path, specPath)
		}
		if strings.HasPrefix(r.Path, "/api/v1/") && !e.App.Deps.Authz.HasLine(r.Path, r.Method) {
			t.Errorf("%s %s has no line in policies/*.csv", r.Method, r.Path)
		}
	}
	if len(seen) < 10 {
		t.Fatalf("only %d API routes found; is the wiring broken?", len(seen))
	}
	// And the other way round: nothing in the contract that the server lacks.
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			fiberPath := regexp.MustCompile(`\{([A-Za-z_]+)\}`).ReplaceAllString(path, ":$1")
			if strings.HasPrefix(path, "/api/") && !seen[method+" "+fiberPath] {
				t.Errorf("api/openapi.yaml describes %s %s but the server has no such route", method, path)
			}
		}
	}
}

func TestIntegrationHealthAndErrors(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		e.Get("/healthz", "").Expect(200)
		e.Get("/readyz", "").Expect(200)
		res := e.Get("/api/v1/definitely/not/here", "").Expect(404)
		if res.ErrCode() != "not_found" || !strings.Contains(string(res.Body), "/api/v1/definitely/not/here") {
			t.Errorf("404 must name the path: %s", res.Body)
		}
		if res.Header.Get("X-Request-Id") == "" {
			t.Error("every response carries a request ID")
		}
		res = e.Do(testkit.Req{Method: "POST", Path: "/api/v1/contact", Body: `{"name":`, RawType: "application/json"}).Expect(400)
		if res.ErrCode() != "invalid_json" {
			t.Errorf("malformed JSON: %s", res.Body)
		}
		res = e.Post("/api/v1/contact", "", map[string]any{"name": "", "email": "nope", "subject": "", "message": "hi"}).Expect(422)
		var body struct {
			Error struct {
				Fields map[string]string `json:"fields"`
			} `json:"error"`
		}
		res.JSON(&body)
		for _, f := range []string{"name", "email", "subject", "message"} {
			if body.Error.Fields[f] == "" {
				t.Errorf("field %s has no message: %s", f, res.Body)
			}
		}
		big := map[string]any{"name": "A", "email": "a@example.com", "subject": "s", "message": strings.Repeat("x", 1<<20)}
		if res := e.Post("/api/v1/contact", "", big); res.Status != 413 || res.ErrCode() != "payload_too_large" {
			t.Errorf("oversize JSON: %d %s", res.Status, res.Body)
		}
		if res := e.Get("/api/v1/admin/contact-messages", ""); res.Status != 401 {
			t.Errorf("anonymous admin call: %d", res.Status)
		}
		h := e.Get("/healthz", "")
		if h.Header.Get("X-Content-Type-Options") != "nosniff" || h.Header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("security headers missing: %v", h.Header)
		}
	})
}

func TestIntegrationCORS(t *testing.T) {
	e := testkit.New(t, db.SQLite)
	for origin, allowed := range map[string]bool{
		"http://vendor.localhost:8080": true, "http://localhost:8080": true, "https://evil.example": false,
	} {
		res := e.Do(testkit.Req{Method: "OPTIONS", Path: "/api/auth/login", Header: map[string]string{
			"Origin": origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}})
		got := res.Header.Get("Access-Control-Allow-Origin")
		if allowed && got != origin || !allowed && got != "" {
			t.Errorf("%s: Access-Control-Allow-Origin=%q", origin, got)
		}
	}
}

func TestIntegrationContact(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		msg := map[string]any{"name": "Ada Obi", "email": "ada@example.com", "subject": "Group booking",
			"message": "We are twelve people travelling to Zanzibar in June."}
		e.Post("/api/v1/contact", "", msg).Expect(201)
		user := e.Register("plain@example.com", "plain_user")
		e.Get("/api/v1/admin/contact-messages", user.AccessToken).Expect(403)
		admin := e.Admin("boss@example.com", "boss")
		res := e.Get("/api/v1/admin/contact-messages?q=zanzibar", admin.AccessToken).Expect(200)
		if len(res.Map()["data"].([]any)) != 1 {
			t.Errorf("search: %s", res.Body)
		}
		for i := 0; i < 4; i++ {
			e.Post("/api/v1/contact", "", msg).Expect(201)
		}
		res = e.Post("/api/v1/contact", "", msg).Expect(429)
		if res.Header.Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
	})
}

// TestEveryPolicyLineNamesAServedRoute: a p line whose route and method no
// served route matches is left over from a removed or renamed route (and
// would silently open its successor if the name came back).
func TestEveryPolicyLineNamesAServedRoute(t *testing.T) {
	e := testkit.New(t, db.SQLite)
	routes := v1Routes(e)
	for _, part := range policies.Parts() {
		for i, raw := range strings.Split(part.Text, "\n") {
			f := strings.Split(raw, ",")
			if len(f) != 4 || strings.TrimSpace(f[0]) != "p" {
				continue
			}
			pattern, method := strings.TrimSpace(f[2]), strings.TrimSpace(f[3])
			if !slices.ContainsFunc(routes, func(r route) bool {
				return (method == "*" || method == r.method) && util.KeyMatch2(r.path, pattern)
			}) {
				t.Errorf("%s:%d: no served route matches %s %s", part.Name, i+1, method, pattern)
			}
		}
	}
}
