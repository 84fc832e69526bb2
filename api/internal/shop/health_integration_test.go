package shop_test

import (
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

// The vendor health chore (run through App.Sweep): late shipments and the
// vendor's cancellations lower the score, which the vendor and admins see
// with its factors, and which sets the store's search-ranking weight.
func TestIntegrationVendorHealth(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		a, b := newSeller(t, e, "healtha"), newSeller(t, e, "healthb")
		va := a.product(t, e, "Woven basket", 20, 500_000)
		vb := b.product(t, e, "Clay pot", 20, 500_000)
		admin := e.Admin("healthadmin@example.com", "healthadmin")
		u, addr := shopper(t, e, "healthbuyer", 100_000_000)
		buy := func(variant, storeID string) string {
			addToCart(t, e, u, variant, 1)
			ship := map[string]string{storeID: "standard"}
			g := checkout(e, u, addr, "wallet", quoteTotal(t, e, u, addr, ship), ship).Expect(http.StatusCreated).Data()["group"].(map[string]any)
			return g["orders"].([]any)[0].(map[string]any)["id"].(string)
		}
		// Before any order: no score.
		if h := e.Get("/api/v1/vendor/store", a.AccessToken).Expect(http.StatusOK).Data()["health"]; h != nil {
			t.Fatalf("health before the chore: %v", h)
		}
		onTime, cancelled, late := buy(va, a.storeID), buy(va, a.storeID), buy(va, a.storeID)
		e.Post("/api/v1/vendor/orders/"+onTime+"/ship", a.AccessToken, map[string]any{"carrier": "GIG", "tracking_number": "GIG-1"}).
			Expect(http.StatusOK)
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/vendor/orders/" + cancelled + "/cancel", Token: a.AccessToken,
			Header: map[string]string{"Idempotency-Key": ids.New()}, Body: map[string]any{"reason": "Out of stock after all"}}).
			Expect(http.StatusOK)
		// Standard promises at most 5 days: shipped on the sixth is late.
		e.Clock.Advance(6 * 24 * time.Hour)
		relogin(e, a.Session, b.Session, admin, u)
		fine := buy(vb, b.storeID)
		e.Post("/api/v1/vendor/orders/"+late+"/ship", a.AccessToken, map[string]any{"carrier": "GIG", "tracking_number": "GIG-2"}).
			Expect(http.StatusOK)
		e.Post("/api/v1/vendor/orders/"+fine+"/ship", b.AccessToken, map[string]any{"carrier": "DHL", "tracking_number": "DHL-1"}).
			Expect(http.StatusOK)
		if err := e.App.Sweep(ctx); err != nil {
			t.Fatal(err)
		}

		type factor struct {
			Key       string
			Count, Of int
			Score     int
			Advice    string
		}
		type health struct {
			Score   int
			Orders  int
			Factors []factor
		}
		var sa struct {
			Data struct {
				HealthWeight int     `json:"health_weight"`
				Health       *health `json:"health"`
			}
		}
		e.Get("/api/v1/vendor/store", a.AccessToken).Expect(http.StatusOK).JSON(&sa)
		h := sa.Data.Health
		if h == nil || h.Orders != 3 || len(h.Factors) != 4 {
			t.Fatalf("store a health: %+v", h)
		}
		got := map[string]factor{}
		for _, f := range h.Factors {
			got[f.Key] = f
		}
		// 1 late of 3 (33 % >= the 20 % limit: 0), 1 cancelled of 3 (33 % >= 10 %: 0), no returns (100 x 20 %), no
		// reviews to answer (100 x 15 %).
		if got["late_shipments"].Count != 1 || got["late_shipments"].Score != 0 || got["late_shipments"].Advice == "" ||
			got["vendor_cancellations"].Count != 1 || got["returns"].Count != 0 || got["returns"].Advice != "" || got["slow_review_replies"].Of != 0 || h.Score != 35 {
			t.Fatalf("store a factors: %+v", h)
		}
		if sa.Data.HealthWeight != 50+35/2 {
			t.Fatalf("weight %d", sa.Data.HealthWeight)
		}
		var sb struct {
			Data struct {
				HealthWeight int     `json:"health_weight"`
				Health       *health `json:"health"`
			}
		}
		e.Get("/api/v1/vendor/store", b.AccessToken).Expect(http.StatusOK).JSON(&sb)
		if sb.Data.Health == nil || sb.Data.Health.Score != 100 || sb.Data.HealthWeight != 100 {
			t.Fatalf("store b: %+v %d", sb.Data.Health, sb.Data.HealthWeight)
		}
		// Admins see it in the stores list.
		rows := e.Get("/api/v1/admin/shop/stores?q=healtha", admin.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(rows) != 1 || rows[0].(map[string]any)["health"].(map[string]any)["score"].(float64) != 35 {
			t.Fatalf("admin stores: %v", rows)
		}
		// One store, and the vendor's figures, for admins only.
		one := e.Get("/api/v1/admin/shop/stores/"+a.storeID, admin.AccessToken).Expect(http.StatusOK).Data()
		if one["health"].(map[string]any)["score"].(float64) != 35 || one["user_id"] != a.UserID {
			t.Fatalf("admin store: %v", one)
		}
		e.Get("/api/v1/admin/shop/stores/nope", admin.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/admin/shop/stores/"+a.storeID, a.AccessToken).Expect(http.StatusForbidden)
		fig := e.Get("/api/v1/admin/shop/vendors/"+a.UserID+"/figures", admin.AccessToken).Expect(http.StatusOK).Data()
		if num(fig["orders"]) != 3 || num(fig["cancelled"]) != 1 || num(fig["completed"]) != 0 || amount(fig["paid_out"]) != 0 ||
			fig["sales"] == nil {
			t.Fatalf("figures: %v", fig)
		}
		e.Get("/api/v1/admin/shop/vendors/"+a.UserID+"/figures", a.AccessToken).Expect(http.StatusForbidden)
		// Saving the storefront keeps the score.
		e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/vendor/store", Token: a.AccessToken, Body: map[string]any{
			"name": "Store of healtha", "return_days": 7,
			"shipping": []map[string]any{{"code": "standard", "label": "Standard", "fee": 150000, "min_days": 2, "max_days": 5}},
		}}).Expect(http.StatusOK)
		if d := e.Get("/api/v1/vendor/store", a.AccessToken).Expect(http.StatusOK).Data(); d["health"] == nil || d["health_weight"].(float64) != 50+35/2 {
			t.Fatalf("after save: %v", d)
		}
	})
}
