package portals

import (
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
