package payments_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/paystack"
	"sojourn/api/internal/testkit"
)

type started struct {
	Data struct {
		Reference        string `json:"reference"`
		AuthorizationURL string `json:"authorization_url"`
		AccessCode       string `json:"access_code"`
	} `json:"data"`
}

type paymentBody struct {
	Data struct {
		Reference     string  `json:"reference"`
		Status        string  `json:"status"`
		Amount        int64   `json:"amount"`
		Currency      string  `json:"currency"`
		Purpose       string  `json:"purpose"`
		PaidAt        *string `json:"paid_at"`
		FailureReason string  `json:"failure_reason"`
	} `json:"data"`
}

type txnList struct {
	Data []struct {
		Type      string `json:"type"`
		Direction string `json:"direction"`
		Amount    int64  `json:"amount"`
		Status    string `json:"status"`
		Reference string `json:"reference"`
		Method    string `json:"method"`
	} `json:"data"`
}

func ctx() context.Context { return context.Background() }

// clean fails the test unless the ledger holds together.
func clean(t *testing.T, e *testkit.Env) {
	t.Helper()
	e.Paystack.Wait()
	r, err := e.App.Money.Verify(ctx())
	if err != nil || !r.Clean() {
		t.Fatalf("ledger verify: %v %+v", err, r)
	}
}

func topUp(t *testing.T, e *testkit.Env, s *testkit.Session, amount int64) started {
	t.Helper()
	var out started
	e.Post("/api/v1/wallet/topups", s.AccessToken, map[string]any{"amount": amount}).Expect(http.StatusCreated).JSON(&out)
	if !strings.HasPrefix(out.Data.Reference, "sj-") || out.Data.AccessCode == "" {
		t.Fatalf("started payment: %+v", out.Data)
	}
	return out
}

// checkout opens the sandbox's checkout page and picks an outcome, as a
// tester's browser would; it returns where the browser is sent back.
func checkout(t *testing.T, e *testkit.Env, p started, outcome string) *url.URL {
	t.Helper()
	return checkoutOn(t, e, "user", p, outcome)
}

// checkoutOn is checkout for a payment started on a portal.
func checkoutOn(t *testing.T, e *testkit.Env, portal string, p started, outcome string) *url.URL {
	t.Helper()
	u, err := url.Parse(p.Data.AuthorizationURL)
	if err != nil || u.Scheme+"://"+u.Host != e.Config.PortalOrigin(portal) ||
		u.Path != "/_sandbox/paystack/checkout/"+p.Data.AccessCode {
		t.Fatalf("authorization_url %q", p.Data.AuthorizationURL)
	}
	page := e.Do(testkit.Req{Method: http.MethodGet, Path: u.Path}).Expect(http.StatusOK)
	if !strings.HasPrefix(page.Header.Get("Content-Type"), "text/html") || !strings.Contains(string(page.Body), p.Data.Reference) {
		t.Fatalf("checkout page: %s %.300s", page.Header.Get("Content-Type"), page.Body)
	}
	res := e.Do(testkit.Req{Method: http.MethodPost, Path: u.Path, Body: "outcome=" + outcome,
		RawType: "application/x-www-form-urlencoded"}).Expect(http.StatusFound)
	back, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func balance(t *testing.T, e *testkit.Env, token string) *int64 {
	t.Helper()
	var w struct {
		Data struct {
			Balance *int64 `json:"balance"`
		} `json:"data"`
	}
	e.Get("/api/v1/wallet", token).Expect(http.StatusOK).JSON(&w)
	return w.Data.Balance
}

func expectBalance(t *testing.T, e *testkit.Env, token string, want int64) {
	t.Helper()
	if b := balance(t, e, token); b == nil || *b != want {
		t.Fatalf("balance %v, want %d", b, want)
	}
}

func verify(t *testing.T, e *testkit.Env, token, ref string) paymentBody {
	t.Helper()
	var out paymentBody
	e.Get("/api/v1/payments/"+ref+"/verify", token).Expect(http.StatusOK).JSON(&out)
	return out
}

func topups(t *testing.T, e *testkit.Env, token string) txnList {
	t.Helper()
	var l txnList
	e.Get("/api/v1/wallet/transactions?type=topup", token).Expect(http.StatusOK).JSON(&l)
	return l
}

// sandboxTransaction is the charge as the sandbox's verify answers it.
func sandboxTransaction(t *testing.T, e *testkit.Env, ref string) json.RawMessage {
	t.Helper()
	var body struct {
		Data json.RawMessage `json:"data"`
	}
	e.Do(testkit.Req{Method: http.MethodGet, Path: "/_sandbox/paystack/transaction/verify/" + ref,
		Token: payments.SandboxSecretKey}).Expect(http.StatusOK).JSON(&body)
	return body.Data
}

func webhook(e *testkit.Env, body []byte, sig string) *testkit.Resp {
	h := map[string]string{}
	if sig != "" {
		h["X-Paystack-Signature"] = sig
	}
	return e.Do(testkit.Req{Method: http.MethodPost, Path: payments.WebhookPath, Body: body,
		RawType: "application/json", Header: h})
}

func TestIntegrationTopUpThroughCheckoutAndWebhook(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		p := topUp(t, e, u, 500000)
		if b := balance(t, e, u.AccessToken); b != nil {
			t.Fatalf("nothing is credited before the payment: %v", *b)
		}
		if l := topups(t, e, u.AccessToken); len(l.Data) != 1 || l.Data[0].Status != "pending" {
			t.Fatalf("a pending top-up row: %+v", l)
		}
		back := checkout(t, e, p, "success")
		q := back.Query()
		if back.Scheme+"://"+back.Host != e.Config.PortalOrigin("user") || back.Path != payments.CallbackPath ||
			q.Get("reference") != p.Data.Reference || q.Get("return") != "/user-wallet" {
			t.Fatalf("callback %s", back)
		}
		expectBalance(t, e, u.AccessToken, 500000)
		l := topups(t, e, u.AccessToken)
		if len(l.Data) != 1 || l.Data[0].Status != "completed" || l.Data[0].Reference != p.Data.Reference ||
			l.Data[0].Amount != 500000 || l.Data[0].Method != "card" {
			t.Fatalf("completed top-up row: %+v", l)
		}
		v := verify(t, e, u.AccessToken, p.Data.Reference)
		if v.Data.Status != "success" || v.Data.Amount != 500000 || v.Data.Currency != "NGN" ||
			v.Data.Purpose != payments.PurposeWalletTopUp || v.Data.PaidAt == nil {
			t.Fatalf("verify after the webhook: %+v", v.Data)
		}

		// The same event again (Paystack retries) credits nothing more.
		data := sandboxTransaction(t, e, p.Data.Reference)
		for range 2 {
			if err := e.Paystack.Deliver(ctx(), paystack.EventChargeSuccess, data); err != nil {
				t.Fatal(err)
			}
		}
		expectBalance(t, e, u.AccessToken, 500000)
		if l := topups(t, e, u.AccessToken); len(l.Data) != 1 {
			t.Fatalf("one top-up row: %+v", l)
		}

		// Unknown events and events for unknown references are acknowledged.
		body := []byte(`{"event":"subscription.create","data":{"id":1}}`)
		webhook(e, body, paystack.Sign(payments.SandboxSecretKey, body)).Expect(http.StatusOK)
		body = []byte(`{"event":"charge.success","data":{"reference":"sj-unknown","status":"success","amount":100,"currency":"NGN"}}`)
		webhook(e, body, paystack.Sign(payments.SandboxSecretKey, body)).Expect(http.StatusOK)
		clean(t, e)
	})
}

func TestIntegrationTopUpVerifyFirstThenWebhook(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		e.DropWebhooks(true)
		p := topUp(t, e, u, 250000)
		checkout(t, e, p, "success")
		if b := balance(t, e, u.AccessToken); b != nil {
			t.Fatalf("the webhook was lost: nothing credited yet, got %d", *b)
		}
		v := verify(t, e, u.AccessToken, p.Data.Reference)
		if v.Data.Status != "success" || v.Data.PaidAt == nil {
			t.Fatalf("verify settles: %+v", v.Data)
		}
		expectBalance(t, e, u.AccessToken, 250000)

		// The webhook arrives late: it changes nothing.
		e.DropWebhooks(false)
		if err := e.Paystack.Deliver(ctx(), paystack.EventChargeSuccess, sandboxTransaction(t, e, p.Data.Reference)); err != nil {
			t.Fatal(err)
		}
		verify(t, e, u.AccessToken, p.Data.Reference)
		expectBalance(t, e, u.AccessToken, 250000)
		if l := topups(t, e, u.AccessToken); len(l.Data) != 1 || l.Data[0].Status != "completed" {
			t.Fatalf("one completed top-up: %+v", l)
		}

		// Another user cannot see the payment.
		o := e.Register("bob@example.com", "bob")
		if code := e.Get("/api/v1/payments/"+p.Data.Reference+"/verify", o.AccessToken).Expect(http.StatusNotFound).ErrCode(); code != "not_found" {
			t.Fatal(code)
		}
		e.Get("/api/v1/payments/sj-nothing/verify", u.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/payments/"+p.Data.Reference+"/verify", "").Expect(http.StatusUnauthorized)
		clean(t, e)
	})
}

func TestIntegrationWebhookSignatureAndMismatch(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		p := topUp(t, e, u, 500000)
		event := func(amount int64, currency string) []byte {
			b, _ := json.Marshal(map[string]any{"event": "charge.success", "data": map[string]any{
				"id": 42, "reference": p.Data.Reference, "status": "success", "amount": amount, "currency": currency,
				"paid_at": testkit.Start.Format(time.RFC3339), "channel": "card"}})
			return b
		}
		good := event(500000, "NGN")
		for _, sig := range []string{"", "deadbeef", paystack.Sign("sk_test_other", good),
			paystack.Sign(payments.SandboxSecretKey, append([]byte(" "), good...))} {
			if code := webhook(e, good, sig).Expect(http.StatusUnauthorized).ErrCode(); code != "unauthenticated" {
				t.Fatal(code)
			}
		}
		if b := balance(t, e, u.AccessToken); b != nil {
			t.Fatalf("a forged webhook credited %d", *b)
		}
		if got, _ := e.App.Payments.Payment(ctx(), u.UserID, p.Data.Reference); got.Status != payments.StatusPending {
			t.Fatalf("status after forged webhooks: %s", got.Status)
		}

		// Signed, but not the amount or currency that was initialised.
		for _, bad := range [][]byte{event(400000, "NGN"), event(500000, "GHS")} {
			webhook(e, bad, paystack.Sign(payments.SandboxSecretKey, bad)).Expect(http.StatusOK)
		}
		got, _ := e.App.Payments.Payment(ctx(), u.UserID, p.Data.Reference)
		if got.Status != payments.StatusFailed || !strings.Contains(got.FailureReason, "400000") {
			t.Fatalf("a mismatched charge fails the payment: %+v", got)
		}
		// Even the right event and the checkout afterwards credit nothing.
		webhook(e, good, paystack.Sign(payments.SandboxSecretKey, good)).Expect(http.StatusOK)
		checkout(t, e, p, "success")
		if v := verify(t, e, u.AccessToken, p.Data.Reference); v.Data.Status != "failed" {
			t.Fatalf("verify after a mismatch: %+v", v.Data)
		}
		if b := balance(t, e, u.AccessToken); b != nil {
			t.Fatalf("a mismatched payment credited %d", *b)
		}
		if l := topups(t, e, u.AccessToken); len(l.Data) != 1 || l.Data[0].Status != "failed" {
			t.Fatalf("the top-up row is failed: %+v", l)
		}
		webhook(e, []byte(`{"event":`), paystack.Sign(payments.SandboxSecretKey, []byte(`{"event":`))).
			Expect(http.StatusBadRequest)
		clean(t, e)
	})
}

func TestIntegrationTopUpDeclinedAbandonedAndValidation(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		e.Post("/api/v1/wallet", u.AccessToken, nil).Expect(http.StatusCreated)
		p := topUp(t, e, u, 100000)
		checkout(t, e, p, "declined")
		v := verify(t, e, u.AccessToken, p.Data.Reference)
		if v.Data.Status != "failed" || v.Data.FailureReason != "Declined" || v.Data.PaidAt != nil {
			t.Fatalf("declined: %+v", v.Data)
		}
		expectBalance(t, e, u.AccessToken, 0)
		if l := topups(t, e, u.AccessToken); len(l.Data) != 1 || l.Data[0].Status != "failed" {
			t.Fatalf("declined top-up row: %+v", l)
		}

		a := topUp(t, e, u, 100000)
		checkout(t, e, a, "abandoned")
		if v := verify(t, e, u.AccessToken, a.Data.Reference); v.Data.Status != "pending" {
			t.Fatalf("an unfinished payment is still confirming: %+v", v.Data)
		}
		e.Clock.Advance(31 * time.Minute)
		u = e.Login(u.Email, u.Password) // the access token has expired
		if v := verify(t, e, u.AccessToken, a.Data.Reference); v.Data.Status != "abandoned" {
			t.Fatalf("abandoned after a while: %+v", v.Data)
		}
		expectBalance(t, e, u.AccessToken, 0)

		for _, body := range []any{map[string]any{"amount": 9999}, map[string]any{"amount": 100000001},
			map[string]any{"amount": 10000.5}, map[string]any{"amount": "50000"}, map[string]any{},
			map[string]any{"amount": 50000, "currency": "EUR"}} {
			e.Post("/api/v1/wallet/topups", u.AccessToken, body).Expect(http.StatusUnprocessableEntity)
		}
		e.Post("/api/v1/wallet/topups", "", map[string]any{"amount": 50000}).Expect(http.StatusUnauthorized)

		// The same Idempotency-Key starts one payment.
		key := map[string]string{"Idempotency-Key": "topup-1"}
		var first, again started
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/wallet/topups", Token: u.AccessToken,
			Body: map[string]any{"amount": 20000}, Header: key}).Expect(http.StatusCreated).JSON(&first)
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/wallet/topups", Token: u.AccessToken,
			Body: map[string]any{"amount": 20000}, Header: key}).Expect(http.StatusCreated).JSON(&again)
		if first.Data.Reference != again.Data.Reference {
			t.Fatalf("two payments for one key: %s %s", first.Data.Reference, again.Data.Reference)
		}
		clean(t, e)
	})
}

type payoutBody struct {
	Data struct {
		ID            string `json:"id"`
		Amount        int64  `json:"amount"`
		Fee           int64  `json:"fee"`
		NetAmount     int64  `json:"net_amount"`
		Status        string `json:"status"`
		AccountNumber string `json:"account_number"`
		FailureReason string `json:"failure_reason"`
	} `json:"data"`
}

type earningsBody struct {
	Data struct {
		Pending         int64   `json:"pending"`
		Available       int64   `json:"available"`
		NextAvailableAt *string `json:"next_available_at"`
		MinPayout       int64   `json:"min_payout"`
		PayoutFee       int64   `json:"payout_fee"`
		Lines           []struct {
			Amount      int64   `json:"amount"`
			Status      string  `json:"status"`
			AvailableAt *string `json:"available_at"`
		} `json:"lines"`
	} `json:"data"`
}

func earnings(t *testing.T, e *testkit.Env, token string) earningsBody {
	t.Helper()
	var out earningsBody
	e.Get("/api/v1/earnings", token).Expect(http.StatusOK).JSON(&out)
	return out
}

func firstBank(t *testing.T, e *testkit.Env, token string) string {
	t.Helper()
	var banks struct {
		Data []struct {
			Code string `json:"code"`
			Name string `json:"name"`
		} `json:"data"`
	}
	e.Get("/api/v1/banks?currency=NGN", token).Expect(http.StatusOK).JSON(&banks)
	if len(banks.Data) == 0 || banks.Data[0].Code == "" {
		t.Fatalf("banks: %+v", banks)
	}
	return banks.Data[0].Code
}

func TestIntegrationPayouts(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		v := e.Register("vendor@example.com", "vendor")
		e.GrantRole(v.UserID, "vendor")
		buyer := e.Register("buyer@example.com", "buyer")
		// Earnings the way the shop will make them: a purchase held in escrow,
		// released to the vendor, available after the refund window.
		if _, err := e.App.Money.Adjust(ctx(), nil, money.Adjustment{Key: "seed", Reason: "test seed", ActorID: v.UserID,
			UserID: buyer.UserID, Account: money.KindWallet, Amount: 1_000_000}); err != nil {
			t.Fatal(err)
		}
		ref := money.Ref{Type: money.RefOrder, ID: "order-1"}
		if _, err := e.App.Money.Hold(ctx(), nil, money.Hold{Key: "hold", Ref: ref, PayerID: buyer.UserID,
			Amount: 1_000_000, Pay: money.MethodWallet}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.App.Money.Release(ctx(), nil, money.Release{Key: "release", Ref: ref, ProviderID: v.UserID,
			Amount: 1_000_000}); err != nil {
			t.Fatal(err)
		}
		net := 1_000_000 - 1_000_000*int64(e.Config.PlatformFeeBPS)/10000
		en := earnings(t, e, v.AccessToken)
		if en.Data.Pending != net || en.Data.Available != 0 || en.Data.NextAvailableAt == nil ||
			len(en.Data.Lines) != 1 || en.Data.Lines[0].Status != "pending" || en.Data.Lines[0].AvailableAt == nil ||
			en.Data.MinPayout != e.Config.MinPayout || en.Data.PayoutFee != e.Config.PayoutFee {
			t.Fatalf("earnings before the window: %+v", en.Data)
		}
		// Not available yet: nothing to withdraw.
		bank := firstBank(t, e, v.AccessToken)
		e.Post("/api/v1/payouts", v.AccessToken, map[string]any{"amount": 200000}).Expect(http.StatusConflict)
		e.Post("/api/v1/payout-accounts", v.AccessToken, map[string]any{"bank_code": bank,
			"account_number": "0123456789", "account_name": "Vendor Ventures"}).Expect(http.StatusCreated)
		if code := e.Post("/api/v1/payouts", v.AccessToken, map[string]any{"amount": 200000}).
			Expect(http.StatusConflict).ErrCode(); code != "insufficient_funds" {
			t.Fatalf("before the refund window: %s", code)
		}
		e.Clock.Advance(e.Config.RefundWindow + time.Hour)
		v = e.Login(v.Email, v.Password)
		if en := earnings(t, e, v.AccessToken); en.Data.Available != net || en.Data.Pending != 0 ||
			en.Data.Lines[0].Status != "completed" {
			t.Fatalf("earnings after the window: %+v", en.Data)
		}

		var accts struct {
			Data []struct {
				AccountNumber string `json:"account_number"`
				BankCode      string `json:"bank_code"`
			} `json:"data"`
		}
		e.Get("/api/v1/payout-accounts", v.AccessToken).Expect(http.StatusOK).JSON(&accts)
		if len(accts.Data) != 1 || accts.Data[0].AccountNumber != "0123456789" {
			t.Fatalf("accounts: %+v", accts)
		}

		payout := func(amount int64) payoutBody {
			t.Helper()
			var p payoutBody
			e.Post("/api/v1/payouts", v.AccessToken, map[string]any{"amount": amount}).Expect(http.StatusCreated).JSON(&p)
			e.Paystack.Wait()
			return p
		}
		status := func(id string) payoutBody {
			t.Helper()
			var l struct {
				Data []json.RawMessage `json:"data"`
			}
			e.Get("/api/v1/payouts?limit=100", v.AccessToken).Expect(http.StatusOK).JSON(&l)
			for _, raw := range l.Data {
				var p payoutBody
				_ = json.Unmarshal([]byte(`{"data":`+string(raw)+`}`), &p)
				if p.Data.ID == id {
					return p
				}
			}
			t.Fatalf("payout %s not listed", id)
			return payoutBody{}
		}
		fee := e.Config.PayoutFee

		// Success.
		p := payout(200000)
		if p.Data.Fee != fee || p.Data.NetAmount != 200000-fee || p.Data.AccountNumber != "••••6789" {
			t.Fatalf("payout: %+v", p.Data)
		}
		if s := status(p.Data.ID); s.Data.Status != "success" {
			t.Fatalf("transfer.success settles it: %+v", s.Data)
		}
		avail := net - 200000
		if en := earnings(t, e, v.AccessToken); en.Data.Available != avail {
			t.Fatalf("available after a payout: %d, want %d", en.Data.Available, avail)
		}
		clean(t, e)

		// Failure (account ending 0000): the amount and the fee come back.
		e.Post("/api/v1/payout-accounts", v.AccessToken, map[string]any{"bank_code": bank,
			"account_number": "0123450000", "account_name": "Vendor Ventures"}).Expect(http.StatusCreated)
		e.Get("/api/v1/payout-accounts", v.AccessToken).Expect(http.StatusOK).JSON(&accts)
		if len(accts.Data) != 1 || accts.Data[0].AccountNumber != "0123450000" {
			t.Fatalf("the new account replaces the old: %+v", accts)
		}
		p = payout(150000)
		if s := status(p.Data.ID); s.Data.Status != "failed" || s.Data.FailureReason == "" {
			t.Fatalf("transfer.failed: %+v", s.Data)
		}
		if en := earnings(t, e, v.AccessToken); en.Data.Available != avail {
			t.Fatalf("a failed payout returns the money and the fee: %d, want %d", en.Data.Available, avail)
		}
		clean(t, e)

		// Success then reversal (account ending 9999).
		e.Post("/api/v1/payout-accounts", v.AccessToken, map[string]any{"bank_code": bank,
			"account_number": "0123459999", "account_name": "Vendor Ventures"}).Expect(http.StatusCreated)
		p = payout(150000)
		if s := status(p.Data.ID); s.Data.Status != "reversed" {
			t.Fatalf("transfer.reversed: %+v", s.Data)
		}
		if en := earnings(t, e, v.AccessToken); en.Data.Available != avail {
			t.Fatalf("a reversed payout returns the money and the fee: %d, want %d", en.Data.Available, avail)
		}
		// Each outcome is a notification to the provider, linked to their earnings.
		if err := e.App.Notifications.DeliverPending(ctx()); err != nil {
			t.Fatal(err)
		}
		for typ, want := range map[string]int{"payout.paid": 2, "payout.failed": 1, "payout.reversed": 1} {
			var n int
			if err := e.DB.NewRaw(`SELECT count(*) FROM notifications WHERE user_id = ? AND type = ? AND category = 'payments'`,
				v.UserID, typ).Scan(ctx(), &n); err != nil || n != want {
				t.Fatalf("%s notifications: %d %v, want %d", typ, n, err, want)
			}
		}

		// The same Idempotency-Key pays out once.
		key := map[string]string{"Idempotency-Key": "payout-1"}
		e.Post("/api/v1/payout-accounts", v.AccessToken, map[string]any{"bank_code": bank,
			"account_number": "0123456789", "account_name": "Vendor Ventures"}).Expect(http.StatusCreated)
		var a, b payoutBody
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/payouts", Token: v.AccessToken,
			Body: map[string]any{"amount": 100000}, Header: key}).Expect(http.StatusCreated).JSON(&a)
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/payouts", Token: v.AccessToken,
			Body: map[string]any{"amount": 100000}, Header: key}).Expect(http.StatusCreated).JSON(&b)
		e.Paystack.Wait()
		if a.Data.ID != b.Data.ID {
			t.Fatal("one key, two payouts")
		}
		avail -= 100000
		if en := earnings(t, e, v.AccessToken); en.Data.Available != avail {
			t.Fatalf("available %d, want %d", en.Data.Available, avail)
		}

		// Refusals.
		e.Post("/api/v1/payouts", v.AccessToken, map[string]any{"amount": e.Config.MinPayout - 1}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/payouts", v.AccessToken, map[string]any{"amount": 12.5}).Expect(http.StatusUnprocessableEntity)
		if code := e.Post("/api/v1/payouts", v.AccessToken, map[string]any{"amount": avail + 1}).
			Expect(http.StatusConflict).ErrCode(); code != "insufficient_funds" {
			t.Fatal(code)
		}
		plain := e.Register("plain@example.com", "plain")
		e.Post("/api/v1/payouts", plain.AccessToken, map[string]any{"amount": 200000}).Expect(http.StatusForbidden)
		e.Get("/api/v1/payouts", plain.AccessToken).Expect(http.StatusOK)
		e.Get("/api/v1/earnings", plain.AccessToken).Expect(http.StatusOK)
		e.Post("/api/v1/payout-accounts", v.AccessToken, map[string]any{"bank_code": bank,
			"account_number": "12345", "account_name": "Vendor"}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/payout-accounts", v.AccessToken, map[string]any{"bank_code": "nope",
			"account_number": "0123456789", "account_name": "Vendor"}).Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/banks?currency=EUR", v.AccessToken).Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/payouts", "").Expect(http.StatusUnauthorized)
		clean(t, e)
	})
}

type adminPayment struct {
	Reference string `json:"reference"`
	User      struct {
		Email string `json:"email"`
	} `json:"user"`
	Status         string `json:"status"`
	RefundedAmount int64  `json:"refunded_amount"`
	Refunds        []struct {
		Amount int64  `json:"amount"`
		Status string `json:"status"`
	} `json:"refunds"`
}

func TestIntegrationAdminRefunds(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		u := e.Register("ada@example.com", "ada")
		p := topUp(t, e, u, 500000)
		checkout(t, e, p, "success")
		expectBalance(t, e, u.AccessToken, 500000)

		var list struct {
			Data []adminPayment `json:"data"`
			Meta struct {
				Total int `json:"total"`
			} `json:"meta"`
		}
		e.Get("/api/v1/admin/payments?q=ADA@example&status=success", admin.AccessToken).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 1 || list.Data[0].Reference != p.Data.Reference || list.Data[0].User.Email != "ada@example.com" {
			t.Fatalf("admin list: %+v", list)
		}
		e.Get("/api/v1/admin/payments?status=nope", admin.AccessToken).Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/admin/payments", u.AccessToken).Expect(http.StatusForbidden)
		path := "/api/v1/admin/payments/" + p.Data.Reference + "/refund"
		e.Post(path, u.AccessToken, map[string]any{"amount": 100000, "reason": "Customer asked"}).
			Expect(http.StatusForbidden)
		e.Post("/api/v1/admin/payments/sj-nothing/refund", admin.AccessToken, map[string]any{"reason": "Customer asked"}).
			Expect(http.StatusNotFound)

		refund := func(body map[string]any) adminPayment {
			t.Helper()
			var out struct {
				Data adminPayment `json:"data"`
			}
			e.Post(path, admin.AccessToken, body).Expect(http.StatusCreated).JSON(&out)
			e.Paystack.Wait()
			return out.Data
		}
		// Partial.
		got := refund(map[string]any{"amount": 200000, "reason": "Customer asked"})
		if got.Status != payments.StatusPartiallyRefunded || got.RefundedAmount != 200000 || len(got.Refunds) != 1 {
			t.Fatalf("partial refund: %+v", got)
		}
		expectBalance(t, e, u.AccessToken, 300000)
		e.Get("/api/v1/admin/payments?q="+p.Data.Reference, admin.AccessToken).Expect(http.StatusOK).JSON(&list)
		if list.Data[0].Refunds[0].Status != payments.RefundProcessed {
			t.Fatalf("refund.processed completes it: %+v", list.Data[0])
		}
		var refunds txnList
		e.Get("/api/v1/wallet/transactions?type=refund", u.AccessToken).Expect(http.StatusOK).JSON(&refunds)
		if len(refunds.Data) != 1 || refunds.Data[0].Status != "completed" || refunds.Data[0].Amount != 200000 ||
			refunds.Data[0].Direction != "debit" {
			t.Fatalf("the refund in the payer's history: %+v", refunds)
		}
		// More than is left.
		e.Post(path, admin.AccessToken, map[string]any{"amount": 300001, "reason": "Customer asked"}).
			Expect(http.StatusUnprocessableEntity)
		e.Post(path, admin.AccessToken, map[string]any{"amount": 1000}).Expect(http.StatusUnprocessableEntity)
		// The rest.
		got = refund(map[string]any{"reason": "Order cancelled"})
		if got.Status != payments.StatusRefunded || got.RefundedAmount != 500000 || len(got.Refunds) != 2 {
			t.Fatalf("full refund: %+v", got)
		}
		expectBalance(t, e, u.AccessToken, 0)
		e.Post(path, admin.AccessToken, map[string]any{"reason": "Again"}).Expect(http.StatusConflict)
		clean(t, e)

		// The money has been spent: the wallet cannot give it back.
		p2 := topUp(t, e, u, 400000)
		checkout(t, e, p2, "success")
		e.Register("bob@example.com", "bob")
		e.Post("/api/v1/wallet/transfers", u.AccessToken, map[string]any{"to": "bob", "amount": 300000}).
			Expect(http.StatusCreated)
		if code := e.Post("/api/v1/admin/payments/"+p2.Data.Reference+"/refund", admin.AccessToken,
			map[string]any{"reason": "Customer asked"}).Expect(http.StatusConflict).ErrCode(); code != "insufficient_funds" {
			t.Fatal(code)
		}
		e.Get("/api/v1/admin/payments?q="+p2.Data.Reference, admin.AccessToken).Expect(http.StatusOK).JSON(&list)
		if list.Data[0].Status != payments.StatusSuccess || list.Data[0].RefundedAmount != 0 || len(list.Data[0].Refunds) != 0 {
			t.Fatalf("a refused refund changes nothing: %+v", list.Data[0])
		}
		// A partial refund within what is left works.
		refundKey := map[string]string{"Idempotency-Key": "refund-1"}
		for range 2 {
			e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/admin/payments/" + p2.Data.Reference + "/refund",
				Token: admin.AccessToken, Body: map[string]any{"amount": 100000, "reason": "Goodwill"},
				Header: refundKey}).Expect(http.StatusCreated)
		}
		e.Paystack.Wait()
		expectBalance(t, e, u.AccessToken, 0)
		var audit struct {
			Data []struct {
				Action string `json:"action"`
			} `json:"data"`
		}
		e.Get("/api/v1/admin/audit-log?action=payment.refund", admin.AccessToken).Expect(http.StatusOK).JSON(&audit)
		if len(audit.Data) != 3 {
			t.Fatalf("every refund is audit-logged: %+v", audit)
		}
		clean(t, e)
	})
}

func TestIntegrationPurposeRegistry(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		u := e.Register("ada@example.com", "ada")
		ps, m := e.App.Payments, e.App.Money
		order := money.Ref{Type: money.RefOrder, ID: "order-9"}
		var paid atomic.Int32
		ps.RegisterPurpose(payments.PurposeOrder, func(ctx context.Context, tx bun.Tx, p payments.Payment) error {
			paid.Add(1)
			if p.Status != payments.StatusSuccess || p.PaidAt == nil || p.PurposeID != order.ID {
				return errors.New("fulfilled an unpaid payment")
			}
			_, err := m.Hold(ctx, tx, money.Hold{Key: "order-hold:" + p.PurposeID, Ref: order, PayerID: p.UserID,
				Amount: p.Amount, Currency: p.Currency, Pay: money.MethodCard})
			return err
		})
		if _, err := ps.StartCardPayment(ctx(), payments.StartInput{UserID: u.UserID, Purpose: "nothing",
			Amount: 1000}); !errors.Is(err, payments.ErrUnknownPurpose) {
			t.Fatalf("unknown purpose: %v", err)
		}
		p, err := ps.StartCardPayment(ctx(), payments.StartInput{UserID: u.UserID, Purpose: payments.PurposeOrder,
			PurposeID: order.ID, Amount: 750000, CallbackPath: "/shop/orders/order-9", Portal: "vendor"})
		if err != nil || p.Status != payments.StatusPending {
			t.Fatalf("start: %+v %v", p, err)
		}
		s := started{}
		s.Data.Reference, s.Data.AuthorizationURL, s.Data.AccessCode = p.Reference, p.AuthorizationURL, p.AccessCode
		back := checkoutOn(t, e, "vendor", s, "success")
		if back.Query().Get("return") != "/shop/orders/order-9" || back.Host != "vendor.localhost:8080" {
			t.Fatalf("callback: %s", back)
		}
		if err := e.Paystack.Deliver(ctx(), paystack.EventChargeSuccess, sandboxTransaction(t, e, p.Reference)); err != nil {
			t.Fatal(err)
		}
		verify(t, e, u.AccessToken, p.Reference)
		if paid.Load() != 1 {
			t.Fatalf("fulfilled %d times", paid.Load())
		}
		if b, _ := m.EscrowBalance(ctx(), nil, order, "NGN"); b != 750000 {
			t.Fatalf("escrow %d", b)
		}

		// Refunds need the purpose's refund function.
		path := "/api/v1/admin/payments/" + p.Reference + "/refund"
		e.Post(path, admin.AccessToken, map[string]any{"reason": "Order cancelled"}).Expect(http.StatusConflict)
		ps.RegisterRefund(payments.PurposeOrder, func(ctx context.Context, tx bun.Tx, p payments.Payment, r payments.RefundOrder) error {
			_, err := m.Refund(ctx, tx, money.Refund{Key: r.Key, Reason: r.Reason, Ref: order, UserID: p.UserID,
				Amount: r.Amount, Currency: p.Currency, To: money.MethodCard, ActorID: r.ActorID, Reference: r.Reference})
			return err
		})
		// Paystack's refund.processed is lost; refund.failed arrives instead:
		// the money lands in the payer's wallet.
		e.DropWebhooks(true)
		e.Post(path, admin.AccessToken, map[string]any{"amount": 250000, "reason": "Order cancelled"}).
			Expect(http.StatusCreated)
		e.Paystack.Wait()
		e.DropWebhooks(false)
		if b, _ := m.EscrowBalance(ctx(), nil, order, "NGN"); b != 500000 {
			t.Fatalf("escrow after the refund %d", b)
		}
		if err := e.Paystack.Deliver(ctx(), paystack.EventRefundFailed, map[string]any{"status": "failed",
			"transaction_reference": p.Reference, "refund_reference": "RF1", "amount": "250000",
			"currency": "NGN"}); err != nil {
			t.Fatal(err)
		}
		var list struct {
			Data []adminPayment `json:"data"`
		}
		e.Get("/api/v1/admin/payments?q="+p.Reference, admin.AccessToken).Expect(http.StatusOK).JSON(&list)
		if got := list.Data[0]; got.Status != payments.StatusSuccess || got.RefundedAmount != 0 ||
			len(got.Refunds) != 1 || got.Refunds[0].Status != payments.RefundFailed {
			t.Fatalf("a failed refund is released: %+v", got)
		}
		expectBalance(t, e, u.AccessToken, 250000)
		var refunds txnList
		e.Get("/api/v1/wallet/transactions?type=refund", u.AccessToken).Expect(http.StatusOK).JSON(&refunds)
		if len(refunds.Data) != 2 {
			t.Fatalf("the failed card refund and its wallet credit: %+v", refunds)
		}
		// The same event again changes nothing.
		if err := e.Paystack.Deliver(ctx(), paystack.EventRefundFailed, map[string]any{"status": "failed",
			"transaction_reference": p.Reference, "amount": "250000", "currency": "NGN"}); err != nil {
			t.Fatal(err)
		}
		expectBalance(t, e, u.AccessToken, 250000)
		clean(t, e)
	})
}

// TestIntegrationFailureHookAndAbandonSweep: a purpose's failure function
// runs once per payment, in the failing transaction, whether the failure
// comes from verify, the webhook-less decline or the abandon sweep; the
// sweep leaves younger payments alone and fails a stale top-up's pending row.
func TestIntegrationFailureHookAndAbandonSweep(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		ps := e.App.Payments
		var failures sync.Map // reference -> count
		ps.RegisterPurpose(payments.PurposeBooking, func(ctx context.Context, tx bun.Tx, p payments.Payment) error {
			return nil
		})
		ps.RegisterFailure(payments.PurposeBooking, func(ctx context.Context, tx bun.Tx, p payments.Payment) error {
			if p.Status != payments.StatusFailed && p.Status != payments.StatusAbandoned || p.FailureReason == "" {
				return errors.New("told of a payment that did not fail")
			}
			n, _ := failures.LoadOrStore(p.Reference, new(atomic.Int32))
			n.(*atomic.Int32).Add(1)
			return nil
		})
		count := func(ref string) int32 {
			if n, ok := failures.Load(ref); ok {
				return n.(*atomic.Int32).Load()
			}
			return 0
		}
		start := func() started {
			p, err := ps.StartCardPayment(ctx(), payments.StartInput{UserID: u.UserID, Purpose: payments.PurposeBooking,
				PurposeID: "booking-1", Amount: 300000})
			if err != nil {
				t.Fatal(err)
			}
			var s started
			s.Data.Reference, s.Data.AuthorizationURL, s.Data.AccessCode = p.Reference, p.AuthorizationURL, p.AccessCode
			return s
		}

		declined := start()
		checkout(t, e, declined, "declined")
		e.Paystack.Wait()
		verify(t, e, u.AccessToken, declined.Data.Reference)
		verify(t, e, u.AccessToken, declined.Data.Reference)
		if got := count(declined.Data.Reference); got != 1 {
			t.Fatalf("declined: told %d times", got)
		}

		left := start()
		top := topUp(t, e, u, 500000)
		if n, err := ps.AbandonStale(ctx()); err != nil || n != 0 {
			t.Fatalf("young payments abandoned: %d %v", n, err)
		}
		e.Clock.Advance(payments.AbandonAfter + time.Second)
		if n, err := ps.AbandonStale(ctx()); err != nil || n != 2 {
			t.Fatalf("stale payments: %d %v", n, err)
		}
		if n, err := ps.AbandonStale(ctx()); err != nil || n != 0 {
			t.Fatalf("a second sweep: %d %v", n, err)
		}
		if got := count(left.Data.Reference); got != 1 {
			t.Fatalf("abandoned: told %d times", got)
		}
		// Declining the abandoned checkout afterwards fails it for good
		// without telling the purpose again.
		checkout(t, e, left, "declined")
		e.Paystack.Wait()
		u = e.Login("ada@example.com", testkit.DefaultPassword)
		if v := verify(t, e, u.AccessToken, left.Data.Reference); v.Data.Status != payments.StatusFailed {
			t.Fatalf("left then declined: %+v", v.Data)
		}
		if got := count(left.Data.Reference); got != 1 {
			t.Fatalf("abandoned then declined: told %d times", got)
		}
		if v := verify(t, e, u.AccessToken, top.Data.Reference); v.Data.Status != payments.StatusAbandoned {
			t.Fatalf("stale top-up: %+v", v.Data)
		}
		if l := topups(t, e, u.AccessToken); len(l.Data) != 1 || l.Data[0].Status != "failed" {
			t.Fatalf("the stale top-up's row: %+v", l)
		}
		clean(t, e)
	})
}
