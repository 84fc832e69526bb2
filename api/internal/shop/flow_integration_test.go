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

// Three sellers in one cart: three orders, three escrows, each fulfilled a
// different way (seller marks delivered, shopper confirms, nobody: assumed),
// and after the return window three releases minus the right commission
// (a vendor rule with a fixed part, a category rule, the default fee).
func TestIntegrationShopThreeSellers(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		a, b, c := newSeller(t, e, "sellera"), newSeller(t, e, "sellerb"), newSeller(t, e, "sellerc")
		va := a.product(t, e, "Linen travel shirt", 5, 1_250_000)
		va2 := a.product(t, e, "Silk eye mask", 5, 300_000)
		vb := b.product(t, e, "Yoga mat", 3, 2_000_000)
		vc := c.product(t, e, "Herbal tea set", 9, 800_000)
		admin := e.Admin("shopadmin@example.com", "shopadmin")
		e.Post("/api/v1/admin/shop/commission-rules", admin.AccessToken, map[string]any{"scope": "vendor",
			"vendor_id": a.UserID, "bps": 1000, "fixed": 50_000, "priority": 10, "note": "Launch partner"}).Expect(http.StatusCreated)
		e.Post("/api/v1/admin/shop/commission-rules", admin.AccessToken, map[string]any{"scope": "category",
			"category_id": b.categoryID, "bps": 500}).Expect(http.StatusCreated)
		e.Post("/api/v1/admin/shop/commission-rules", admin.AccessToken, map[string]any{"scope": "bogus", "bps": 1}).
			Expect(http.StatusUnprocessableEntity)
		rules := e.Get("/api/v1/admin/shop/commission-rules", admin.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(rules) != 2 {
			t.Fatalf("rules: %v", rules)
		}

		u, addr := shopper(t, e, "threebuyer", 100_000_000)
		addToCart(t, e, u, va, 2)
		addToCart(t, e, u, va2, 1)
		addToCart(t, e, u, vb, 1)
		addToCart(t, e, u, vc, 1)
		cart := e.Get("/api/v1/shop/cart", u.AccessToken).Expect(http.StatusOK).Data()
		if num(cart["count"]) != 5 || amount(cart["subtotal"]) != 2*1_250_000+300_000+2_000_000+800_000 {
			t.Fatalf("cart: %v", cart)
		}
		ship := map[string]string{a.storeID: "express"}
		total := quoteTotal(t, e, u, addr, ship)
		want := int64(2*1_250_000+300_000+400_000) + (2_000_000 + 150_000) + (800_000 + 150_000)
		if total != want {
			t.Fatalf("quote total %d, want %d", total, want)
		}
		// A stale total is refused with the new one.
		res := checkout(e, u, addr, "wallet", total-1, ship).Expect(http.StatusConflict)
		if res.Map()["error"].(map[string]any)["fields"].(map[string]any)["total"] == nil {
			t.Fatalf("stale total: %s", res.Body)
		}
		before := e.Balance(t, u.UserID)
		g := checkout(e, u, addr, "wallet", total, ship).Expect(http.StatusCreated).Data()["group"].(map[string]any)
		if g["status"] != "paid" || len(g["orders"].([]any)) != 3 || e.Balance(t, u.UserID) != before-total {
			t.Fatalf("group: %v", g)
		}
		orders := map[string]map[string]any{}
		for _, o := range g["orders"].([]any) {
			om := o.(map[string]any)
			orders[om["store"].(map[string]any)["id"].(string)] = om
			if om["status"] != "paid" || escrow(t, e, om["id"].(string)) != amount(om["total"]) {
				t.Fatalf("order %v escrow %d", om, escrow(t, e, om["id"].(string)))
			}
		}
		oa, ob, oc := orders[a.storeID]["id"].(string), orders[b.storeID]["id"].(string), orders[c.storeID]["id"].(string)
		if st, r, sold := stockOf(t, e, va); st != 3 || r != 0 || sold != 2 {
			t.Fatalf("stock after wallet checkout: %d %d %d", st, r, sold)
		}
		if n := len(e.Get("/api/v1/shop/cart", u.AccessToken).Data()["items"].([]any)); n != 0 {
			t.Fatalf("cart kept %d items", n)
		}

		// A: process, ship, delivered by the seller.
		e.Post("/api/v1/vendor/orders/"+oa+"/process", a.AccessToken, nil).Expect(http.StatusOK)
		e.Post("/api/v1/vendor/orders/"+oa+"/ship", a.AccessToken, map[string]any{"carrier": "GIG Logistics",
			"tracking_number": "GIG-123456"}).Expect(http.StatusOK)
		e.Post("/api/v1/vendor/orders/"+oa+"/deliver", a.AccessToken, nil).Expect(http.StatusOK)
		// B: shipped, the shopper confirms.
		e.Post("/api/v1/vendor/orders/"+ob+"/ship", b.AccessToken, map[string]any{"carrier": "DHL",
			"tracking_number": "DHL998877"}).Expect(http.StatusOK)
		e.Post("/api/v1/vendor/orders/"+ob+"/deliver", a.AccessToken, nil).Expect(http.StatusNotFound)
		d := e.Post("/api/v1/shop/orders/"+ob+"/confirm-delivery", u.AccessToken, nil).Expect(http.StatusOK).Data()
		if d["status"] != "delivered" || d["shipment"].(map[string]any)["tracking_number"] != "DHL998877" {
			t.Fatalf("confirmed: %v", d)
		}
		// Each change told its people once committed: the sellers of their new orders, the shopper of two
		// shipments and the delivery the seller marked (not the one the shopper confirmed).
		if err := e.App.Notifications.DeliverPending(ctx); err != nil {
			t.Fatal(err)
		}
		told := func(user, typ string) int {
			var n int
			if err := e.DB.NewRaw(`SELECT count(*) FROM notifications WHERE user_id = ? AND type = ?`, user, typ).
				Scan(ctx, &n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if told(a.UserID, "order.new") != 1 || told(b.UserID, "order.new") != 1 || told(u.UserID, "order.shipped") != 2 ||
			told(u.UserID, "order.delivered") != 1 {
			t.Fatalf("notifications: new %d/%d shipped %d delivered %d", told(a.UserID, "order.new"), told(b.UserID, "order.new"),
				told(u.UserID, "order.shipped"), told(u.UserID, "order.delivered"))
		}
		vn := e.Get("/api/v1/notifications?portal=vendor", a.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(vn) != 1 || vn[0].(map[string]any)["link"] != "/vendor-app/bookings?id="+oa {
			t.Fatalf("vendor's notifications: %v", vn)
		}
		// C: shipped, nobody says anything: assumed delivered after the estimate and a week.
		e.Post("/api/v1/vendor/orders/"+oc+"/ship", c.AccessToken, map[string]any{"carrier": "Kwik",
			"tracking_number": "K1"}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/vendor/orders/"+oc+"/ship", c.AccessToken, map[string]any{"carrier": "Kwik",
			"tracking_number": "KW-100"}).Expect(http.StatusOK)
		w := e.App.Shop.Workers()
		// Released too early: nothing moves.
		if err := w.Release.Work(ctx, &river.Job[shop.ReleaseJob]{Args: shop.ReleaseJob{OrderID: oa}}); err == nil {
			t.Fatal("an early release must snooze")
		}
		if escrow(t, e, oa) == 0 {
			t.Fatal("released before the return window")
		}
		e.Clock.Advance(5*24*time.Hour + shop.AssumeDeliveredAfter + time.Minute)
		if err := w.AssumeDelivered.Work(ctx, &river.Job[shop.AssumeDeliveredJob]{Args: shop.AssumeDeliveredJob{OrderID: oc}}); err != nil {
			t.Fatal(err)
		}
		relogin(e, u, a.Session, b.Session, c.Session, admin)
		if s := e.Get("/api/v1/shop/orders/"+oc, u.AccessToken).Data()["status"]; s != "delivered" {
			t.Fatalf("assumed delivery: %v", s)
		}
		fees0 := balance(t, e, money.KindPlatformFees, "")
		e.Clock.Advance(7*24*time.Hour + time.Minute)
		relogin(e, u, a.Session, b.Session, c.Session, admin)
		for _, id := range []string{oa, ob, oc} {
			if err := w.Release.Work(ctx, &river.Job[shop.ReleaseJob]{Args: shop.ReleaseJob{OrderID: id}}); err != nil {
				t.Fatal(err)
			}
			// A second run changes nothing.
			if err := w.Release.Work(ctx, &river.Job[shop.ReleaseJob]{Args: shop.ReleaseJob{OrderID: id}}); err != nil {
				t.Fatal(err)
			}
		}
		baseA := int64(2*1_250_000 + 300_000 + 400_000)
		commA := baseA*1000/10000 + 50_000
		baseB := int64(2_000_000 + 150_000)
		commB := baseB * 500 / 10000
		baseC := int64(800_000 + 150_000)
		commC := baseC * int64(e.App.Money.FeeBPS()) / 10000
		for _, x := range []struct {
			s          seller
			id         string
			base, comm int64
		}{{a, oa, baseA, commA}, {b, ob, baseB, commB}, {c, oc, baseC, commC}} {
			if got := balance(t, e, money.KindEarningsPending, x.s.UserID); got != x.base-x.comm {
				t.Fatalf("%s earnings %d, want %d", x.s.Username, got, x.base-x.comm)
			}
			if escrow(t, e, x.id) != 0 {
				t.Fatalf("escrow of %s left", x.id)
			}
			od := e.Get("/api/v1/vendor/orders/"+x.id, x.s.AccessToken).Expect(http.StatusOK).Data()
			cl := od["commission"].([]any)
			if od["status"] != "completed" || len(cl) != 1 || amount(cl[0].(map[string]any)["amount"]) != x.comm {
				t.Fatalf("order %s: %v", x.id, od)
			}
		}
		if got := balance(t, e, money.KindPlatformFees, "") - fees0; got != commA+commB+commC {
			t.Fatalf("platform fees +%d, want %d", got, commA+commB+commC)
		}
		e.VerifyLedger(t)

		// The vendor's figures and clients.
		sales := e.Get("/api/v1/vendor/sales", a.AccessToken).Expect(http.StatusOK).Data()
		if len(sales["month"].([]any)) != 30 || len(sales["week"].([]any)) != 7 || amount(sales["month_revenue"]) != baseA ||
			amount(sales["payouts_due"]) != baseA-commA || amount(sales["escrow_pending"]) != 0 {
			t.Fatalf("sales: %v", sales)
		}
		cls := e.Get("/api/v1/vendor/clients?limit=1", a.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(cls) != 1 || cls[0].(map[string]any)["name"] != "threebuyer" || num(cls[0].(map[string]any)["orders"]) != 1 {
			t.Fatalf("clients: %v", cls)
		}
		// Lists: the shopper's three orders, each vendor's one; the admin's group by number and by email.
		if n := len(e.Get("/api/v1/shop/orders?limit=2", u.AccessToken).Map()["data"].([]any)); n != 2 {
			t.Fatalf("shopper's first page: %d", n)
		}
		if n := len(e.Get("/api/v1/vendor/orders?status=completed", b.AccessToken).Map()["data"].([]any)); n != 1 {
			t.Fatalf("vendor b's orders: %d", n)
		}
		for _, q := range []string{g["number"].(string)[:9], "threebuyer@example.com"} {
			l := e.Get("/api/v1/admin/shop/orders?q="+q, admin.AccessToken).Expect(http.StatusOK).Map()
			if len(l["data"].([]any)) != 1 {
				t.Fatalf("admin search %q: %v", q, l)
			}
		}
		ag := e.Get("/api/v1/admin/shop/orders/"+g["id"].(string), admin.AccessToken).Expect(http.StatusOK).Data()
		if len(ag["orders"].([]any)) != 3 {
			t.Fatalf("admin group: %v", ag)
		}
	})
}
