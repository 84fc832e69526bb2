package testkit

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

var (
	specOnce   sync.Once
	specDoc    *openapi3.T
	specRouter routers.Router
	specErr    error
)

// RepoRoot finds the folder holding go.mod.
func RepoRoot() string {
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Spec loads and validates api/openapi.yaml once.
func Spec(t testing.TB) (*openapi3.T, routers.Router) {
	t.Helper()
	specOnce.Do(func() {
		loader := openapi3.NewLoader()
		specDoc, specErr = loader.LoadFromFile(filepath.Join(RepoRoot(), "api", "openapi.yaml"))
		if specErr != nil {
			return
		}
		if specErr = specDoc.Validate(context.Background()); specErr != nil {
			return
		}
		specDoc.Servers = nil
		specRouter, specErr = gorillamux.NewRouter(specDoc)
	})
	if specErr != nil {
		t.Fatalf("api/openapi.yaml: %v", specErr)
	}
	return specDoc, specRouter
}

// The iCalendar feed (GET /api/v1/calendar/{token}.ics) answers text/calendar:
// validated as text, like text/plain.
func init() { openapi3filter.RegisterBodyDecoder("text/calendar", openapi3filter.PlainBodyDecoder) }

// contractExempt are paths outside the API contract (media files, the
// development outbox, the portals and the payment sandbox).
func contractExempt(path string) bool {
	return !strings.HasPrefix(path, "/api/") && path != "/healthz" && path != "/readyz"
}

// CheckContract validates a response against the operation in the spec. A
// response to a route missing from the spec fails the test, unless it is an
// error answer (unknown routes), whose body must still be the error envelope.
func CheckContract(t testing.TB, req *http.Request, r *Resp) {
	t.Helper()
	if contractExempt(req.URL.Path) || req.Method == http.MethodOptions { // CORS preflights are not operations
		return
	}
	doc, router := Spec(t)
	route, params, err := router.FindRoute(req)
	if err != nil {
		if r.Status >= 400 {
			checkErrorEnvelope(t, doc, r)
			return
		}
		t.Errorf("contract: %s %s answered %d but is not in api/openapi.yaml", req.Method, req.URL.Path, r.Status)
		return
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}},
		Status: r.Status, Header: r.Header, Body: io.NopCloser(bytes.NewReader(r.Body)),
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		t.Errorf("contract: %s %s -> %d does not match api/openapi.yaml: %v\nbody: %.600s", req.Method, req.URL.Path, r.Status, err, r.Body)
	}
}

func checkErrorEnvelope(t testing.TB, doc *openapi3.T, r *Resp) {
	t.Helper()
	if len(r.Body) == 0 {
		return
	}
	var v any
	if err := json.Unmarshal(r.Body, &v); err != nil {
		t.Errorf("contract: error answer is not JSON: %s", r.Body)
		return
	}
	s := doc.Components.Schemas["Error"].Value
	if err := s.VisitJSON(v, openapi3.EnableJSONSchema2020()); err != nil {
		t.Errorf("contract: error answer is not the envelope: %v\nbody: %s", err, r.Body)
	}
}
