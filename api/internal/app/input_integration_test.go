package app_test

import (
	"net/http"
	"testing"

	"sojourn/api/internal/testkit"
)

// Issue 8, finding 9: a NUL byte (or another control character) in any text
// that reaches SQL, or a date out of range, is 422 at the edge, never a 5xx,
// on both databases.
func TestIntegrationControlCharactersAndDatesAre422(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		vendor := e.Register("vendor@example.com", "vendor")
		e.GrantRole(vendor.UserID, "vendor")
		user := e.Register("user@example.com", "user")

		field := func(r *testkit.Resp, name string) {
			t.Helper()
			r.Expect(http.StatusUnprocessableEntity)
			fs, _ := r.Map()["error"].(map[string]any)["fields"].(map[string]any)
			if _, ok := fs[name]; !ok {
				t.Fatalf("422 without the field %q: %s", name, r.Body)
			}
		}
		field(e.Post("/api/auth/login", "", map[string]any{"email": "a\u0000b", "password": "Vivid-Harbour-2041"}), "email")
		field(e.Post("/api/auth/register", "", map[string]any{"email": "new@example.com", "username": "newbie",
			"password": "Vivid-Harbour-2041\u0007"}), "password")
		field(e.Post("/api/v1/payout-accounts", vendor.AccessToken, map[string]any{"bank_code": "058",
			"account_number": "0123456789", "account_name": "Amara\u0000Obi"}), "account_name")
		field(e.Patch("/api/v1/profile", user.AccessToken, map[string]any{"display_name": "Ada\u009b"}), "display_name")
		field(e.Get("/api/v1/admin/users?q=%00", admin.AccessToken), "q")
		field(e.Get("/api/v1/admin/users?q=%FF", admin.AccessToken), "q")
		field(e.Get("/api/v1/admin/audit-log?action=%1b", admin.AccessToken), "action")
		field(e.Get("/api/v1/wallet/transactions?to=0000-01-01", user.AccessToken), "to")
		field(e.Get("/api/v1/wallet/transactions?from=9999-12-31T00:00:00Z", user.AccessToken), "from")
		field(e.Get("/api/v1/wallet/transactions?from=1999-12-31", user.AccessToken), "from")
		// Inside the range, and multi-line text, are fine.
		e.Get("/api/v1/wallet/transactions?from=2000-01-01&to=2100-01-01", user.AccessToken).Expect(http.StatusOK)
		e.Post("/api/v1/contact", "", map[string]any{"name": "Ada", "email": "ada@example.com",
			"subject": "Hello", "message": "Line one\n\tLine two\r\nLine three"}).Expect(http.StatusCreated)
	})
}
