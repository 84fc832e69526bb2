package app_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sojourn/api/internal/app"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/testkit"
)

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		for y := range h {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 90, 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestIntegrationS3Storage runs the avatar upload with the app configured
// for S3 (an in-process S3 protocol server): the file lands in the bucket
// under the same key Local would use, nothing is written to the media
// directory, /media/<key> streams it back with its type and caching, and
// replacing the avatar deletes the old object.
func TestIntegrationS3Storage(t *testing.T) {
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			useS3, bucket := testkit.FakeS3(t)
			e := testkit.New(t, d, useS3)
			u := e.Register("ines@example.com", "ines")
			var p struct {
				Data struct {
					AvatarURL *string `json:"avatar_url"`
				} `json:"data"`
			}
			e.Upload("/api/v1/profile/avatar", u.AccessToken, "avatar", "me.png", pngOf(t, 64, 48)).
				Expect(http.StatusOK).JSON(&p)
			if p.Data.AvatarURL == nil || !strings.HasPrefix(*p.Data.AvatarURL, "/media/avatars/"+u.UserID+"/") ||
				!strings.HasSuffix(*p.Data.AvatarURL, ".png") {
				t.Fatalf("avatar_url: %v", p.Data.AvatarURL)
			}
			first := *p.Data.AvatarURL
			key := strings.TrimPrefix(first, "/media/")
			obj, err := bucket.HeadObject("sojourn-media", key)
			if err != nil {
				t.Fatalf("the avatar is not in the bucket under %s: %v", key, err)
			}
			if ct := obj.Metadata["Content-Type"]; ct != "image/png" {
				t.Fatalf("stored content type %q", ct)
			}
			if _, err := os.Stat(filepath.Join(e.Config.MediaDir, key)); !os.IsNotExist(err) {
				t.Fatalf("the avatar was also written to the media directory: %v", err)
			}

			res := e.Do(testkit.Req{Method: http.MethodGet, Path: first}).Expect(http.StatusOK)
			if ct := res.Header.Get("Content-Type"); ct != "image/png" {
				t.Fatalf("served content type %q", ct)
			}
			if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=86400" {
				t.Fatalf("cache-control %q", cc)
			}
			if csp := res.Header.Get("Content-Security-Policy"); csp != "default-src 'none'; sandbox" {
				t.Fatalf("media CSP %q", csp)
			}
			if cfg, format, err := image.DecodeConfig(bytes.NewReader(res.Body)); err != nil || format != "png" ||
				cfg.Width != 64 || cfg.Height != 48 {
				t.Fatalf("served avatar: %v %s %+v", err, format, cfg)
			}
			// Byte ranges, as players seek: a part, the tail, and past the end.
			full := res.Body
			size := len(full)
			part := e.Do(testkit.Req{Method: http.MethodGet, Path: first, Header: map[string]string{"Range": "bytes=0-9"}}).
				Expect(http.StatusPartialContent)
			if !bytes.Equal(part.Body, full[:10]) || part.Header.Get("Content-Range") != testkit.Fmt("bytes 0-9/%d", size) {
				t.Fatalf("range 0-9: %d bytes, Content-Range %q", len(part.Body), part.Header.Get("Content-Range"))
			}
			tail := e.Do(testkit.Req{Method: http.MethodGet, Path: first, Header: map[string]string{"Range": "bytes=-5"}}).
				Expect(http.StatusPartialContent)
			if !bytes.Equal(tail.Body, full[size-5:]) {
				t.Fatalf("the last 5 bytes: %x", tail.Body)
			}
			from := e.Do(testkit.Req{Method: http.MethodGet, Path: first,
				Header: map[string]string{"Range": testkit.Fmt("bytes=%d-", size-3)}}).Expect(http.StatusPartialContent)
			if !bytes.Equal(from.Body, full[size-3:]) {
				t.Fatalf("from size-3: %x", from.Body)
			}
			out := e.Do(testkit.Req{Method: http.MethodGet, Path: first,
				Header: map[string]string{"Range": testkit.Fmt("bytes=%d-", size)}}).Expect(http.StatusRequestedRangeNotSatisfiable)
			if out.Header.Get("Content-Range") != testkit.Fmt("bytes */%d", size) {
				t.Fatalf("416 Content-Range %q", out.Header.Get("Content-Range"))
			}
			if r := e.Do(testkit.Req{Method: http.MethodGet, Path: first, Header: map[string]string{"Range": "bytes=0-1,4-5"}}).
				Expect(http.StatusOK); !bytes.Equal(r.Body, full) {
				t.Fatal("several ranges: the whole file is sent")
			}
			etag := res.Header.Get("ETag")
			if etag == "" {
				t.Fatal("no ETag")
			}
			e.Do(testkit.Req{Method: http.MethodGet, Path: first, Header: map[string]string{"If-None-Match": etag}}).
				Expect(http.StatusNotModified)

			// A new avatar replaces the object; the old one is deleted from the bucket.
			e.Upload("/api/v1/profile/avatar", u.AccessToken, "avatar", "me2.png", pngOf(t, 20, 20)).
				Expect(http.StatusOK).JSON(&p)
			if *p.Data.AvatarURL == first {
				t.Fatal("the new avatar kept the old URL")
			}
			if _, err := bucket.HeadObject("sojourn-media", key); err == nil {
				t.Fatal("the replaced avatar is still in the bucket")
			}
			e.Do(testkit.Req{Method: http.MethodGet, Path: first}).Expect(http.StatusNotFound)
			e.Do(testkit.Req{Method: http.MethodGet, Path: *p.Data.AvatarURL}).Expect(http.StatusOK)
			e.Do(testkit.Req{Method: http.MethodGet, Path: "/media/avatars/nobody/none.png"}).Expect(http.StatusNotFound)
		})
	}
}

// TestS3MisconfiguredRefusesToStart: a bucket that is not there stops the
// app from being built (serve exits with the error) rather than failing the
// first upload.
func TestS3MisconfiguredRefusesToStart(t *testing.T) {
	useS3, _ := testkit.FakeS3(t)
	cfg := &config.Config{MediaDir: t.TempDir(), JWTSecret: []byte("test-secret-test-secret-test-secret!!")}
	useS3(cfg)
	cfg.S3.Bucket = "missing-bucket"
	_, err := app.New(cfg, testkit.OpenDB(t, db.SQLite), app.Options{})
	if err == nil || !strings.Contains(err.Error(), `"missing-bucket" does not exist`) {
		t.Fatalf("app.New with a missing bucket: %v", err)
	}
}
