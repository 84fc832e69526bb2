package wishlists_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

var ctx = context.Background()

func mustExec(t *testing.T, e *testkit.Env, q string, args ...any) {
	t.Helper()
	if _, err := e.DB.NewRaw(q, args...).Exec(ctx); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// product writes a store, a published product and one variant; it answers
// the product and variant ids.
func product(t *testing.T, e *testkit.Env, vendorID, title string, price int64, stock int) (string, string) {
	t.Helper()
	now := e.Clock.Now()
	storeID, catID, productID, variantID := ids.New(), ids.New(), ids.New(), ids.New()
	mustExec(t, e, `INSERT INTO shop_stores (id, user_id, name, slug, return_days, shipping, created_at, updated_at)
		VALUES (?, ?, ?, ?, 7, '[]', ?, ?)`, storeID, vendorID, "Store "+title, "s-"+storeID, now, now)
	mustExec(t, e, `INSERT INTO shop_categories (id, name, slug, path, depth, created_at, updated_at)
		VALUES (?, ?, ?, ?, 0, ?, ?)`, catID, "Cat "+title, "c-"+catID, catID+"/", now, now)
	mustExec(t, e, `INSERT INTO shop_products (id, store_id, vendor_id, category_id, category_path, title, status,
		min_price, max_price, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'published', ?, ?, 'NGN', ?, ?)`,
		productID, storeID, vendorID, catID, catID+"/", title, price, price, now, now)
	mustExec(t, e, `INSERT INTO shop_variants (id, product_id, store_id, title, sku, price, currency, stock,
		weight_grams, created_at, updated_at) VALUES (?, ?, ?, '', ?, ?, 'NGN', ?, 500, ?, ?)`,
		variantID, productID, storeID, "SKU-"+variantID[len(variantID)-8:], price, stock, now, now)
	return productID, variantID
}

func mails(t *testing.T, e *testkit.Env, to string) int {
	t.Helper()
	ms, err := e.App.Outbox.List(ctx, to, 50)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range ms {
		if strings.HasPrefix(m.Subject, "Price drop") || strings.HasPrefix(m.Subject, "Back in stock") {
			n++
		}
	}
	return n
}

func TestIntegrationWishlists(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		vendor := e.Register("maker@example.com", "maker")
		e.GrantRole(vendor.UserID, "vendor")
		pa, va := product(t, e, vendor.UserID, "Linen travel pillow", 900_000, 5)
		vendor2 := e.Register("potter@example.com", "potter")
		e.GrantRole(vendor2.UserID, "vendor")
		pb, vb := product(t, e, vendor2.UserID, "Copper water bottle", 1_200_000, 0)
		u := e.Register("ada@example.com", "ada")
		other := e.Register("bola@example.com", "bola")

		ls := e.Get("/api/v1/shop/wishlists", u.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(ls) != 1 || ls[0].(map[string]any)["name"] != "Saved" {
			t.Fatalf("default list: %v", ls)
		}
		saved := ls[0].(map[string]any)["id"].(string)
		// Another user's list is 404; bad input 422; an unknown product 404.
		e.Post("/api/v1/shop/wishlists/"+saved+"/items", other.AccessToken, map[string]any{"product_id": pa}).
			Expect(http.StatusNotFound)
		e.Post("/api/v1/shop/wishlists/"+saved+"/items", u.AccessToken, map[string]any{"product_id": ""}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/shop/wishlists/"+saved+"/items", u.AccessToken, map[string]any{"product_id": ids.New()}).
			Expect(http.StatusNotFound)
		e.Post("/api/v1/shop/wishlists/"+saved+"/items", u.AccessToken, map[string]any{"product_id": pa, "variant_id": vb}).
			Expect(http.StatusNotFound)

		l := e.Post("/api/v1/shop/wishlists/"+saved+"/items", u.AccessToken, map[string]any{"product_id": pa,
			"alert_price": true}).Expect(http.StatusCreated).Data()
		it := l["items"].([]any)[0].(map[string]any)
		if it["variant_id"] != va || it["saved_price"].(map[string]any)["amount"].(float64) != 900_000 {
			t.Fatalf("item: %v", it)
		}
		itemA := it["id"].(string)
		e.Post("/api/v1/shop/wishlists/"+saved+"/items", u.AccessToken, map[string]any{"product_id": pa}).
			Expect(http.StatusConflict)

		gifts := e.Post("/api/v1/shop/wishlists", u.AccessToken, map[string]any{"name": "Gifts for Mum"}).
			Expect(http.StatusCreated).Data()
		gid := gifts["id"].(string)
		e.Post("/api/v1/shop/wishlists", u.AccessToken, map[string]any{"name": ""}).Expect(http.StatusUnprocessableEntity)
		l = e.Post("/api/v1/shop/wishlists/"+gid+"/items", u.AccessToken, map[string]any{"product_id": pb,
			"alert_stock": true}).Expect(http.StatusCreated).Data()
		if l["items"].([]any)[0].(map[string]any)["available"].(float64) != 0 {
			t.Fatalf("out of stock item: %v", l)
		}

		// Sharing: a token, public read, withdrawn.
		sh := e.Patch("/api/v1/shop/wishlists/"+gid, u.AccessToken, map[string]any{"shared": true}).Expect(http.StatusOK).Data()
		token, _ := sh["share_token"].(string)
		if len(token) < 30 {
			t.Fatalf("token: %v", sh)
		}
		pub := e.Get("/api/v1/shop/wishlists/shared/"+token, "").Expect(http.StatusOK).Data()
		if pub["name"] != "Gifts for Mum" || len(pub["items"].([]any)) != 1 || pub["items"].([]any)[0].(map[string]any)["alert_stock"] != false {
			t.Fatalf("shared: %v", pub)
		}
		e.Patch("/api/v1/shop/wishlists/"+gid, other.AccessToken, map[string]any{"shared": false}).Expect(http.StatusNotFound)
		e.Patch("/api/v1/shop/wishlists/"+gid, u.AccessToken, map[string]any{"shared": false}).Expect(http.StatusOK)
		e.Get("/api/v1/shop/wishlists/shared/"+token, "").Expect(http.StatusNotFound)
		e.Do(testkit.Req{Method: http.MethodDelete, Path: "/api/v1/shop/wishlists/" + saved, Token: u.AccessToken}).
			Expect(http.StatusConflict)

		// Alerts: nothing changed, nothing mailed; a price drop and a restock mail once each.
		if err := e.App.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if n := mails(t, e, u.Email); n != 0 {
			t.Fatalf("mails before changes: %d", n)
		}
		mustExec(t, e, "UPDATE shop_variants SET price = 750000 WHERE id = ?", va)
		mustExec(t, e, "UPDATE shop_variants SET stock = 3 WHERE id = ?", vb)
		if err := e.App.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if err := e.App.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if n := mails(t, e, u.Email); n != 2 {
			t.Fatalf("alert mails: %d", n)
		}
		// A price rise is not mailed; turning an alert off stops it.
		mustExec(t, e, "UPDATE shop_variants SET price = 800000 WHERE id = ?", va)
		if err := e.App.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		e.Patch("/api/v1/shop/wishlists/"+saved+"/items/"+itemA, u.AccessToken, map[string]any{"alert_price": false}).
			Expect(http.StatusOK)
		mustExec(t, e, "UPDATE shop_variants SET price = 500000 WHERE id = ?", va)
		if err := e.App.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if n := mails(t, e, u.Email); n != 2 {
			t.Fatalf("alert mails after rise and off: %d", n)
		}
		l = e.Do(testkit.Req{Method: http.MethodDelete, Path: "/api/v1/shop/wishlists/" + saved + "/items/" + itemA,
			Token: u.AccessToken}).Expect(http.StatusOK).Data()
		if len(l["items"].([]any)) != 0 {
			t.Fatalf("after remove: %v", l)
		}
		e.Do(testkit.Req{Method: http.MethodDelete, Path: "/api/v1/shop/wishlists/" + gid, Token: u.AccessToken}).
			Expect(http.StatusNoContent)
	})
}
