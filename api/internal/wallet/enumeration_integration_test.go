package wallet_test

import (
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/testkit"
	"sojourn/api/internal/wallet"
)

// Issue 8, finding 7: a user may look up at most wallet.RecipientLookups
// distinct recipients (known or unknown) per hour through transfers; the next
// new one is 429 with Retry-After, however it would have answered, while
// recipients already looked up still answer as before.
func TestIntegrationTransferRecipientLookupsAreLimited(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		e.Register("bola@example.com", "bola")
		n := 0
		send := func(to string) *testkit.Resp {
			n++
			return e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/wallet/transfers", Token: u.AccessToken,
				Header: map[string]string{"Idempotency-Key": testkit.Fmt("k-%d", n)},
				Body:   map[string]any{"to": to, "amount": 1}})
		}
		for i := 0; i < wallet.RecipientLookups-1; i++ {
			send(testkit.Fmt("nobody%d@example.com", i)).Expect(http.StatusUnprocessableEntity)
		}
		known := send("bola@example.com")
		if known.Status == http.StatusTooManyRequests || known.Status >= 500 {
			t.Fatalf("the last allowed look-up: %d %s", known.Status, known.Body)
		}
		for _, to := range []string{"carl@example.com", "BOLA2", "someone"} {
			r := send(to).Expect(http.StatusTooManyRequests)
			if r.Header.Get("Retry-After") == "" {
				t.Fatal("429 without Retry-After")
			}
		}
		// Recipients already looked up answer as before (the same handle in
		// another case is the same recipient).
		send("NOBODY0@example.com").Expect(http.StatusUnprocessableEntity)
		e.Clock.Advance(time.Hour + time.Second)
		u = e.Login("ada@example.com", testkit.DefaultPassword)
		send("carl@example.com").Expect(http.StatusUnprocessableEntity)
	})
}
