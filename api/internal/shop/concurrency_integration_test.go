package shop_test

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"sojourn/api/internal/shop"
	"sojourn/api/internal/testkit"
)

// Fifty shoppers check out the last ten units at once: exactly ten orders
// are placed, the stock never goes negative, the others get 409
// out_of_stock and keep their money.
func TestIntegrationShopLastUnits(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		sl := newSeller(t, e, "lastunits")
		v := sl.product(t, e, "Limited edition print", 10, 500_000)
		type buyer struct {
			s    *testkit.Session
			addr string
		}
		buyers := make([]buyer, 50)
		for i := range buyers {
			s, addr := shopper(t, e, testkit.Fmt("racer%02d", i), 1_000_000)
			addToCart(t, e, s, v, 1)
			buyers[i] = buyer{s, addr}
		}
		total := quoteTotal(t, e, buyers[0].s, buyers[0].addr, nil)
		var wg sync.WaitGroup
		codes := make([]int, len(buyers))
		errs := make([]string, len(buyers))
		for i, b := range buyers {
			wg.Add(1)
			go func(i int, b buyer) {
				defer wg.Done()
				r := checkout(e, b.s, b.addr, "wallet", total, nil)
				codes[i] = r.Status
				if r.Status != http.StatusCreated {
					errs[i] = r.ErrCode()
				}
			}(i, b)
		}
		wg.Wait()
		ok := 0
		for i, c := range codes {
			switch {
			case c == http.StatusCreated:
				ok++
			case c == http.StatusConflict && errs[i] == "out_of_stock":
				if got := e.Balance(t, buyers[i].s.UserID); got != 1_000_000 {
					t.Fatalf("a refused buyer was charged: %d", got)
				}
			default:
				t.Fatalf("checkout %d: %d %s", i, c, errs[i])
			}
		}
		if ok != 10 {
			t.Fatalf("%d checkouts succeeded, want 10", ok)
		}
		if st, r, sold := stockOf(t, e, v); st != 0 || r != 0 || sold != 10 {
			t.Fatalf("stock %d reserved %d sold %d", st, r, sold)
		}
		e.VerifyLedger(t)
	})
}

// A card checkout reserves the stock and waits for the payment; unpaid, the
// expiry job frees the stock after the payment window; paid, the orders are
// paid into escrow; a payment arriving after the expiry goes to the wallet.
func TestIntegrationShopCard(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		sl := newSeller(t, e, "cardseller")
		v := sl.product(t, e, "Travel kettle", 4, 700_000)
		u, addr := shopper(t, e, "cardbuyer", 0)
		addToCart(t, e, u, v, 3)
		total := quoteTotal(t, e, u, addr, nil)
		res := checkout(e, u, addr, "card", total, nil).Expect(http.StatusCreated).Data()
		g := res["group"].(map[string]any)
		if g["status"] != "awaiting_payment" || g["pay_by"] == nil || res["payment"] == nil {
			t.Fatalf("card group: %v", res)
		}
		o := g["orders"].([]any)[0].(map[string]any)
		if o["status"] != "placed" {
			t.Fatalf("order: %v", o)
		}
		if _, r, _ := stockOf(t, e, v); r != 3 {
			t.Fatalf("reserved %d", r)
		}
		// The same Idempotency-Key answers the same group.
		w := e.App.Shop.Workers()
		job := &river.Job[shop.ExpireGroupJob]{Args: shop.ExpireGroupJob{GroupID: g["id"].(string)}}
		if err := w.ExpireGroup.Work(ctx, job); err == nil {
			t.Fatal("an early expiry must snooze")
		}
		e.Clock.Advance(shop.PaymentWindow + time.Minute)
		if err := w.ExpireGroup.Work(ctx, job); err != nil {
			t.Fatal(err)
		}
		if st, r, _ := stockOf(t, e, v); st != 4 || r != 0 {
			t.Fatalf("after expiry: stock %d reserved %d", st, r)
		}
		relogin(e, u)
		if d := e.Get("/api/v1/shop/orders/"+o["id"].(string), u.AccessToken).Expect(http.StatusOK).Data(); d["status"] != "expired" {
			t.Fatalf("expired order: %v", d["status"])
		}
		// Paid late: the money goes to the wallet.
		e.PayCard(t, res["payment"].(map[string]any)["authorization_url"].(string), "success")
		if got := e.Balance(t, u.UserID); got != total {
			t.Fatalf("late card payment: wallet %d, want %d", got, total)
		}
		e.VerifyLedger(t)

		// Paid in time: escrow and stock consumed.
		addToCart(t, e, u, v, 2)
		total = quoteTotal(t, e, u, addr, nil)
		res = checkout(e, u, addr, "card", total, nil).Expect(http.StatusCreated).Data()
		e.PayCard(t, res["payment"].(map[string]any)["authorization_url"].(string), "success")
		g2 := e.Get("/api/v1/shop/order-groups/"+res["group"].(map[string]any)["id"].(string), u.AccessToken).
			Expect(http.StatusOK).Data()
		o2 := g2["orders"].([]any)[0].(map[string]any)
		if g2["status"] != "paid" || o2["status"] != "paid" || escrow(t, e, o2["id"].(string)) != total {
			t.Fatalf("paid group: %v", g2)
		}
		if st, r, sold := stockOf(t, e, v); st != 2 || r != 0 || sold != 2 {
			t.Fatalf("after card payment: %d %d %d", st, r, sold)
		}
		// Declined: the group expires at once and frees the stock.
		addToCart(t, e, u, v, 1)
		total = quoteTotal(t, e, u, addr, nil)
		res = checkout(e, u, addr, "card", total, nil).Expect(http.StatusCreated).Data()
		e.PayCard(t, res["payment"].(map[string]any)["authorization_url"].(string), "declined")
		e.Get("/api/v1/payments/"+res["payment"].(map[string]any)["reference"].(string)+"/verify", u.AccessToken)
		if st, r, _ := stockOf(t, e, v); st != 2 || r != 0 {
			t.Fatalf("after a declined card: stock %d reserved %d", st, r)
		}
		e.VerifyLedger(t)
	})
}
