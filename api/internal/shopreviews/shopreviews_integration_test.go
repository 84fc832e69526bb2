package shopreviews_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/shopreviews"
	"sojourn/api/internal/testkit"
)

var ctx = context.Background()

type seller struct {
	*testkit.Session
	storeID, categoryID string
}

func newSeller(t *testing.T, e *testkit.Env, name string) seller {
	t.Helper()
	s := e.Register(name+"@example.com", name)
	e.GrantRole(s.UserID, "vendor")
	now := e.Clock.Now()
	sl := seller{Session: s, storeID: ids.New(), categoryID: ids.New()}
	mustExec(t, e, `INSERT INTO shop_stores (id, user_id, name, slug, return_days, shipping, created_at, updated_at)
		VALUES (?, ?, ?, ?, 7, ?, ?, ?)`, sl.storeID, s.UserID, "Store of "+name, "store-"+name,
		`[{"code":"standard","label":"Standard","fee":150000,"min_days":2,"max_days":5}]`, now, now)
	mustExec(t, e, `INSERT INTO shop_categories (id, name, slug, path, depth, created_at, updated_at)
		VALUES (?, ?, ?, ?, 0, ?, ?)`, sl.categoryID, "Cat "+name, "cat-"+name, sl.categoryID+"/", now, now)
	return sl
}

// product writes a published product with one variant; it answers the
// product and variant ids.
func (sl seller) product(t *testing.T, e *testkit.Env, title string, price int64) (string, string) {
	t.Helper()
	now := e.Clock.Now()
	productID, variantID := ids.New(), ids.New()
	mustExec(t, e, `INSERT INTO shop_products (id, store_id, vendor_id, category_id, category_path, title, status,
		min_price, max_price, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'published', ?, ?, 'NGN', ?, ?)`,
		productID, sl.storeID, sl.UserID, sl.categoryID, sl.categoryID+"/", title, price, price, now, now)
	mustExec(t, e, `INSERT INTO shop_variants (id, product_id, store_id, title, sku, price, currency, stock,
		weight_grams, created_at, updated_at) VALUES (?, ?, ?, '', ?, ?, 'NGN', 20, 500, ?, ?)`,
		variantID, productID, sl.storeID, "SKU-"+variantID[len(variantID)-8:], price, now, now)
	return productID, variantID
}

func mustExec(t *testing.T, e *testkit.Env, q string, args ...any) {
	t.Helper()
	if _, err := e.DB.NewRaw(q, args...).Exec(ctx); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// buy checks out the variants with the wallet and answers the order id and
// its line ids.
func buy(t *testing.T, e *testkit.Env, u *testkit.Session, variants ...string) (string, []string) {
	t.Helper()
	e.Fund(t, u.UserID, 50_000_000)
	a := e.Post("/api/v1/shop/addresses", u.AccessToken, map[string]any{"recipient_name": "Ada Obi",
		"phone": "+234 803 555 0101", "line1": "12 Admiralty Way", "city": "Lagos", "state": "Lagos", "country": "ng"}).
		Expect(http.StatusCreated).Data()
	for _, v := range variants {
		e.Post("/api/v1/shop/cart/items", u.AccessToken, map[string]any{"variant_id": v, "quantity": 1}).Expect(http.StatusOK)
	}
	q := e.Post("/api/v1/shop/checkout/quote", u.AccessToken, map[string]any{"address_id": a["id"]}).
		Expect(http.StatusOK).Data()
	total := int64(q["total"].(map[string]any)["amount"].(float64))
	g := e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/shop/checkout", Token: u.AccessToken,
		Header: map[string]string{"Idempotency-Key": ids.New()},
		Body:   map[string]any{"address_id": a["id"], "pay_with": "wallet", "expected_total": total}}).
		Expect(http.StatusCreated).Data()["group"].(map[string]any)
	o := g["orders"].([]any)[0].(map[string]any)
	var lines []string
	if err := e.DB.NewRaw("SELECT id FROM shop_order_lines WHERE order_id = ? ORDER BY seq", o["id"]).Scan(ctx, &lines); err != nil {
		t.Fatal(err)
	}
	return o["id"].(string), lines
}

func ratingOf(t *testing.T, e *testkit.Env, productID string) (rating, count int) {
	t.Helper()
	if err := e.DB.NewRaw("SELECT rating, rating_count FROM shop_products WHERE id = ?", productID).
		Scan(ctx, &rating, &count); err != nil {
		t.Fatal(err)
	}
	return
}

func pngBytes(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for x := 0; x < 40; x++ {
		img.Set(x, x%30, color.RGBA{200, 80, 20, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestIntegrationShopReviews(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		sl := newSeller(t, e, "lagoscraft")
		other := newSeller(t, e, "othervendor")
		pa, va := sl.product(t, e, "Woven raffia tote", 1_500_000)
		pb, vb := sl.product(t, e, "Shea body butter", 450_000)
		u := e.Register("ada@example.com", "ada")
		stranger := e.Register("bola@example.com", "bola")
		admin := e.Admin("boss@example.com", "boss")

		orderID, lines := buy(t, e, u, va, vb)
		if len(lines) != 2 {
			t.Fatalf("lines: %v", lines)
		}
		// Not delivered yet: nothing to review, and a review is 404.
		if n := len(e.Get("/api/v1/shop/reviews/pending", u.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)); n != 0 {
			t.Fatalf("pending before delivery: %d", n)
		}
		e.Post("/api/v1/shop/reviews", u.AccessToken, map[string]any{"order_line_id": lines[0], "rating": 5}).
			Expect(http.StatusNotFound)

		e.Post("/api/v1/vendor/orders/"+orderID+"/ship", sl.AccessToken, map[string]any{"carrier": "GIG Logistics",
			"tracking_number": "GIG-123456"}).Expect(http.StatusOK)
		e.Post("/api/v1/vendor/orders/"+orderID+"/deliver", sl.AccessToken, nil).Expect(http.StatusOK)

		if n := len(e.Get("/api/v1/shop/reviews/pending", u.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)); n != 2 {
			t.Fatalf("pending after delivery: %d", n)
		}
		// Someone who did not buy it cannot review it.
		e.Post("/api/v1/shop/reviews", stranger.AccessToken, map[string]any{"order_line_id": lines[0], "rating": 5}).
			Expect(http.StatusNotFound)
		// Bad input.
		e.Post("/api/v1/shop/reviews", u.AccessToken, map[string]any{"order_line_id": lines[0], "rating": 6}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/shop/reviews", u.AccessToken, map[string]any{"order_line_id": lines[0], "rating": 4,
			"text": string(bytes.Repeat([]byte("a"), 2001))}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/shop/reviews", u.AccessToken, map[string]any{"order_line_id": lines[0], "rating": 4,
			"text": "bad\x00text"}).Expect(http.StatusUnprocessableEntity)

		r1 := e.Post("/api/v1/shop/reviews", u.AccessToken, map[string]any{"order_line_id": lines[0], "rating": 4,
			"text": "Sturdy weave, carries a laptop and lunch."}).Expect(http.StatusCreated).Data()
		if r1["status"] != "pending" || r1["product_id"] != pa {
			t.Fatalf("review: %v", r1)
		}
		id1 := r1["id"].(string)
		// One per line.
		e.Post("/api/v1/shop/reviews", u.AccessToken, map[string]any{"order_line_id": lines[0], "rating": 2}).
			Expect(http.StatusConflict)
		// Photos: the author's, images only, at most 4.
		e.Upload("/api/v1/shop/reviews/"+id1+"/photos", stranger.AccessToken, "file", "a.png", pngBytes(t)).
			Expect(http.StatusNotFound)
		e.Upload("/api/v1/shop/reviews/"+id1+"/photos", u.AccessToken, "file", "a.png", []byte("not an image")).
			Expect(http.StatusUnprocessableEntity)
		for i := 0; i < 4; i++ {
			e.Upload("/api/v1/shop/reviews/"+id1+"/photos", u.AccessToken, "file", "a.png", pngBytes(t)).
				Expect(http.StatusOK)
		}
		e.Upload("/api/v1/shop/reviews/"+id1+"/photos", u.AccessToken, "file", "a.png", pngBytes(t)).
			Expect(http.StatusConflict)

		// Pending: not public, not counted.
		if n := len(e.Get("/api/v1/shop/products/"+pa+"/reviews", "").Expect(http.StatusOK).Map()["data"].([]any)); n != 0 {
			t.Fatalf("public before approval: %d", n)
		}
		q := e.Get("/api/v1/admin/shop/reviews?status=pending", admin.AccessToken).Expect(http.StatusOK).Map()
		if len(q["data"].([]any)) != 1 {
			t.Fatalf("queue: %v", q)
		}
		e.Get("/api/v1/admin/shop/reviews?status=bogus", admin.AccessToken).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/admin/shop/reviews/"+id1+"/approve", u.AccessToken, nil).Expect(http.StatusForbidden)
		a := e.Post("/api/v1/admin/shop/reviews/"+id1+"/approve", admin.AccessToken, nil).Expect(http.StatusOK).Data()
		if a["status"] != "published" || len(a["photos"].([]any)) != 4 {
			t.Fatalf("approved: %v", a)
		}
		e.Post("/api/v1/admin/shop/reviews/"+id1+"/approve", admin.AccessToken, nil).Expect(http.StatusConflict)
		if r, n := ratingOf(t, e, pa); r != 400 || n != 1 {
			t.Fatalf("rating after approval: %d %d", r, n)
		}
		// Published, the review is a notification to the product's vendor.
		if err := e.App.Notifications.DeliverPending(testkit.Ctx()); err != nil {
			t.Fatal(err)
		}
		vn := e.Get("/api/v1/notifications?portal=vendor", sl.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		found := false
		for _, n := range vn {
			found = found || n.(map[string]any)["type"] == "review.posted"
		}
		if !found {
			t.Fatalf("vendor's notifications: %v", vn)
		}

		r2 := e.Post("/api/v1/shop/reviews", u.AccessToken, map[string]any{"order_line_id": lines[1], "rating": 2,
			"text": "Smells lovely but the jar arrived cracked."}).Expect(http.StatusCreated).Data()
		id2 := r2["id"].(string)
		e.Post("/api/v1/admin/shop/reviews/"+id2+"/approve", admin.AccessToken, nil).Expect(http.StatusOK)
		if r, n := ratingOf(t, e, pb); r != 200 || n != 1 {
			t.Fatalf("rating of b: %d %d", r, n)
		}
		var sum, cnt int
		if err := e.DB.NewRaw("SELECT rating_sum, rating_count FROM shop_stores WHERE id = ?", sl.storeID).
			Scan(ctx, &sum, &cnt); err != nil {
			t.Fatal(err)
		}
		if cnt != 2 || sum != 600 {
			t.Fatalf("store aggregate: %d %d", sum, cnt)
		}
		if n := len(e.Get("/api/v1/shop/reviews/pending", u.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)); n != 0 {
			t.Fatalf("pending after reviews: %d", n)
		}
		if n := len(e.Get("/api/v1/shop/reviews/mine", u.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)); n != 2 {
			t.Fatalf("mine: %d", n)
		}

		// Public list, keyset.
		pub := e.Get("/api/v1/shop/products/"+pa+"/reviews?limit=1", "").Expect(http.StatusOK).Map()
		if d := pub["data"].([]any); len(d) != 1 || d[0].(map[string]any)["order_line_id"] != nil {
			t.Fatalf("public: %v", pub)
		}

		// The vendor: own reviews only, one reply; another vendor 404.
		v := e.Get("/api/v1/vendor/reviews?unanswered=true", sl.AccessToken).Expect(http.StatusOK).Map()
		if len(v["data"].([]any)) != 2 {
			t.Fatalf("vendor reviews: %v", v)
		}
		if n := len(e.Get("/api/v1/vendor/reviews", other.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)); n != 0 {
			t.Fatalf("other vendor sees %d", n)
		}
		e.Get("/api/v1/vendor/reviews?unanswered=maybe", sl.AccessToken).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/vendor/reviews/"+id2+"/reply", other.AccessToken, map[string]any{"text": "Hi"}).
			Expect(http.StatusNotFound)
		e.Post("/api/v1/vendor/reviews/"+id2+"/reply", sl.AccessToken, map[string]any{"text": " "}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/vendor/reviews/"+id2+"/reply", sl.AccessToken, map[string]any{
			"text": "So sorry about the jar: a replacement is on its way."}).Expect(http.StatusOK)
		e.Post("/api/v1/vendor/reviews/"+id2+"/reply", sl.AccessToken, map[string]any{"text": "Again"}).
			Expect(http.StatusConflict)
		if n := len(e.Get("/api/v1/vendor/reviews?unanswered=true", sl.AccessToken).Map()["data"].([]any)); n != 1 {
			t.Fatalf("unanswered: %d", n)
		}

		// Reply times for the vendor health score: one answered at once, one still within its three days; four
		// days on, that one is late.
		rt := shopreviews.NewReplyTimes(e.DB)
		since := e.Clock.Now().Add(-90 * 24 * time.Hour)
		if got, err := rt.SlowReplies(ctx, since, e.Clock.Now(), 72*time.Hour); err != nil || got[sl.storeID] != [2]int{0, 1} {
			t.Fatalf("reply times now: %v %v", got, err)
		}
		if got, err := rt.SlowReplies(ctx, since, e.Clock.Now().Add(96*time.Hour), 72*time.Hour); err != nil || got[sl.storeID] != [2]int{1, 2} {
			t.Fatalf("reply times four days on: %v %v", got, err)
		}

		// Reports: once each; an admin takes the review down and the rating follows.
		e.Post("/api/v1/shop/reviews/"+id2+"/report", stranger.AccessToken, map[string]any{"reason": ""}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/shop/reviews/"+id2+"/report", stranger.AccessToken, map[string]any{"reason": "Not about the product"}).
			Expect(http.StatusNoContent)
		e.Post("/api/v1/shop/reviews/"+id2+"/report", stranger.AccessToken, map[string]any{"reason": "Again"}).
			Expect(http.StatusConflict)
		rep := e.Get("/api/v1/admin/shop/reviews?status=reported", admin.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(rep) != 1 || len(rep[0].(map[string]any)["reports"].([]any)) != 1 {
			t.Fatalf("reported: %v", rep)
		}
		e.Post("/api/v1/admin/shop/reviews/"+id2+"/reject", admin.AccessToken, map[string]any{"reason": ""}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/admin/shop/reviews/"+id2+"/reject", admin.AccessToken, map[string]any{"reason": "Off topic"}).
			Expect(http.StatusOK)
		e.Post("/api/v1/admin/shop/reviews/"+id2+"/reject", admin.AccessToken, map[string]any{"reason": "Off topic"}).
			Expect(http.StatusConflict)
		if r, n := ratingOf(t, e, pb); r != 0 || n != 0 {
			t.Fatalf("rating after take-down: %d %d", r, n)
		}
		e.Post("/api/v1/shop/reviews/"+id2+"/report", u.AccessToken, map[string]any{"reason": "x"}).
			Expect(http.StatusNotFound)
		e.Post("/api/v1/admin/shop/reviews/"+ids.New()+"/approve", admin.AccessToken, nil).Expect(http.StatusNotFound)
	})
}
