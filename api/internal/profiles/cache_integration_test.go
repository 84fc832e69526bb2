package profiles_test

import (
	"net/http"
	"testing"

	"sojourn/api/internal/testkit"
)

// The profile embedded in GET /api/auth/user is cached briefly; the owner's
// own edits must show at once.
func TestIntegrationProfileCacheDropsOnWrite(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := e.Register("cache@example.com", "cachey")
		name := func() string {
			var body struct {
				User struct {
					Profile struct {
						DisplayName string `json:"display_name"`
					} `json:"profile"`
				} `json:"user"`
			}
			e.Get("/api/auth/user", s.AccessToken).Expect(http.StatusOK).JSON(&body)
			return body.User.Profile.DisplayName
		}
		if got := name(); got != "" {
			t.Fatalf("new account has a display name: %q", got)
		}
		e.Patch("/api/v1/profile", s.AccessToken, map[string]any{"display_name": "Chioma Obi"}).Expect(http.StatusOK)
		if got := name(); got != "Chioma Obi" {
			t.Fatalf("after the edit: %q", got)
		}
	})
}
