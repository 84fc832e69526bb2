package money_test

import (
	"net/http"
	"testing"

	"sojourn/api/internal/money"
	"sojourn/api/internal/testkit"
)

// Issue 8, finding 6: an amount beyond money.MaxAmount is 422 and changes
// nothing; the wallet still reads and the ledger stays clean, on both
// databases.
func TestIntegrationAmountsAreBounded(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		u := e.Register("ada@example.com", "ada")
		for _, amount := range []any{int64(9223372036854775807), int64(-9223372036854775807), money.MaxAmount + 1,
			-(money.MaxAmount + 1)} {
			r := e.Post("/api/v1/admin/ledger/adjustments", admin.AccessToken, map[string]any{"user_id": u.UserID,
				"amount": amount, "reason": "Overflow the wallet"}).Expect(http.StatusUnprocessableEntity)
			if fs, _ := r.Map()["error"].(map[string]any)["fields"].(map[string]any); fs["amount"] == nil {
				t.Fatalf("422 without the amount field: %s", r.Body)
			}
		}
		e.Post("/api/v1/wallet/transfers", u.AccessToken, map[string]any{"to": "admin", "amount": money.MaxAmount + 1}).
			Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/wallet", u.AccessToken).Expect(http.StatusOK)
		// The maximum itself is an amount like any other.
		e.Post("/api/v1/admin/ledger/adjustments", admin.AccessToken, map[string]any{"user_id": u.UserID,
			"amount": money.MaxAmount, "reason": "The largest credit"}).Expect(http.StatusCreated)
		if b := e.Get("/api/v1/wallet", u.AccessToken).Expect(http.StatusOK).Data()["balance"]; b != float64(money.MaxAmount) {
			t.Fatalf("balance %v, want %d", b, money.MaxAmount)
		}
		clean(t, e)
	})
}

// A credit that would take a balance beyond money.MaxBalance is refused by
// the balance update itself (422), on the one-round-trip PostgreSQL path and
// on SQLite, and the balance is left as it was.
func TestIntegrationBalancesCannotOverflow(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		u := e.Register("ada@example.com", "ada")
		e.Post("/api/v1/admin/ledger/adjustments", admin.AccessToken, map[string]any{"user_id": u.UserID,
			"amount": 1000, "reason": "Open the wallet"}).Expect(http.StatusCreated)
		// Bring the wallet next to the ceiling (no movement could, short of
		// a million maximal credits).
		near := money.MaxBalance - 10
		if _, err := e.DB.NewRaw("UPDATE ledger_accounts SET balance = ? WHERE kind = 'wallet' AND owner_id = ?",
			near, u.UserID).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		r := e.Post("/api/v1/admin/ledger/adjustments", admin.AccessToken, map[string]any{"user_id": u.UserID,
			"amount": 1000, "reason": "Past the ceiling"})
		if r.Status != http.StatusUnprocessableEntity {
			t.Fatalf("credit past the maximum balance: %d %s", r.Status, r.Body)
		}
		w := e.Get("/api/v1/wallet", u.AccessToken).Expect(http.StatusOK).Data()
		if w["balance"] != float64(near) {
			t.Fatalf("balance %v, want it unchanged at %d", w["balance"], near)
		}
		// Up to the ceiling is fine.
		e.Post("/api/v1/admin/ledger/adjustments", admin.AccessToken, map[string]any{"user_id": u.UserID,
			"amount": 10, "reason": "To the ceiling"}).Expect(http.StatusCreated)
	})
}
