package catalog_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"sojourn/api/internal/catalog"
	"sojourn/api/internal/testkit"
)

// The health score ranks: two products alike in every word, the one of the
// healthier store first; SetStoreHealth refuses a score out of range and an
// unknown store.
func TestIntegrationHealthRanking(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		admin := e.Admin("admin@example.com", "shopadmin")
		a, b := vendorSession(t, e, "healthya"), vendorSession(t, e, "healthyb")
		cat := category(t, e, admin, "Baskets", "")
		pa := published(t, e, a, admin, cat, "Woven market basket", "Palm leaf, woven by hand.", 900000, 5)
		pb := published(t, e, b, admin, cat, "Woven market basket", "Palm leaf, woven by hand.", 900000, 5)
		storeOf := func(s *testkit.Session) string {
			return e.Get("/api/v1/vendor/store", s.AccessToken).Expect(http.StatusOK).Data()["id"].(string)
		}
		sa, sb := storeOf(a), storeOf(b)
		rank := func() []string {
			ids, _ := searchIDs(t, e, url.Values{"q": {"woven basket"}})
			return ids
		}
		if err := e.App.Catalog.SetStoreHealth(ctx, e.DB, sa, 20, catalog.HealthDetails{WindowDays: 90}); err != nil {
			t.Fatal(err)
		}
		if ids := rank(); len(ids) != 2 || ids[0] != pb || ids[1] != pa {
			t.Fatalf("b healthier, first: %v (a %s, b %s)", ids, pa, pb)
		}
		if err := e.App.Catalog.SetStoreHealth(ctx, e.DB, sa, 100, catalog.HealthDetails{WindowDays: 90}); err != nil {
			t.Fatal(err)
		}
		if err := e.App.Catalog.SetStoreHealth(ctx, e.DB, sb, 10, catalog.HealthDetails{WindowDays: 90}); err != nil {
			t.Fatal(err)
		}
		if ids := rank(); len(ids) != 2 || ids[0] != pa {
			t.Fatalf("a healthier, first: %v", ids)
		}
		if err := e.App.Catalog.SetStoreHealth(ctx, e.DB, sa, 101, catalog.HealthDetails{}); err == nil {
			t.Fatal("score 101 accepted")
		}
		if err := e.App.Catalog.SetStoreHealth(ctx, e.DB, "nope", 50, catalog.HealthDetails{}); err == nil {
			t.Fatal("unknown store accepted")
		}
		st := e.Get("/api/v1/vendor/store", b.AccessToken).Expect(http.StatusOK).Data()
		if st["health_weight"].(float64) != 55 || st["health"].(map[string]any)["score"].(float64) != 10 {
			t.Fatalf("store b: %v", st)
		}
	})
}
