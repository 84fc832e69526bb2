package shop_test

import (
	"net/http"
	"testing"

	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

// The address book's default, commission rule changes, a checkout retried
// with the same Idempotency-Key answering the same group once, and one
// refused for want of money leaving nothing reserved.
func TestIntegrationShopAddressesRulesAndRetries(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u, first := shopper(t, e, "addrbuyer", 10_000_000)
		second := e.Post("/api/v1/shop/addresses", u.AccessToken, map[string]any{"recipient_name": "Ada Office",
			"phone": "+234 1 555 0100", "line1": "3 Broad Street", "city": "Lagos", "country": "NG", "is_default": true}).
			Expect(http.StatusCreated).Data()
		list := e.Get("/api/v1/shop/addresses", u.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(list) != 2 || list[0].(map[string]any)["id"] != second["id"] || list[1].(map[string]any)["is_default"] != false {
			t.Fatalf("addresses: %v", list)
		}
		e.Patch("/api/v1/shop/addresses/"+first, u.AccessToken, map[string]any{"city": ""}).Expect(http.StatusUnprocessableEntity)
		e.Patch("/api/v1/shop/addresses/"+first, u.AccessToken, map[string]any{"label": "Home"}).Expect(http.StatusOK)
		other, _ := shopper(t, e, "addrother", 0)
		e.Patch("/api/v1/shop/addresses/"+first, other.AccessToken, map[string]any{"label": "Mine"}).Expect(http.StatusNotFound)
		e.Do(testkit.Req{Method: http.MethodDelete, Path: "/api/v1/shop/addresses/" + second["id"].(string),
			Token: u.AccessToken}).Expect(http.StatusNoContent)
		list = e.Get("/api/v1/shop/addresses", u.AccessToken).Map()["data"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["is_default"] != true || list[0].(map[string]any)["label"] != "Home" {
			t.Fatalf("after deleting the default: %v", list)
		}

		admin := e.Admin("rulesadmin@example.com", "rulesadmin")
		r := e.Post("/api/v1/admin/shop/commission-rules", admin.AccessToken, map[string]any{"scope": "category",
			"category_id": "cat-1", "bps": 700}).Expect(http.StatusCreated).Data()
		e.Patch("/api/v1/admin/shop/commission-rules/"+r["id"].(string), admin.AccessToken, map[string]any{"bps": 6000}).
			Expect(http.StatusUnprocessableEntity)
		p := e.Patch("/api/v1/admin/shop/commission-rules/"+r["id"].(string), admin.AccessToken, map[string]any{
			"bps": 650, "fixed": 20_000, "active": false}).Expect(http.StatusOK).Data()
		if num(p["bps"]) != 650 || amount(p["fixed"]) != 20_000 || p["active"] != false {
			t.Fatalf("patched rule: %v", p)
		}
		e.Get("/api/v1/admin/shop/commission-rules", u.AccessToken).Expect(http.StatusForbidden)
		e.Do(testkit.Req{Method: http.MethodDelete, Path: "/api/v1/admin/shop/commission-rules/" + r["id"].(string),
			Token: admin.AccessToken}).Expect(http.StatusNoContent)
		e.Do(testkit.Req{Method: http.MethodDelete, Path: "/api/v1/admin/shop/commission-rules/" + r["id"].(string),
			Token: admin.AccessToken}).Expect(http.StatusNotFound)

		sl := newSeller(t, e, "retryseller")
		v := sl.product(t, e, "Beach towel", 5, 300_000)
		addToCart(t, e, u, v, 2)
		total := quoteTotal(t, e, u, first, nil)
		key := ids.New()
		req := testkit.Req{Method: http.MethodPost, Path: "/api/v1/shop/checkout", Token: u.AccessToken,
			Header: map[string]string{"Idempotency-Key": key},
			Body:   map[string]any{"address_id": first, "pay_with": "wallet", "expected_total": total}}
		g1 := e.Do(req).Expect(http.StatusCreated).Data()["group"].(map[string]any)
		g2 := e.Do(req).Expect(http.StatusCreated).Data()["group"].(map[string]any)
		if g1["id"] != g2["id"] || e.Balance(t, u.UserID) != 10_000_000-total {
			t.Fatalf("retried checkout: %v %v", g1["id"], g2["id"])
		}
		if st, _, sold := stockOf(t, e, v); st != 3 || sold != 2 {
			t.Fatalf("stock after a retried checkout: %d sold %d", st, sold)
		}
		// Not enough money: nothing is reserved or charged.
		poor, addr := shopper(t, e, "poorbuyer", 100_000)
		addToCart(t, e, poor, v, 1)
		if r := checkout(e, poor, addr, "wallet", quoteTotal(t, e, poor, addr, nil), nil).Expect(http.StatusConflict); r.ErrCode() != "insufficient_funds" {
			t.Fatalf("poor checkout: %s", r.Body)
		}
		if st, res, _ := stockOf(t, e, v); st != 3 || res != 0 {
			t.Fatalf("stock after a refused checkout: %d reserved %d", st, res)
		}
		e.VerifyLedger(t)
	})
}
