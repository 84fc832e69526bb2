package accounts_test

import (
	"net/http"
	"testing"

	"sojourn/api/internal/testkit"
)

// Issue 8, finding 10: look-alikes of an existing address or username cannot
// register, and sign-in folds the way registration does, on both databases.
func TestIntegrationLookAlikeAccounts(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		e.Register("admin@example.com", "admin")
		reg := func(email, username string) *testkit.Resp {
			return e.Post("/api/auth/register", "", map[string]any{"email": email, "username": username,
				"password": testkit.DefaultPassword})
		}
		if r := reg("ＡＤＭＩＮ@example.com", "fullwidth"); r.Status != http.StatusConflict {
			t.Fatalf("fullwidth address: %d %s", r.Status, r.Body)
		}
		reg("аdmin@example.com", "cyrillic").Expect(http.StatusUnprocessableEntity)   // Cyrillic а
		reg("admin\u200b@example.com", "zwsp").Expect(http.StatusUnprocessableEntity) // zero-width space
		reg("admin@exаmple.com", "cyrdomain").Expect(http.StatusUnprocessableEntity)  // Cyrillic а in the domain
		if r := reg("other@example.com", "ＡＤＭＩＮ"); r.Status != http.StatusConflict {
			t.Fatalf("fullwidth username: %d %s", r.Status, r.Body)
		}
		reg("other@example.com", "аdmin").Expect(http.StatusUnprocessableEntity)
		// Sign-in folds the same way.
		e.Post("/api/auth/login", "", map[string]any{"email": "ＡＤＭＩＮ@Example.com",
			"password": testkit.DefaultPassword}).Expect(http.StatusOK)
		// A clean new address still registers, stored in its normal form.
		r := reg("ｎｅｗ@example.com", "newcomer").Expect(http.StatusCreated)
		if u, _ := r.Map()["user"].(map[string]any); u["email"] != "new@example.com" {
			t.Fatalf("stored %v, want new@example.com", u["email"])
		}
	})
}
