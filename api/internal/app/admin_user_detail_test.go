package app_test

import (
	"net/http"
	"testing"

	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

// The admin's user detail page reads one account from four domains: the
// account with its live sessions, the wallet and its history, the person's
// role applications and the audit entries about them.
func TestIntegrationAdminUserDetail(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("boss@example.com", "boss")
		kola := e.Register("kola@example.com", "kola")
		e.Login("kola@example.com", kola.Password) // a second live session
		ngozi := e.Register("ngozi@example.com", "ngozi")

		u := e.Get("/api/v1/admin/users/"+kola.UserID, admin.AccessToken).Expect(http.StatusOK).Data()
		sessions, _ := u["sessions"].([]any)
		if u["active_sessions"] != float64(2) || len(sessions) != 2 {
			t.Fatalf("sessions: %v", u)
		}
		if s := sessions[0].(map[string]any); s["ip"] == "" || s["id"] == "" {
			t.Fatalf("session: %v", s)
		}

		// No wallet yet: a null balance; then a credited wallet and its history.
		if w := e.Get("/api/v1/admin/users/"+kola.UserID+"/wallet", admin.AccessToken).Expect(http.StatusOK).Data(); w["balance"] != nil {
			t.Fatalf("unopened wallet: %v", w)
		}
		e.Post("/api/v1/wallet", kola.AccessToken, nil).Expect(http.StatusCreated)
		e.Do(testkit.Req{Method: "POST", Path: "/api/v1/admin/ledger/adjustments", Token: admin.AccessToken,
			Header: map[string]string{"Idempotency-Key": ids.New()},
			Body:   map[string]any{"user_id": kola.UserID, "amount": 4200, "reason": "Goodwill credit"}}).Expect(http.StatusCreated)
		if w := e.Get("/api/v1/admin/users/"+kola.UserID+"/wallet", admin.AccessToken).Expect(http.StatusOK).Data(); w["balance"] != float64(4200) {
			t.Fatalf("wallet: %v", w)
		}
		h := e.Get("/api/v1/admin/users/"+kola.UserID+"/transactions?limit=5", admin.AccessToken).Expect(http.StatusOK).Map()
		txns := h["data"].([]any)
		if len(txns) != 1 || txns[0].(map[string]any)["amount"] != float64(4200) {
			t.Fatalf("history: %v", h)
		}
		if n := len(e.Get("/api/v1/admin/users/"+ngozi.UserID+"/transactions", admin.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)); n != 0 {
			t.Fatalf("ngozi's history has %d rows", n)
		}
		for _, p := range []string{"/wallet", "/transactions"} {
			e.Get("/api/v1/admin/users/"+ids.New()+p, admin.AccessToken).Expect(http.StatusNotFound)
			e.Get("/api/v1/admin/users/not-an-id"+p, admin.AccessToken).Expect(http.StatusNotFound)
			e.Get("/api/v1/admin/users/"+kola.UserID+p, ngozi.AccessToken).Expect(http.StatusForbidden)
		}

		// Applications of one person only.
		e.Post("/api/v1/role-applications", kola.AccessToken, map[string]any{"role": "writer"}).Expect(http.StatusCreated)
		e.Post("/api/v1/role-applications", ngozi.AccessToken, map[string]any{"role": "vendor"}).Expect(http.StatusCreated)
		apps := e.Get("/api/v1/admin/role-applications?user_id="+kola.UserID, admin.AccessToken).Expect(http.StatusOK).Map()
		if list := apps["data"].([]any); len(list) != 1 || list[0].(map[string]any)["user_id"] != kola.UserID {
			t.Fatalf("kola's applications: %v", apps)
		}
		e.Get("/api/v1/admin/role-applications?user_id=x", admin.AccessToken).Expect(http.StatusUnprocessableEntity)

		// Audit entries about the person: the ledger adjustment made on their wallet.
		log := e.Get("/api/v1/admin/audit-log?person="+kola.UserID, admin.AccessToken).Expect(http.StatusOK).Map()
		if list := log["data"].([]any); len(list) != 1 || list[0].(map[string]any)["action"] != "ledger.adjust" {
			t.Fatalf("kola's audit: %v", log)
		}
	})
}
