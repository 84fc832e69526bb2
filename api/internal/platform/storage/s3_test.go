package storage_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"sojourn/api/internal/platform/storage"
)

// fakeS3 serves the S3 protocol in process (gofakes3 over its in-memory
// backend) with one bucket, "media".
func fakeS3(t *testing.T) (storage.S3Config, *s3mem.Backend) {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket("media"); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	u, _ := url.Parse(srv.URL)
	return storage.S3Config{Endpoint: u.Host, Bucket: "media", AccessKey: "test-key", SecretKey: "test-secret",
		Region: "us-east-1", Prefix: "/media"}, backend
}

func read(t *testing.T, s *storage.S3, key string) *storage.Object {
	t.Helper()
	obj, err := s.Get(context.Background(), key)
	if err != nil {
		t.Fatalf("get %s: %v", key, err)
	}
	return obj
}

func TestS3RoundTrip(t *testing.T) {
	ctx := context.Background()
	cfg, backend := fakeS3(t)
	s, err := storage.NewS3(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	png := []byte("\x89PNG\r\n\x1a\n-not-really-a-png")
	cases := []struct{ key, ctype string }{
		{"avatars/u1/abc.png", "image/png"},
		{"products/p1/photo.jpg", "image/jpeg"},
		{"products/p1/photo.webp", "image/webp"},
		{"certs/c1/doc.pdf", "application/pdf"},
		{"misc/u1/noext", "image/png"}, // no extension: sniffed from the bytes
	}
	for _, c := range cases {
		url, err := s.Put(ctx, c.key, png)
		if err != nil {
			t.Fatalf("put %s: %v", c.key, err)
		}
		if url != "/media/"+c.key {
			t.Fatalf("url of %s: %s (Local gives /media/<key>)", c.key, url)
		}
		if k, ok := s.KeyFromURL(url); !ok || k != c.key {
			t.Fatalf("KeyFromURL(%s) = %q %v", url, k, ok)
		}
		obj := read(t, s, c.key)
		body, _ := io.ReadAll(obj.Body)
		_ = obj.Body.Close()
		if !bytes.Equal(body, png) || obj.Size != int64(len(png)) || obj.ContentType != c.ctype || !strings.HasPrefix(obj.ETag, `"`) {
			t.Fatalf("%s: body %q size %d type %q etag %q", c.key, body, obj.Size, obj.ContentType, obj.ETag)
		}
		// The object's name is the key, as Local's path under its directory is.
		if _, err := backend.HeadObject("media", c.key); err != nil {
			t.Fatalf("object %s not in the bucket under its key: %v", c.key, err)
		}
	}
	// A leading slash or a doubled one names the same object, as with Local.
	if url, err := s.Put(ctx, "/avatars//u1/abc.png", []byte("v2")); err != nil || url != "/media/avatars/u1/abc.png" {
		t.Fatalf("uncleaned key: %s %v", url, err)
	}
	if b, _ := io.ReadAll(read(t, s, "avatars/u1/abc.png").Body); string(b) != "v2" {
		t.Fatalf("overwrite: %q", b)
	}
	if err := s.Delete(ctx, "avatars/u1/abc.png"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "avatars/u1/abc.png"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("after delete: %v, want ErrNotFound", err)
	}
	if err := s.Delete(ctx, "avatars/u1/abc.png"); err != nil {
		t.Fatalf("deleting a missing object: %v", err)
	}
	for _, bad := range []string{"", "/", "../etc/passwd", "a/../../b"} {
		if _, err := s.Put(ctx, bad, png); err == nil {
			t.Fatalf("key %q accepted", bad)
		}
		if err := s.Delete(ctx, bad); err == nil {
			t.Fatalf("delete of key %q accepted", bad)
		}
	}
	if _, ok := s.KeyFromURL("/elsewhere/x.png"); ok {
		t.Fatal("a foreign URL mapped to a key")
	}
}

// TestS3SameKeysAsLocal: the two backends give one key the same URL, so a
// deployment can move its files from disk to a bucket (copying the media
// directory's tree as object names) without rewriting a stored URL.
func TestS3SameKeysAsLocal(t *testing.T) {
	ctx := context.Background()
	cfg, backend := fakeS3(t)
	s, err := storage.NewS3(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	local := &storage.Local{Dir: dir, Prefix: "/media"}
	for _, key := range []string{"avatars/u9/a.png", "/shop/v1/p2/c.jpg"} {
		lu, err := local.Put(ctx, key, []byte("x"))
		if err != nil {
			t.Fatal(err)
		}
		su, err := s.Put(ctx, key, []byte("x"))
		if err != nil {
			t.Fatal(err)
		}
		if lu != su {
			t.Fatalf("%s: local %s, s3 %s", key, lu, su)
		}
		rel := strings.TrimPrefix(lu, "/media/")
		if _, err := os.Stat(filepath.Join(dir, rel)); err != nil {
			t.Fatal(err)
		}
		if _, err := backend.HeadObject("media", rel); err != nil {
			t.Fatalf("object %s: %v", rel, err)
		}
	}
}

func TestS3RefusesAMissingBucketOrBadKeys(t *testing.T) {
	cfg, _ := fakeS3(t)
	bad := cfg
	bad.Bucket = "nope"
	if _, err := storage.NewS3(context.Background(), bad); err == nil || !strings.Contains(err.Error(), `"nope" does not exist`) {
		t.Fatalf("missing bucket: %v", err)
	}
	bad = cfg
	bad.Endpoint = "127.0.0.1:1" // nothing listens there
	if _, err := storage.NewS3(context.Background(), bad); err == nil {
		t.Fatal("an unreachable endpoint was accepted")
	}
}
