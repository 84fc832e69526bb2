package shop_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"sojourn/api/internal/money"
	"sojourn/api/internal/shop"
	"sojourn/api/internal/testkit"
)

// Partial refund of one line, cancellation before shipping, a return, an
// admin refund; vendors and shoppers see only their own orders (404); bad
// input is a 4xx.
func TestIntegrationShopRefundsAndAccess(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		a, b := newSeller(t, e, "refunda"), newSeller(t, e, "refundb")
		v1 := a.product(t, e, "Packing cubes", 10, 400_000)
		v2 := a.product(t, e, "Neck pillow", 10, 250_000)
		vb := b.product(t, e, "Water bottle", 10, 150_000)
		u, addr := shopper(t, e, "refundbuyer", 50_000_000)
		other, _ := shopper(t, e, "otherbuyer", 0)

		// Bad input.
		e.Post("/api/v1/shop/cart/items", u.AccessToken, map[string]any{"variant_id": v1, "quantity": 0}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/shop/cart/items", u.AccessToken, map[string]any{"variant_id": "nope", "quantity": 1}).
			Expect(http.StatusNotFound)
		if r := e.Post("/api/v1/shop/cart/items", u.AccessToken, map[string]any{"variant_id": v1, "quantity": 11}).
			Expect(http.StatusConflict); r.ErrCode() != "out_of_stock" {
			t.Fatalf("over stock: %s", r.Body)
		}
		e.Post("/api/v1/shop/addresses", u.AccessToken, map[string]any{"recipient_name": "X", "phone": "abc",
			"line1": "1", "city": "Lagos", "country": "Nigeria"}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/shop/checkout", u.AccessToken, map[string]any{"address_id": addr, "pay_with": "cash",
			"expected_total": 1}).Expect(http.StatusUnprocessableEntity)
		checkout(e, u, addr, "wallet", 0, nil).Expect(http.StatusConflict) // empty cart
		e.Post("/api/v1/shop/checkout/quote", u.AccessToken, map[string]any{"address_id": "someone-elses"}).
			Expect(http.StatusUnprocessableEntity)

		// The browser's cart merges in at sign-in, capped by stock.
		cart := e.Post("/api/v1/shop/cart/merge", u.AccessToken, map[string]any{"items": []map[string]any{
			{"variant_id": v1, "quantity": 2}, {"variant_id": v2, "quantity": 1}, {"variant_id": vb, "quantity": 1},
			{"variant_id": "unknown-variant", "quantity": 3}}}).Expect(http.StatusOK).Data()
		if num(cart["count"]) != 4 {
			t.Fatalf("merged cart: %v", cart)
		}
		e.Patch("/api/v1/shop/cart/items/"+v1, u.AccessToken, map[string]any{"quantity": 3}).Expect(http.StatusOK)
		total := quoteTotal(t, e, u, addr, nil)
		g := checkout(e, u, addr, "wallet", total, nil).Expect(http.StatusCreated).Data()["group"].(map[string]any)
		var oa, ob map[string]any
		for _, o := range g["orders"].([]any) {
			if om := o.(map[string]any); om["store"].(map[string]any)["id"] == a.storeID {
				oa = om
			} else {
				ob = om
			}
		}
		idA, idB := oa["id"].(string), ob["id"].(string)

		// Nobody else sees or changes these orders.
		e.Get("/api/v1/shop/orders/"+idA, other.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/shop/order-groups/"+g["id"].(string), other.AccessToken).Expect(http.StatusNotFound)
		e.Post("/api/v1/shop/orders/"+idA+"/cancel", other.AccessToken, nil).Expect(http.StatusNotFound)
		e.Get("/api/v1/vendor/orders/"+idA, b.AccessToken).Expect(http.StatusNotFound)
		e.Post("/api/v1/vendor/orders/"+idA+"/ship", b.AccessToken, map[string]any{"carrier": "DHL",
			"tracking_number": "ABC123"}).Expect(http.StatusNotFound)
		e.Post("/api/v1/vendor/orders/"+idA+"/refund", b.AccessToken, map[string]any{"lines": []map[string]any{
			{"line_id": "x", "quantity": 1}}, "reason": "Damaged"}).Expect(http.StatusNotFound)
		if n := len(e.Get("/api/v1/vendor/orders", b.AccessToken).Map()["data"].([]any)); n != 1 {
			t.Fatalf("vendor b sees %d orders", n)
		}

		// Partial refund of one line (1 of 3 packing cubes): back in stock before shipping.
		line1 := oa["lines"].([]any)[0].(map[string]any)
		if line1["variant_id"] != v1 {
			line1 = oa["lines"].([]any)[1].(map[string]any)
		}
		before := e.Balance(t, u.UserID)
		d := e.Post("/api/v1/vendor/orders/"+idA+"/refund", a.AccessToken, map[string]any{"lines": []map[string]any{
			{"line_id": line1["id"], "quantity": 1}}, "reason": "One arrived damaged"}).Expect(http.StatusOK).Data()
		if d["payment_status"] != "partially_refunded" || amount(d["refunded"]) != 400_000 ||
			e.Balance(t, u.UserID) != before+400_000 || escrow(t, e, idA) != amount(oa["total"])-400_000 {
			t.Fatalf("partial refund: %v", d)
		}
		if st, _, _ := stockOf(t, e, v1); st != 8 {
			t.Fatalf("stock after the refund before shipping: %d", st)
		}
		e.Post("/api/v1/vendor/orders/"+idA+"/refund", a.AccessToken, map[string]any{"lines": []map[string]any{
			{"line_id": line1["id"], "quantity": 3}}, "reason": "Too many"}).Expect(http.StatusUnprocessableEntity)

		// Cancel B's order before shipping: full refund, stock back.
		before = e.Balance(t, u.UserID)
		d = e.Post("/api/v1/shop/orders/"+idB+"/cancel", u.AccessToken, map[string]any{"reason": "Changed my mind"}).
			Expect(http.StatusOK).Data()
		if d["status"] != "cancelled" || e.Balance(t, u.UserID) != before+amount(ob["total"]) || escrow(t, e, idB) != 0 {
			t.Fatalf("cancelled: %v", d)
		}
		if st, r, _ := stockOf(t, e, vb); st != 10 || r != 0 {
			t.Fatalf("stock after cancel: %d %d", st, r)
		}
		e.Post("/api/v1/shop/orders/"+idB+"/cancel", u.AccessToken, nil).Expect(http.StatusConflict)

		// A ships, the shopper confirms, asks to return the neck pillow, the seller receives it.
		e.Post("/api/v1/vendor/orders/"+idA+"/ship", a.AccessToken, map[string]any{"carrier": "GIG",
			"tracking_number": "GIG-42"}).Expect(http.StatusOK)
		e.Post("/api/v1/shop/orders/"+idA+"/cancel", u.AccessToken, nil).Expect(http.StatusConflict)
		e.Post("/api/v1/shop/orders/"+idA+"/confirm-delivery", u.AccessToken, nil).Expect(http.StatusOK)
		var pillow map[string]any
		for _, l := range oa["lines"].([]any) {
			if l.(map[string]any)["variant_id"] == v2 {
				pillow = l.(map[string]any)
			}
		}
		d = e.Post("/api/v1/shop/orders/"+idA+"/returns", u.AccessToken, map[string]any{"lines": []map[string]any{
			{"line_id": pillow["id"], "quantity": 1}}, "reason": "Too firm"}).Expect(http.StatusCreated).Data()
		rets := d["returns"].([]any)
		if d["status"] != "return_requested" || len(rets) != 1 {
			t.Fatalf("return: %v", d)
		}
		retID := rets[0].(map[string]any)["id"].(string)
		e.Post("/api/v1/vendor/orders/"+idA+"/returns/"+retID+"/receive", b.AccessToken, nil).Expect(http.StatusNotFound)
		before = e.Balance(t, u.UserID)
		d = e.Post("/api/v1/vendor/orders/"+idA+"/returns/"+retID+"/receive", a.AccessToken, nil).Expect(http.StatusOK).Data()
		if d["status"] != "returned" || e.Balance(t, u.UserID) != before+250_000 {
			t.Fatalf("received: %v", d)
		}
		e.Post("/api/v1/vendor/orders/"+idA+"/returns/"+retID+"/receive", a.AccessToken, nil).Expect(http.StatusConflict)

		// An admin refunds one more packing cube; then the window passes and the rest is released.
		admin := e.Admin("refundadmin@example.com", "refundadmin")
		ag := e.Post("/api/v1/admin/shop/orders/"+g["id"].(string)+"/refund", admin.AccessToken, map[string]any{
			"order_id": idA, "lines": []map[string]any{{"line_id": line1["id"], "quantity": 1}}, "reason": "Goodwill"}).
			Expect(http.StatusOK).Data()
		if len(ag["orders"].([]any)) != 2 {
			t.Fatalf("admin refund: %v", ag)
		}
		e.Post("/api/v1/admin/shop/orders/"+g["id"].(string)+"/refund", admin.AccessToken, map[string]any{
			"order_id": idB, "reason": "Again"}).Expect(http.StatusConflict)
		left := escrow(t, e, idA)
		if want := amount(oa["total"]) - 400_000 - 250_000 - 400_000; left != want {
			t.Fatalf("escrow left %d, want %d", left, want)
		}
		e.Clock.Advance(8 * 24 * time.Hour)
		if err := e.App.Shop.Workers().Release.Work(ctx, &river.Job[shop.ReleaseJob]{Args: shop.ReleaseJob{OrderID: idA}}); err != nil {
			t.Fatal(err)
		}
		fee := left * int64(e.App.Money.FeeBPS()) / 10000
		if got := balance(t, e, money.KindEarningsPending, a.UserID); got != left-fee || escrow(t, e, idA) != 0 {
			t.Fatalf("released %d, want %d", got, left-fee)
		}
		// Too late to return or refund now.
		relogin(e, u, a.Session)
		e.Post("/api/v1/vendor/orders/"+idA+"/refund", a.AccessToken, map[string]any{"lines": []map[string]any{
			{"line_id": line1["id"], "quantity": 1}}, "reason": "Late"}).Expect(http.StatusConflict)
		e.Post("/api/v1/shop/orders/"+idA+"/returns", u.AccessToken, map[string]any{"lines": []map[string]any{
			{"line_id": line1["id"], "quantity": 1}}, "reason": "Late"}).Expect(http.StatusConflict)
		e.VerifyLedger(t)
	})
}
