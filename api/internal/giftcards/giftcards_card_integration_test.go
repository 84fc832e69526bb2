package giftcards_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/mail"
	"sojourn/api/internal/platform/paystack"
	"sojourn/api/internal/testkit"
)

var codeInMail = regexp.MustCompile(`[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}`)

// byCard starts a card purchase and returns its payment.
func byCard(t *testing.T, e *testkit.Env, token, productID string, amount int64, to string) (ref, authURL, access string) {
	t.Helper()
	var pb purchaseBody
	e.Post("/api/v1/gift-cards/purchases", token, map[string]any{"product_id": productID, "amount": amount,
		"recipient_email": to, "recipient_name": "Bola", "message": "For the weekend.", "pay_with": "paystack"}).
		Expect(http.StatusCreated).JSON(&pb)
	if pb.Data.Card != nil || pb.Data.Payment == nil || pb.Data.Payment.Reference == "" ||
		pb.Data.Payment.AccessCode == "" || pb.Data.Payment.AuthorizationURL == "" {
		t.Fatalf("card purchase answer: %+v", pb.Data)
	}
	return pb.Data.Payment.Reference, pb.Data.Payment.AuthorizationURL, pb.Data.Payment.AccessCode
}

// pay opens the sandbox checkout page and picks an outcome, as a tester's
// browser would; it returns where the browser is sent back.
func pay(t *testing.T, e *testkit.Env, authURL, outcome string) *url.URL {
	t.Helper()
	u, err := url.Parse(authURL)
	if err != nil || !strings.HasPrefix(u.Path, "/_sandbox/paystack/checkout/") {
		t.Fatalf("authorization_url %q", authURL)
	}
	e.Do(testkit.Req{Method: http.MethodGet, Path: u.Path}).Expect(http.StatusOK)
	res := e.Do(testkit.Req{Method: http.MethodPost, Path: u.Path, Body: "outcome=" + outcome,
		RawType: "application/x-www-form-urlencoded"}).Expect(http.StatusFound)
	back, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// mailedCode waits for the recipient's gift-card mail (sent after the
// settling transaction commits) and returns the code in it.
func mailedCode(t *testing.T, e *testkit.Env, to string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if err := e.App.GiftCards.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		all, err := e.App.Outbox.List(context.Background(), to, 10)
		if err != nil {
			t.Fatal(err)
		}
		var ms []mail.OutboxMessage
		for _, m := range all {
			if strings.Contains(m.Subject, "gift card") {
				ms = append(ms, m)
			}
		}
		if len(ms) > 1 {
			t.Fatalf("%d mails to %s, want 1: %+v", len(ms), to, ms)
		}
		if len(ms) == 1 {
			code := codeInMail.FindString(ms[0].BodyText)
			if code == "" {
				t.Fatalf("no code in the mail: %s", ms[0].BodyText)
			}
			return code
		}
		if time.Now().After(deadline) {
			t.Fatalf("no gift-card mail to %s", to)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func purchasedCards(t *testing.T, e *testkit.Env, token string) cardList {
	t.Helper()
	var l cardList
	e.Get("/api/v1/gift-cards/purchased", token).Expect(http.StatusOK).JSON(&l)
	return l
}

func TestIntegrationGiftCardByCardWebhook(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		bola := e.Register("bola@example.com", "bola")
		p := travelGift(t, e, admin.AccessToken)

		ref, authURL, _ := byCard(t, e, ada.AccessToken, p.ID, 5000000, "bola@example.com")
		if l := purchasedCards(t, e, ada.AccessToken); len(l.Data) != 0 {
			t.Fatalf("a card before the payment: %+v", l)
		}
		back := pay(t, e, authURL, "success")
		if back.Path != payments.CallbackPath || back.Query().Get("reference") != ref ||
			back.Query().Get("return") != "/gift-card/"+p.ID {
			t.Fatalf("callback %s", back)
		}
		e.Paystack.Wait()

		// The webhook issued the card; verify afterwards changes nothing.
		var v struct {
			Data struct {
				Status string `json:"status"`
			} `json:"data"`
		}
		e.Get("/api/v1/payments/"+ref+"/verify", ada.AccessToken).Expect(http.StatusOK).JSON(&v)
		if v.Data.Status != "success" {
			t.Fatalf("payment %s", v.Data.Status)
		}
		code := mailedCode(t, e, "bola@example.com")
		l := purchasedCards(t, e, ada.AccessToken)
		if len(l.Data) != 1 || l.Data[0].Status != "active" || l.Data[0].Amount != 5000000 ||
			l.Data[0].CodeLast4 != strings.ReplaceAll(code, "-", "")[16:] || l.Data[0].Code != nil {
			t.Fatalf("card after payment: %+v", l)
		}
		if got := ledger(t, e, money.KindGiftCardLiability); got != 5000000 {
			t.Fatalf("liability %d", got)
		}
		var one cardBody
		e.Get("/api/v1/gift-cards/purchased/"+l.Data[0].ID, ada.AccessToken).Expect(http.StatusOK).JSON(&one)
		if len(one.Data.Events) != 2 || one.Data.Events[0].Type != "issued" || one.Data.Events[1].Type != "sent" {
			t.Fatalf("events %+v", one.Data.Events)
		}

		// Paystack retries the event: still one card, one liability.
		data := sandboxCharge(t, e, ref)
		for range 2 {
			if err := e.Paystack.Deliver(context.Background(), paystack.EventChargeSuccess, data); err != nil {
				t.Fatal(err)
			}
		}
		e.Paystack.Wait()
		if l := purchasedCards(t, e, ada.AccessToken); len(l.Data) != 1 {
			t.Fatalf("%d cards after replays", len(l.Data))
		}
		if got := ledger(t, e, money.KindGiftCardLiability); got != 5000000 {
			t.Fatalf("liability %d after replays", got)
		}

		// The recipient redeems it.
		var red redemption
		e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, map[string]any{"code": code}).
			Expect(http.StatusOK).JSON(&red)
		if red.Data.WalletBalance != 5000000 {
			t.Fatalf("redeemed %+v", red.Data)
		}
		verify(t, e)
	})
}

func TestIntegrationGiftCardByCardVerifyFirst(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		p := travelGift(t, e, admin.AccessToken)

		// A declined card issues nothing.
		_, declined, _ := byCard(t, e, ada.AccessToken, p.ID, 1000000, "cleo@example.com")
		pay(t, e, declined, "declined")
		e.Paystack.Wait()
		if l := purchasedCards(t, e, ada.AccessToken); len(l.Data) != 0 {
			t.Fatalf("a declined payment issued a card: %+v", l)
		}

		e.DropWebhooks(true)
		ref, authURL, _ := byCard(t, e, ada.AccessToken, p.ID, 2500000, "bola@example.com")
		pay(t, e, authURL, "success")
		if l := purchasedCards(t, e, ada.AccessToken); len(l.Data) != 0 {
			t.Fatal("the webhook was lost: no card yet")
		}
		e.Get("/api/v1/payments/"+ref+"/verify", ada.AccessToken).Expect(http.StatusOK)
		mailedCode(t, e, "bola@example.com")
		if l := purchasedCards(t, e, ada.AccessToken); len(l.Data) != 1 || l.Data[0].PayWith != "paystack" {
			t.Fatalf("verify issued: %+v", l)
		}
		// The late webhook changes nothing.
		e.DropWebhooks(false)
		if err := e.Paystack.Deliver(context.Background(), paystack.EventChargeSuccess, sandboxCharge(t, e, ref)); err != nil {
			t.Fatal(err)
		}
		e.Paystack.Wait()
		e.Get("/api/v1/payments/"+ref+"/verify", ada.AccessToken).Expect(http.StatusOK)
		if l := purchasedCards(t, e, ada.AccessToken); len(l.Data) != 1 {
			t.Fatalf("%d cards", len(l.Data))
		}
		if got := ledger(t, e, money.KindGiftCardLiability); got != 2500000 {
			t.Fatalf("liability %d", got)
		}
		var txns struct {
			Data []struct {
				Method string `json:"method"`
			} `json:"data"`
		}
		e.Get("/api/v1/wallet/transactions?type=gift_card_purchase", ada.AccessToken).Expect(http.StatusOK).JSON(&txns)
		if len(txns.Data) != 1 || txns.Data[0].Method != "card" {
			t.Fatalf("purchase rows: %+v", txns.Data)
		}
		verify(t, e)
	})
}

// sandboxCharge is the charge as the sandbox's verify call answers it (the
// data of a charge.success event).
func sandboxCharge(t *testing.T, e *testkit.Env, ref string) json.RawMessage {
	t.Helper()
	var body struct {
		Data json.RawMessage `json:"data"`
	}
	e.Do(testkit.Req{Method: http.MethodGet, Path: "/_sandbox/paystack/transaction/verify/" + ref,
		Token: payments.SandboxSecretKey}).Expect(http.StatusOK).JSON(&body)
	return body.Data
}
