package app_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sort"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/testkit"
)

// bodyOp is a contract operation that takes a JSON body.
type bodyOp struct {
	method, path string
	schema       *openapi3.Schema
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// bodyOps lists every operation of api/openapi.yaml with a JSON request
// body, in a fixed order, its path parameters filled with a well-formed id.
func bodyOps(t testing.TB) []bodyOp {
	doc, _ := testkit.Spec(t)
	var ops []bodyOp
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.RequestBody == nil || op.RequestBody.Value == nil {
				continue
			}
			mt := op.RequestBody.Value.Content.Get("application/json")
			if mt == nil || mt.Schema == nil {
				continue
			}
			ops = append(ops, bodyOp{method: method,
				path:   pathParam.ReplaceAllString(path, "01900000-0000-7000-8000-000000000000"),
				schema: mt.Schema.Value})
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].method+ops[i].path < ops[j].method+ops[j].path })
	return ops
}

// sample builds a body from a schema with leaf values from leaf.
func sample(s *openapi3.Schema, depth int, leaf func(typ string) any) any {
	if s == nil || depth > 4 {
		return nil
	}
	for _, alt := range [][]*openapi3.SchemaRef{s.AllOf, s.OneOf, s.AnyOf} {
		if len(alt) > 0 && alt[0].Value != nil {
			return sample(alt[0].Value, depth+1, leaf)
		}
	}
	switch {
	case s.Type.Is("object") || len(s.Properties) > 0:
		m := map[string]any{}
		for name, p := range s.Properties {
			m[name] = sample(p.Value, depth+1, leaf)
		}
		return m
	case s.Type.Is("array"):
		if s.Items == nil {
			return []any{}
		}
		return []any{sample(s.Items.Value, depth+1, leaf)}
	case len(s.Enum) > 0 && leaf("enum") == nil:
		return s.Enum[0]
	case s.Type.Is("integer"):
		return leaf("integer")
	case s.Type.Is("number"):
		return leaf("number")
	case s.Type.Is("boolean"):
		return true
	default:
		return leaf("string")
	}
}

// seedBodies are each operation's seed corpus: a plausible body, one with
// control characters and extreme numbers, one with wrong types, and a few
// malformed documents.
func seedBodies(op bodyOp) [][]byte {
	plausible := func(typ string) any {
		switch typ {
		case "integer", "number":
			return 1000
		case "enum":
			return nil
		}
		return "Amara Obi 2041"
	}
	hostile := func(typ string) any {
		switch typ {
		case "integer", "number":
			return json.Number("9223372036854775807")
		case "enum":
			return "\u0000"
		}
		return "a\u0000b"
	}
	wrong := func(typ string) any {
		if typ == "string" || typ == "enum" {
			return -1e308
		}
		return "-1"
	}
	var out [][]byte
	for _, leaf := range []func(string) any{plausible, hostile, wrong} {
		b, _ := json.Marshal(sample(op.schema, 0, leaf))
		out = append(out, b)
	}
	return append(out, []byte(`{"amount":-9223372036854775808}`), []byte(`[]`), []byte(`"\u0000"`))
}

// FuzzRequestBodies sends JSON bodies to every operation that takes one, as a
// signed-in admin who is also a vendor (so the guard lets most through), on
// SQLite: whatever the body, the answer is never a 5xx. `go test` runs the
// seed corpus (three bodies per operation plus a few malformed documents);
// `go test -run '^$' -fuzz FuzzRequestBodies ./api/internal/app` explores.
func FuzzRequestBodies(f *testing.F) {
	e := testkit.New(f, db.SQLite)
	admin := e.Admin("fuzz-admin@example.com", "fuzzadmin")
	e.GrantRole(admin.UserID, "vendor")
	ops := bodyOps(f)
	if len(ops) == 0 {
		f.Fatal("no operation takes a JSON body")
	}
	for i, op := range ops {
		for _, b := range seedBodies(op) {
			f.Add(uint16(i), b)
		}
	}
	f.Fuzz(func(t *testing.T, n uint16, body []byte) {
		op := ops[int(n)%len(ops)]
		req := httptest.NewRequest(op.method, op.path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+admin.AccessToken)
		req.Header.Set("Idempotency-Key", fmt.Sprintf("fuzz-%d-%d", n, len(body)))
		res, err := e.Fiber.Test(req, fiber.TestConfig{Timeout: 30 * time.Second, FailOnTimeout: true})
		if err != nil {
			t.Fatalf("%s %s: %v", op.method, op.path, err)
		}
		defer res.Body.Close()
		if res.StatusCode >= 500 {
			b, _ := io.ReadAll(res.Body)
			t.Fatalf("%s %s with %q answered %d: %s", op.method, op.path, body, res.StatusCode, b)
		}
	})
}

// FuzzQueryStrings sends arbitrary query values to the admin searches and the
// wallet history: never a 5xx, and a control character is always a 422.
func FuzzQueryStrings(f *testing.F) {
	e := testkit.New(f, db.SQLite)
	admin := e.Admin("fuzz-admin@example.com", "fuzzadmin")
	paths := []string{"/api/v1/admin/users?q=", "/api/v1/admin/contact-messages?q=", "/api/v1/admin/payments?q=",
		"/api/v1/wallet/transactions?to=", "/api/v1/wallet/transactions?from=", "/api/v1/admin/audit-log?actor_id=",
		"/api/v1/admin/role-applications?status="}
	for i := range paths {
		for _, v := range []string{"ada", "%00", "%FF", "0000-01-01", "9999-12-31T23:59:59Z", "%27%3B--", "%E2%80%8B"} {
			f.Add(uint8(i), v)
		}
	}
	f.Fuzz(func(t *testing.T, n uint8, v string) {
		path := paths[int(n)%len(paths)]
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL.RawQuery = ""
		raw := path + v
		if u, err := req.URL.Parse(raw); err == nil {
			req.URL = u
		} else {
			return // not a request line a client could send
		}
		req.RequestURI = req.URL.RequestURI()
		req.Header.Set("Authorization", "Bearer "+admin.AccessToken)
		res, err := e.Fiber.Test(req, fiber.TestConfig{Timeout: 30 * time.Second, FailOnTimeout: true})
		if err != nil {
			t.Fatalf("GET %s: %v", raw, err)
		}
		defer res.Body.Close()
		if res.StatusCode >= 500 {
			b, _ := io.ReadAll(res.Body)
			t.Fatalf("GET %s answered %d: %s", raw, res.StatusCode, b)
		}
	})
}
