package seed_test

import (
	"testing"

	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

// checkDemoShopOrders: user@example.com's orders in every state but
// completed (the tests' clock cannot be pinned in the past, so those stay
// delivered until their release job), vendor@example.com's console has
// orders and clients, and the admins see every group.
func checkDemoShopOrders(t *testing.T, e *testkit.Env) {
	ip := e.IP
	e.IP = "203.0.113.71" // sign-ins of its own (the per-IP limit)
	defer func() { e.IP = ip }()
	u := e.Login("user@example.com", seed.DemoPassword)
	list := e.Get("/api/v1/shop/orders?limit=100", u.AccessToken).Expect(200).Map()["data"].([]any)
	states := map[string]int{}
	for _, o := range list {
		states[o.(map[string]any)["status"].(string)]++
	}
	for _, want := range []string{"paid", "processing", "shipped", "delivered", "cancelled", "refunded", "return_requested"} {
		if states[want] == 0 {
			t.Fatalf("user@example.com has no %s order: %v", want, states)
		}
	}
	v := e.Login("vendor@example.com", seed.DemoPassword)
	if n := len(e.Get("/api/v1/vendor/orders?limit=100", v.AccessToken).Expect(200).Map()["data"].([]any)); n < 5 {
		t.Fatalf("vendor@example.com has %d orders", n)
	}
	if n := len(e.Get("/api/v1/vendor/clients", v.AccessToken).Expect(200).Map()["data"].([]any)); n < 2 {
		t.Fatalf("vendor@example.com has %d clients", n)
	}
	e.Get("/api/v1/vendor/sales", v.AccessToken).Expect(200)
	a := e.Login("admin@example.com", seed.DemoPassword)
	if total := e.Get("/api/v1/admin/shop/orders", a.AccessToken).Expect(200).Map()["meta"].(map[string]any)["total"].(float64); total != float64(len(seed.ShopScenarios)) {
		t.Fatalf("admin sees %v order groups, want %d", total, len(seed.ShopScenarios))
	}
	e.VerifyLedger(t)
}
