package app_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"sojourn/policies"

	"sojourn/api/internal/platform/authz"
	"sojourn/api/internal/platform/roledef"
	"sojourn/api/internal/testkit"
)

// contractGen is the generator's one switch for input the API does not yet
// refuse cleanly, held back until the fixes other branches make land:
//
//   - ControlChars: strings may hold NUL and other control characters
//     (issue 8, finding 9: a NUL byte reaching SQL answers 500 on both
//     databases: sign-in, contact, transfers, gift-card purchases, ledger
//     adjustments, application rejections, the audit-log filters).
//   - OddDates: date filters get years like 0000 (finding 9: GET
//     /api/v1/wallet/transactions?from=0000-01-01 answers 500 on PostgreSQL).
//   - MaxInt: the largest integer generated; 1e12 keeps amounts clear of the
//     overflow of finding 6.
//
// Once findings 6 and 9 are merged, the merger sets
// genOptions{ControlChars: true, OddDates: true, MaxInt: math.MaxInt64};
// nothing else in the test changes.
var contractGen = genOptions{ControlChars: true, OddDates: true, MaxInt: math.MaxInt64}

type genOptions struct {
	ControlChars bool
	OddDates     bool
	MaxInt       int64
}

// How many requests an operation gets from each caller, the first from the
// schema as written and the rest mutated. Of the callers the route policy
// lets through, one (a different one for each operation, in turn, so every
// role meets every kind of mutation across the contract) gets casesPerCaller
// and the others allowedCases: input checks rarely depend on the role, the
// answer to a valid request may. A caller the policy refuses is answered by
// the guard before anything of the request is read, so it gets deniedCases;
// the permission matrix checks those refusals route by route.
const (
	casesPerCaller = 12
	allowedCases   = 3
	deniedCases    = 2
)

// routePattern is a contract path as the route policy names it
// ("/api/v1/trips/{id}" -> "/api/v1/trips/:id").
var namedParam = regexp.MustCompile(`\{([^}]+)\}`)

func routePattern(path string) string { return namedParam.ReplaceAllString(path, ":$1") }

// TestIntegrationContractProperties drives every operation of the bundled
// contract (api/openapi.yaml, so it grows with every route a domain adds) as
// anonymous and as every role of roledef, with requests generated from the
// operation's own schemas: one valid by the schema, the others mutated
// (missing required fields, wrong types, unknown fields, huge strings, odd
// characters, boundary numbers, malformed JSON, odd path and query values).
// Every answer must be below 500 and one of the statuses the operation
// declares, with the error envelope on errors and a 2xx body valid against
// its schema (testkit.Do validates every answer against the contract).
//
// The run is reproducible: SOJOURN_CONTRACT_SEED picks the seed (default
// fixed), and a failure names its operation, caller and request.
func TestIntegrationContractProperties(t *testing.T) {
	seed := uint64(20261123)
	if s := os.Getenv("SOJOURN_CONTRACT_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("SOJOURN_CONTRACT_SEED: %v", err)
		}
		seed = v
	}
	doc, _ := testkit.Spec(t)
	ops := contractOperations(doc)
	policy, err := authz.New(policies.Model, policies.Policy)
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) < 40 {
		t.Fatalf("only %d operations in api/openapi.yaml", len(ops))
	}
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		start := time.Now()
		// A token that does not verify (forged, expired or of an ended
		// session) is a caller of its own: public routes serve it as
		// anonymous, the others answer its 401.
		callers := []propCaller{{name: "anonymous"}, {name: "bad token", token: "eyJhbGciOiJIUzI1NiJ9.e30.forged"}}
		for i, role := range roledef.Names() {
			e.IP = fmt.Sprintf("198.51.100.%d", 10+i)
			s := e.Register("prop-"+strings.ReplaceAll(role, "_", "-")+"@example.com", "prop_"+role)
			roles := []string{roledef.User}
			if role != roledef.User {
				e.GrantRole(s.UserID, role)
				roles = append(roles, role)
			}
			callers = append(callers, propCaller{name: role, session: s, roles: roles})
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		g := &gen{r: rng, opt: contractGen}
		requests := 0
		for oi, op := range ops {
			full := oi % len(callers) // the caller that gets every mutation, if the policy lets it through
			for k := range callers {
				if ci := (oi + k) % len(callers); allowed(policy, callers[ci], op) {
					full = ci
					break
				}
			}
			for ci := range callers {
				c := &callers[ci]
				cases := allowedCases
				switch {
				case !allowed(policy, *c, op):
					cases = deniedCases
				case ci == full:
					cases = casesPerCaller
				}
				for n := range cases {
					e.IP = fmt.Sprintf("198.51.%d.%d", 101+rng.IntN(100), 1+rng.IntN(250))
					req := g.request(op, n > 0)
					if c.session != nil {
						req.Token = c.session.AccessToken
					} else {
						req.Token = c.token
					}
					res := e.Do(req)
					requests++
					if res.Status >= 500 {
						t.Errorf("%s %s as %s: %d (never a 5xx)\nrequest: %s\nanswer: %.400s", op.method, op.path,
							c.name, res.Status, describe(req), res.Body)
					}
				}
				// An operation may end the caller's sessions (sign out
				// everywhere): sign in again for the next one.
				if c.session != nil && e.Get("/api/auth/user", c.session.AccessToken).Status == http.StatusUnauthorized {
					c.session = e.Login(c.session.Email, testkit.DefaultPassword)
				}
			}
		}
		t.Logf("%d requests over %d operations as %d callers in %s", requests, len(ops), len(callers),
			time.Since(start).Round(time.Millisecond))
	})
}

// allowed reports whether the route policy lets the caller call the
// operation (the /api/auth routes have no policy: always).
func allowed(policy *authz.Enforcer, c propCaller, op contractOp) bool {
	return !strings.HasPrefix(op.path, "/api/v1/") || policy.AllowedAny(c.roles, routePattern(op.path), op.method)
}

type propCaller struct {
	name    string
	roles   []string // what the route policy sees (none: anonymous)
	session *testkit.Session
	token   string // without a session: "" (anonymous) or a token that does not verify
}

type contractOp struct {
	path, method string
	op           *openapi3.Operation
	params       openapi3.Parameters
}

// contractOperations lists the operations in a stable order; the ones that
// end sessions run last.
func contractOperations(doc *openapi3.T) []contractOp {
	var out []contractOp
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			ps := append(openapi3.Parameters{}, item.Parameters...)
			ps = append(ps, op.Parameters...)
			out = append(out, contractOp{path: path, method: method, op: op, params: ps})
		}
	}
	last := func(o contractOp) bool {
		return strings.Contains(o.path, "logout") || strings.Contains(o.path, "password")
	}
	sort.Slice(out, func(i, j int) bool {
		if last(out[i]) != last(out[j]) {
			return !last(out[i])
		}
		if out[i].path != out[j].path {
			return out[i].path < out[j].path
		}
		return out[i].method < out[j].method
	})
	return out
}

func describe(r testkit.Req) string {
	b, _ := json.Marshal(r.Body)
	if s, ok := r.Body.(string); ok {
		b = []byte(s)
	}
	return fmt.Sprintf("%s %.300s body %.300s", r.Method, r.Path, b)
}

// gen makes values from schemas.
type gen struct {
	r   *rand.Rand
	opt genOptions
}

func (g *gen) request(op contractOp, mutate bool) testkit.Req {
	path := op.path
	q := url.Values{}
	header := map[string]string{}
	for _, pr := range op.params {
		p := pr.Value
		if p == nil {
			continue
		}
		var s *openapi3.Schema
		if p.Schema != nil {
			s = p.Schema.Value
		}
		switch p.In {
		case openapi3.ParameterInPath:
			path = strings.ReplaceAll(path, "{"+p.Name+"}", url.PathEscape(g.pathValue(mutate)))
		case openapi3.ParameterInQuery:
			if !p.Required && g.r.IntN(2) == 0 {
				continue
			}
			q.Set(p.Name, g.paramValue(s, mutate))
		case openapi3.ParameterInHeader:
			if g.r.IntN(2) == 0 {
				header[p.Name] = g.safeHeader(g.paramValue(s, false))
			}
		}
	}
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	if len(path) > 3000 { // an address over 4 KB is refused before routing (431, TestIntegrationEdgeStatuses)
		path, _, _ = strings.Cut(path, "?")
		if len(path) > 3000 {
			path = pathParam.ReplaceAllString(op.path, missingID)
		}
	}
	req := testkit.Req{Method: strings.ToUpper(op.method), Path: path, Header: header}
	rb := op.op.RequestBody
	if rb == nil || rb.Value == nil {
		return req
	}
	mt := rb.Value.Content.Get("application/json")
	if mt == nil || mt.Schema == nil {
		// An upload: a JSON body where a form is expected.
		req.Body = map[string]any{}
		return req
	}
	body := g.value(mt.Schema.Value, 0)
	if mutate && g.r.IntN(40) == 0 { // over the 1 MB a JSON body may hold
		req.Body = `{"x":"` + strings.Repeat("a", 1<<20) + `"}`
		return req
	}
	if mutate {
		req.Body = g.mutateBody(mt.Schema.Value, body)
	} else {
		req.Body = body
	}
	return req
}

func (g *gen) safeHeader(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r > 0x7e {
			return 'x'
		}
		return r
	}, s)
}

// pathValue is an id that names nothing, or something odd.
func (g *gen) pathValue(mutate bool) string {
	if !mutate {
		return "0b8f2a4e-9c31-7d6a-8e57-1f0c3d9a7b26"
	}
	switch g.r.IntN(6) {
	case 0:
		return g.text(1, 300)
	case 1:
		return strings.Repeat("9", 40)
	case 2:
		return "-1"
	case 3:
		return "..%2f..%2fetc"
	case 4:
		return "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ"
	default:
		return g.text(1, 12)
	}
}

func (g *gen) paramValue(s *openapi3.Schema, mutate bool) string {
	if mutate && g.r.IntN(2) == 0 {
		switch g.r.IntN(6) {
		case 0:
			return "abc"
		case 1:
			return strconv.FormatInt(g.boundary(), 10)
		case 2:
			return g.text(0, 1000)
		case 3:
			if g.opt.OddDates {
				return []string{"0000-01-01", "9999-12-31", "-001-01-01"}[g.r.IntN(3)]
			}
			return "2026-13-45"
		case 4:
			return ""
		default:
			return "1.5"
		}
	}
	if s == nil {
		return g.text(1, 10)
	}
	v := g.value(s, 0)
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	default:
		b, _ := json.Marshal(x)
		return strings.Trim(string(b), `"`)
	}
}

// value makes a value the schema accepts (as far as formats and bounds go).
func (g *gen) value(s *openapi3.Schema, depth int) any {
	if s == nil {
		return nil
	}
	if s.Const != nil {
		return s.Const
	}
	if len(s.Enum) > 0 {
		return s.Enum[g.r.IntN(len(s.Enum))]
	}
	if len(s.OneOf) > 0 {
		return g.value(s.OneOf[g.r.IntN(len(s.OneOf))].Value, depth)
	}
	if len(s.AnyOf) > 0 {
		return g.value(s.AnyOf[g.r.IntN(len(s.AnyOf))].Value, depth)
	}
	if len(s.AllOf) > 0 {
		merged := map[string]any{}
		for _, part := range s.AllOf {
			if m, ok := g.value(part.Value, depth).(map[string]any); ok {
				for k, v := range m {
					merged[k] = v
				}
			}
		}
		return merged
	}
	types := []string{}
	if s.Type != nil {
		for _, t := range s.Type.Slice() {
			if t != openapi3.TypeNull {
				types = append(types, t)
			}
		}
	}
	if len(types) == 0 {
		if len(s.Properties) > 0 {
			types = []string{openapi3.TypeObject}
		} else {
			types = []string{openapi3.TypeString}
		}
	}
	if s.Type != nil && s.Type.IncludesNull() && g.r.IntN(5) == 0 {
		return nil
	}
	switch types[g.r.IntN(len(types))] {
	case openapi3.TypeObject:
		return g.object(s, depth)
	case openapi3.TypeArray:
		n := int(s.MinItems) + g.r.IntN(3)
		if s.MaxItems != nil && uint64(n) > *s.MaxItems {
			n = int(*s.MaxItems)
		}
		out := make([]any, n)
		for i := range out {
			var item *openapi3.Schema
			if s.Items != nil {
				item = s.Items.Value
			}
			out[i] = g.value(item, depth+1)
		}
		return out
	case openapi3.TypeInteger:
		return g.integer(s)
	case openapi3.TypeNumber:
		return float64(g.integer(s))
	case openapi3.TypeBoolean:
		return g.r.IntN(2) == 0
	default:
		return g.str(s)
	}
}

func (g *gen) object(s *openapi3.Schema, depth int) map[string]any {
	out := map[string]any{}
	if depth > 4 {
		return out
	}
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	sort.Strings(names) // map order would make runs unreproducible
	for _, name := range names {
		p := s.Properties[name]
		if p.Value != nil && p.Value.ReadOnly {
			continue
		}
		if slices.Contains(s.Required, name) || g.r.IntN(2) == 0 {
			out[name] = g.value(p.Value, depth+1)
		}
	}
	return out
}

func (g *gen) integer(s *openapi3.Schema) int64 {
	lo, hi := float64(0), float64(1_000_000)
	if s.Min != nil {
		lo = *s.Min
	}
	if s.Max != nil {
		hi = *s.Max
	}
	if hi < lo {
		hi = lo
	}
	hi = math.Min(hi, float64(g.opt.MaxInt))
	lo = math.Max(lo, -float64(g.opt.MaxInt))
	if g.r.IntN(4) == 0 {
		if g.r.IntN(2) == 0 {
			return int64(lo)
		}
		return int64(hi)
	}
	return int64(lo) + g.r.Int64N(int64(hi-lo)+1)
}

func (g *gen) str(s *openapi3.Schema) string {
	switch s.Format {
	case "email":
		return fmt.Sprintf("prop%d@example.com", g.r.IntN(1000))
	case "uuid":
		return "0b8f2a4e-9c31-7d6a-8e57-1f0c3d9a7b26"
	case "date-time":
		return time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC).Add(time.Duration(g.r.IntN(1000)) * time.Hour).Format(time.RFC3339)
	case "date":
		return "2026-03-02"
	case "uri":
		return "https://example.com/x"
	}
	lo, hi := int(s.MinLength), int(s.MinLength)+20
	if s.MaxLength != nil && int(*s.MaxLength) < hi {
		hi = int(*s.MaxLength)
	}
	return g.text(lo, hi)
}

// text is between lo and hi runes of letters, digits, spaces, punctuation
// and (with contractGen.ControlChars) control characters.
func (g *gen) text(lo, hi int) string {
	if hi < lo {
		hi = lo
	}
	n := lo + g.r.IntN(hi-lo+1)
	alphabet := []rune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.@'\"<>&%/\\éøßЖж中文😀")
	if g.opt.ControlChars {
		alphabet = append(alphabet, 0, '\t', '\n', '\r', 0x1b, 0x7f)
	}
	var b strings.Builder
	for range n {
		b.WriteRune(alphabet[g.r.IntN(len(alphabet))])
	}
	return b.String()
}

// boundary is a number at the edge of what amounts and counts hold.
func (g *gen) boundary() int64 {
	vals := []int64{0, -1, 1, 100, 1_000_000_000_000, -1_000_000_000_000}
	if g.opt.MaxInt > 1_000_000_000_000 {
		vals = append(vals, math.MaxInt64, math.MinInt64, math.MaxInt32+1)
	}
	return vals[g.r.IntN(len(vals))]
}

// mutateBody breaks a valid body in one of the ways clients do.
func (g *gen) mutateBody(s *openapi3.Schema, body any) any {
	m, isObj := body.(map[string]any)
	switch g.r.IntN(9) {
	case 0: // a required field missing
		if isObj && len(s.Required) > 0 {
			delete(m, s.Required[g.r.IntN(len(s.Required))])
			return m
		}
		return map[string]any{}
	case 1: // a field of the wrong type
		if isObj && len(m) > 0 {
			k := g.key(m)
			m[k] = []any{map[string]any{"x": 1}, true, "x"}[g.r.IntN(3)]
			return m
		}
		return []any{1, 2}
	case 2: // a huge string
		if isObj {
			m[g.keyOr(m, s)] = strings.Repeat("ä", 20_000)
			return m
		}
		return strings.Repeat("a", 20_000)
	case 3: // a boundary number
		if isObj {
			m[g.keyOr(m, s)] = g.boundary()
			return m
		}
		return g.boundary()
	case 4: // an unknown field
		if isObj {
			m["is_admin"] = true
			return m
		}
		return map[string]any{"is_admin": true}
	case 5: // not JSON at all
		return `{"unterminated": `
	case 6: // null and other non-objects
		return []string{"null", "[]", "\"text\"", "12"}[g.r.IntN(4)]
	case 7: // odd characters in every string
		if isObj {
			for _, k := range slices.Sorted(maps.Keys(m)) {
				if _, ok := m[k].(string); ok {
					m[k] = g.text(1, 60)
				}
			}
			return m
		}
		return g.text(1, 60)
	default: // a fractional or negative number where integers go
		if isObj {
			m[g.keyOr(m, s)] = []any{1.5, -7, 0, "12"}[g.r.IntN(4)]
			return m
		}
		return 1.5
	}
}

func (g *gen) key(m map[string]any) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys[g.r.IntN(len(keys))]
}

// keyOr picks a property of the schema (or of the body).
func (g *gen) keyOr(m map[string]any, s *openapi3.Schema) string {
	keys := make([]string, 0, len(s.Properties))
	for k := range s.Properties {
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		if len(m) == 0 {
			return "value"
		}
		return g.key(m)
	}
	sort.Strings(keys)
	return keys[g.r.IntN(len(keys))]
}
