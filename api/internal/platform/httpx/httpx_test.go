package httpx_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/requestid"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/httpx"
)

type envelope struct {
	Error struct {
		Code      string            `json:"code"`
		Message   string            `json:"message"`
		RequestID string            `json:"request_id"`
		Fields    map[string]string `json:"fields"`
	} `json:"error"`
}

func testApp(logs io.Writer) *fiber.App {
	log := slog.New(slog.NewTextHandler(logs, nil))
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(log), BodyLimit: 2 << 20})
	app.Use(requestid.New())
	app.Use(httpx.Recover(log))
	app.Post("/api/v1/things", func(c fiber.Ctx) error {
		var in struct {
			Name  string `json:"name"`
			Count int    `json:"count"`
		}
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		f := apperr.Fields{}
		f.Check(in.Name != "", "name", "is required")
		if err := f.Err(); err != nil {
			return err
		}
		return c.JSON(fiber.Map{"data": in})
	})
	app.Get("/api/v1/boom", func(c fiber.Ctx) error {
		var m map[string]int
		m["secret-internal-detail"] = 1 // nil map write: a real panic
		return nil
	})
	app.Get("/api/v1/fail", func(c fiber.Ctx) error {
		return apperr.Wrap(apperr.CodeInternal, "db exploded at 10.0.0.7", io.ErrUnexpectedEOF)
	})
	app.Use("/api", httpx.NotFoundAPI)
	return app
}

func do(t *testing.T, app *fiber.App, method, path, body string) (int, envelope, string) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	res, err := app.Test(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	var e envelope
	_ = json.Unmarshal(b, &e)
	if res.StatusCode >= 400 && e.Error.RequestID == "" {
		t.Errorf("%s %s: error without request_id: %s", method, path, b)
	}
	return res.StatusCode, e, string(b)
}

func TestErrorEnvelopes(t *testing.T) {
	var logs strings.Builder
	app := testApp(&logs)

	if s, e, _ := do(t, app, "POST", "/api/v1/things", `{"name": "x",`); s != 400 || e.Error.Code != "invalid_json" {
		t.Errorf("malformed JSON: %d %+v", s, e)
	}
	if s, e, _ := do(t, app, "POST", "/api/v1/things", `{"name": "a"} {"name": "b"}`); s != 400 || e.Error.Code != "invalid_json" {
		t.Errorf("two JSON values: %d %+v", s, e)
	}
	if s, e, _ := do(t, app, "POST", "/api/v1/things", `{"name": ""}`); s != 422 || e.Error.Code != "validation_failed" || e.Error.Fields["name"] == "" {
		t.Errorf("validation: %d %+v", s, e)
	}
	if s, e, _ := do(t, app, "POST", "/api/v1/things", `{"name": "a", "count": "many"}`); s != 422 || e.Error.Fields["count"] == "" {
		t.Errorf("wrong type: %d %+v", s, e)
	}
	if s, e, _ := do(t, app, "GET", "/api/v1/no/such/route", ``); s != 404 || e.Error.Code != "not_found" || !strings.Contains(e.Error.Message, "/api/v1/no/such/route") {
		t.Errorf("unknown route: %d %+v", s, e)
	}
	big := `{"name": "` + strings.Repeat("x", httpx.MaxJSONBody) + `"}`
	if s, e, _ := do(t, app, "POST", "/api/v1/things", big); s != 413 || e.Error.Code != "payload_too_large" {
		t.Errorf("JSON over 1 MB: %d %+v", s, e)
	}
	// Over the server's own limit fasthttp stops reading; only a real socket shows the answer.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	defer app.Shutdown() //nolint:errcheck
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, _ = fmt.Fprintf(conn, "POST /api/v1/things HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", 3<<20)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	var over envelope
	_ = json.NewDecoder(res.Body).Decode(&over)
	res.Body.Close()
	if res.StatusCode != 413 || over.Error.Code != "payload_too_large" {
		t.Errorf("body over the server limit: %d %+v", res.StatusCode, over)
	}
	s, e, raw := do(t, app, "GET", "/api/v1/boom", ``)
	if s != 500 || e.Error.Code != "internal" || strings.Contains(raw, "nil map") || strings.Contains(raw, "goroutine") {
		t.Errorf("panic: %d %s", s, raw)
	}
	if !strings.Contains(logs.String(), "nil map") || !strings.Contains(logs.String(), e.Error.RequestID) {
		t.Errorf("panic should be logged with the request id; log: %.300s", logs.String())
	}
	s, e, raw = do(t, app, "GET", "/api/v1/fail", ``)
	if s != 500 || e.Error.Code != "internal" || strings.Contains(raw, "10.0.0.7") || strings.Contains(raw, "EOF") {
		t.Errorf("internal error leaks: %d %s", s, raw)
	}
}

func TestRateLimitedSetsRetryAfter(t *testing.T) {
	app := fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(slog.New(slog.NewTextHandler(io.Discard, nil)))})
	app.Get("/x", func(c fiber.Ctx) error { return apperr.RateLimited("slow down", 1500_000_000) })
	res, err := app.Test(httptest.NewRequest("GET", "/x", nil))
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 429 || res.Header.Get("Retry-After") != "2" {
		t.Fatalf("got %d Retry-After=%q", res.StatusCode, res.Header.Get("Retry-After"))
	}
}

func TestPortalOrigin(t *testing.T) {
	public := func(p string) string {
		if p == "user" {
			return "https://sojourn.example"
		}
		return "https://" + p + ".sojourn.example"
	}
	ok := httpx.PortalOrigin(public)
	for origin, want := range map[string]bool{
		"https://sojourn.example":                true,
		"https://vendor.sojourn.example":         true,
		"https://Vendor.Sojourn.example":         true,
		"https://car-rental.sojourn.example:443": true,
		"https://admin.sojourn.example/":         true,
		"http://car-rental.sojourn.example":      false,
		"https://vendor.sojourn.example:8443":    false,
		"https://evil.example":                   false,
		"https://sojourn.example.evil.com":       false,
		"https://nope.sojourn.example":           false,
		"ftp://vendor.sojourn.example":           false,
		"https://vendor.sojourn.example/path":    false,
		"https://user@vendor.sojourn.example":    false,
		"null":                                   false,
		"":                                       false,
	} {
		if got := ok(origin); got != want {
			t.Errorf("%s: got %v want %v", origin, got, want)
		}
	}
}

func TestClientAddr(t *testing.T) {
	tr := httpx.NewTrust([]string{"203.0.113.0/28", "198.51.100.77", "junk"})
	for _, c := range []struct {
		xff  []string
		want string
	}{
		{nil, "10.0.0.5"},
		{[]string{"203.0.113.50"}, "203.0.113.50"},
		// The client wrote the left part; our proxy appended 203.0.113.99.
		{[]string{"198.51.100.1, 203.0.113.99"}, "203.0.113.99"},
		// Proxies of ours (a private hop, a listed address, a listed range) are skipped.
		{[]string{"1.2.3.4, 203.0.113.99, 10.1.1.1, 198.51.100.77, 203.0.113.2"}, "203.0.113.99"},
		{[]string{"1.2.3.4", "203.0.113.99, 127.0.0.1"}, "203.0.113.99"},
		{[]string{"[2001:db8::1]:443, 192.168.1.1:80"}, "2001:db8::1"},
		// Only proxies: the left-most; garbage stops the walk.
		{[]string{"10.0.0.1, 10.0.0.2"}, "10.0.0.1"},
		{[]string{"1.2.3.4, not-an-ip, 10.0.0.2"}, "10.0.0.2"},
		{[]string{"not-an-ip"}, "10.0.0.5"},
	} {
		if got := tr.ClientAddr("10.0.0.5", c.xff); got != c.want {
			t.Errorf("%q: got %s want %s", c.xff, got, c.want)
		}
	}
}
