package giftcards_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"sojourn/api/internal/giftcards"
	"sojourn/api/internal/testkit"
)

// TestIntegrationGiftCardNotAMailRelay is issue 8, finding 4: a gift card
// bought from the wallet mails any address with any message, so it must not
// carry a working phishing link, must say who sent it, needs the sender's
// verified email and is limited per sender and day.
func TestIntegrationGiftCardNotAMailRelay(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		p := travelGift(t, e, admin.AccessToken)
		mallory := e.Register("mallory@example.com", "mallory")
		fund(t, e, mallory.UserID, 20*1000000)
		phish := "Your Sojourn account is locked. Sign in at https://evil.example/login or www.evil.example today."
		body := func(to, message string) map[string]any {
			return map[string]any{"product_id": p.ID, "amount": 1000000, "recipient_email": to,
				"recipient_name": "Stranger", "message": message, "pay_with": "wallet"}
		}
		purchase := func(b map[string]any) *testkit.Resp {
			return e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/gift-cards/purchases",
				Token: mallory.AccessToken, Body: b})
		}

		// An unverified sender is refused with a reason, and nothing moves.
		res := purchase(body("stranger@example.net", phish)).Expect(http.StatusConflict)
		if res.ErrCode() != "email_unverified" || !strings.Contains(string(res.Body), "Verify your email address") {
			t.Fatalf("unverified sender: %s", res.Body)
		}
		if got := walletBalance(t, e, mallory.UserID); got != 20*1000000 {
			t.Fatalf("balance %d after a refused purchase", got)
		}
		e.VerifyEmail(mallory)
		e.Do(testkit.Req{Method: http.MethodPatch, Path: "/api/v1/profile", Token: mallory.AccessToken,
			Body: map[string]any{"display_name": "Mallory Stone"}}).Expect(http.StatusOK)

		// Messages are plain text of at most 500 characters.
		for _, bad := range []map[string]any{
			body("stranger@example.net", "Hi\u0007 there"),
			body("stranger@example.net", "Hi \u202Egnp.exe"),
			body("stranger@example.net", strings.Repeat("a", 501)),
			{"product_id": p.ID, "amount": 1000000, "recipient_email": "stranger@example.net",
				"recipient_name": "Str\nanger", "message": "Hi", "pay_with": "wallet"},
		} {
			res := purchase(bad).Expect(http.StatusUnprocessableEntity)
			if !strings.Contains(string(res.Body), `"message"`) && !strings.Contains(string(res.Body), `"recipient_name"`) {
				t.Fatalf("want a field error: %s", res.Body)
			}
		}

		// The exact attack: the stranger's mail has no link that works and names the sender.
		purchase(body("stranger@example.net", phish)).Expect(http.StatusCreated)
		m := e.Mail("stranger@example.net")
		for _, bad := range []string{"https://evil", "evil.example", "www.evil"} {
			if strings.Contains(m.BodyText, bad) || strings.Contains(m.Subject, bad) {
				t.Errorf("mail carries %q as a link:\n%s", bad, m.BodyText)
			}
		}
		for _, want := range []string{"https[:]//evil[.]example/login", "www[.]evil[.]example",
			"Mallory Stone (@mallory)", "through Sojourn", "Sojourn never asks you to sign in",
			"in their own words"} {
			if !strings.Contains(m.BodyText, want) {
				t.Errorf("mail lacks %q:\n%s", want, m.BodyText)
			}
		}
		if !strings.Contains(m.Subject, "Mallory Stone (@mallory)") {
			t.Errorf("subject %q does not name the sender", m.Subject)
		}

		// At most GiftMailsPerDay gift mails a day: the next answers 429 with Retry-After.
		for i := 1; i < giftcards.GiftMailsPerDay; i++ {
			e.Clock.Advance(time.Minute)
			purchase(body(testkit.Fmt("friend%d@example.net", i), "Enjoy")).Expect(http.StatusCreated)
		}
		res = purchase(body("one-more@example.net", "Enjoy")).Expect(http.StatusTooManyRequests)
		if ra := res.Header.Get("Retry-After"); ra == "" || ra == "0" {
			t.Fatalf("Retry-After %q", ra)
		}
		if got := walletBalance(t, e, mallory.UserID); got != 10*1000000 {
			t.Fatalf("balance %d: the refused purchase moved money", got)
		}
		e.Clock.Advance(giftcards.GiftMailWindow)
		mallory = e.Login("mallory@example.com", testkit.DefaultPassword)
		purchase(body("one-more@example.net", "Enjoy")).Expect(http.StatusCreated)
		verify(t, e)
	})
}
