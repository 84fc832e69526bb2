package duffel

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/ids"
)

// SandboxToken is the access token the server's own client uses with the
// sandbox (the sandbox refuses any other).
const SandboxToken = "duffel_test_sojourn_sandbox"

// SandboxWebhookSecret signs the sandbox's webhook events.
const SandboxWebhookSecret = "sojourn-duffel-sandbox-webhook-secret"

// SandboxConfig configures the sandbox.
type SandboxConfig struct {
	// Token is the access token the sandbox requires (default SandboxToken).
	Token string
	// WebhookSecret signs the events (default SandboxWebhookSecret).
	WebhookSecret string
	// WebhookURL receives the signed events; empty delivers nothing.
	WebhookURL string
	// HTTPClient delivers the webhooks (tests route it into the Fiber app
	// with a Fiber transport). Default: a client with a 10 s timeout.
	HTTPClient *http.Client
	// DB holds the sandbox's state (its duffel_sandbox_* tables).
	DB    bun.IDB
	Clock clock.Clock
	Log   *slog.Logger
}

// Sandbox answers Duffel's Flights and Stays API for development and tests.
type Sandbox struct {
	cfg      SandboxConfig
	inflight sync.WaitGroup
	backoff  time.Duration
}

const deliveryAttempts = 3

// NewSandbox makes a sandbox. DB is required.
func NewSandbox(cfg SandboxConfig) *Sandbox {
	if cfg.DB == nil {
		panic("duffel: NewSandbox needs a DB")
	}
	if cfg.Token == "" {
		cfg.Token = SandboxToken
	}
	if cfg.WebhookSecret == "" {
		cfg.WebhookSecret = SandboxWebhookSecret
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.System{}
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	return &Sandbox{cfg: cfg, backoff: 200 * time.Millisecond}
}

// Register mounts the sandbox's API on r (the app mounts it at SandboxMount).
// Every call needs the sandbox's token and the Duffel-Version header, as on
// Duffel.
func (s *Sandbox) Register(r fiber.Router) {
	g := r.Group("", s.auth)
	s.registerFlights(g)
	s.registerStays(g)
}

// Wait blocks until every webhook delivery started so far has finished.
func (s *Sandbox) Wait() { s.inflight.Wait() }

// now is the sandbox's clock (a test's fake clock moves offers past expiry).
func (s *Sandbox) now() time.Time { return s.cfg.Clock.Now().UTC() }

func (s *Sandbox) auth(c fiber.Ctx) error {
	key, found := strings.CutPrefix(c.Get(fiber.HeaderAuthorization), "Bearer ")
	if !found || subtle.ConstantTimeCompare([]byte(key), []byte(s.cfg.Token)) != 1 {
		return writeError(c, http.StatusUnauthorized, "authentication_error", "unauthorized",
			"Unauthorized", "The access token was not recognised")
	}
	if v := c.Get("Duffel-Version"); v == "" {
		return writeError(c, http.StatusBadRequest, "validation_error", "missing_version_header",
			"Missing Duffel-Version header", "Set the Duffel-Version header to "+Version)
	} else if v != Version {
		return writeError(c, http.StatusBadRequest, "validation_error", "unsupported_version",
			"Unsupported API version", "Duffel-Version must be "+Version)
	}
	return c.Next()
}

// Deliver signs one event of type typ about object and posts it to the
// webhook URL, trying up to three times on a network error or a non-2xx
// answer. It returns the event it sent (tests replay it).
func (s *Sandbox) Deliver(ctx context.Context, typ string, object any) (Event, error) {
	obj, err := json.Marshal(object)
	if err != nil {
		return Event{}, fmt.Errorf("duffel sandbox: encode %s: %w", typ, err)
	}
	ev := Event{ID: "wev_" + strings.ReplaceAll(ids.New(), "-", ""), Type: typ, APIVersion: Version,
		CreatedAt: s.now().Truncate(time.Millisecond), IdempotencyKey: ids.New()}
	ev.Data.Object = obj
	body, err := json.Marshal(ev)
	if err != nil {
		return Event{}, fmt.Errorf("duffel sandbox: encode %s: %w", typ, err)
	}
	if s.cfg.WebhookURL == "" {
		return ev, nil
	}
	s.inflight.Add(1)
	defer s.inflight.Done()
	var last error
	for attempt := 1; attempt <= deliveryAttempts; attempt++ {
		last = s.post(ctx, body, Sign(s.cfg.WebhookSecret, body, s.cfg.Clock.Now()))
		if last == nil {
			return ev, nil
		}
		s.cfg.Log.Warn("duffel sandbox: webhook delivery failed", "event", typ, "attempt", attempt, "err", last)
		if attempt < deliveryAttempts {
			select {
			case <-ctx.Done():
				return ev, fmt.Errorf("duffel sandbox: deliver %s: %w", typ, ctx.Err())
			case <-time.After(s.backoff << (attempt - 1)):
			}
		}
	}
	return ev, fmt.Errorf("duffel sandbox: deliver %s: %w", typ, last)
}

func (s *Sandbox) post(ctx context.Context, body []byte, sig string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.cfg.WebhookURL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(SignatureHeader, sig)
	req.Header.Set("User-Agent", "Sojourn-Duffel-Sandbox")
	resp, err := s.cfg.HTTPClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("webhook answered %d", resp.StatusCode)
	}
	return nil
}

// writeData answers {"data": v}.
func writeData(c fiber.Ctx, status int, v any) error {
	return c.Status(status).JSON(fiber.Map{"data": v})
}

// writeError answers Duffel's error envelope.
func writeError(c fiber.Ctx, status int, typ, code, title, msg string) error {
	return c.Status(status).JSON(fiber.Map{
		"errors": []ErrorItem{{Type: typ, Code: code, Title: title, Message: msg}},
		"meta":   fiber.Map{"status": status, "request_id": ids.New()},
	})
}
