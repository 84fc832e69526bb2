package paystack

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/gofiber/fiber/v3"
)

// FiberTransport is an http.RoundTripper that serves every request with
// app.Test instead of a network connection. Tests point the Client at a
// sandbox mounted on a Fiber app with it, and the sandbox delivers webhooks
// into the same app with it, so the whole payment path runs in process.
func FiberTransport(app *fiber.App) http.RoundTripper { return fiberTransport{app: app} }

type fiberTransport struct{ app *fiber.App }

type roundTrip struct {
	resp *http.Response
	err  error
}

// RoundTrip honours the request's context: its deadline becomes app.Test's
// timeout and a cancellation returns at once. The caller's request is left
// untouched (app.Test adds headers to the request it is given, so it gets a
// clone with the body read into memory).
func (t fiberTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	r := req.Clone(ctx)
	if req.Body != nil && req.Body != http.NoBody {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("fiber transport: read body: %w", err)
		}
		r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
	} else {
		r.Body, r.ContentLength = http.NoBody, 0
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// No deadline means no limit, as with a real connection; app.Test's own
	// default of one second would fail slow database work in CI.
	cfg := fiber.TestConfig{Timeout: 0, FailOnTimeout: false}
	if dl, ok := ctx.Deadline(); ok {
		cfg = fiber.TestConfig{Timeout: time.Until(dl), FailOnTimeout: true}
	}
	done := make(chan roundTrip, 1)
	go func() {
		resp, err := t.app.Test(r, cfg)
		done <- roundTrip{resp, err}
	}()
	select {
	case rt := <-done:
		if rt.err != nil {
			return nil, fmt.Errorf("fiber transport: %s %s: %w", req.Method, req.URL.Path, rt.err)
		}
		rt.resp.Request = req
		return rt.resp, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
