package seed_test

import (
	"context"
	"net/http"
	"testing"

	"sojourn/api/internal/catalog"
	"sojourn/api/internal/testkit"
)

// checkDemoShop: twelve stores with 300+ products across the category tree,
// variants with stock (some low, some out), photos, verified luxury items
// with certificates, and a few products waiting for an admin.
func checkDemoShop(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	c := e.App.Catalog
	all, err := c.Search(ctx, catalog.SearchQuery{Limit: 1})
	if err != nil || len(all.Data) != 1 {
		t.Fatalf("search: %v", err)
	}
	f, err := c.Facets(ctx, catalog.SearchQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if f.Total < 300 || len(f.Stores) != 12 || f.Luxury < 20 || f.InStock == f.Total || len(f.Categories) < 20 {
		t.Errorf("facets: total %d, stores %d, luxury %d, in stock %d, categories %d", f.Total, len(f.Stores), f.Luxury,
			f.InStock, len(f.Categories))
	}
	if all.Data[0].CoverURL == "" || all.Data[0].ThumbURL == "" {
		t.Errorf("no photo: %+v", all.Data[0])
	}
	pending, n, err := c.AdminProducts(ctx, catalog.StatusPendingReview, "", "", pageOne)
	if err != nil || n < 3 || len(pending) != n {
		t.Errorf("pending review: %d %v", n, err)
	}
	certs, n, err := c.AdminProducts(ctx, "", catalog.CertPending, "", pageOne)
	if err != nil || n != 2 || len(certs) != 2 {
		t.Errorf("certificates to verify: %d %v", n, err)
	}
	hits, err := c.Search(ctx, catalog.SearchQuery{Q: "suitcase", Limit: 50})
	if err != nil || len(hits.Data) < 10 {
		t.Errorf("search suitcase: %d %v", len(hits.Data), err)
	}
	v, err := e.App.Accounts.FindByHandle(ctx, "vendor@example.com")
	if err != nil {
		t.Fatal(err)
	}
	st, err := c.MyStore(ctx, v.ID)
	if err != nil || st.Name != "Kente & Clay" || st.LogoURL == "" || st.ProductCount < 25 {
		t.Errorf("vendor@example.com's store: %+v %v", st, err)
	}
	if low, err := c.LowStock(ctx, v.ID, 5); err != nil || len(low) == 0 {
		t.Errorf("vendor@example.com has no low stock to show: %v", err)
	}
	for _, p := range []catalog.ProductCard{all.Data[0]} {
		full := e.Get("/api/v1/shop/products/"+p.ID, "").Expect(http.StatusOK).Data()
		if len(full["variants"].([]any)) < 1 || len(full["photos"].([]any)) < 1 || len(full["category_path"].([]any)) < 1 {
			t.Errorf("product page: %v", full)
		}
	}
}
