package seed

import (
	"context"
	"fmt"
	"sort"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/catalog"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/shop"
)

// ShopScenario is one demo checkout: who buys, from how many sellers, how
// long ago, and how far each seller's order went.
type ShopScenario struct {
	Email   string
	Sellers int    // 1 or 2 seller packages
	DaysAgo int    // when it was placed
	Fate    string // paid | processing | shipped | delivered | completed | cancelled | refunded | return_requested
}

// ShopScenarios are the demo shop orders: every state for user@example.com
// (no order awaiting a card payment: it would expire), and a few other
// shoppers so the vendors have clients. Written through the shop service
// (wallet checkouts into escrow, releases minus commission), so the ledger
// stays consistent.
var ShopScenarios = []ShopScenario{
	{"user@example.com", 2, 40, "completed"},
	{"user@example.com", 1, 33, "refunded"},
	{"user@example.com", 1, 25, "completed"},
	{"user@example.com", 2, 12, "cancelled"},
	{"user@example.com", 1, 6, "return_requested"},
	{"user@example.com", 2, 4, "delivered"},
	{"user@example.com", 1, 3, "shipped"},
	{"user@example.com", 1, 1, "processing"},
	{"user@example.com", 2, 0, "paid"},
	{"affiliate@example.com", 2, 28, "completed"},
	{"affiliate@example.com", 1, 2, "shipped"},
	{"writer@example.com", 1, 20, "completed"},
	{"writer@example.com", 1, 1, "paid"},
	{"recruiter@example.com", 1, 9, "delivered"},
}

// Demo carriers for the shipped parcels.
var shopCarriers = []string{"GIG Logistics", "DHL Express", "Kwik Delivery", "Sendbox"}

// demoShopOrders places the ShopScenarios once (skipped when user@example.com
// has orders already, or when the catalogue has nothing in stock yet).
func demoShopOrders(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	me := ids["user@example.com"]
	if me == "" {
		return "", nil
	}
	if mine, _, err := a.Shop.MyOrders(ctx, me, shop.OrderFilter{}, page.Cursor{Limit: 1}); err != nil || len(mine) > 0 {
		if err != nil {
			return "", err
		}
		return "demo shop orders: already there\n", nil
	}
	stores, err := shopStock(ctx, a, ids["vendor@example.com"])
	if err != nil {
		return "", err
	}
	if len(stores) == 0 {
		return "demo shop orders: none (the catalogue has no products in stock)\n", nil
	}
	placed, orders := 0, 0
	// vendor@example.com's store (first, when it has one) sells in two of
	// every three checkouts, so the demo vendor's console is busy; the other
	// stores take the rest in turn.
	own := stores[0][0].VendorID == ids["vendor@example.com"]
	next := 0
	if own && len(stores) > 1 {
		next = 1
	}
	for i, sc := range ShopScenarios {
		buyer := ids[sc.Email]
		if buyer == "" {
			continue
		}
		at := a.Deps.Clock.Now().UTC().Truncate(time.Hour).Add(-time.Duration(sc.DaysAgo)*24*time.Hour - 3*time.Hour)
		var lines []shop.CartItemInput
		for k := 0; k < sc.Sellers && k < len(stores); k++ {
			var st []catalog.Variant
			if own && k == 0 && i%3 != 2 {
				st = stores[0]
			} else {
				st = stores[next%len(stores)]
				next++
				if own && len(stores) > 1 && next%len(stores) == 0 {
					next++ // the others in turn
				}
			}
			v := st[(i+k)%len(st)]
			lines = append(lines, shop.CartItemInput{VariantID: v.ID, Quantity: 1 + (i+k)%2})
		}
		g, err := shopCheckout(ctx, a, buyer, sc.Email, i, at, lines)
		if err != nil {
			return "", fmt.Errorf("%s order %d: %w", sc.Email, i+1, err)
		}
		placed++
		for k, o := range g.Orders {
			if err := shopFate(ctx, a, buyer, o, sc.Fate, at, i+k); err != nil {
				return "", fmt.Errorf("%s order %s (%s): %w", sc.Email, o.Number, sc.Fate, err)
			}
			orders++
		}
	}
	return fmt.Sprintf("demo shop orders: %d checkouts, %d seller orders (paid, processing, shipped, delivered, "+
		"completed and released, cancelled, refunded, return requested)\n", placed, orders), nil
}

// shopStock answers the in-stock variants by store (vendor's store first),
// at most 12 stores of up to 6 variants with at least 8 available.
func shopStock(ctx context.Context, a *app.App, vendorID string) ([][]catalog.Variant, error) {
	in := true
	var cards []catalog.ProductCard
	cursor := ""
	for len(cards) < 300 {
		pg, err := a.Catalog.Search(ctx, catalog.SearchQuery{InStock: &in, Sort: "newest", Limit: 100, Cursor: cursor})
		if err != nil {
			return nil, err
		}
		for _, c := range pg.Data {
			if !c.Luxury && !c.PriceOnRequest {
				cards = append(cards, c)
			}
		}
		if pg.Meta.NextCursor == nil {
			break
		}
		cursor = *pg.Meta.NextCursor
	}
	perStore := map[string][]string{}
	var vids []string
	for _, c := range cards {
		if len(perStore[c.Store.ID]) >= 6 {
			continue
		}
		p, err := a.Catalog.PublicProduct(ctx, c.ID)
		if err != nil {
			return nil, err
		}
		for _, v := range p.Variants {
			if v.Available >= 8 {
				perStore[c.Store.ID] = append(perStore[c.Store.ID], v.ID)
				vids = append(vids, v.ID)
				break
			}
		}
	}
	vs, err := a.Catalog.Variants(ctx, a.Deps.DB, vids)
	if err != nil {
		return nil, err
	}
	var out [][]catalog.Variant
	for _, idsOf := range perStore {
		var st []catalog.Variant
		for _, id := range idsOf {
			if v, ok := vs[id]; ok && v.Purchasable {
				st = append(st, v)
			}
		}
		if len(st) > 0 {
			out = append(out, st)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if (out[i][0].VendorID == vendorID) != (out[j][0].VendorID == vendorID) {
			return out[i][0].VendorID == vendorID
		}
		return out[i][0].StoreID < out[j][0].StoreID
	})
	if len(out) > 12 {
		out = out[:12]
	}
	return out, nil
}

// shopCheckout fills the buyer's cart and checks it out from the wallet at
// `at`, topping the wallet up first with what the order costs.
func shopCheckout(ctx context.Context, a *app.App, buyer, email string, n int, at time.Time,
	lines []shop.CartItemInput) (shop.Group, error) {
	var out shop.Group
	err := writtenAt(a, at, func() error {
		addrs, err := a.Shop.Addresses(ctx, buyer)
		if err != nil {
			return err
		}
		if len(addrs) == 0 {
			p := personByEmail(email)
			name, phone, city, country := p.Name, p.Phone, p.City, p.Country
			line1, label := "14 Bishop Aboyade Cole Street", "Home"
			a1, err := a.Shop.AddAddress(ctx, buyer, shop.AddressInput{Label: &label, RecipientName: &name, Phone: &phone,
				Line1: &line1, City: &city, Country: &country})
			if err != nil {
				return err
			}
			addrs = append(addrs, a1)
		}
		cart, err := a.Shop.Cart(ctx, buyer)
		if err != nil {
			return err
		}
		for _, it := range cart.Items {
			if _, err := a.Shop.RemoveFromCart(ctx, buyer, it.VariantID); err != nil {
				return err
			}
		}
		for _, l := range lines {
			if _, err := a.Shop.AddToCart(ctx, buyer, l); err != nil {
				return err
			}
		}
		q, err := a.Shop.Quote(ctx, buyer, shop.QuoteInput{AddressID: addrs[0].ID})
		if err != nil {
			return err
		}
		key := fmt.Sprintf("seed-shop:%s:%d", email, n)
		if _, err := a.Money.CreditTopUp(ctx, nil, money.TopUp{Key: key, UserID: buyer, Amount: q.Total.Amount,
			Currency: "NGN", Reference: fmt.Sprintf("PSK-SEED-SHOP-%d-%s", n, buyer[len(buyer)-8:])}); err != nil {
			return err
		}
		total := q.Total.Amount
		res, err := a.Shop.Checkout(ctx, buyer, key, "", shop.CheckoutInput{AddressID: addrs[0].ID, PayWith: shop.PayWallet,
			ExpectedTotal: &total})
		out = res.Group
		return err
	})
	return out, err
}

// shopFate moves one seller order to its demo state, each step at its own
// past moment.
func shopFate(ctx context.Context, a *app.App, buyer string, o shop.Order, fate string, at time.Time, k int) error {
	step := func(h int, fn func() error) error { return writtenAt(a, at.Add(time.Duration(h)*time.Hour), fn) }
	vendor := func() string {
		d, err := a.Shop.AdminGroup(ctx, o.GroupID)
		if err != nil {
			return ""
		}
		for _, x := range d.Orders {
			if x.ID == o.ID {
				return vendorOf(ctx, a, x)
			}
		}
		return ""
	}()
	if vendor == "" {
		return fmt.Errorf("no vendor for order %s", o.ID)
	}
	reached := map[string]int{"paid": 0, "cancelled": 0, "processing": 1, "shipped": 2, "delivered": 3,
		"return_requested": 3, "completed": 3, "refunded": 3}[fate]
	if fate == "cancelled" {
		return step(5, func() error {
			_, err := a.Shop.CancelByUser(ctx, buyer, o.ID, shop.ReasonInput{Reason: "Ordered the wrong size"})
			return err
		})
	}
	if reached >= 1 {
		if err := step(6, func() error { _, err := a.Shop.Process(ctx, vendor, o.ID); return err }); err != nil {
			return err
		}
	}
	if reached >= 2 {
		if err := step(26, func() error {
			_, err := a.Shop.Ship(ctx, vendor, o.ID, shop.ShipInput{Carrier: shopCarriers[k%len(shopCarriers)],
				TrackingNumber: fmt.Sprintf("SJ%08d", 40_000_000+k*7919)})
			return err
		}); err != nil {
			return err
		}
	}
	if reached >= 3 {
		if err := step(26+24*(2+k%2), func() error { _, err := a.Shop.ConfirmDelivery(ctx, buyer, o.ID); return err }); err != nil {
			return err
		}
	}
	switch fate {
	case "refunded":
		return step(26+24*(4+k%2), func() error {
			req := make([]shop.LineQuantity, len(o.Lines))
			for i, l := range o.Lines {
				req[i] = shop.LineQuantity{LineID: l.ID, Quantity: l.Quantity}
			}
			_, err := a.Shop.VendorRefund(ctx, vendor, o.ID, "seed-refund:"+o.ID, shop.RefundInput{Lines: req,
				Reason: "Arrived damaged in transit; refunded in full, no need to send it back"})
			return err
		})
	case "return_requested":
		return step(26+24*(3+k%2), func() error {
			_, err := a.Shop.RequestReturn(ctx, buyer, o.ID, shop.ReturnInput{
				Lines:  []shop.LineQuantity{{LineID: o.Lines[0].ID, Quantity: 1}},
				Reason: "The colour is darker than in the photos"})
			return err
		})
	case "completed":
		d, err := a.Shop.MyOrder(ctx, buyer, o.ID)
		if err != nil || d.ReturnWindowEndsAt == nil || !d.ReturnWindowEndsAt.Before(a.Deps.Clock.Now()) {
			return err // a window still open (a clock that cannot be pinned) completes later, by its job
		}
		return writtenAt(a, d.ReturnWindowEndsAt.Add(time.Minute), func() error {
			_, err := a.Shop.Release(ctx, o.ID)
			return err
		})
	}
	return nil
}

// vendorOf is the vendor's user id of an admin's order detail.
func vendorOf(ctx context.Context, a *app.App, o shop.OrderDetail) string {
	st, err := a.Catalog.Stores(ctx, a.Deps.DB, []string{o.Store.ID})
	if err != nil {
		return ""
	}
	return st[o.Store.ID].UserID
}

func personByEmail(email string) Person {
	for _, p := range People {
		if p.Email == email {
			return p
		}
	}
	return Person{Name: "Sojourn shopper", Phone: "+2348000000000", City: "Lagos", Country: "NG"}
}
