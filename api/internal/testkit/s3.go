package testkit

import (
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"sojourn/api/internal/platform/config"
)

// FakeS3 serves the S3 protocol in process (gofakes3 over its in-memory
// backend) with one empty bucket, and returns the settings that point the
// app at it (SOJOURN_STORAGE=s3) and the backend, to look at the objects.
func FakeS3(t testing.TB) (func(*config.Config), *s3mem.Backend) {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket("sojourn-media"); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	u, _ := url.Parse(srv.URL)
	return func(c *config.Config) {
		c.Storage = "s3"
		c.S3 = config.S3{Endpoint: u.Host, Bucket: "sojourn-media", AccessKey: "test-key",
			SecretKey: "test-secret", Region: "us-east-1", UseSSL: false}
	}, backend
}
