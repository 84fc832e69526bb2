package testkit

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// PayCard plays the payer on the Paystack sandbox: it opens the checkout
// page at authorizationURL (a started payment's authorization_url), picks
// outcome ("success", "declined", ...) and waits for the webhook that
// settles the payment.
func (e *Env) PayCard(t testing.TB, authorizationURL, outcome string) {
	t.Helper()
	u, err := url.Parse(authorizationURL)
	if err != nil || !strings.HasPrefix(u.Path, "/_sandbox/paystack/checkout/") {
		t.Fatalf("authorization_url %q", authorizationURL)
	}
	e.Do(Req{Method: http.MethodGet, Path: u.Path}).Expect(http.StatusOK)
	e.Do(Req{Method: http.MethodPost, Path: u.Path, Body: "outcome=" + outcome,
		RawType: "application/x-www-form-urlencoded"}).Expect(http.StatusFound)
	e.Paystack.Wait()
}
