package catalog

import (
	"context"
	"database/sql"
	"encoding/json"
	"sort"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

// MaxLineQuantity bounds one stock line's quantity.
const MaxLineQuantity = 10_000

// StockLine is a quantity of one variant (a cart or order line).
type StockLine struct {
	VariantID string
	Quantity  int
}

// Variant is what the shop needs of a purchasable variant.
type Variant struct {
	// VendorID is the store owner's user id; Title like "Blue / M" ("" for
	// a single-variant product).
	ID, ProductID, StoreID, VendorID, ProductTitle, Title, SKU, CategoryID string
	Price, CompareAt                                                       int64 // minor units; CompareAt 0 = none
	Currency                                                               string
	Available                                                              int // stock - reserved
	WeightGrams                                                            int
	// Purchasable: the product is published, its store active, and it is not
	// price-on-request.
	Purchasable bool
	// Luxury: a verified luxury product (insured delivery, signature on receipt).
	Luxury   bool
	PhotoURL string
}

// ShippingMethod is one way a store ships (fee in minor units, NGN).
type ShippingMethod struct {
	Code    string `json:"code"`
	Label   string `json:"label"`
	Fee     int64  `json:"fee"`
	MinDays int    `json:"min_days"`
	MaxDays int    `json:"max_days"`
}

// Store is what the shop needs of a storefront.
type Store struct {
	ID, UserID, Name, Slug, LogoURL string
	Active                          bool
	ReturnDays                      int
	Shipping                        []ShippingMethod
}

// variantJoin is a variant read with its product and store.
type variantJoin struct {
	variantRow `bun:",extend"`

	ProductTitle      string `bun:"product_title"`
	CategoryID        string `bun:"category_id"`
	VendorID          string `bun:"vendor_id"`
	Status            string `bun:"product_status"`
	PriceOnRequest    bool   `bun:"price_on_request"`
	Luxury            bool   `bun:"luxury"`
	CertificateStatus string `bun:"certificate_status"`
	CoverURL          string `bun:"cover_url"`
	Suspended         bool   `bun:"suspended"`
}

func (j variantJoin) view() Variant {
	return Variant{ID: j.ID, ProductID: j.ProductID, StoreID: j.StoreID, VendorID: j.VendorID,
		ProductTitle: j.ProductTitle, Title: j.Title, SKU: j.SKU, CategoryID: j.CategoryID, Price: j.Price,
		CompareAt: j.CompareAt, Currency: j.Currency, Available: max(j.Stock-j.Reserved, 0),
		WeightGrams: j.WeightGrams, Purchasable: j.Status == StatusPublished && !j.Suspended && !j.PriceOnRequest,
		Luxury: j.Luxury && j.CertificateStatus == CertVerified, PhotoURL: j.CoverURL}
}

// Variants reads variants by id (unknown ids are left out of the map).
func (s *Service) Variants(ctx context.Context, db bun.IDB, ids []string) (map[string]Variant, error) {
	out := map[string]Variant{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []variantJoin
	err := db.NewSelect().Model(&rows).
		ColumnExpr("v.*").
		ColumnExpr("p.title AS product_title, p.category_id, p.vendor_id, p.status AS product_status").
		ColumnExpr("p.price_on_request, p.luxury, p.certificate_status, p.cover_url, s.suspended").
		Join("JOIN shop_products AS p ON p.id = v.product_id").
		Join("JOIN shop_stores AS s ON s.id = v.store_id").
		Where("v.id IN (?)", bun.In(dedupe(ids))).Scan(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r.view()
	}
	return out, nil
}

// Stores reads storefronts by id (unknown ids are left out of the map).
func (s *Service) Stores(ctx context.Context, db bun.IDB, ids []string) (map[string]Store, error) {
	out := map[string]Store{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []storeRow
	if err := db.NewSelect().Model(&rows).Where("s.id IN (?)", bun.In(dedupe(ids))).Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r.summary()
	}
	return out, nil
}

func (r storeRow) summary() Store {
	return Store{ID: r.ID, UserID: r.UserID, Name: r.Name, Slug: r.Slug, LogoURL: r.LogoURL, Active: !r.Suspended,
		ReturnDays: r.ReturnDays, Shipping: shippingOf(r.Shipping)}
}

func shippingOf(raw string) []ShippingMethod {
	var ms []ShippingMethod
	_ = json.Unmarshal([]byte(raw), &ms)
	if ms == nil {
		ms = []ShippingMethod{}
	}
	return ms
}

// Reserve holds stock for the lines, all or nothing: one conditional update
// per line (reserved += q where stock - reserved >= q and the product is
// purchasable), applied in variant-id order so concurrent reservations never
// deadlock. When any line fails it answers ErrOutOfStock (wrapped, the
// failing variant ids in Fields) and the caller's transaction must roll back;
// called outside a transaction, Reserve runs in its own.
func (s *Service) Reserve(ctx context.Context, db bun.IDB, lines []StockLine) error {
	ls, err := merge(lines)
	if err != nil {
		return err
	}
	return s.inTx(ctx, db, func(ctx context.Context, tx bun.IDB) error {
		short := apperr.Fields{}
		for _, l := range ls {
			res, err := tx.NewRaw(`UPDATE shop_variants SET reserved = reserved + ?, updated_at = ?
				WHERE id = ? AND stock - reserved >= ? AND EXISTS (SELECT 1 FROM shop_products p
				JOIN shop_stores s ON s.id = p.store_id WHERE p.id = shop_variants.product_id
				AND p.status = ? AND NOT p.price_on_request AND NOT s.suspended)`,
				l.Quantity, s.now(), l.VariantID, l.Quantity, StatusPublished).Exec(ctx)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n != 1 {
				short[l.VariantID] = "out_of_stock"
			}
		}
		if len(short) > 0 {
			e := apperr.Wrap(apperr.CodeOutOfStock, ErrOutOfStock.Message, ErrOutOfStock)
			e.Fields = short
			return e
		}
		return nil
	})
}

// Release gives reserved stock back (an unpaid or cancelled order):
// reserved -= q, never below 0.
func (s *Service) Release(ctx context.Context, db bun.IDB, lines []StockLine) error {
	return s.eachLine(ctx, db, lines, false, `UPDATE shop_variants SET
		reserved = CASE WHEN reserved >= ? THEN reserved - ? ELSE 0 END, updated_at = ? WHERE id = ?`,
		func(l StockLine) []any { return []any{l.Quantity, l.Quantity, s.now(), l.VariantID} })
}

// Consume turns a reservation into a sale on payment: stock -= q,
// reserved -= q, sold += q. A line without that much reserved is a conflict
// (the caller's transaction rolls back).
func (s *Service) Consume(ctx context.Context, db bun.IDB, lines []StockLine) error {
	return s.eachLine(ctx, db, lines, true, `UPDATE shop_variants SET stock = stock - ?, reserved = reserved - ?,
		sold = sold + ?, updated_at = ? WHERE id = ? AND reserved >= ? AND stock >= ?`,
		func(l StockLine) []any {
			return []any{l.Quantity, l.Quantity, l.Quantity, s.now(), l.VariantID, l.Quantity, l.Quantity}
		})
}

// Restock puts returned goods back on the shelf after payment: stock += q.
func (s *Service) Restock(ctx context.Context, db bun.IDB, lines []StockLine) error {
	return s.eachLine(ctx, db, lines, false, `UPDATE shop_variants SET stock = stock + ?, updated_at = ? WHERE id = ?`,
		func(l StockLine) []any { return []any{l.Quantity, s.now(), l.VariantID} })
}

func (s *Service) eachLine(ctx context.Context, db bun.IDB, lines []StockLine, strict bool, query string,
	args func(StockLine) []any) error {
	ls, err := merge(lines)
	if err != nil {
		return err
	}
	return s.inTx(ctx, db, func(ctx context.Context, tx bun.IDB) error {
		for _, l := range ls {
			res, err := tx.NewRaw(query, args(l)...).Exec(ctx)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); strict && n != 1 {
				return errStockState
			}
		}
		return nil
	})
}

// inTx runs fn in db when it is a transaction, else in a new one.
func (s *Service) inTx(ctx context.Context, db bun.IDB, fn func(ctx context.Context, tx bun.IDB) error) error {
	switch d := db.(type) {
	case bun.Tx, *bun.Tx:
		return fn(ctx, d)
	case nil:
		db = s.c.DB.DB
	}
	return db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, tx) })
}

// merge validates lines, sums repeated variants and sorts by variant id.
func merge(lines []StockLine) ([]StockLine, error) {
	sum := map[string]int{}
	for _, l := range lines {
		if l.VariantID == "" || len(l.VariantID) > 64 || l.Quantity < 1 || l.Quantity > MaxLineQuantity {
			return nil, errStockLine
		}
		sum[l.VariantID] += l.Quantity
		if sum[l.VariantID] > MaxLineQuantity {
			return nil, errStockLine
		}
	}
	out := make([]StockLine, 0, len(sum))
	for id, q := range sum {
		out = append(out, StockLine{VariantID: id, Quantity: q})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].VariantID < out[j].VariantID })
	return out, nil
}

func dedupe(ids []string) []string {
	seen := make(map[string]bool, len(ids))
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
