// Package testkit runs integration tests through the real HTTP stack against a
// fresh database per test: always on SQLite, and on PostgreSQL when
// TEST_DATABASE_URL is set (required under CI=true). Every response is checked
// against api/openapi.yaml.
package testkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/app"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/duffel"
	"sojourn/api/internal/platform/mail"
	"sojourn/api/internal/platform/passwords"
	"sojourn/api/internal/platform/paystack"
)

// Start is the fake clock's starting time in every test.
var Start = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// Env is one test's server and database.
type Env struct {
	T       testing.TB
	App     *app.App
	Fiber   *fiber.App
	DB      *db.DB
	Clock   *clock.Fake
	Config  *config.Config
	Dialect db.Dialect
	socketState
	// IP is sent as X-Forwarded-For (the test app trusts the proxy header).
	IP string
	// Paystack is the app's Paystack sandbox; its API calls and webhooks
	// run in process (Paystack.Wait waits for its pending deliveries).
	Paystack *paystack.Sandbox
	// Duffel is the travel supplier's sandbox, in process like Paystack's.
	Duffel   *duffel.Sandbox
	paystack *inProcess
}

// inProcess carries the Paystack client's calls and the sandbox's webhooks
// into the app once it is built (paystack.FiberTransport).
type inProcess struct {
	rt   http.RoundTripper
	drop atomic.Bool
}

const webhookPath = "/api/v1/payments/paystack/webhook"

func (t *inProcess) RoundTrip(r *http.Request) (*http.Response, error) {
	if t.drop.Load() && r.URL.Path == webhookPath {
		if r.Body != nil {
			r.Body.Close()
		}
		return &http.Response{StatusCode: http.StatusOK, Header: http.Header{}, Body: http.NoBody, Request: r}, nil
	}
	return t.rt.RoundTrip(r)
}

// DropWebhooks makes the sandbox's webhook deliveries vanish while on (they
// are answered 200 without reaching the app), to test settling by verify.
func (e *Env) DropWebhooks(on bool) { e.paystack.drop.Store(on) }

// Dialects runs fn once per database: "sqlite" always, "postgres" when
// TEST_DATABASE_URL is set (a test fails instead of skipping under CI=true).
// The two runs share nothing (each its own database, app and clock), so they
// run at the same time, and Dialects returns when both have ended.
func Dialects(t *testing.T, fn func(t *testing.T, e *Env)) {
	t.Helper()
	var wg sync.WaitGroup
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.Run(string(d), func(t *testing.T) {
				e := New(t, d)
				fn(t, e)
			})
		}()
	}
	wg.Wait()
}

// PostgresURL returns TEST_DATABASE_URL, skipping (or failing under CI) without it.
func PostgresURL(t testing.TB) string {
	u := os.Getenv("TEST_DATABASE_URL")
	if u == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("TEST_DATABASE_URL must be set under CI=true: PostgreSQL tests may not be skipped")
		}
		t.Skip("TEST_DATABASE_URL not set: skipping the PostgreSQL run")
	}
	return u
}

// OpenDB makes a fresh, migrated database of the dialect for one test.
func OpenDB(t testing.TB, d db.Dialect) *db.DB {
	t.Helper()
	ctx := context.Background()
	var url string
	if d == db.SQLite {
		file := filepath.Join(t.TempDir(), "test.db")
		tmpl, err := sqliteTemplatePath()
		if err != nil {
			t.Fatalf("sqlite template: %v", err)
		}
		if err := copyFile(tmpl, file); err != nil {
			t.Fatalf("copy sqlite template: %v", err)
		}
		url = "sqlite:" + file
	} else {
		url = postgresDatabase(t)
	}
	database, err := db.Open(ctx, url)
	if err != nil {
		t.Fatalf("open %s: %v", d, err)
	}
	t.Cleanup(func() { database.Close() })
	if _, err := database.MigrateUp(ctx); err != nil {
		t.Fatalf("migrate %s: %v", d, err)
	}
	return database
}

// Reopen opens a second pool on the same database as d, as another process
// would (a second River client, say); it closes when the test ends.
func Reopen(t testing.TB, d *db.DB) *db.DB {
	t.Helper()
	again, err := db.Open(context.Background(), URLOf(t, d))
	if err != nil {
		t.Fatalf("reopen %s: %v", d.Kind, err)
	}
	t.Cleanup(func() { again.Close() })
	return again
}

// URLOf returns the address of d's database, for another pool or process.
func URLOf(t testing.TB, d *db.DB) string {
	t.Helper()
	ctx := context.Background()
	if d.Kind == db.SQLite {
		var file string
		if err := d.NewRaw("SELECT file FROM pragma_database_list WHERE name = 'main'").Scan(ctx, &file); err != nil {
			t.Fatalf("sqlite file: %v", err)
		}
		return "sqlite:" + file
	}
	var name string
	if err := d.NewRaw("SELECT current_database()").Scan(ctx, &name); err != nil {
		t.Fatalf("current database: %v", err)
	}
	return withDatabase(PostgresURL(t), name)
}

func withParam(raw, k, v string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	q := u.Query()
	q.Set(k, v)
	u.RawQuery = q.Encode()
	return u.String()
}

// FastPasswords keeps argon2id but with a small cost, so tests run quickly.
var FastPasswords = passwords.Params{MemoryKiB: 1024, Time: 1, Threads: 1}

// New builds a server over a fresh database of the dialect.
func New(t testing.TB, d db.Dialect, mutate ...func(*config.Config)) *Env {
	t.Helper()
	return build(t, d, OpenDB(t, d), mutate)
}

// Second builds another instance of the server over first's database (its
// own pool, hub and caches, as a second process would have), on its own
// fake clock set to first's time.
func Second(t testing.TB, first *Env, mutate ...func(*config.Config)) *Env {
	t.Helper()
	e := build(t, first.Dialect, Reopen(t, first.DB), mutate)
	e.Clock.Set(first.Clock.Now())
	return e
}

func build(t testing.TB, d db.Dialect, database *db.DB, mutate []func(*config.Config)) *Env {
	t.Helper()
	dir := t.TempDir()
	cfg := &config.Config{
		Addr: ":0", DatabaseURL: "test", Env: "development", BaseDomain: "localhost", PublicScheme: "http",
		PublicPort: "8080", JWTSecret: []byte("test-secret-test-secret-test-secret!!"), MailFrom: "Sojourn <no-reply@test>",
		AccessTTL: 15 * time.Minute, RefreshIdleTTL: 7 * 24 * time.Hour, RefreshAbsTTL: 30 * 24 * time.Hour,
		RefreshReuseGrace: config.DefaultRefreshReuseGrace, HashConcurrency: 4,
		DataDir: dir, MediaDir: filepath.Join(dir, "media"), PortalsDir: filepath.Join(dir, "portals"),
		TrustProxy: true, TrustedProxies: []string{"0.0.0.0"}, LogLevel: "error",
		PlatformFeeBPS: config.DefaultPlatformFeeBPS, RefundWindow: config.DefaultRefundWindow,
		MinPayout: config.DefaultMinPayout, PayoutFee: config.DefaultPayoutFee,
		TravelMarkupBPS: config.DefaultTravelMarkupBPS,
	}
	for _, m := range mutate {
		m(cfg)
	}
	fc := clock.NewFake(Start)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if os.Getenv("TEST_LOG") != "" {
		logger = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	p := FastPasswords
	ip := &inProcess{}
	a, err := app.New(cfg, database, app.Options{Clock: fc, PasswordParams: &p, Logger: logger,
		PaystackHTTP: &http.Client{Transport: ip}, DuffelHTTP: &http.Client{Transport: ip}})
	if err != nil {
		t.Fatalf("build app: %v", err)
	}
	ip.rt = paystack.FiberTransport(a.Fiber)
	t.Cleanup(func() { _ = a.Realtime.Close(context.Background()) })
	if a.PaystackSandbox != nil {
		t.Cleanup(a.PaystackSandbox.Wait)
	}
	if a.DuffelSandbox != nil {
		t.Cleanup(a.DuffelSandbox.Wait)
	}
	return &Env{T: t, App: a, Fiber: a.Fiber, DB: database, Clock: fc, Config: cfg, Dialect: d, IP: "203.0.113.10",
		Paystack: a.PaystackSandbox, Duffel: a.DuffelSandbox, paystack: ip}
}

// Resp is a recorded response.
type Resp struct {
	Status int
	Header http.Header
	Body   []byte
	t      testing.TB
}

// JSON decodes the body into v.
func (r *Resp) JSON(v any) {
	r.t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		r.t.Fatalf("decode %q: %v", r.Body, err)
	}
}

// Map decodes the body as an object.
func (r *Resp) Map() map[string]any {
	r.t.Helper()
	m := map[string]any{}
	r.JSON(&m)
	return m
}

// Data returns the "data" object of the body.
func (r *Resp) Data() map[string]any {
	r.t.Helper()
	d, _ := r.Map()["data"].(map[string]any)
	return d
}

// ErrCode is error.code of an error envelope ("" when absent).
func (r *Resp) ErrCode() string {
	e, _ := r.Map()["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}

// Expect fails the test unless the status is want.
func (r *Resp) Expect(want int) *Resp {
	r.t.Helper()
	if r.Status != want {
		r.t.Fatalf("status %d, want %d; body %s", r.Status, want, r.Body)
	}
	return r
}

// Req describes a request.
type Req struct {
	Method  string
	Path    string
	Body    any // marshalled as JSON unless []byte or string
	Token   string
	Header  map[string]string
	RawType string // content type for a raw body
}

// Do sends a request through the real HTTP stack and checks the answer
// against the contract.
func (e *Env) Do(r Req) *Resp {
	e.T.Helper()
	var body io.Reader
	ct := ""
	switch b := r.Body.(type) {
	case nil:
	case []byte:
		body, ct = bytes.NewReader(b), r.RawType
	case string:
		body, ct = strings.NewReader(b), r.RawType
	default:
		j, err := json.Marshal(b)
		if err != nil {
			e.T.Fatalf("marshal: %v", err)
		}
		body, ct = bytes.NewReader(j), "application/json"
	}
	if ct == "" && body != nil {
		ct = "application/json"
	}
	req := httptest.NewRequest(r.Method, r.Path, body)
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	if r.Token != "" {
		req.Header.Set("Authorization", "Bearer "+r.Token)
	}
	if e.IP != "" {
		req.Header.Set("X-Forwarded-For", e.IP)
	}
	for k, v := range r.Header {
		req.Header.Set(k, v)
	}
	res, err := e.Fiber.Test(req, fiber.TestConfig{Timeout: 60 * time.Second, FailOnTimeout: true})
	if err != nil {
		e.T.Fatalf("%s %s: %v", r.Method, r.Path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	out := &Resp{Status: res.StatusCode, Header: res.Header, Body: b, t: e.T}
	CheckContract(e.T, httptest.NewRequest(r.Method, r.Path, nil), out)
	return out
}

// Get is a GET with a token.
func (e *Env) Get(path, token string) *Resp {
	e.T.Helper()
	return e.Do(Req{Method: http.MethodGet, Path: path, Token: token})
}

// Post is a JSON POST with a token.
func (e *Env) Post(path, token string, body any) *Resp {
	e.T.Helper()
	return e.Do(Req{Method: http.MethodPost, Path: path, Token: token, Body: body})
}

// Patch is a JSON PATCH with a token.
func (e *Env) Patch(path, token string, body any) *Resp {
	e.T.Helper()
	return e.Do(Req{Method: http.MethodPatch, Path: path, Token: token, Body: body})
}

// Upload sends one file as multipart form data.
func (e *Env) Upload(path, token, field, filename string, data []byte) *Resp {
	e.T.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, err := w.CreateFormFile(field, filename)
	if err != nil {
		e.T.Fatal(err)
	}
	_, _ = fw.Write(data)
	_ = w.Close()
	return e.Do(Req{Method: http.MethodPost, Path: path, Token: token, Body: buf.Bytes(), RawType: w.FormDataContentType()})
}

// Session is a signed-in test user.
type Session struct {
	UserID       string
	Email        string
	Username     string
	Password     string
	AccessToken  string
	RefreshToken string
}

// DefaultPassword is a password the rules accept.
const DefaultPassword = "Vivid-Harbour-2041"

// Register creates an account through the API and returns its session.
func (e *Env) Register(email, username string) *Session {
	e.T.Helper()
	res := e.Post("/api/auth/register", "", map[string]any{"email": email, "username": username, "password": DefaultPassword})
	res.Expect(http.StatusCreated)
	return e.sessionFrom(res, email, username, DefaultPassword)
}

// Login signs in through the API.
func (e *Env) Login(email, password string) *Session {
	e.T.Helper()
	res := e.Post("/api/auth/login", "", map[string]any{"email": email, "password": password}).Expect(http.StatusOK)
	return e.sessionFrom(res, email, "", password)
}

func (e *Env) sessionFrom(res *Resp, email, username, password string) *Session {
	var body struct {
		AccessToken  string `json:"access_token"`
		RefreshToken string `json:"refresh_token"`
		User         struct {
			ID       string `json:"id"`
			Username string `json:"username"`
		} `json:"user"`
	}
	res.JSON(&body)
	if body.AccessToken == "" || body.RefreshToken == "" || body.User.ID == "" {
		e.T.Fatalf("login body lacks tokens or user: %s", res.Body)
	}
	return &Session{UserID: body.User.ID, Email: email, Username: body.User.Username, Password: password,
		AccessToken: body.AccessToken, RefreshToken: body.RefreshToken}
}

// GrantRole gives a user a role directly (test setup only).
func (e *Env) GrantRole(userID, role string) {
	e.T.Helper()
	_, err := e.DB.NewRaw("INSERT INTO user_roles (user_id, role, granted_at) VALUES (?, ?, ?)",
		userID, role, e.Clock.Now()).Exec(context.Background())
	if err != nil {
		e.T.Fatalf("grant %s: %v", role, err)
	}
	e.App.Deps.Auth.Invalidate(userID)
}

// Admin registers a user, makes them an admin and signs in again.
func (e *Env) Admin(email, username string) *Session {
	e.T.Helper()
	s := e.Register(email, username)
	e.GrantRole(s.UserID, "admin")
	return s
}

// Mail returns the newest outbox message to an address.
func (e *Env) Mail(to string) mail.OutboxMessage {
	e.T.Helper()
	ms, err := e.App.Outbox.List(context.Background(), to, 1)
	if err != nil || len(ms) == 0 {
		e.T.Fatalf("no mail to %s (%v)", to, err)
	}
	return ms[0]
}

// TokenFromMail extracts the token=... query value from the newest mail to an address.
func (e *Env) TokenFromMail(to string) string {
	e.T.Helper()
	body := e.Mail(to).BodyText
	i := strings.Index(body, "token=")
	if i < 0 {
		e.T.Fatalf("mail to %s has no token link: %s", to, body)
	}
	tok := body[i+len("token="):]
	if j := strings.IndexAny(tok, " \n\r&"); j >= 0 {
		tok = tok[:j]
	}
	return tok
}

// VerifyEmail verifies a session's email address through the API, with the
// token of the newest mail to it (the one registering sent).
func (e *Env) VerifyEmail(s *Session) {
	e.T.Helper()
	e.Post("/api/auth/verify-email", "", map[string]any{"token": e.TokenFromMail(s.Email)}).Expect(http.StatusOK)
}

// Ctx is a background context for direct service calls.
func Ctx() context.Context { return context.Background() }

// Fmt is fmt.Sprintf, for building paths.
func Fmt(format string, a ...any) string { return fmt.Sprintf(format, a...) }
