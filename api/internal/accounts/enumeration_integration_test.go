package accounts_test

import (
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/testkit"
)

// Issue 8, finding 7: register keeps saying plainly that an email is taken,
// but only RegisterTakenLimit times per IP and hour; after that every
// sign-up from the IP is 429 with Retry-After, taken or not, so the answers
// stop telling addresses apart. Other networks are unaffected.
func TestIntegrationRegisterProbesAreLimitedPerIP(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		e.Register("taken@example.com", "taken")
		e.IP = "198.51.100.7"
		reg := func(email, username string) *testkit.Resp {
			return e.Post("/api/auth/register", "", map[string]any{"email": email, "username": username,
				"password": testkit.DefaultPassword})
		}
		for i := 0; i < accounts.RegisterTakenLimit; i++ {
			r := reg("taken@example.com", testkit.Fmt("probe%d", i)).Expect(http.StatusConflict)
			if fs, _ := r.Map()["error"].(map[string]any)["fields"].(map[string]any); fs["email"] != "is already registered" {
				t.Fatalf("the clear message is gone: %s", r.Body)
			}
		}
		for _, email := range []string{"taken@example.com", "fresh@example.com"} {
			r := reg(email, "freshname").Expect(http.StatusTooManyRequests)
			if r.Header.Get("Retry-After") == "" {
				t.Fatal("429 without Retry-After")
			}
		}
		e.IP = "198.51.100.8"
		reg("fresh@example.com", "freshname").Expect(http.StatusCreated)
		e.IP = "198.51.100.7"
		e.Clock.Advance(time.Hour + time.Second)
		reg("fresh2@example.com", "freshname2").Expect(http.StatusCreated)
	})
}
