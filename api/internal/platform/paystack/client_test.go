package paystack_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/paystack"
)

func TestSignMatchesHMACSHA512(t *testing.T) {
	// RFC 4231, test case 2: an independent vector for HMAC-SHA-512.
	const rfc = "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"
	if got := paystack.Sign("Jefe", []byte("what do ya want for nothing?")); got != rfc {
		t.Fatalf("Sign(RFC 4231 case 2) = %s", got)
	}

	body := []byte(`{"event":"charge.success","data":{"reference":"ref-1","amount":500000}}`)
	m := hmac.New(sha512.New, []byte("sk_test_sandbox"))
	m.Write(body)
	want := hex.EncodeToString(m.Sum(nil))
	if got := paystack.Sign("sk_test_sandbox", body); got != want {
		t.Fatalf("Sign = %s, want %s", got, want)
	}

	cases := []struct {
		name   string
		secret string
		body   []byte
		header string
		valid  bool
	}{
		{"exact", "sk_test_sandbox", body, want, true},
		{"upper-case hex", "sk_test_sandbox", body, strings.ToUpper(want), true},
		{"tampered body", "sk_test_sandbox", []byte(strings.Replace(string(body), "500000", "900000", 1)), want, false},
		{"other key", "sk_test_other", body, want, false},
		{"empty header", "sk_test_sandbox", body, "", false},
		{"not hex", "sk_test_sandbox", body, strings.Repeat("z", 128), false},
		{"truncated", "sk_test_sandbox", body, want[:64], false},
		{"empty secret", "", body, paystack.Sign("", body), false},
	}
	for _, c := range cases {
		if got := paystack.ValidSignature(c.secret, c.body, c.header); got != c.valid {
			t.Errorf("%s: ValidSignature = %v, want %v", c.name, got, c.valid)
		}
	}
}

// fakePaystack answers every call with a fixed status and body.
func fakePaystack(status int, body string) *fiber.App {
	app := fiber.New()
	app.Use(func(c fiber.Ctx) error {
		c.Set("Content-Type", "application/json")
		return c.Status(status).SendString(body)
	})
	return app
}

func TestClientErrors(t *testing.T) {
	ctx := context.Background()
	client := func(app *fiber.App) *paystack.Client {
		return paystack.New("https://api.paystack.test", "sk_live_secret", &http.Client{Transport: paystack.FiberTransport(app)})
	}

	_, err := client(fakePaystack(200, `{"status":false,"message":"Declined"}`)).Verify(ctx, "r")
	var ae *paystack.APIError
	if !errors.As(err, &ae) || ae.Status != 200 || ae.Message != "Declined" {
		t.Fatalf("status:false answer: %v", err)
	}

	_, err = client(fakePaystack(400, `{"status":false,"message":"Duplicate Transaction Reference","type":"validation_error","code":"duplicate_reference"}`)).
		Initialize(ctx, paystack.InitializeRequest{Email: "a@example.com", Amount: 1})
	if !errors.As(err, &ae) || ae.Status != 400 || ae.Code != "duplicate_reference" || ae.Type != "validation_error" {
		t.Fatalf("400 answer: %v", err)
	}
	if err.Error() != "paystack: 400 Duplicate Transaction Reference" {
		t.Fatalf("error text %q", err.Error())
	}

	_, err = client(fakePaystack(502, `<html>Bad gateway</html>`)).ListBanks(ctx, "NGN")
	if !errors.As(err, &ae) || ae.Status != 502 || ae.Message != "Bad Gateway" {
		t.Fatalf("non-JSON 502: %v", err)
	}

	_, err = client(fakePaystack(200, `not json`)).Verify(ctx, "r")
	if err == nil || errors.As(err, &ae) {
		t.Fatalf("non-JSON 200 should be a plain error: %v", err)
	}

	// A network failure is wrapped, and the key never shows in an error.
	down := paystack.New("https://api.paystack.test", "sk_live_secret", &http.Client{Transport: roundTripFunc(
		func(*http.Request) (*http.Response, error) { return nil, errors.New("connection refused") })})
	_, err = down.Transfer(ctx, paystack.TransferRequest{Amount: 1, Recipient: "RCP_x"})
	if err == nil || !strings.Contains(err.Error(), "connection refused") || strings.Contains(err.Error(), "sk_live_secret") {
		t.Fatalf("network error: %v", err)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestClientSendsWhatPaystackExpects(t *testing.T) {
	app := fiber.New()
	var got struct {
		auth, contentType, path string
		body                    map[string]any
	}
	app.Post("/transfer", func(c fiber.Ctx) error {
		got.auth, got.contentType, got.path = c.Get("Authorization"), c.Get("Content-Type"), c.Path()
		_ = json.Unmarshal(c.Body(), &got.body)
		return c.JSON(fiber.Map{"status": true, "message": "Transfer has been queued", "data": fiber.Map{
			"id": 7, "reference": "p-1", "status": "pending", "transfer_code": "TRF_1", "amount": 100,
			"currency": "NGN", "recipient": 99, "createdAt": "2026-03-02T09:00:00.000Z"}})
	})
	c := paystack.New("https://api.paystack.test/", "sk_test_abc", &http.Client{Transport: paystack.FiberTransport(app)})
	d, err := c.Transfer(context.Background(), paystack.TransferRequest{Amount: 100, Recipient: "RCP_1", Reference: "p-1", Reason: "payout"})
	if err != nil {
		t.Fatal(err)
	}
	if got.auth != "Bearer sk_test_abc" || got.contentType != "application/json" || got.path != "/transfer" {
		t.Fatalf("request %+v", got)
	}
	if got.body["source"] != "balance" || got.body["amount"] != float64(100) || got.body["recipient"] != "RCP_1" {
		t.Fatalf("body %v", got.body)
	}
	if d.ID != 7 || d.Status != "pending" || d.Recipient != 99 || d.CreatedAt == nil {
		t.Fatalf("data %+v", d)
	}
}

func TestTransactionDecodesPaystackLooseness(t *testing.T) {
	var tx paystack.Transaction
	err := json.Unmarshal([]byte(`{"id":690075529,"status":"abandoned","reference":"r","amount":"20000",
		"paid_at":null,"created_at":"2020-05-19T12:26:44.000Z","fees":null,"metadata":"","customer":{"email":"a@b.co","first_name":null}}`), &tx)
	if err != nil {
		t.Fatal(err)
	}
	if tx.Amount != 20000 || tx.PaidAt != nil || tx.CreatedAt == nil || tx.Fees != 0 || tx.Customer.Email != "a@b.co" {
		t.Fatalf("%+v", tx)
	}
	if err := json.Unmarshal([]byte(`{"amount":200.5}`), &tx); err == nil {
		t.Fatal("a fractional amount must not decode")
	}
	if _, err := paystack.ParseEvent([]byte(`{"event":"charge.success"}`)); err == nil {
		t.Fatal("an event without data must not parse")
	}
}

func TestFiberTransportHonoursContext(t *testing.T) {
	app := fiber.New()
	release := make(chan struct{})
	app.Get("/slow", func(c fiber.Ctx) error {
		<-release
		return c.SendString("late")
	})
	app.Post("/echo", func(c fiber.Ctx) error { return c.Send(c.Body()) })
	defer close(release)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://x.test/slow", nil)
	started := time.Now()
	_, err := (&http.Client{Transport: paystack.FiberTransport(app)}).Do(req)
	if err == nil || time.Since(started) > 2*time.Second {
		t.Fatalf("slow handler with a 50 ms deadline: %v after %v", err, time.Since(started))
	}

	req, _ = http.NewRequest(http.MethodPost, "http://x.test/echo", strings.NewReader("hello"))
	resp, err := (&http.Client{Transport: paystack.FiberTransport(app)}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "hello" || resp.Request != req {
		t.Fatalf("echo %q", b)
	}
}
