package shop_test

import (
	"context"
	"net/http"
	"testing"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

var ctx = context.Background()

// seller is a vendor with a store (return window 7 days, two shipping
// methods) and a category of its own.
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
		`[{"code":"standard","label":"Standard","fee":150000,"min_days":2,"max_days":5},`+
			`{"code":"express","label":"Express","fee":400000,"min_days":1,"max_days":2}]`, now, now)
	mustExec(t, e, `INSERT INTO shop_categories (id, name, slug, path, depth, created_at, updated_at)
		VALUES (?, ?, ?, ?, 0, ?, ?)`, sl.categoryID, "Cat "+name, "cat-"+name, sl.categoryID+"/", now, now)
	return sl
}

// product writes a published product with one variant of the given stock
// and price; it answers the variant id.
func (sl seller) product(t *testing.T, e *testkit.Env, title string, stock int, price int64) string {
	t.Helper()
	now := e.Clock.Now()
	productID, variantID := ids.New(), ids.New()
	mustExec(t, e, `INSERT INTO shop_products (id, store_id, vendor_id, category_id, category_path, title, status,
		min_price, max_price, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'published', ?, ?, 'NGN', ?, ?)`,
		productID, sl.storeID, sl.UserID, sl.categoryID, sl.categoryID+"/", title, price, price, now, now)
	mustExec(t, e, `INSERT INTO shop_variants (id, product_id, store_id, title, sku, price, currency, stock,
		weight_grams, created_at, updated_at) VALUES (?, ?, ?, '', ?, ?, 'NGN', ?, 500, ?, ?)`,
		variantID, productID, sl.storeID, "SKU-"+variantID[len(variantID)-8:], price, stock, now, now)
	return variantID
}

func mustExec(t *testing.T, e *testkit.Env, q string, args ...any) {
	t.Helper()
	if _, err := e.DB.NewRaw(q, args...).Exec(ctx); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func stockOf(t *testing.T, e *testkit.Env, variantID string) (stock, reserved, sold int) {
	t.Helper()
	if err := e.DB.NewRaw("SELECT stock, reserved, sold FROM shop_variants WHERE id = ?", variantID).
		Scan(ctx, &stock, &reserved, &sold); err != nil {
		t.Fatal(err)
	}
	return
}

// shopper registers a funded shopper with a default address.
func shopper(t *testing.T, e *testkit.Env, name string, funds int64) (*testkit.Session, string) {
	t.Helper()
	s := e.Register(name+"@example.com", name)
	if funds > 0 {
		e.Fund(t, s.UserID, funds)
	}
	a := e.Post("/api/v1/shop/addresses", s.AccessToken, map[string]any{"recipient_name": "Ada " + name,
		"phone": "+234 803 555 0101", "line1": "12 Admiralty Way", "city": "Lagos", "state": "Lagos", "country": "ng"}).
		Expect(http.StatusCreated).Data()
	return s, a["id"].(string)
}

func addToCart(t *testing.T, e *testkit.Env, s *testkit.Session, variantID string, q int) {
	t.Helper()
	e.Post("/api/v1/shop/cart/items", s.AccessToken, map[string]any{"variant_id": variantID, "quantity": q}).
		Expect(http.StatusOK)
}

// quoteTotal asks the quote and answers its total.
func quoteTotal(t *testing.T, e *testkit.Env, s *testkit.Session, addressID string, shipping map[string]string) int64 {
	t.Helper()
	q := e.Post("/api/v1/shop/checkout/quote", s.AccessToken, map[string]any{"address_id": addressID, "shipping": shipping}).
		Expect(http.StatusOK).Data()
	return int64(q["total"].(map[string]any)["amount"].(float64))
}

func checkout(e *testkit.Env, s *testkit.Session, addressID, payWith string, total int64, shipping map[string]string) *testkit.Resp {
	return e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/shop/checkout", Token: s.AccessToken,
		Header: map[string]string{"Idempotency-Key": ids.New()},
		Body:   map[string]any{"address_id": addressID, "pay_with": payWith, "expected_total": total, "shipping": shipping}})
}

func balance(t *testing.T, e *testkit.Env, kind money.Kind, owner string) int64 {
	t.Helper()
	b, err := e.App.Money.Balance(ctx, e.DB, kind, owner, "NGN")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func escrow(t *testing.T, e *testkit.Env, orderID string) int64 {
	t.Helper()
	b, err := e.App.Money.EscrowBalance(ctx, e.DB, money.Ref{Type: money.RefOrder, ID: orderID}, "NGN")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func num(v any) int64 { return int64(v.(float64)) }

func amount(v any) int64 { return num(v.(map[string]any)["amount"]) }

// relogin signs the sessions in again (after the fake clock jumped past
// their access tokens' life).
func relogin(e *testkit.Env, ss ...*testkit.Session) {
	for _, s := range ss {
		n := e.Login(s.Email, s.Password)
		s.AccessToken, s.RefreshToken = n.AccessToken, n.RefreshToken
	}
}
