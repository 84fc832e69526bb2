package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func setenv(t *testing.T, kv map[string]string) {
	for _, k := range []string{"SOJOURN_ENV", "SOJOURN_JWT_SECRET", "DATABASE_URL", "SOJOURN_ALLOW_SQLITE",
		"SOJOURN_ACCESS_TTL", "SOJOURN_ADDR", "SOJOURN_DATA_DIR", "SOJOURN_PUBLIC_PORT", "PAYSTACK_SECRET_KEY",
		"PAYSTACK_BASE_URL", "PAYSTACK_PUBLIC_KEY", "SOJOURN_DUFFEL_ACCESS_TOKEN", "DUFFEL_ACCESS_TOKEN",
		"SOJOURN_DUFFEL_WEBHOOK_SECRET", "SOJOURN_TRAVEL_MARKUP_BPS", "SOJOURN_IMAGE_MEMORY_MB", "SOJOURN_REFRESH_REUSE_GRACE",
		"SOJOURN_STORAGE", "S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY", "S3_SECRET_KEY", "S3_REGION", "S3_USE_SSL"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	for k, v := range kv {
		t.Setenv(k, v)
	}
}

func TestDevelopmentDefaultsAndSecret(t *testing.T) {
	dir := t.TempDir()
	setenv(t, map[string]string{"SOJOURN_DATA_DIR": dir})
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || !c.SQLite() || c.AccessTTL != 15*time.Minute || c.RefreshAbsTTL != 30*24*time.Hour {
		t.Fatalf("defaults: %+v", c)
	}
	if c.RefreshReuseGrace != 30*time.Second {
		t.Fatalf("refresh reuse grace: %s, want 30s", c.RefreshReuseGrace)
	}
	if c.ImageMemoryMB != 256 {
		t.Fatalf("image decode budget: %d MB, want 256", c.ImageMemoryMB)
	}
	if !c.PaystackSandbox() || c.PaystackBaseURL != "https://api.paystack.co" {
		t.Fatalf("development without a key must use the Paystack sandbox: %+v", c)
	}
	if len(c.JWTSecret) < 32 {
		t.Fatal("development must generate a secret")
	}
	if c.PortalOrigin("vendor") != "http://vendor.localhost:8080" || c.PortalOrigin("user") != "http://localhost:8080" {
		t.Fatalf("origins: %s %s", c.PortalOrigin("vendor"), c.PortalOrigin("user"))
	}
	again, err := Load()
	if err != nil || string(again.JWTSecret) != string(c.JWTSecret) {
		t.Fatal("the development secret must be kept under the data dir")
	}
	if _, err := os.Stat(filepath.Join(dir, "jwt-secret")); err != nil {
		t.Fatal(err)
	}
}

func TestProductionRefusesWeakSetups(t *testing.T) {
	setenv(t, map[string]string{"SOJOURN_ENV": "production", "SOJOURN_DATA_DIR": t.TempDir(),
		"DATABASE_URL": "postgres://db/sojourn"})
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "SOJOURN_JWT_SECRET") {
		t.Fatalf("no secret: %v", err)
	}
	t.Setenv("SOJOURN_JWT_SECRET", "too-short")
	if _, err := Load(); err == nil {
		t.Fatal("short secret accepted")
	}
	t.Setenv("SOJOURN_JWT_SECRET", strings.Repeat("k", 32))
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "PAYSTACK_SECRET_KEY") {
		t.Fatalf("production without a Paystack key: %v", err)
	}
	t.Setenv("PAYSTACK_SECRET_KEY", "sk_live_example")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "DUFFEL_ACCESS_TOKEN") {
		t.Fatalf("production without a Duffel token: %v", err)
	}
	t.Setenv("DUFFEL_ACCESS_TOKEN", "duffel_live_example")
	t.Setenv("SOJOURN_DUFFEL_WEBHOOK_SECRET", "whsec_example")
	c, err := Load()
	if err != nil {
		t.Fatalf("good production config refused: %v", err)
	}
	if c.PaystackSandbox() || c.PaystackBaseURL != "https://api.paystack.co" {
		t.Fatalf("paystack: sandbox=%v base=%q", c.PaystackSandbox(), c.PaystackBaseURL)
	}
	if c.DuffelSandbox() || c.DuffelBaseURL != "https://api.duffel.com" || c.TravelMarkupBPS != DefaultTravelMarkupBPS {
		t.Fatalf("duffel: sandbox=%v base=%q markup=%d", c.DuffelSandbox(), c.DuffelBaseURL, c.TravelMarkupBPS)
	}
	t.Setenv("DATABASE_URL", "sqlite:data/x.db")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "SQLite") {
		t.Fatalf("sqlite in production: %v", err)
	}
	t.Setenv("SOJOURN_ALLOW_SQLITE", "1")
	if _, err := Load(); err != nil {
		t.Fatalf("SOJOURN_ALLOW_SQLITE=1 should allow it: %v", err)
	}
}

func TestBadValues(t *testing.T) {
	setenv(t, map[string]string{"SOJOURN_DATA_DIR": t.TempDir(), "SOJOURN_ACCESS_TTL": "soon"})
	if _, err := Load(); err == nil {
		t.Fatal("bad duration accepted")
	}
	setenv(t, map[string]string{"SOJOURN_DATA_DIR": t.TempDir(), "DATABASE_URL": "mysql://x"})
	if _, err := Load(); err == nil {
		t.Fatal("unknown database accepted")
	}
}

func TestRefreshReuseGrace(t *testing.T) {
	for v, want := range map[string]time.Duration{"0": 0, "10s": 10 * time.Second, "1m": time.Minute} {
		setenv(t, map[string]string{"SOJOURN_DATA_DIR": t.TempDir(), "SOJOURN_REFRESH_REUSE_GRACE": v})
		c, err := Load()
		if err != nil || c.RefreshReuseGrace != want {
			t.Fatalf("%q: %v %v, want %s", v, c, err, want)
		}
	}
	for _, v := range []string{"-1s", "61s", "1h", "soon"} {
		setenv(t, map[string]string{"SOJOURN_DATA_DIR": t.TempDir(), "SOJOURN_REFRESH_REUSE_GRACE": v})
		if _, err := Load(); err == nil || !strings.Contains(err.Error(), "SOJOURN_REFRESH_REUSE_GRACE") {
			t.Fatalf("%q accepted: %v", v, err)
		}
	}
}

func TestStorageSettings(t *testing.T) {
	dir := t.TempDir()
	setenv(t, map[string]string{"SOJOURN_DATA_DIR": dir})
	c, err := Load()
	if err != nil || c.Storage != "local" {
		t.Fatalf("default storage: %v %q", err, c.Storage)
	}
	full := map[string]string{"SOJOURN_DATA_DIR": dir, "SOJOURN_STORAGE": "s3", "S3_ENDPOINT": "minio:9000",
		"S3_BUCKET": "media", "S3_ACCESS_KEY": "ak", "S3_SECRET_KEY": "sk", "S3_REGION": "eu-west-1"}
	setenv(t, full)
	c, err = Load()
	if err != nil {
		t.Fatal(err)
	}
	want := S3{Endpoint: "minio:9000", Bucket: "media", AccessKey: "ak", SecretKey: "sk", Region: "eu-west-1", UseSSL: true}
	if c.Storage != "s3" || c.S3 != want {
		t.Fatalf("s3 settings: %q %+v", c.Storage, c.S3)
	}
	with := func(k, v string) map[string]string {
		m := map[string]string{}
		for a, b := range full {
			m[a] = b
		}
		m[k] = v
		return m
	}
	setenv(t, with("S3_USE_SSL", "false"))
	if c, err = Load(); err != nil || c.S3.UseSSL {
		t.Fatalf("S3_USE_SSL=false: %v %+v", err, c)
	}
	for _, tc := range []struct{ k, v, msg string }{
		{"SOJOURN_STORAGE", "ftp", "SOJOURN_STORAGE must be local or s3"},
		{"S3_BUCKET", "", "SOJOURN_STORAGE=s3 needs S3_BUCKET"},
		{"S3_SECRET_KEY", "", "needs S3_SECRET_KEY"},
		{"S3_ENDPOINT", "https://minio:9000", "S3_ENDPOINT: want host[:port] without a scheme"},
		{"S3_ENDPOINT", "minio:9000/media", "S3_ENDPOINT: want host[:port]"},
		{"S3_USE_SSL", "maybe", "S3_USE_SSL: want true or false"},
	} {
		setenv(t, with(tc.k, tc.v))
		if _, err := Load(); err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s=%q: %v, want an error containing %q", tc.k, tc.v, err, tc.msg)
		}
	}
}
