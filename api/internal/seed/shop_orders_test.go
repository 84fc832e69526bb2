package seed

import (
	"context"
	"testing"

	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

// The shop's demo orders on a small catalogue written straight into its
// tables (the catalogue's own demo is tested by its seed): every scenario
// is placed, each seller order reaches its state, the ledger stays clean,
// and a second run adds nothing.
func TestDemoShopOrdersOnASmallCatalogue(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		people := map[string]string{}
		for _, p := range People {
			id, _, err := ensureUser(ctx, e.App, p)
			if err != nil {
				t.Fatal(err)
			}
			people[p.Email] = id
		}
		second := e.Register("second-vendor@example.com", "secondvendor")
		now := e.Clock.Now()
		for n, vendor := range []string{people["vendor@example.com"], second.UserID} {
			store, cat := ids.New(), ids.New()
			exec(t, e, `INSERT INTO shop_stores (id, user_id, name, slug, return_days, shipping, created_at, updated_at)
				VALUES (?, ?, ?, ?, 14, ?, ?, ?)`, store, vendor, "Store "+store, "store-"+store,
				`[{"code":"standard","label":"Standard","fee":150000,"min_days":2,"max_days":5}]`, now, now)
			exec(t, e, `INSERT INTO shop_categories (id, name, slug, path, depth, created_at, updated_at)
				VALUES (?, ?, ?, ?, 0, ?, ?)`, cat, "Cat "+cat, "cat-"+cat, cat+"/", now, now)
			for i := 0; i < 4; i++ {
				product, variant := ids.New(), ids.New()
				exec(t, e, `INSERT INTO shop_products (id, store_id, vendor_id, category_id, category_path, title, status,
					min_price, max_price, currency, published_at, created_at, updated_at)
					VALUES (?, ?, ?, ?, ?, ?, 'published', 450000, 450000, 'NGN', ?, ?, ?)`,
					product, store, vendor, cat, cat+"/", testkit.Fmt("Handwoven basket %d-%d", n, i), now, now, now)
				exec(t, e, `INSERT INTO shop_variants (id, product_id, store_id, title, sku, price, currency, stock,
					weight_grams, created_at, updated_at) VALUES (?, ?, ?, '', ?, 450000, 'NGN', 40, 300, ?, ?)`,
					variant, product, store, testkit.Fmt("BSK-%d-%d", n, i), now, now)
			}
		}
		out, err := demoShopOrders(ctx, e.App, people)
		if err != nil {
			t.Fatal(err)
		}
		t.Log(out)
		s := e.Login("user@example.com", DemoPassword)
		list := e.Get("/api/v1/shop/orders?limit=100", s.AccessToken).Expect(200).Map()["data"].([]any)
		states := map[string]int{}
		for _, o := range list {
			states[o.(map[string]any)["status"].(string)]++
		}
		// The fake clock cannot be pinned in the past, so "completed" orders stay delivered here.
		for _, want := range []string{"paid", "processing", "shipped", "delivered", "cancelled", "refunded", "return_requested"} {
			if states[want] == 0 {
				t.Fatalf("no %s order: %v", want, states)
			}
		}
		v := e.Login("vendor@example.com", DemoPassword)
		if n := len(e.Get("/api/v1/vendor/clients", v.AccessToken).Expect(200).Map()["data"].([]any)); n < 2 {
			t.Fatalf("vendor clients: %d", n)
		}
		// The health scores from those orders (as the seed computes them), and the set-up marked done.
		if n, err := e.App.Shop.ComputeHealth(ctx); err != nil || n != 2 {
			t.Fatalf("health: %d %v", n, err)
		}
		if st := e.Get("/api/v1/vendor/store", v.AccessToken).Expect(200).Data(); st["health"] == nil {
			t.Fatalf("no health: %v", st)
		}
		if err := e.App.Onboarding.MarkSubmitted(ctx, people["vendor@example.com"], "vendor_store"); err != nil {
			t.Fatal(err)
		}
		if p := e.Get("/api/v1/onboarding/vendor_store", v.AccessToken).Expect(200).Data(); p["submitted_at"] == nil {
			t.Fatalf("onboarding: %v", p)
		}
		e.VerifyLedger(t)
		if again, err := demoShopOrders(ctx, e.App, people); err != nil || again != "demo shop orders: already there\n" {
			t.Fatalf("second run: %q %v", again, err)
		}
		// Product reviews on the delivered lines (one of the demo user's left to write) and a wishlist.
		rep, err := demoShopReviews(ctx, e.App, people)
		if err != nil {
			t.Fatal(err)
		}
		t.Log(rep)
		if n := len(e.Get("/api/v1/shop/reviews/pending", s.AccessToken).Expect(200).Map()["data"].([]any)); n != 1 {
			t.Fatalf("lines left to review: %d", n)
		}
		if n := len(e.Get("/api/v1/vendor/reviews", v.AccessToken).Expect(200).Map()["data"].([]any)); n == 0 {
			t.Fatal("the demo vendor has no published reviews")
		}
		wl := e.Get("/api/v1/shop/wishlists", s.AccessToken).Expect(200).Map()["data"].([]any)
		if len(wl) != 2 || len(wl[0].(map[string]any)["items"].([]any)) == 0 {
			t.Fatalf("wishlists: %v", wl)
		}
		if again, err := demoShopReviews(ctx, e.App, people); err != nil || again != "demo product reviews: already there\n" {
			t.Fatalf("second run: %q %v", again, err)
		}
	})
}

func exec(t *testing.T, e *testkit.Env, q string, args ...any) {
	t.Helper()
	if _, err := e.DB.NewRaw(q, args...).Exec(context.Background()); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}
