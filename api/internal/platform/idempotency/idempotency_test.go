package idempotency_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/testkit"
)

type harness struct {
	app     *fiber.App
	db      *db.DB
	clk     *clock.Fake
	calls   atomic.Int64
	failed  atomic.Bool
	block   chan struct{}
	entered chan struct{}
}

func newHarness(t *testing.T, d db.Dialect) *harness {
	database := testkit.OpenDB(t, d)
	h := &harness{db: database, clk: clock.NewFake(testkit.Start), block: make(chan struct{}),
		entered: make(chan struct{})}
	m := idempotency.New(database, h.clk, []byte("test-secret-test-secret"))
	h.app = fiber.New(fiber.Config{ErrorHandler: httpx.ErrorHandler(slog.New(slog.NewTextHandler(io.Discard, nil)))})
	h.app.Post("/pay", m.Wrap(func(c fiber.Ctx) error {
		n := h.calls.Add(1)
		switch string(c.Body()) {
		case "slow":
			close(h.entered)
			<-h.block
		case "fail":
			if h.failed.CompareAndSwap(false, true) {
				return apperr.Wrap(apperr.CodeInternal, "internal", io.ErrUnexpectedEOF)
			}
		case "bad":
			return apperr.Validation(map[string]string{"amount": "no"})
		case "secret":
			return c.Status(http.StatusCreated).JSON(fiber.Map{"code": "SECR-ETCO-DE12-3456-7890"})
		}
		return c.Status(http.StatusCreated).JSON(fiber.Map{"call": n, "key": idempotency.Key(c)})
	}))
	return h
}

func (h *harness) post(t *testing.T, key, body string) (int, string, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/pay", strings.NewReader(body))
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	res, err := h.app.Test(req, fiber.TestConfig{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b), res.Header.Get("Idempotent-Replayed")
}

func TestIntegrationIdempotencyKey(t *testing.T) {
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			h := newHarness(t, d)
			s1, b1, r1 := h.post(t, "k1", "a")
			s2, b2, r2 := h.post(t, "k1", "a")
			if s1 != 201 || s2 != 201 || b1 != b2 || r1 != "" || r2 != "true" || h.calls.Load() != 1 ||
				!strings.Contains(b1, `"key":"k1"`) {
				t.Fatalf("replay: %d %s %q / %d %s %q (calls %d)", s1, b1, r1, s2, b2, r2, h.calls.Load())
			}
			if s, b, _ := h.post(t, "k1", "b"); s != 409 || !strings.Contains(b, "different request") {
				t.Fatalf("different body: %d %s", s, b)
			}
			// Without a key every request runs.
			h.post(t, "", "a")
			h.post(t, "", "a")
			if h.calls.Load() != 3 {
				t.Fatalf("calls %d", h.calls.Load())
			}
			// A 4xx answer is stored and replayed.
			if s, _, _ := h.post(t, "k-bad", "bad"); s != 422 {
				t.Fatal(s)
			}
			if s, _, r := h.post(t, "k-bad", "bad"); s != 422 || r != "true" {
				t.Fatalf("4xx replay: %d %q", s, r)
			}
			// A 5xx answer is not stored: the retry runs again.
			if s, _, _ := h.post(t, "k-fail", "fail"); s != 500 {
				t.Fatal(s)
			}
			if s, _, r := h.post(t, "k-fail", "fail"); s != 201 || r != "" {
				t.Fatalf("retry after 5xx: %d %q", s, r)
			}
			// Bad keys.
			for _, k := range []string{strings.Repeat("x", 201), "tab\there"} {
				if s, _, _ := h.post(t, k, "a"); s != 422 {
					t.Fatalf("key %q: %d", k, s)
				}
			}
			// While the first request runs, the same key answers 409.
			done := make(chan int)
			go func() { s, _, _ := h.post(t, "k-slow", "slow"); done <- s }()
			<-h.entered
			if st, b, _ := h.post(t, "k-slow", "slow"); st != 409 || !strings.Contains(b, "still being processed") {
				t.Errorf("in flight: %d %s", st, b)
			}
			close(h.block)
			if s := <-done; s != 201 {
				t.Fatalf("slow request: %d", s)
			}
			// After 24 hours a key is forgotten.
			before := h.calls.Load()
			h.clk.Advance(idempotency.TTL + time.Second)
			if s, _, r := h.post(t, "k1", "b"); s != 201 || r != "" || h.calls.Load() != before+1 {
				t.Fatalf("expired key: %d %q", s, r)
			}
		})
	}
}

// TestIntegrationIdempotencyAnswersSealed: a stored answer rests encrypted
// (a gift card's code in it never shows in the table), replays to the same
// caller and key, and an answer that no longer opens asks for a new key.
func TestIntegrationIdempotencyAnswersSealed(t *testing.T) {
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			h := newHarness(t, d)
			s1, b1, _ := h.post(t, "k-secret", "secret")
			if s1 != 201 || !strings.Contains(b1, "SECR-ETCO-DE12-3456-7890") {
				t.Fatalf("first: %d %s", s1, b1)
			}
			var raw string
			if err := h.db.NewSelect().Table("idempotency_keys").Column("response_body").
				Where("key = ?", "k-secret").Scan(testkit.Ctx(), &raw); err != nil {
				t.Fatal(err)
			}
			if raw == "" || strings.Contains(raw, "SECR") || strings.Contains(raw, "code") {
				t.Fatalf("stored answer is not sealed: %q", raw)
			}
			s2, b2, r2 := h.post(t, "k-secret", "secret")
			if s2 != 201 || b2 != b1 || r2 != "true" || h.calls.Load() != 1 {
				t.Fatalf("replay: %d %s %q (calls %d)", s2, b2, r2, h.calls.Load())
			}
			// A sealed answer moved to another key does not open there.
			h.post(t, "k-other", "secret")
			if _, err := h.db.NewUpdate().Table("idempotency_keys").Set("response_body = ?", raw).
				Where("key = ?", "k-other").Exec(testkit.Ctx()); err != nil {
				t.Fatal(err)
			}
			if s, b, _ := h.post(t, "k-other", "secret"); s != 409 || !strings.Contains(b, "new key") {
				t.Fatalf("moved answer: %d %s", s, b)
			}
		})
	}
}
