package paystack_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/paystack"
	"sojourn/api/internal/testkit"
)

const (
	sandboxKey = "sk_test_sandbox"
	origin     = "http://sojourn.test"
	mount      = "/_sandbox/paystack"
	hookPath   = "/api/v1/payments/paystack/webhook"
)

var start = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// hooks is the test's webhook receiver: it checks the signature over the
// raw bytes, as the app's webhook must, and records what arrived.
type hooks struct {
	mu       sync.Mutex
	events   []paystack.Event
	attempts int
	failNext int // answer 503 to this many deliveries first
	badSig   int
}

func (h *hooks) handle(c fiber.Ctx) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.attempts++
	if h.failNext > 0 {
		h.failNext--
		return c.SendStatus(http.StatusServiceUnavailable)
	}
	raw := append([]byte(nil), c.Body()...)
	if !paystack.ValidSignature(sandboxKey, raw, c.Get("X-Paystack-Signature")) {
		h.badSig++
		return c.SendStatus(http.StatusUnauthorized)
	}
	ev, err := paystack.ParseEvent(raw)
	if err != nil {
		return c.SendStatus(http.StatusBadRequest)
	}
	h.events = append(h.events, *ev)
	return c.SendStatus(http.StatusOK)
}

func (h *hooks) list() []paystack.Event {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]paystack.Event(nil), h.events...)
}

func (h *hooks) names() []string {
	var out []string
	for _, e := range h.list() {
		out = append(out, e.Event)
	}
	return out
}

type env struct {
	t      *testing.T
	app    *fiber.App
	sb     *paystack.Sandbox
	client *paystack.Client
	hc     *http.Client
	hooks  *hooks
	clock  *clock.Fake
}

// dialects runs fn on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
func dialects(t *testing.T, fn func(t *testing.T, e *env)) {
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(d), func(t *testing.T) { fn(t, newEnv(t, d)) })
	}
}

func newEnv(t *testing.T, d db.Dialect) *env {
	t.Helper()
	database := testkit.OpenDB(t, d)
	app := fiber.New()
	h := &hooks{}
	app.Post(hookPath, h.handle)
	// The client, the tests and the sandbox's webhooks all reach the app in
	// process; redirects are returned, not followed, so tests can read them.
	hc := &http.Client{
		Transport:     paystack.FiberTransport(app),
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	clk := clock.NewFake(start)
	sb := paystack.NewSandbox(paystack.SandboxConfig{
		SecretKey:  sandboxKey,
		WebhookURL: origin + hookPath,
		HTTPClient: hc,
		DB:         database,
		Clock:      clk,
		Log:        slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	sb.Register(app.Group(mount))
	t.Cleanup(sb.Wait)
	return &env{t: t, app: app, sb: sb, client: paystack.New(origin+mount, sandboxKey, hc), hc: hc, hooks: h, clock: clk}
}

// request sends a raw request into the app.
func (e *env) request(method, path, contentType, body string, header ...string) (*http.Response, string) {
	e.t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), method, origin+path, strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := e.hc.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func (e *env) checkout(accessCode, outcome string) (*http.Response, string) {
	e.t.Helper()
	return e.request(http.MethodPost, mount+"/checkout/"+accessCode, "application/x-www-form-urlencoded",
		url.Values{"outcome": {outcome}}.Encode())
}

func (e *env) initialize(ref string, amount int64) *paystack.InitializeData {
	e.t.Helper()
	d, err := e.client.Initialize(context.Background(), paystack.InitializeRequest{
		Email: "ada@example.com", Amount: amount, Currency: "NGN", Reference: ref,
		CallbackURL: "https://user.sojourn.test/payments/callback?from=wallet",
		Metadata:    json.RawMessage(`{"purpose":"topup","user_id":"u-1"}`),
	})
	if err != nil {
		e.t.Fatalf("initialize: %v", err)
	}
	return d
}

func (e *env) verify(ref string) *paystack.Transaction {
	e.t.Helper()
	tx, err := e.client.Verify(context.Background(), ref)
	if err != nil {
		e.t.Fatalf("verify %s: %v", ref, err)
	}
	return tx
}

func apiError(t *testing.T, err error, status int, message string) *paystack.APIError {
	t.Helper()
	var ae *paystack.APIError
	if !errors.As(err, &ae) {
		t.Fatalf("want *APIError %d %q, got %v", status, message, err)
	}
	if ae.Status != status || ae.Message != message {
		t.Fatalf("want APIError %d %q, got %d %q", status, message, ae.Status, ae.Message)
	}
	return ae
}

func TestIntegrationCheckoutSuccess(t *testing.T) {
	dialects(t, func(t *testing.T, e *env) {
		init := e.initialize("topup-0001", 500_000)
		if init.Reference != "topup-0001" || init.AccessCode == "" {
			t.Fatalf("initialize answered %+v", init)
		}
		if want := origin + mount + "/checkout/" + init.AccessCode; init.AuthorizationURL != want {
			t.Fatalf("authorization_url %q, want %q", init.AuthorizationURL, want)
		}

		// Not paid yet: Paystack reports an unpaid transaction as abandoned.
		if tx := e.verify("topup-0001"); tx.Status != paystack.StatusAbandoned || tx.PaidAt != nil {
			t.Fatalf("before checkout: %+v", tx)
		}

		resp, page := e.request(http.MethodGet, mount+"/checkout/"+init.AccessCode, "", "")
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("checkout page: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		for _, want := range []string{"Sojourn sandbox", "₦5,000.00", "ada@example.com", `value="success"`,
			`value="declined"`, `value="abandoned"`, "ending in 0000", "ending in 9999"} {
			if !strings.Contains(page, want) {
				t.Errorf("checkout page lacks %q", want)
			}
		}

		e.clock.Advance(90 * time.Second)
		resp, _ = e.checkout(init.AccessCode, "success")
		if resp.StatusCode != http.StatusFound {
			t.Fatalf("checkout success: %d", resp.StatusCode)
		}
		loc, err := url.Parse(resp.Header.Get("Location"))
		if err != nil || loc.Host != "user.sojourn.test" || loc.Path != "/payments/callback" ||
			loc.Query().Get("trxref") != "topup-0001" || loc.Query().Get("reference") != "topup-0001" ||
			loc.Query().Get("from") != "wallet" {
			t.Fatalf("redirect to %q", resp.Header.Get("Location"))
		}

		// The webhook arrived, signed, before the redirect.
		evs := e.hooks.list()
		if len(evs) != 1 || evs[0].Event != paystack.EventChargeSuccess {
			t.Fatalf("events %v", e.hooks.names())
		}
		charged, err := evs[0].Transaction()
		if err != nil {
			t.Fatal(err)
		}
		if charged.Reference != "topup-0001" || charged.Amount != 500_000 || charged.Currency != "NGN" ||
			charged.Status != paystack.StatusSuccess || charged.Customer.Email != "ada@example.com" ||
			charged.PaidAt == nil || !charged.PaidAt.Equal(start.Add(90*time.Second)) {
			t.Fatalf("charge.success data %+v", charged)
		}
		var meta map[string]string
		if err := json.Unmarshal(charged.Metadata, &meta); err != nil || meta["purpose"] != "topup" || meta["user_id"] != "u-1" {
			t.Fatalf("metadata %s", charged.Metadata)
		}

		tx := e.verify("topup-0001")
		if tx.Status != paystack.StatusSuccess || tx.GatewayResponse != "Successful" || tx.Amount != 500_000 ||
			tx.PaidAt == nil || !tx.PaidAt.Equal(start.Add(90*time.Second)) || tx.ID != charged.ID || tx.Fees <= 0 ||
			tx.Authorization.AuthorizationCode == "" || tx.Customer.CustomerCode == "" {
			t.Fatalf("verify after success: %+v", tx)
		}

		// A finished checkout shows its state and changes nothing.
		resp, page = e.checkout(init.AccessCode, "declined")
		if resp.StatusCode != http.StatusOK || !strings.Contains(page, "Payment successful") {
			t.Fatalf("second post: %d %s", resp.StatusCode, page)
		}
		if tx := e.verify("topup-0001"); tx.Status != paystack.StatusSuccess {
			t.Fatalf("second post changed the status to %s", tx.Status)
		}
		if n := len(e.hooks.list()); n != 1 {
			t.Fatalf("second post delivered again: %v", e.hooks.names())
		}
	})
}

func TestIntegrationCheckoutDeclinedAndAbandoned(t *testing.T) {
	dialects(t, func(t *testing.T, e *env) {
		declined := e.initialize("order-declined", 120_000)
		resp, _ := e.checkout(declined.AccessCode, "declined")
		if resp.StatusCode != http.StatusFound || !strings.Contains(resp.Header.Get("Location"), "reference=order-declined") {
			t.Fatalf("declined: %d %q", resp.StatusCode, resp.Header.Get("Location"))
		}
		if tx := e.verify("order-declined"); tx.Status != paystack.StatusFailed || tx.GatewayResponse != "Declined" || tx.PaidAt != nil {
			t.Fatalf("declined verify: %+v", tx)
		}

		abandoned := e.initialize("order-abandoned", 120_000)
		if resp, _ := e.checkout(abandoned.AccessCode, "abandoned"); resp.StatusCode != http.StatusFound {
			t.Fatalf("abandoned: %d", resp.StatusCode)
		}
		if tx := e.verify("order-abandoned"); tx.Status != paystack.StatusAbandoned || tx.PaidAt != nil {
			t.Fatalf("abandoned verify: %+v", tx)
		}
		_, page := e.request(http.MethodGet, mount+"/checkout/"+abandoned.AccessCode, "", "")
		if !strings.Contains(page, "abandoned") || strings.Contains(page, `value="success"`) {
			t.Fatalf("abandoned checkout should show a closed page:\n%s", page)
		}
		if names := e.hooks.names(); len(names) != 0 {
			t.Fatalf("declined or abandoned delivered %v", names)
		}

		// An unknown outcome and an unknown checkout.
		open := e.initialize("order-open", 100)
		if resp, _ := e.checkout(open.AccessCode, "maybe"); resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("unknown outcome: %d", resp.StatusCode)
		}
		if resp, _ := e.request(http.MethodGet, mount+"/checkout/nosuchcode", "", ""); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("unknown checkout: %d", resp.StatusCode)
		}
	})
}

func TestIntegrationCheckoutConcurrentSubmitsPayOnce(t *testing.T) {
	dialects(t, func(t *testing.T, e *env) {
		init := e.initialize("race-1", 10_000)
		var wg sync.WaitGroup
		for range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				e.checkout(init.AccessCode, "success")
			}()
		}
		wg.Wait()
		if names := e.hooks.names(); len(names) != 1 {
			t.Fatalf("five concurrent submits delivered %v", names)
		}
	})
}

func TestIntegrationAuthAndValidation(t *testing.T) {
	dialects(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		bad := paystack.New(origin+mount, "sk_test_wrong", e.hc)
		_, err := bad.Verify(ctx, "anything")
		apiError(t, err, http.StatusUnauthorized, "Invalid key")
		_, err = bad.Initialize(ctx, paystack.InitializeRequest{Email: "a@example.com", Amount: 100})
		apiError(t, err, http.StatusUnauthorized, "Invalid key")

		resp, body := e.request(http.MethodGet, mount+"/bank", "", "")
		if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(body, `"status":false`) || !strings.Contains(body, `"Invalid key"`) {
			t.Fatalf("no Authorization header: %d %s", resp.StatusCode, body)
		}

		e.initialize("dup-ref-1", 100)
		_, err = e.client.Initialize(ctx, paystack.InitializeRequest{Email: "b@example.com", Amount: 200, Reference: "dup-ref-1"})
		if ae := apiError(t, err, http.StatusBadRequest, "Duplicate Transaction Reference"); ae.Code != "duplicate_reference" {
			t.Fatalf("duplicate reference code %q", ae.Code)
		}

		_, err = e.client.Initialize(ctx, paystack.InitializeRequest{Email: "a@example.com", Amount: 0})
		apiError(t, err, http.StatusBadRequest, "Invalid Amount Sent")
		_, err = e.client.Initialize(ctx, paystack.InitializeRequest{Email: "a@example.com", Amount: -5})
		apiError(t, err, http.StatusBadRequest, "Invalid Amount Sent")
		_, err = e.client.Initialize(ctx, paystack.InitializeRequest{Email: "a@example.com", Amount: 100, Currency: "EUR"})
		apiError(t, err, http.StatusBadRequest, "Currency not supported by merchant")
		_, err = e.client.Initialize(ctx, paystack.InitializeRequest{Email: "not-an-email", Amount: 100})
		apiError(t, err, http.StatusBadRequest, "Invalid Email Address Passed")
		_, err = e.client.Initialize(ctx, paystack.InitializeRequest{Email: "a@example.com", Amount: 100, Reference: "has space"})
		apiError(t, err, http.StatusBadRequest, "Invalid character in transaction reference")
		_, err = e.client.Verify(ctx, "never-initialised")
		apiError(t, err, http.StatusBadRequest, "Transaction reference not found")

		auth := []string{"Authorization", "Bearer " + sandboxKey}
		resp, body = e.request(http.MethodPost, mount+"/transaction/initialize", "application/json",
			`{"email":"a@example.com","amount":10.5}`, auth...)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "Invalid Amount Sent") {
			t.Fatalf("fractional amount: %d %s", resp.StatusCode, body)
		}
		// Paystack also takes the amount as a digit string, and makes a
		// reference when none is given.
		resp, body = e.request(http.MethodPost, mount+"/transaction/initialize", "application/json",
			`{"email":"a@example.com","amount":"5000"}`, auth...)
		if resp.StatusCode != http.StatusOK || !strings.Contains(body, `"reference":"`) {
			t.Fatalf("string amount: %d %s", resp.StatusCode, body)
		}
	})
}

func TestIntegrationBanksAndRecipients(t *testing.T) {
	dialects(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		banks, err := e.client.ListBanks(ctx, "NGN")
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"044": "Access Bank", "058": "Guaranty Trust Bank", "057": "Zenith Bank",
			"011": "First Bank of Nigeria", "033": "United Bank For Africa", "50211": "Kuda Bank", "999992": ""}
		for _, b := range banks {
			if name, listed := want[b.Code]; listed && (name == "" || name == b.Name) {
				delete(want, b.Code)
			}
			if b.Currency != "NGN" || b.Type != "nuban" || b.Slug == "" || b.ID == 0 {
				t.Errorf("bank %+v", b)
			}
		}
		if len(want) != 0 {
			t.Fatalf("bank list lacks %v", want)
		}
		for _, cur := range []string{"GHS", "KES", "ZAR"} {
			if bs, err := e.client.ListBanks(ctx, cur); err != nil || len(bs) < 3 || bs[0].Currency != cur {
				t.Fatalf("%s banks: %v %v", cur, bs, err)
			}
		}
		if bs, err := e.client.ListBanks(ctx, "USD"); err != nil || len(bs) != 0 {
			t.Fatalf("USD banks: %v %v", bs, err)
		}

		r, err := e.client.CreateRecipient(ctx, paystack.RecipientRequest{
			Name: "Chidi Okafor", AccountNumber: "0123456789", BankCode: "058", Currency: "NGN"})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(r.RecipientCode, "RCP_") || r.Type != "nuban" || r.Details.AccountName != "Chidi Okafor" ||
			r.Details.BankName != "Guaranty Trust Bank" || r.Details.AccountNumber != "0123456789" || r.ID == 0 {
			t.Fatalf("recipient %+v", r)
		}
		_, err = e.client.CreateRecipient(ctx, paystack.RecipientRequest{Name: "X", AccountNumber: "0123456789", BankCode: "999"})
		apiError(t, err, http.StatusBadRequest, "Unknown bank code")
		_, err = e.client.CreateRecipient(ctx, paystack.RecipientRequest{Name: "X", AccountNumber: "12345", BankCode: "058"})
		apiError(t, err, http.StatusBadRequest, "Account number is invalid")
	})
}

func TestIntegrationTransfers(t *testing.T) {
	dialects(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		recipient := func(acct string) string {
			r, err := e.client.CreateRecipient(ctx, paystack.RecipientRequest{
				Name: "Vendor " + acct, AccountNumber: acct, BankCode: "044"})
			if err != nil {
				t.Fatal(err)
			}
			return r.RecipientCode
		}
		send := func(code, ref string) *paystack.TransferData {
			d, err := e.client.Transfer(ctx, paystack.TransferRequest{
				Amount: 250_000, Recipient: code, Reference: ref, Reason: "Payout " + ref, Currency: "NGN"})
			if err != nil {
				t.Fatalf("transfer %s: %v", ref, err)
			}
			return d
		}
		// Settle one at a time so the event order is known.
		outcomes := []struct{ acct, ref string }{
			{"0123456789", "payout-ok"}, {"0123450000", "payout-fail"}, {"0123459999", "payout-reversed"},
		}
		for _, o := range outcomes {
			d := send(recipient(o.acct), o.ref)
			if d.Status != "pending" || !strings.HasPrefix(d.TransferCode, "TRF_") || d.Reference != o.ref ||
				d.Amount != 250_000 || d.Recipient == 0 {
				t.Fatalf("transfer answer %+v", d)
			}
			e.sb.Wait()
		}

		var got []string
		for _, ev := range e.hooks.list() {
			tr, err := ev.Transfer()
			if err != nil {
				t.Fatal(err)
			}
			if tr.Amount != 250_000 || tr.Currency != "NGN" || tr.Recipient.RecipientCode == "" ||
				tr.Recipient.Details.BankCode != "044" || tr.TransferCode == "" {
				t.Fatalf("%s data %+v", ev.Event, tr)
			}
			if ev.Event == paystack.EventTransferSuccess && tr.TransferredAt == nil {
				t.Fatalf("transfer.success without transferred_at: %+v", tr)
			}
			got = append(got, ev.Event+" "+tr.Reference+" "+tr.Status)
		}
		want := []string{
			"transfer.success payout-ok success",
			"transfer.failed payout-fail failed",
			"transfer.success payout-reversed success",
			"transfer.reversed payout-reversed reversed",
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}

		_, err := e.client.Transfer(ctx, paystack.TransferRequest{Amount: 100, Recipient: recipient("0123456789"), Reference: "payout-ok"})
		apiError(t, err, http.StatusBadRequest, "Please provide a unique reference. Reference already exists on a transfer")
		_, err = e.client.Transfer(ctx, paystack.TransferRequest{Amount: 100, Recipient: "RCP_nosuchrecipient", Reference: "payout-x"})
		apiError(t, err, http.StatusBadRequest, "Recipient specified is invalid")
		_, err = e.client.Transfer(ctx, paystack.TransferRequest{Amount: 0, Recipient: recipient("0123456789"), Reference: "payout-y"})
		apiError(t, err, http.StatusBadRequest, "Invalid amount passed.")
		_, err = e.client.Transfer(ctx, paystack.TransferRequest{Amount: 100, Recipient: recipient("0123456789"), Reference: "Payout Z"})
		apiError(t, err, http.StatusBadRequest, "Your reference contains illegal special characters")
	})
}

func TestIntegrationRefunds(t *testing.T) {
	dialects(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		paid := e.initialize("charge-refund", 500_000)
		e.checkout(paid.AccessCode, "success")

		r, err := e.client.Refund(ctx, paystack.RefundRequest{Transaction: "charge-refund", Amount: 200_000, MerchantNote: "damaged"})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != "pending" || r.Amount != 200_000 || r.Currency != "NGN" || r.Transaction.Reference != "charge-refund" || r.ID == 0 {
			t.Fatalf("refund answer %+v", r)
		}
		e.sb.Wait()
		evs := e.hooks.list()
		if len(evs) != 2 || evs[1].Event != paystack.EventRefundProcessed {
			t.Fatalf("events %v", e.hooks.names())
		}
		// Paystack sends refund amounts as strings; the decoder takes both.
		if !strings.Contains(string(evs[1].Data), `"amount":"200000"`) {
			t.Fatalf("refund.processed data %s", evs[1].Data)
		}
		re, err := evs[1].Refund()
		if err != nil || re.TransactionReference != "charge-refund" || re.Amount != 200_000 || re.Status != "processed" || re.Currency != "NGN" {
			t.Fatalf("refund.processed %+v %v", re, err)
		}
		if tx := e.verify("charge-refund"); tx.Status != paystack.StatusSuccess {
			t.Fatalf("partly refunded charge is %s", tx.Status)
		}

		_, err = e.client.Refund(ctx, paystack.RefundRequest{Transaction: "charge-refund", Amount: 300_001})
		apiError(t, err, http.StatusBadRequest, "Refund amount cannot be more than the unrefunded transaction amount")

		// No amount refunds the rest, here by the numeric transaction id.
		id := e.verify("charge-refund").ID
		rest, err := e.client.Refund(ctx, paystack.RefundRequest{Transaction: strconv.FormatInt(id, 10)})
		if err != nil || rest.Amount != 300_000 {
			t.Fatalf("refund of the rest: %+v %v", rest, err)
		}
		e.sb.Wait()
		if tx := e.verify("charge-refund"); tx.Status != paystack.StatusReversed {
			t.Fatalf("fully refunded charge is %s", tx.Status)
		}
		_, err = e.client.Refund(ctx, paystack.RefundRequest{Transaction: "charge-refund"})
		apiError(t, err, http.StatusBadRequest, "Transaction has been fully reversed")

		e.initialize("charge-unpaid", 1_000)
		_, err = e.client.Refund(ctx, paystack.RefundRequest{Transaction: "charge-unpaid"})
		apiError(t, err, http.StatusBadRequest, "Only successful transactions can be refunded")
		_, err = e.client.Refund(ctx, paystack.RefundRequest{Transaction: "no-such-charge"})
		apiError(t, err, http.StatusBadRequest, "Transaction not found")
	})
}

func TestIntegrationConcurrentRefundsNeverExceedTheCharge(t *testing.T) {
	dialects(t, func(t *testing.T, e *env) {
		paid := e.initialize("charge-race", 10_000)
		e.checkout(paid.AccessCode, "success")
		var wg sync.WaitGroup
		var mu sync.Mutex
		accepted := 0
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := e.client.Refund(context.Background(), paystack.RefundRequest{Transaction: "charge-race", Amount: 4_000}); err == nil {
					mu.Lock()
					accepted++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		e.sb.Wait()
		if accepted != 2 {
			t.Fatalf("%d refunds of 4,000 accepted on a charge of 10,000, want 2", accepted)
		}
	})
}

func TestIntegrationWebhookRetries(t *testing.T) {
	e := newEnv(t, db.SQLite)
	ctx := context.Background()
	e.hooks.failNext = 2
	if err := e.sb.Deliver(ctx, "transfer.success", map[string]any{"reference": "replayed"}); err != nil {
		t.Fatalf("third attempt should succeed: %v", err)
	}
	if e.hooks.attempts != 3 || len(e.hooks.list()) != 1 {
		t.Fatalf("attempts %d, events %v", e.hooks.attempts, e.hooks.names())
	}

	e.hooks.failNext = 3
	if err := e.sb.Deliver(ctx, "transfer.success", map[string]any{"reference": "lost"}); err == nil {
		t.Fatal("three failures should report an error")
	}
	if e.hooks.attempts != 6 {
		t.Fatalf("attempts %d, want 6", e.hooks.attempts)
	}

	// A checkout still redirects when its webhook cannot be delivered: the
	// app settles through verify then.
	paid := e.initialize("charge-undelivered", 1_000)
	e.hooks.failNext = 3
	if resp, _ := e.checkout(paid.AccessCode, "success"); resp.StatusCode != http.StatusFound {
		t.Fatalf("checkout with a failing webhook: %d", resp.StatusCode)
	}
	if tx := e.verify("charge-undelivered"); tx.Status != paystack.StatusSuccess {
		t.Fatalf("status %s", tx.Status)
	}
}
