package portals

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/config"
)

func TestPortalFor(t *testing.T) {
	s := New(&config.Config{BaseDomain: "sojourn.test"}, nil)
	for host, want := range map[string]string{
		"sojourn.test": "user", "sojourn.test:8080": "user", "vendor.sojourn.test:8080": "vendor",
		"car-rental.sojourn.test": "car-rental", "ADMIN.sojourn.test": "admin", "evil.test": "", "x.sojourn.test": "",
	} {
		got, ok := s.PortalFor(host)
		if got != want || ok != (want != "") {
			t.Errorf("%s: got %q %v, want %q", host, got, ok, want)
		}
	}
}

func TestServing(t *testing.T) {
	root := t.TempDir()
	vendor := filepath.Join(root, "vendor")
	must(t, os.MkdirAll(filepath.Join(vendor, "assets"), 0o755))
	must(t, os.WriteFile(filepath.Join(vendor, "index.html"), []byte("<!doctype html><title>Vendor</title>"), 0o644))
	must(t, os.WriteFile(filepath.Join(vendor, "assets", "app-abc123.js"), []byte(strings.Repeat("console.log(1);", 200)), 0o644))
	app := fiber.New()
	New(&config.Config{BaseDomain: "localhost", PortalsDir: root}, nil).Register(app)

	get := func(host, path string, hdr ...string) (int, string, string) {
		req := httptest.NewRequest("GET", path, nil)
		req.Host = host
		if len(hdr) == 2 {
			req.Header.Set(hdr[0], hdr[1])
		}
		res, err := app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header.Get("Cache-Control") + "|" + res.Header.Get("Content-Encoding"), string(b)
	}
	if code, cc, body := get("vendor.localhost:8080", "/vendor-app/dashboard"); code != 200 || !strings.HasPrefix(cc, "no-cache") || !strings.Contains(body, "Vendor") {
		t.Errorf("SPA fallback: %d %s %s", code, cc, body)
	}
	if code, cc, _ := get("vendor.localhost:8080", "/assets/app-abc123.js", "Accept-Encoding", "gzip"); code != 200 || cc != "public, max-age=31536000, immutable|gzip" {
		t.Errorf("hashed asset: %d %q", code, cc)
	}
	if code, _, _ := get("vendor.localhost:8080", "/assets/gone-999.js"); code != 404 {
		t.Errorf("a missing chunk must be 404, not index.html: %d", code)
	}
	if code, _, body := get("admin.localhost:8080", "/"); code != 503 || !strings.Contains(body, "npx nx build admin") {
		t.Errorf("unbuilt portal: %d %s", code, body)
	}
	if code, _, _ := get("elsewhere.example", "/"); code != 404 {
		t.Errorf("unknown host: %d", code)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestContentSecurityPolicy is part of issue 8's finding 5: portal pages had
// no Content-Security-Policy, and tokens live in localStorage.
func TestContentSecurityPolicy(t *testing.T) {
	root := t.TempDir()
	theme := "\n      try { document.documentElement.classList.add('dark'); } catch (e) {}\n    "
	page := "<!doctype html><html><head><script>" + theme + "</script>" +
		`<script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`
	for _, p := range []string{"user", "admin"} {
		must(t, os.MkdirAll(filepath.Join(root, p), 0o755))
		must(t, os.WriteFile(filepath.Join(root, p, "index.html"), []byte(page), 0o644))
	}
	app := fiber.New()
	New(&config.Config{BaseDomain: "localhost", PortalsDir: root}, nil).Register(app)
	csp := func(host, path string) map[string]string {
		req := httptest.NewRequest("GET", path, nil)
		req.Host = host
		res, err := app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, d := range strings.Split(res.Header.Get("Content-Security-Policy"), ";") {
			name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
			out[name] = value
		}
		return out
	}
	sum := sha256.Sum256([]byte(theme))
	hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"

	user := csp("localhost:8080", "/user-wallet")
	for directive, want := range map[string]string{
		"default-src":     "'self'",
		"script-src":      "'self' " + hash + " https://js.paystack.co https://checkout.paystack.com",
		"style-src":       "'self' 'unsafe-inline'",
		"img-src":         "'self' data: blob:",
		"connect-src":     "'self' https://api.paystack.co",
		"frame-src":       "'self' https://checkout.paystack.com",
		"object-src":      "'none'",
		"base-uri":        "'self'",
		"form-action":     "'self'",
		"frame-ancestors": "'none'",
	} {
		if user[directive] != want {
			t.Errorf("user portal %s: %q, want %q", directive, user[directive], want)
		}
	}
	// The admin portal pays no one by card: no Paystack origin at all.
	admin := csp("admin.localhost:8080", "/admin-dashboard")
	if admin["script-src"] != "'self' "+hash || admin["connect-src"] != "'self'" || admin["frame-src"] != "'self'" {
		t.Errorf("admin portal: %v", admin)
	}
	// A provider portal pays (its wallet tops up by card); an unbuilt portal
	// and an unknown host still carry a policy.
	if v := csp("vendor.localhost:8080", "/"); !strings.Contains(v["script-src"], "https://js.paystack.co") || v["frame-ancestors"] != "'none'" {
		t.Errorf("vendor portal: %v", v)
	}
	if v := csp("elsewhere.example", "/"); v["script-src"] != "'self'" {
		t.Errorf("unknown host: %v", v)
	}

	// A new build is picked up: the hash follows the file.
	time.Sleep(10 * time.Millisecond)
	must(t, os.WriteFile(filepath.Join(root, "user", "index.html"), []byte(strings.Replace(page, "dark", "light", 1)), 0o644))
	if csp("localhost:8080", "/")["script-src"] == user["script-src"] {
		t.Error("the hash did not follow the rebuilt index.html")
	}
}

func TestInlineHashes(t *testing.T) {
	got := inlineHashes([]byte(`<script src="/a.js"></script><SCRIPT type="module">x()</SCRIPT><script
	defer src='/b.js'></script><script>y()</script >`))
	if len(got) != 2 {
		t.Fatalf("hashes %v: want the two inline scripts only", got)
	}
}

// A pre-rendered first page (_first/login/index.html) answers its path, with the hashes of its own inline scripts in the policy;
// every other path still gets index.html.
func TestPrerenderedFirstPage(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "coach")
	must(t, os.MkdirAll(dir, 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>Coach</title><div id=root></div>"), 0o644))
	guard := "document.addEventListener('submit',function(){},true)"
	must(t, os.MkdirAll(filepath.Join(dir, "_first", "login"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "_first", "login", "index.html"), []byte("<!doctype html><title>Sign in</title><script>"+guard+
		`</script><div id=root data-prerendered="/login"><h1>Welcome back</h1></div>`), 0o644))
	app := fiber.New()
	New(&config.Config{BaseDomain: "localhost", PortalsDir: root}, nil).Register(app)
	get := func(path string) (string, string) {
		req := httptest.NewRequest("GET", path, nil)
		req.Host = "coach.localhost"
		res, err := app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		return string(b), res.Header.Get("Content-Security-Policy")
	}
	hash := inlineHashes([]byte("<script>" + guard + "</script>"))[0]
	for _, p := range []string{"/login", "/login/", "/login?redirect=%2Fcoach-app"} {
		body, csp := get(p)
		if !strings.Contains(body, "Welcome back") || !strings.Contains(csp, hash) {
			t.Errorf("%s: want login.html with its script hash, got %q (csp %q)", p, body, csp)
		}
	}
	if body, csp := get("/coach-app/dashboard"); !strings.Contains(body, "Coach") || strings.Contains(csp, hash) {
		t.Errorf("other paths get index.html: %q (csp %q)", body, csp)
	}
}
