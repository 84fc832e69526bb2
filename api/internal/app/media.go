package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/static"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/storage"
)

// mediaPrefix is the URL path uploads are served at, whatever the backend:
// stored URLs are /media/<key> with either.
const mediaPrefix = "/media"

// mediaMaxAge is how long browsers may keep a file: keys are never reused
// for other content (a new upload gets a new key).
const mediaMaxAge = 86400

// newStorage builds the configured backend and the handler of /media/*.
// With local storage the files are read from MediaDir; with S3 every
// instance streams the object from the bucket, so the stored URLs, the
// portals' img-src 'self' and a private bucket keep working unchanged.
func newStorage(cfg *config.Config) (storage.Storage, fiber.Handler, error) {
	if cfg.Storage != "s3" {
		return &storage.Local{Dir: cfg.MediaDir, Prefix: mediaPrefix},
			static.New(cfg.MediaDir, static.Config{MaxAge: mediaMaxAge}), nil
	}
	s, err := storage.NewS3(context.Background(), storage.S3Config{Endpoint: cfg.S3.Endpoint,
		Bucket: cfg.S3.Bucket, AccessKey: cfg.S3.AccessKey, SecretKey: cfg.S3.SecretKey,
		Region: cfg.S3.Region, UseSSL: cfg.S3.UseSSL, Prefix: mediaPrefix})
	if err != nil {
		return nil, nil, err
	}
	return s, s3Media(s), nil
}

// s3Media serves /media/<key> from the bucket: the object's type, its ETag
// (a matching If-None-Match answers 304), one byte range when asked (206,
// or 416 outside the file: players seek in audio and video this way) and
// the same caching as the local file server.
func s3Media(s *storage.S3) fiber.Handler {
	return func(c fiber.Ctx) error {
		key := c.Params("*")
		ctx, cancel := context.WithTimeout(c.Context(), 5*time.Minute)
		done := false
		defer func() {
			if !done {
				cancel()
			}
		}()
		head, err := s.Stat(ctx, key)
		if err != nil {
			return mediaErr(err)
		}
		c.Set("Cache-Control", "public, max-age=86400")
		c.Set("Accept-Ranges", "bytes")
		if !head.LastModified.IsZero() {
			c.Set("Last-Modified", head.LastModified.UTC().Format(http.TimeFormat))
		}
		if head.ETag != "" {
			c.Set("ETag", head.ETag)
			if c.Get("If-None-Match") == head.ETag {
				return c.SendStatus(fiber.StatusNotModified)
			}
		}
		c.Set("Content-Type", head.ContentType)
		var obj *storage.Object
		start, end, ranged, ok := byteRange(c.Get("Range"), head.Size)
		switch {
		case !ok:
			c.Set("Content-Range", "bytes */"+strconv.FormatInt(head.Size, 10))
			return c.SendStatus(fiber.StatusRequestedRangeNotSatisfiable)
		case ranged:
			obj, err = s.GetRange(ctx, key, start, end)
			c.Status(fiber.StatusPartialContent)
			c.Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", start, end, head.Size))
		default:
			obj, err = s.Get(ctx, key)
		}
		if err != nil {
			return mediaErr(err)
		}
		// fasthttp closes the stream once it is sent; the context ends with it.
		done = true
		return c.SendStream(&closeWith{ReadCloser: obj.Body, cancel: cancel}, int(obj.Size))
	}
}

func mediaErr(err error) error {
	if errors.Is(err, storage.ErrNotFound) {
		return apperr.Wrap(apperr.CodeNotFound, "No such file.", fiber.ErrNotFound)
	}
	return apperr.Wrap(apperr.CodeUnavailable, "The file store is not reachable.", err)
}

// byteRange reads a Range header of one range ("bytes=a-b", "bytes=a-",
// "bytes=-n") against a file of size bytes. ranged is false for no header,
// several ranges or another unit (the whole file is sent, as RFC 9110
// allows); ok is false for a range that lies outside the file.
func byteRange(h string, size int64) (start, end int64, ranged, ok bool) {
	spec, found := strings.CutPrefix(strings.TrimSpace(h), "bytes=")
	if !found || strings.Contains(spec, ",") {
		return 0, 0, false, true
	}
	a, b, found := strings.Cut(strings.TrimSpace(spec), "-")
	if !found {
		return 0, 0, false, true
	}
	if a == "" { // the last n bytes
		n, err := strconv.ParseInt(b, 10, 64)
		if err != nil || n < 0 {
			return 0, 0, false, true
		}
		if n == 0 || size == 0 {
			return 0, 0, false, false
		}
		return max(size-n, 0), size - 1, true, true
	}
	start, err := strconv.ParseInt(a, 10, 64)
	if err != nil || start < 0 {
		return 0, 0, false, true
	}
	end = size - 1
	if b != "" {
		if end, err = strconv.ParseInt(b, 10, 64); err != nil || end < start {
			return 0, 0, false, true
		}
		end = min(end, size-1)
	}
	if start >= size {
		return 0, 0, false, false
	}
	return start, end, true, true
}

type closeWith struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (r *closeWith) Close() error {
	err := r.ReadCloser.Close()
	r.cancel()
	return err
}
