package seed_test

import (
	"testing"

	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

// The admin portal's screens have demo data: an inbox with one message
// handled, a pending application, and audit entries naming people and money.
func checkAdminDemoData(t *testing.T, e *testkit.Env) {
	admin := e.Login("admin@example.com", seed.DemoPassword)
	inbox := e.Get("/api/v1/admin/contact-messages", admin.AccessToken).Expect(200).Map()["data"].([]any)
	open := e.Get("/api/v1/admin/contact-messages?state=open", admin.AccessToken).Expect(200).Map()["data"].([]any)
	if len(inbox) != len(seed.ContactMessages) || len(open) != len(seed.ContactMessages)-1 {
		t.Fatalf("inbox %d, open %d", len(inbox), len(open))
	}
	apps := e.Get("/api/v1/admin/role-applications?status=pending", admin.AccessToken).Expect(200).Map()
	if apps["meta"].(map[string]any)["total"] != float64(1) {
		t.Fatalf("pending applications: %v", apps)
	}
	log := e.Get("/api/v1/admin/audit-log", admin.AccessToken).Expect(200).Map()["data"].([]any)
	actions := map[string]bool{}
	for _, x := range log {
		actions[x.(map[string]any)["action"].(string)] = true
	}
	for _, a := range []string{"ledger.adjust", "user.suspend", "user.reinstate"} {
		if !actions[a] {
			t.Errorf("no %s in the demo audit log: %v", a, actions)
		}
	}
	sum := e.Get("/api/v1/admin/money/summary", admin.AccessToken).Expect(200).Data()
	month := sum["month"].(map[string]any)["gift_card_sales"].(map[string]any)
	// Sold: Amara's card for Chidi and the two demo gifts for Amara; owed: all but the one she redeemed.
	if sum["currency"] != "NGN" || month["amount"] != float64(5500000) || sum["gift_card_liability"] != float64(3000000) {
		t.Fatalf("summary: %v", sum)
	}
}
