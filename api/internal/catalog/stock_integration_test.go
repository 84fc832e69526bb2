package catalog_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/uptrace/bun"

	"sojourn/api/internal/catalog"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/testkit"
)

var ctx = context.Background()

func service(t *testing.T, e *testkit.Env) *catalog.Service {
	t.Helper()
	s, err := catalog.New(catalog.Config{DB: e.DB, Clock: e.Clock, Storage: e.App.Deps.Storage,
		Images: images.NewProcessor(64 << 20), Audit: e.App.Audit})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// rawProduct writes a store (once per vendor), a category and a product with
// one variant of the given stock straight into the tables: the stock API is
// tested apart from the vendor routes. It answers the variant id.
func rawProduct(t *testing.T, e *testkit.Env, vendorID, status string, stock int, price int64) (productID, variantID string) {
	t.Helper()
	now := e.Clock.Now()
	var storeID string
	_ = e.DB.NewRaw("SELECT id FROM shop_stores WHERE user_id = ?", vendorID).Scan(ctx, &storeID)
	if storeID == "" {
		storeID = ids.New()
		mustExec(t, e, `INSERT INTO shop_stores (id, user_id, name, slug, shipping, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, storeID, vendorID, "Store "+storeID, "store-"+storeID, `[{"code":"standard","label":"Standard","fee":150000,"min_days":2,"max_days":5}]`, now, now)
	}
	catID := ids.New()
	mustExec(t, e, `INSERT INTO shop_categories (id, name, slug, path, depth, created_at, updated_at)
		VALUES (?, ?, ?, ?, 0, ?, ?)`, catID, "Cat "+catID, "cat-"+catID, catID+"/", now, now)
	productID, variantID = ids.New(), ids.New()
	mustExec(t, e, `INSERT INTO shop_products (id, store_id, vendor_id, category_id, category_path, title, status,
		min_price, max_price, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'NGN', ?, ?)`,
		productID, storeID, vendorID, catID, catID+"/", "Canvas weekender bag", status, price, price, now, now)
	mustExec(t, e, `INSERT INTO shop_variants (id, product_id, store_id, title, sku, price, currency, stock,
		weight_grams, created_at, updated_at) VALUES (?, ?, ?, '', ?, ?, 'NGN', ?, 900, ?, ?)`,
		variantID, productID, storeID, "SKU-"+variantID, price, stock, now, now)
	return productID, variantID
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

func TestIntegrationStockLifecycle(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := service(t, e)
		v := e.Register("stock-vendor@example.com", "stockvendor")
		_, a := rawProduct(t, e, v.UserID, catalog.StatusPublished, 5, 250000)
		_, b := rawProduct(t, e, v.UserID, catalog.StatusPublished, 1, 990000)
		_, draft := rawProduct(t, e, v.UserID, catalog.StatusDraft, 9, 1000)

		vs, err := s.Variants(ctx, e.DB, []string{a, b, draft, "missing"})
		if err != nil || len(vs) != 3 {
			t.Fatalf("variants: %v %v", vs, err)
		}
		if got := vs[a]; got.Available != 5 || !got.Purchasable || got.Price != 250000 || got.VendorID != v.UserID ||
			got.ProductTitle != "Canvas weekender bag" || got.WeightGrams != 900 {
			t.Fatalf("variant a: %+v", got)
		}
		if vs[draft].Purchasable {
			t.Fatal("a draft product's variant must not be purchasable")
		}
		st, err := s.Stores(ctx, e.DB, []string{vs[a].StoreID})
		if err != nil || len(st) != 1 || !st[vs[a].StoreID].Active || len(st[vs[a].StoreID].Shipping) != 1 ||
			st[vs[a].StoreID].Shipping[0].Fee != 150000 {
			t.Fatalf("stores: %+v %v", st, err)
		}

		// All or nothing: b has 1, asking 2 fails and a keeps its stock.
		err = s.Reserve(ctx, e.DB, []catalog.StockLine{{VariantID: a, Quantity: 2}, {VariantID: b, Quantity: 2}})
		ae, ok := apperr.As(err)
		if !errors.Is(err, catalog.ErrOutOfStock) || !ok || ae.Code != apperr.CodeOutOfStock || ae.Fields[b] == "" ||
			ae.Fields[a] != "" || ae.Status() != 409 {
			t.Fatalf("reserve short: %v", err)
		}
		if st, r, _ := stockOf(t, e, a); st != 5 || r != 0 {
			t.Fatalf("a after failed reserve: stock %d reserved %d", st, r)
		}
		if err := s.Reserve(ctx, e.DB, []catalog.StockLine{{VariantID: draft, Quantity: 1}}); !errors.Is(err, catalog.ErrOutOfStock) {
			t.Fatalf("reserving a draft: %v", err)
		}
		// Repeated lines add up; inside a caller's transaction that rolls back, nothing stays.
		_ = e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if err := s.Reserve(ctx, tx, []catalog.StockLine{{VariantID: a, Quantity: 2}, {VariantID: a, Quantity: 1}}); err != nil {
				t.Fatal(err)
			}
			if _, r, _ := stockOfTx(t, tx, a); r != 3 {
				t.Fatalf("reserved in tx: %d", r)
			}
			return errors.New("roll back")
		})
		if _, r, _ := stockOf(t, e, a); r != 0 {
			t.Fatalf("rolled back reserve left %d reserved", r)
		}
		if err := s.Reserve(ctx, e.DB, []catalog.StockLine{{VariantID: a, Quantity: 3}, {VariantID: b, Quantity: 1}}); err != nil {
			t.Fatal(err)
		}
		if vs, _ := s.Variants(ctx, e.DB, []string{a, b}); vs[a].Available != 2 || vs[b].Available != 0 {
			t.Fatalf("available after reserve: %+v", vs)
		}
		// Release 1 of a; consume 2 of a and b's 1; restock 1 of b.
		if err := s.Release(ctx, e.DB, []catalog.StockLine{{VariantID: a, Quantity: 1}}); err != nil {
			t.Fatal(err)
		}
		if err := s.Consume(ctx, e.DB, []catalog.StockLine{{VariantID: a, Quantity: 2}, {VariantID: b, Quantity: 1}}); err != nil {
			t.Fatal(err)
		}
		if st, r, sold := stockOf(t, e, a); st != 3 || r != 0 || sold != 2 {
			t.Fatalf("a after consume: %d %d %d", st, r, sold)
		}
		if err := s.Consume(ctx, e.DB, []catalog.StockLine{{VariantID: a, Quantity: 1}}); err == nil {
			t.Fatal("consuming what was not reserved must fail")
		}
		if err := s.Restock(ctx, e.DB, []catalog.StockLine{{VariantID: b, Quantity: 1}}); err != nil {
			t.Fatal(err)
		}
		if st, r, sold := stockOf(t, e, b); st != 1 || r != 0 || sold != 1 {
			t.Fatalf("b after restock: %d %d %d", st, r, sold)
		}
		// Release never goes below zero.
		if err := s.Release(ctx, e.DB, []catalog.StockLine{{VariantID: b, Quantity: 5}}); err != nil {
			t.Fatal(err)
		}
		if _, r, _ := stockOf(t, e, b); r != 0 {
			t.Fatalf("reserved below zero: %d", r)
		}
		// Bad lines are 422.
		for _, bad := range [][]catalog.StockLine{{{VariantID: a, Quantity: 0}}, {{VariantID: "", Quantity: 1}},
			{{VariantID: a, Quantity: catalog.MaxLineQuantity + 1}}} {
			if err := s.Reserve(ctx, e.DB, bad); !apperr.Is(err, apperr.CodeValidation) {
				t.Fatalf("bad line %v: %v", bad, err)
			}
		}
	})
}

func stockOfTx(t *testing.T, tx bun.IDB, variantID string) (stock, reserved, sold int) {
	t.Helper()
	if err := tx.NewRaw("SELECT stock, reserved, sold FROM shop_variants WHERE id = ?", variantID).
		Scan(ctx, &stock, &reserved, &sold); err != nil {
		t.Fatal(err)
	}
	return
}

// Fifty parallel reservations of one unit for ten in stock: exactly ten
// succeed, the rest are out of stock, and available never goes negative.
func TestIntegrationReserveConcurrency(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := service(t, e)
		v := e.Register("race-vendor@example.com", "racevendor")
		_, a := rawProduct(t, e, v.UserID, catalog.StatusPublished, 10, 500000)
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, short := 0, 0
		for i := 0; i < 50; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
					return s.Reserve(ctx, tx, []catalog.StockLine{{VariantID: a, Quantity: 1}})
				})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case errors.Is(err, catalog.ErrOutOfStock):
					short++
				default:
					t.Errorf("reserve: %v", err)
				}
			}()
		}
		wg.Wait()
		if ok != 10 || short != 40 {
			t.Fatalf("succeeded %d, out of stock %d", ok, short)
		}
		if st, r, _ := stockOf(t, e, a); st != 10 || r != 10 {
			t.Fatalf("stock %d reserved %d", st, r)
		}
	})
}
