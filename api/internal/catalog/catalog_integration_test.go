package catalog_test

import (
	"net/http"
	"strings"
	"testing"

	"sojourn/api/internal/testkit"
)

func TestIntegrationModerationAndOwnership(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "shopadmin")
		a := vendorSession(t, e, "amara")
		b := vendorSession(t, e, "bayo")
		shopper := e.Register("shopper@example.com", "shopper")
		bags := category(t, e, admin, "Luggage", "")
		carry := category(t, e, admin, "Carry-on bags", bags)

		// A vendor without a store cannot add products; a shopper is refused by the policy.
		c := e.Register("nostore@example.com", "nostore")
		e.GrantRole(c.UserID, "vendor")
		e.Post("/api/v1/vendor/products", c.AccessToken, map[string]any{"title": "Weekender", "category_id": carry,
			"variants": []map[string]any{{"price": 1000, "stock": 1}}}).Expect(http.StatusConflict)
		e.Get("/api/v1/vendor/products", shopper.AccessToken).Expect(http.StatusForbidden)

		// First product: reviewed.
		id := product(t, e, a, carry, "Canvas weekender bag", "Waxed canvas with <script>alert(1)</script>leather handles.", 4500000, 4)
		p := e.Get("/api/v1/vendor/products/"+id, a.AccessToken).Expect(http.StatusOK).Data()
		must(t, p["status"] == "draft" && !strings.Contains(p["description_html"].(string), "script") &&
			strings.Contains(p["description_text"].(string), "leather handles"), "draft: %v", p)
		e.Get("/api/v1/shop/products/"+id, "").Expect(http.StatusNotFound)
		p = e.Post("/api/v1/vendor/products/"+id+"/submit", a.AccessToken, nil).Expect(http.StatusOK).Data()
		must(t, p["status"] == "pending_review", "submitted: %v", p["status"])
		e.Post("/api/v1/vendor/products/"+id+"/submit", a.AccessToken, nil).Expect(http.StatusConflict)
		q := e.Get("/api/v1/admin/shop/products?status=pending_review", admin.AccessToken).Expect(http.StatusOK).Map()
		must(t, len(q["data"].([]any)) == 1, "queue: %v", q)
		e.Post("/api/v1/admin/shop/products/"+id+"/approve", admin.AccessToken, nil).Expect(http.StatusOK)
		pub := e.Get("/api/v1/shop/products/"+id, "").Expect(http.StatusOK).Data()
		must(t, pub["status"] == "published" && pub["in_stock"] == true, "public: %v", pub)
		v0 := pub["variants"].([]any)[0].(map[string]any)
		must(t, v0["available"] == float64(4) && v0["stock"] == nil, "public variant shows stock: %v", v0)

		// Trusted now: the next product publishes on submit.
		id2 := product(t, e, a, carry, "Packing cubes, set of four", "Ripstop nylon cubes.", 1200000, 10)
		p = e.Post("/api/v1/vendor/products/"+id2+"/submit", a.AccessToken, nil).Expect(http.StatusOK).Data()
		must(t, p["status"] == "published", "trusted submit: %v", p["status"])

		// review_all: an edit sends a published product back; reject with a reason.
		var storeID string
		storeID = e.Get("/api/v1/vendor/store", a.AccessToken).Expect(http.StatusOK).Data()["id"].(string)
		e.Patch("/api/v1/admin/shop/stores/"+storeID, admin.AccessToken, map[string]any{"review_all": true}).Expect(http.StatusOK)
		p = e.Patch("/api/v1/vendor/products/"+id2, a.AccessToken, map[string]any{"title": "Packing cubes, set of five"}).
			Expect(http.StatusOK).Data()
		must(t, p["status"] == "pending_review", "edit under review_all: %v", p["status"])
		e.Post("/api/v1/admin/shop/products/"+id2+"/reject", admin.AccessToken, map[string]any{"reason": ""}).
			Expect(http.StatusUnprocessableEntity)
		p = e.Post("/api/v1/admin/shop/products/"+id2+"/reject", admin.AccessToken,
			map[string]any{"reason": "Show the cubes open in a photo"}).Expect(http.StatusOK).Data()
		must(t, p["status"] == "rejected" && p["rejection_reason"] == "Show the cubes open in a photo", "rejected: %v", p)
		e.Post("/api/v1/admin/shop/products/"+id2+"/approve", admin.AccessToken, nil).Expect(http.StatusConflict)

		// Suspension hides the store's products.
		e.Patch("/api/v1/admin/shop/stores/"+storeID, admin.AccessToken, map[string]any{"suspended": true}).
			Expect(http.StatusUnprocessableEntity)
		e.Patch("/api/v1/admin/shop/stores/"+storeID, admin.AccessToken, map[string]any{"suspended": true,
			"reason": "Counterfeit report under review"}).Expect(http.StatusOK)
		e.Get("/api/v1/shop/products/"+id, "").Expect(http.StatusNotFound)
		// ... from the search and its counts too (its products' copy of the flag follows the store).
		listed := func() (int, float64) {
			page := e.Get("/api/v1/shop/products?store="+storeID, "").Expect(http.StatusOK).Map()
			facets := e.Get("/api/v1/shop/products/facets?store="+storeID, "").Expect(http.StatusOK).Data()
			return len(page["data"].([]any)), facets["total"].(float64)
		}
		n, total := listed()
		must(t, n == 0 && total == 0, "a suspended store's products searched: %d, counted: %v", n, total)
		e.Patch("/api/v1/admin/shop/stores/"+storeID, admin.AccessToken, map[string]any{"suspended": false}).Expect(http.StatusOK)
		e.Get("/api/v1/shop/products/"+id, "").Expect(http.StatusOK)
		n, total = listed()
		must(t, n > 0 && total == float64(n), "a reinstated store's products searched: %d, counted: %v", n, total)

		// Another vendor sees none of it: 404 everywhere.
		for _, path := range []string{"/api/v1/vendor/products/" + id} {
			e.Get(path, b.AccessToken).Expect(http.StatusNotFound)
			e.Patch(path, b.AccessToken, map[string]any{"title": "Mine now"}).Expect(http.StatusNotFound)
		}
		e.Post("/api/v1/vendor/products/"+id+"/submit", b.AccessToken, nil).Expect(http.StatusNotFound)
		e.Post("/api/v1/vendor/products/"+id+"/archive", b.AccessToken, nil).Expect(http.StatusNotFound)
		e.Upload("/api/v1/vendor/products/"+id+"/photos", b.AccessToken, "file", "x.png", pngBytes(40, 30)).
			Expect(http.StatusNotFound)
		e.Get("/api/v1/vendor/products/"+id+"/certificate", b.AccessToken).Expect(http.StatusNotFound)
		bulk := e.Post("/api/v1/vendor/products/bulk", b.AccessToken, map[string]any{"ids": []string{id}, "action": "archive"}).
			Expect(http.StatusOK).Data()
		must(t, len(bulk["updated"].([]any)) == 0 && len(bulk["failed"].([]any)) == 1, "bulk on another's: %v", bulk)
		list := e.Get("/api/v1/vendor/products", b.AccessToken).Expect(http.StatusOK).Map()
		must(t, len(list["data"].([]any)) == 0, "b lists a's products: %v", list)

		// Bad input: 4xx, never 500.
		for _, body := range []map[string]any{
			{"title": "x", "category_id": carry, "variants": []map[string]any{{"price": 1000, "stock": 1}}},
			{"title": "Valid title", "category_id": "nope", "variants": []map[string]any{{"price": 1000, "stock": 1}}},
			{"title": "Valid title", "category_id": carry, "variants": []map[string]any{{"price": -1, "stock": 1}}},
			{"title": "Valid title", "category_id": carry, "variants": []map[string]any{{"price": 1000, "stock": 1}, {"price": 1, "stock": 1}}},
			{"title": "Valid title", "category_id": carry, "variants": []map[string]any{{"price": 1000, "compare_at": 500, "stock": 1}}},
			{"title": "Valid title", "category_id": carry, "options": []map[string]any{{"name": "Size", "values": []string{"S"}}},
				"variants": []map[string]any{{"price": 1000, "stock": 1, "options": map[string]string{"Size": "XL"}}}},
			{"title": "Bad\u0001title", "category_id": carry, "variants": []map[string]any{{"price": 1000, "stock": 1}}},
		} {
			e.Post("/api/v1/vendor/products", a.AccessToken, body).Expect(http.StatusUnprocessableEntity)
		}
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/vendor/products", Token: a.AccessToken, Body: []byte(`{"title": `),
			RawType: "application/json"}).Expect(http.StatusBadRequest)
		e.Get("/api/v1/shop/products?min_price=abc", "").Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/shop/products?sort=cheapest", "").Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/shop/products?cursor=garbage", "").Expect(http.StatusUnprocessableEntity)
		e.Upload("/api/v1/vendor/products/"+id+"/photos", a.AccessToken, "file", "x.txt", []byte("not an image")).
			Expect(http.StatusUnprocessableEntity)

		// Variants with options; photos in three sizes; low stock.
		v := e.Post("/api/v1/vendor/products", a.AccessToken, map[string]any{
			"title": "Merino travel tee", "category_id": carry, "options": []map[string]any{
				{"name": "Colour", "values": []string{"Indigo", "Sand"}}, {"name": "Size", "values": []string{"M", "L"}}},
			"variants": []map[string]any{
				{"sku": "TEE-IND-M", "price": 1800000, "stock": 2, "options": map[string]string{"Colour": "Indigo", "Size": "M"}},
				{"sku": "TEE-SND-L", "price": 1900000, "compare_at": 2400000, "stock": 30, "options": map[string]string{"Colour": "Sand", "Size": "L"}},
			}}).Expect(http.StatusCreated).Data()
		vs := v["variants"].([]any)
		must(t, vs[0].(map[string]any)["title"] == "Indigo / M" && v["price"].(map[string]any)["amount"] == float64(1800000) &&
			v["max_price"].(map[string]any)["amount"] == float64(1900000), "variants: %v", v)
		ph := e.Upload("/api/v1/vendor/products/"+v["id"].(string)+"/photos", a.AccessToken, "file", "tee.png", pngBytes(900, 600)).
			Expect(http.StatusCreated).Data()
		photos := ph["photos"].([]any)
		p0 := photos[0].(map[string]any)
		must(t, len(photos) == 1 && ph["cover_url"] == p0["url"] && ph["thumb_url"] == p0["thumb_url"] &&
			p0["width"] == float64(800), "photo: %v", ph)
		// A second photo, then the order swapped: the second becomes the cover. The order must name every photo once,
		// and only the product's vendor may set it.
		ph2 := e.Upload("/api/v1/vendor/products/"+v["id"].(string)+"/photos", a.AccessToken, "file", "tee2.png", pngBytes(600, 600)).
			Expect(http.StatusCreated).Data()
		p1 := ph2["photos"].([]any)[1].(map[string]any)
		order := "/api/v1/vendor/products/" + v["id"].(string) + "/photos/order"
		put := func(tok string, body map[string]any) *testkit.Resp {
			return e.Do(testkit.Req{Method: http.MethodPut, Path: order, Token: tok, Body: body})
		}
		put(a.AccessToken, map[string]any{"photo_ids": []string{p1["id"].(string)}}).Expect(http.StatusUnprocessableEntity)
		put(a.AccessToken, map[string]any{"photo_ids": []string{p1["id"].(string), p1["id"].(string)}}).Expect(http.StatusUnprocessableEntity)
		put(b.AccessToken, map[string]any{"photo_ids": []string{p1["id"].(string), p0["id"].(string)}}).Expect(http.StatusNotFound)
		re := put(a.AccessToken, map[string]any{"photo_ids": []string{p1["id"].(string), p0["id"].(string)}}).Expect(http.StatusOK).Data()
		rp := re["photos"].([]any)
		must(t, rp[0].(map[string]any)["id"] == p1["id"] && re["cover_url"] == p1["url"], "reordered: %v", re)
		e.Do(testkit.Req{Method: http.MethodDelete, Path: "/api/v1/vendor/products/" + v["id"].(string) + "/photos/" + p1["id"].(string),
			Token: a.AccessToken}).Expect(http.StatusOK)
		low := e.Get("/api/v1/vendor/products/low-stock?threshold=3", a.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		must(t, len(low) == 1 && low[0].(map[string]any)["sku"] == "TEE-IND-M", "low stock: %v", low)
		e.Do(testkit.Req{Method: http.MethodDelete, Path: "/api/v1/vendor/products/" + v["id"].(string) + "/photos/" + p0["id"].(string),
			Token: a.AccessToken}).Expect(http.StatusOK)

		// Luxury: certificate -> admin reads (octet-stream) -> verify -> badge.
		lux := e.Post("/api/v1/vendor/products", a.AccessToken, map[string]any{"title": "Gold filigree cufflinks",
			"category_id": carry, "luxury": true, "variants": []map[string]any{{"price": 95000000, "stock": 1}}}).
			Expect(http.StatusCreated).Data()["id"].(string)
		e.Upload("/api/v1/vendor/products/"+id+"/certificate", a.AccessToken, "file", "c.png", pngBytes(60, 80)).
			Expect(http.StatusConflict)
		cert := e.Upload("/api/v1/vendor/products/"+lux+"/certificate", a.AccessToken, "file", "c.png", pngBytes(600, 800)).
			Expect(http.StatusCreated).Data()
		must(t, cert["status"] == "pending", "certificate: %v", cert)
		f := e.Get("/api/v1/admin/shop/products/"+lux+"/certificate", admin.AccessToken).Expect(http.StatusOK)
		must(t, f.Header.Get("Content-Type") == "application/octet-stream" && f.Header.Get("Cache-Control") == "private, no-store" &&
			len(f.Body) > 100, "certificate file: %v", f.Header)
		e.Get("/api/v1/shop/products/"+lux+"/certificate", "").Expect(http.StatusNotFound)
		lp := e.Post("/api/v1/admin/shop/products/"+lux+"/certificate/verify", admin.AccessToken, nil).Expect(http.StatusOK).Data()
		must(t, lp["luxury"] == true && lp["certificate"].(map[string]any)["status"] == "verified", "verified: %v", lp)
		e.Post("/api/v1/admin/shop/products/"+lux+"/certificate/verify", admin.AccessToken, nil).Expect(http.StatusConflict)
		e.Patch("/api/v1/admin/shop/stores/"+storeID, admin.AccessToken, map[string]any{"review_all": false}).Expect(http.StatusOK)
		e.Post("/api/v1/vendor/products/"+lux+"/submit", a.AccessToken, nil).Expect(http.StatusOK)
		ids, _ := searchIDs(t, e, map[string][]string{"luxury": {"true"}})
		must(t, len(ids) == 1 && ids[0] == lux, "luxury filter: %v", ids)

		// An admin adds a product to a store: published at once, owned by the store's vendor.
		ap := e.Post("/api/v1/admin/shop/products", admin.AccessToken, map[string]any{"store_id": storeID,
			"title": "Linen sleep sack", "category_id": carry, "variants": []map[string]any{{"price": 2100000, "stock": 6}}}).
			Expect(http.StatusCreated).Data()
		must(t, ap["status"] == "published", "admin product: %v", ap["status"])
		e.Upload("/api/v1/admin/shop/products/"+ap["id"].(string)+"/photos", admin.AccessToken, "file", "s.png", pngBytes(300, 200)).
			Expect(http.StatusCreated)
		e.Get("/api/v1/vendor/products/"+ap["id"].(string), a.AccessToken).Expect(http.StatusOK)
		e.Post("/api/v1/admin/shop/products", admin.AccessToken, map[string]any{"store_id": "nope", "title": "Linen sleep sack",
			"category_id": carry, "variants": []map[string]any{{"price": 2100000, "stock": 6}}}).Expect(http.StatusUnprocessableEntity)

		// Categories: a category in use cannot go; a move never goes under itself.
		e.Do(testkit.Req{Method: http.MethodDelete, Path: "/api/v1/admin/shop/categories/" + carry, Token: admin.AccessToken}).
			Expect(http.StatusConflict)
		e.Patch("/api/v1/admin/shop/categories/"+bags, admin.AccessToken, map[string]any{"parent_id": carry}).
			Expect(http.StatusUnprocessableEntity)
		empty := category(t, e, admin, "Umbrellas", "")
		e.Do(testkit.Req{Method: http.MethodDelete, Path: "/api/v1/admin/shop/categories/" + empty, Token: admin.AccessToken}).
			Expect(http.StatusNoContent)
		tree := e.Get("/api/v1/shop/categories", "").Expect(http.StatusOK).Map()["data"].([]any)
		must(t, len(tree) == 1 && tree[0].(map[string]any)["product_count"] == float64(3), "tree: %v", tree)
	})
}
