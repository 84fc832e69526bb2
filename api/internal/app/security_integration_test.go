package app_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/testkit"
)

// TestIntegrationPerIPLimitsBehindAProxy is issue 8's finding 3: behind a
// trusted proxy, 40 sign-ins each carrying
// "X-Forwarded-For: 198.51.100.<i>, 203.0.113.7" all reached the password
// check, because the raw header was the limit's key. The client is the
// right-most address that is not one of our proxies (203.0.113.7, appended
// by the proxy), so the 40 share one limit of 30.
func TestIntegrationPerIPLimitsBehindAProxy(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		statuses := map[int]int{}
		for i := range 40 {
			res := e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/auth/login",
				Body:   map[string]any{"email": testkit.Fmt("guess%d@example.com", i), "password": "Wrong-Password-99"},
				Header: map[string]string{"X-Forwarded-For": testkit.Fmt("198.51.100.%d, 203.0.113.7", i)}})
			statuses[res.Status]++
		}
		if statuses[http.StatusUnauthorized] != 30 || statuses[http.StatusTooManyRequests] != 10 {
			t.Fatalf("40 sign-ins from one client behind the proxy: %v, want 30 checked and 10 refused", statuses)
		}
		// Another client behind the same proxy has its own limit.
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/auth/login",
			Body:   map[string]any{"email": "other@example.com", "password": "Wrong-Password-99"},
			Header: map[string]string{"X-Forwarded-For": "203.0.113.7, 203.0.113.8"}}).Expect(http.StatusUnauthorized)
		// A forged client-address header changes nothing.
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/auth/login",
			Body:   map[string]any{"email": "forged@example.com", "password": "Wrong-Password-99"},
			Header: map[string]string{"X-Forwarded-For": "203.0.113.7", "X-Sojourn-Client-Ip": "192.0.2.1"}}).
			Expect(http.StatusTooManyRequests)
	})
}

// serve runs the app on a real loopback listener for the test and returns
// its base URL.
func serve(t *testing.T, e *testkit.Env) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = e.Fiber.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { _ = e.Fiber.Shutdown() })
	return "http://" + ln.Addr().String()
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestIntegrationDevOutboxOnlyForThisMachine is issue 8's finding 13: the
// development outbox listed live reset links to anyone who could reach the
// server.
func TestIntegrationDevOutboxOnlyForThisMachine(t *testing.T) {
	e := testkit.New(t, db.SQLite)
	e.Register("mail@example.com", "mailer")
	// A loopback connection reads it.
	if status, body := get(t, serve(t, e)+"/_dev/outbox?to=mail@example.com"); status != 200 ||
		!strings.Contains(body, "mail@example.com") {
		t.Fatalf("loopback client: %d %s", status, body)
	}
	// Through a proxy (the test connection is not loopback), even claiming
	// to be 127.0.0.1, it does not exist.
	for _, xff := range []string{"", "127.0.0.1", "::1"} {
		res := e.Do(testkit.Req{Method: http.MethodGet, Path: "/_dev/outbox", Header: map[string]string{"X-Forwarded-For": xff}})
		if res.Status != http.StatusNotFound || strings.Contains(string(res.Body), "mail@example.com") {
			t.Errorf("remote client (X-Forwarded-For %q): %d %s", xff, res.Status, res.Body)
		}
	}

	// In production not even this machine reads it.
	prod := testkit.New(t, db.SQLite, func(c *config.Config) { c.Env = "production" })
	prod.Register("prod@example.com", "prod_user")
	if status, body := get(t, serve(t, prod)+"/_dev/outbox?to=prod@example.com"); status != http.StatusNotFound ||
		strings.Contains(body, "prod@example.com") {
		t.Fatalf("production, loopback client: %d %s", status, body)
	}
}

// TestIntegrationOriginsArePinned is issue 8's finding 11: CORS and payment
// callbacks took any port and http on a portal host (an Origin of
// http://localhost:1 got a callback to port 1). The configured public
// origins (http, port 8080 in the tests) are the only ones.
func TestIntegrationOriginsArePinned(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		for origin, allowed := range map[string]bool{
			"http://localhost:8080": true, "http://vendor.localhost:8080": true, "http://VENDOR.localhost:8080": true,
			"http://localhost:1": false, "https://localhost:8080": false, "http://vendor.localhost": false,
			"http://localhost:8080.evil.example": false, "http://nope.localhost:8080": false,
		} {
			res := e.Do(testkit.Req{Method: "OPTIONS", Path: "/api/v1/wallet/topups", Header: map[string]string{
				"Origin": origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}})
			if got := res.Header.Get("Access-Control-Allow-Origin"); allowed != (got != "") {
				t.Errorf("%s: Access-Control-Allow-Origin=%q", origin, got)
			}
		}

		u := e.Register("payer@example.com", "payer")
		for origin, want := range map[string]string{
			"http://localhost:1":            e.Config.PortalOrigin("user"),
			"https://vendor.localhost:8080": e.Config.PortalOrigin("user"),
			"http://vendor.localhost:8080":  e.Config.PortalOrigin("vendor"),
		} {
			res := e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/wallet/topups", Token: u.AccessToken,
				Body: map[string]any{"amount": 500000}, Header: map[string]string{"Origin": origin}}).Expect(http.StatusCreated)
			var body struct {
				Data struct {
					AuthorizationURL string `json:"authorization_url"`
					AccessCode       string `json:"access_code"`
				} `json:"data"`
			}
			res.JSON(&body)
			a, err := url.Parse(body.Data.AuthorizationURL)
			if err != nil || a.Scheme+"://"+a.Host != want {
				t.Errorf("payment started with Origin %s: checkout at %q, want on %s", origin, body.Data.AuthorizationURL, want)
				continue
			}
			var callback string
			if err := e.DB.NewRaw("SELECT callback_url FROM paystack_sandbox_transactions WHERE access_code = ?",
				body.Data.AccessCode).Scan(context.Background(), &callback); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(callback, want+"/") {
				t.Errorf("payment started with Origin %s: callback %q, want on %s", origin, callback, want)
			}
		}
	})
}

// TestIntegrationContentSecurityPolicy is issue 8's finding 5 through the
// whole server: portal pages carry the portals' policy (package portals
// tests its directives), uploaded files a sandbox that runs nothing.
func TestIntegrationContentSecurityPolicy(t *testing.T) {
	e := testkit.New(t, db.SQLite)
	dir := filepath.Join(e.Config.PortalsDir, "user")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><script>1</script>"), 0o644); err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodGet, "/user-wallet", nil)
	req.Host = "localhost:8080"
	page, err := e.Fiber.Test(req)
	if err != nil || page.StatusCode != http.StatusOK {
		t.Fatalf("portal page: %v %v", err, page)
	}
	csp := page.Header.Get("Content-Security-Policy")
	for _, want := range []string{"script-src 'self' 'sha256-", "frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("portal page CSP %q lacks %q", csp, want)
		}
	}
	for _, d := range strings.Split(csp, ";") {
		if d = strings.TrimSpace(d); strings.HasPrefix(d, "script-src") && strings.Contains(d, "unsafe") {
			t.Errorf("portal page CSP allows inline or evaluated script: %q", d)
		}
	}

	if err := os.MkdirAll(filepath.Join(e.Config.MediaDir, "avatars"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(e.Config.MediaDir, "avatars", "a.png"), []byte("\x89PNG\r\n\x1a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	media := e.Do(testkit.Req{Method: http.MethodGet, Path: "/media/avatars/a.png"}).Expect(http.StatusOK)
	if got := media.Header.Get("Content-Security-Policy"); got != "default-src 'none'; sandbox" {
		t.Errorf("/media CSP %q", got)
	}
	if media.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("/media without nosniff: %v", media.Header)
	}
}
