package catalog

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// CreateProduct adds a draft product to the caller's store.
func (s *Service) CreateProduct(ctx context.Context, userID string, in ProductInput) (Product, error) {
	f := apperr.Fields{}
	in.check(f, true)
	if err := f.Err(); err != nil {
		return Product{}, err
	}
	var id string
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		st, err := s.st.storeOfUser(ctx, tx, userID)
		if errors.Is(err, ErrStoreNotFound) {
			return errNoStore
		} else if err != nil {
			return err
		}
		now := s.now()
		p := &productRow{ID: ids.New(), StoreID: st.ID, VendorID: userID, Status: StatusDraft, Currency: Currency,
			ShippingProfile: "standard", Tags: "[]", Options: "[]", CreatedAt: now, UpdatedAt: now}
		id = p.ID
		if err := s.apply(ctx, tx, p, nil, in); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(p).Exec(ctx); err != nil {
			return err
		}
		if err := s.st.copyStoreToProduct(ctx, tx, p.ID, st.ID); err != nil {
			return err
		}
		if err := s.saveVariants(ctx, tx, p, nil, *in.Variants); err != nil {
			return err
		}
		return s.event(ctx, tx, p.ID, "", StatusDraft, "vendor", userID, "")
	})
	if err != nil {
		return Product{}, err
	}
	return s.MyProduct(ctx, userID, id)
}

// UpdateProduct changes the fields given of one of the caller's products. A
// published product of a store under review_all goes back to review.
func (s *Service) UpdateProduct(ctx context.Context, userID, id string, in ProductInput) (Product, error) {
	f := apperr.Fields{}
	in.check(f, false)
	if err := f.Err(); err != nil {
		return Product{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.st.ownProduct(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		existing, err := s.st.variants(ctx, tx, []string{p.ID})
		if err != nil {
			return err
		}
		if in.Variants == nil && (in.Options != nil || in.PriceOnRequest != nil) {
			vs := make([]VariantInput, len(existing))
			for i, v := range existing {
				vs[i] = v.input()
			}
			in.Variants = &vs
		}
		if err := s.apply(ctx, tx, p, existing, in); err != nil {
			return err
		}
		p.UpdatedAt = s.now()
		if _, err := tx.NewUpdate().Model(p).WherePK().Exec(ctx); err != nil {
			return err
		}
		if in.Variants != nil {
			if err := s.saveVariants(ctx, tx, p, existing, *in.Variants); err != nil {
				return err
			}
		}
		if p.Status == StatusPublished {
			st, err := s.st.storeByID(ctx, tx, p.StoreID)
			if err != nil {
				return err
			}
			if st.ReviewAll {
				return s.move(ctx, tx, p, StatusPendingReview, "vendor", userID, "changed under review_all")
			}
		}
		return nil
	})
	if err != nil {
		return Product{}, err
	}
	return s.MyProduct(ctx, userID, id)
}

// apply copies the given fields onto p and checks what depends on more than
// one field (the category, the variants against the options).
func (s *Service) apply(ctx context.Context, tx bun.IDB, p *productRow, existing []variantRow, in ProductInput) error {
	f := apperr.Fields{}
	if in.Title != nil {
		p.Title = *in.Title
	}
	if in.Description != nil {
		p.DescriptionHTML, p.DescriptionText = sanitise(*in.Description)
	}
	if in.Brand != nil {
		p.Brand = *in.Brand
	}
	if in.Tags != nil {
		p.Tags = jsonText(*in.Tags)
	}
	if in.Options != nil {
		p.Options = jsonText(*in.Options)
	}
	if in.ShippingProfile != nil {
		p.ShippingProfile = *in.ShippingProfile
	}
	if in.Luxury != nil {
		p.Luxury = *in.Luxury
	}
	if in.PriceOnRequest != nil {
		p.PriceOnRequest = *in.PriceOnRequest
	}
	if in.CategoryID != nil {
		c, err := s.st.category(ctx, tx, *in.CategoryID)
		if errors.Is(err, ErrCategoryNotFound) {
			f.Add("category_id", "is not a category")
		} else if err != nil {
			return err
		} else {
			p.CategoryID, p.CategoryPath = c.ID, c.Path
		}
	}
	if in.Variants != nil {
		var opts []Option
		_ = json.Unmarshal([]byte(p.Options), &opts)
		checkVariants(f, opts, *in.Variants, p.PriceOnRequest)
		have := map[string]variantRow{}
		for _, v := range existing {
			have[v.ID] = v
		}
		for i, v := range *in.Variants {
			if v.ID == "" {
				continue
			}
			old, ok := have[v.ID]
			switch {
			case !ok:
				f.Add("variants["+itoa(i)+"].id", "is not a variant of this product")
			case v.Stock < old.Reserved:
				f.Add("variants["+itoa(i)+"].stock", "cannot be below the "+itoa(old.Reserved)+" units reserved by orders")
			}
		}
	}
	return f.Err()
}

// saveVariants makes the product's variants those given: an entry with an
// id changes that variant, one without adds one, a variant left out is
// removed (refused while some of it is reserved); then the product's price
// range and compare-at follow.
func (s *Service) saveVariants(ctx context.Context, tx bun.Tx, p *productRow, existing []variantRow, in []VariantInput) error {
	var opts []Option
	_ = json.Unmarshal([]byte(p.Options), &opts)
	titles := checkVariants(apperr.Fields{}, opts, in, p.PriceOnRequest)
	keep := map[string]bool{}
	now := s.now()
	for i, v := range in {
		row := &variantRow{ID: v.ID, ProductID: p.ID, StoreID: p.StoreID, Title: titles[i], Options: jsonText(orEmpty(v.Options)),
			SKU: v.SKU, Price: v.Price, CompareAt: v.CompareAt, Currency: Currency, Stock: v.Stock,
			WeightGrams: v.WeightGrams, Position: i, UpdatedAt: now}
		var err error
		if v.ID == "" {
			row.ID, row.CreatedAt = ids.New(), now
			_, err = tx.NewInsert().Model(row).Exec(ctx)
		} else {
			keep[v.ID] = true
			_, err = tx.NewUpdate().Model(row).Column("title", "options", "sku", "price", "compare_at", "stock",
				"weight_grams", "position", "updated_at").WherePK().Exec(ctx)
		}
		if err != nil {
			if isUnique(err) {
				return errSKUTaken
			}
			if isCheck(err) {
				return apperr.Conflict("A variant's stock went below what orders reserved meanwhile: reload and try again.")
			}
			return err
		}
	}
	for _, v := range existing {
		if keep[v.ID] {
			continue
		}
		res, err := tx.NewDelete().Model((*variantRow)(nil)).Where("id = ? AND reserved = 0", v.ID).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return apperr.Conflict("The variant \"" + v.Title + "\" has units reserved by orders: keep it until they settle.")
		}
	}
	return s.refreshPrices(ctx, tx, p.ID)
}

// refreshPrices sets the product's price range and the compare-at price of
// its cheapest variant.
func (s *Service) refreshPrices(ctx context.Context, tx bun.IDB, productID string) error {
	_, err := tx.NewRaw(`UPDATE shop_products SET
		min_price = COALESCE((SELECT min(price) FROM shop_variants WHERE product_id = shop_products.id), 0),
		max_price = COALESCE((SELECT max(price) FROM shop_variants WHERE product_id = shop_products.id), 0),
		compare_at = COALESCE((SELECT v.compare_at FROM shop_variants v WHERE v.product_id = shop_products.id
			ORDER BY v.price, v.position LIMIT 1), 0)
		WHERE id = ?`, productID).Exec(ctx)
	return err
}

// Submit sends a draft or rejected product to review, or publishes it at
// once when its store is trusted and not under review_all.
func (s *Service) Submit(ctx context.Context, userID, id string) (Product, error) {
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return s.submit(ctx, tx, userID, id)
	})
	if err != nil {
		return Product{}, err
	}
	return s.MyProduct(ctx, userID, id)
}

func (s *Service) submit(ctx context.Context, tx bun.Tx, userID, id string) error {
	p, err := s.st.ownProduct(ctx, tx, userID, id)
	if err != nil {
		return err
	}
	if p.Status != StatusDraft && p.Status != StatusRejected {
		return errWrongMove
	}
	st, err := s.st.storeByID(ctx, tx, p.StoreID)
	if err != nil {
		return err
	}
	if st.Suspended {
		return errStoreSuspended
	}
	to := StatusPendingReview
	if st.Trusted && !st.ReviewAll {
		to = StatusPublished
	}
	now := s.now()
	if _, err := tx.NewUpdate().Model(p).Set("submitted_at = ?", now).WherePK().Exec(ctx); err != nil {
		return err
	}
	return s.move(ctx, tx, p, to, "vendor", userID, "")
}

// Archive takes one of the caller's products off the shop.
func (s *Service) Archive(ctx context.Context, userID, id string) (Product, error) {
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.st.ownProduct(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		return s.move(ctx, tx, p, StatusArchived, "vendor", userID, "")
	})
	if err != nil {
		return Product{}, err
	}
	return s.MyProduct(ctx, userID, id)
}

// BulkInput is one action on several of the caller's products.
type BulkInput struct {
	IDs    []string `json:"ids"`
	Action string   `json:"action"`
}

// Bulk applies submit, archive or draft (back to editing) to each product
// named, each in its own transaction; what fails is reported, not fatal.
func (s *Service) Bulk(ctx context.Context, userID string, in BulkInput) (BulkResult, error) {
	f := apperr.Fields{}
	f.Check(len(in.IDs) >= 1 && len(in.IDs) <= 100, "ids", "must name 1 to 100 products")
	f.Check(in.Action == "submit" || in.Action == "archive" || in.Action == "draft", "action",
		"must be one of submit, archive, draft")
	if err := f.Err(); err != nil {
		return BulkResult{}, err
	}
	out := BulkResult{Updated: []string{}, Failed: []BulkFailed{}}
	for _, id := range dedupe(in.IDs) {
		err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if in.Action == "submit" {
				return s.submit(ctx, tx, userID, id)
			}
			p, err := s.st.ownProduct(ctx, tx, userID, id)
			if err != nil {
				return err
			}
			to := StatusArchived
			if in.Action == "draft" {
				to = StatusDraft
			}
			return s.move(ctx, tx, p, to, "vendor", userID, "")
		})
		if err != nil {
			msg := "could not be changed"
			if ae, ok := apperr.As(err); ok {
				msg = ae.Message
			} else {
				s.c.Log.Error("bulk product action", "id", id, "error", err.Error())
			}
			out.Failed = append(out.Failed, BulkFailed{ID: id, Message: msg})
			continue
		}
		out.Updated = append(out.Updated, id)
	}
	return out, nil
}

// move changes a product's status by a conditional update (from the status
// read), writes the event and keeps the store's count of published products.
func (s *Service) move(ctx context.Context, tx bun.IDB, p *productRow, to, actor, actorID, note string) error {
	from := p.Status
	if !canMove(from, to) {
		return errWrongMove
	}
	now := s.now()
	q := tx.NewUpdate().Model((*productRow)(nil)).Set("status = ?", to).Set("updated_at = ?", now).
		Where("id = ? AND status = ?", p.ID, from)
	if to == StatusPublished && p.PublishedAt == nil {
		q.Set("published_at = ?", now)
		p.PublishedAt = &now
	}
	if to == StatusRejected {
		q.Set("rejection_reason = ?", note)
	} else if to != StatusArchived {
		q.Set("rejection_reason = ''")
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errWrongMove
	}
	p.Status = to
	delta := 0
	if to == StatusPublished {
		delta = 1
	} else if from == StatusPublished {
		delta = -1
	}
	if delta != 0 {
		if _, err := tx.NewRaw("UPDATE shop_stores SET product_count = product_count + ? WHERE id = ?", delta, p.StoreID).
			Exec(ctx); err != nil {
			return err
		}
	}
	return s.event(ctx, tx, p.ID, from, to, actor, actorID, note)
}

func (s *Service) event(ctx context.Context, tx bun.IDB, productID, from, to, actor, actorID, note string) error {
	_, err := tx.NewInsert().Model(&eventRow{ID: ids.New(), ProductID: productID, FromStatus: from, ToStatus: to,
		Actor: actor, ActorID: actorID, Note: note, CreatedAt: s.now()}).Exec(ctx)
	return err
}

// MyProduct is one of the caller's products (another vendor's is 404).
func (s *Service) MyProduct(ctx context.Context, userID, id string) (Product, error) {
	p, err := s.st.ownProduct(ctx, s.c.DB, userID, id)
	if err != nil {
		return Product{}, err
	}
	return s.full(ctx, p, true)
}

// PublicProduct is a published product of an active store.
func (s *Service) PublicProduct(ctx context.Context, id string) (Product, error) {
	p, err := s.st.product(ctx, s.c.DB, id)
	if err != nil {
		return Product{}, err
	}
	if p.Status != StatusPublished {
		return Product{}, ErrProductNotFound
	}
	out, err := s.full(ctx, p, false)
	if err == nil && !out.StoreDetails.Active {
		return Product{}, ErrProductNotFound
	}
	return out, err
}

// full reads everything a product's page shows.
func (s *Service) full(ctx context.Context, p *productRow, privileged bool) (Product, error) {
	q := s.c.DB
	st, err := s.st.storeByID(ctx, q, p.StoreID)
	if err != nil {
		return Product{}, err
	}
	vs, err := s.st.variants(ctx, q, []string{p.ID})
	if err != nil {
		return Product{}, err
	}
	var photos []photoRow
	if err := q.NewSelect().Model(&photos).Where("product_id = ?", p.ID).OrderExpr("position, id").Scan(ctx); err != nil {
		return Product{}, err
	}
	path, err := s.categoryPath(ctx, q, p.CategoryPath)
	if err != nil {
		return Product{}, err
	}
	out := Product{ProductCard: p.card(st.summary(), anyAvailable(vs)), DescriptionHTML: p.DescriptionHTML,
		DescriptionText: p.DescriptionText, Tags: stringsOf(p.Tags), Options: optionsOf(p.Options),
		Variants: make([]VariantView, len(vs)), Photos: make([]PhotoView, len(photos)), CategoryPath: path,
		StoreDetails: st.view(), ShippingProfile: p.ShippingProfile, LuxuryRequested: p.Luxury,
		RejectionReason: p.RejectionReason, CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
	for i, v := range vs {
		out.Variants[i] = v.view(privileged)
	}
	for i, ph := range photos {
		out.Photos[i] = PhotoView{ID: ph.ID, URL: ph.URL, ThumbURL: ph.ThumbURL, LargeURL: ph.LargeURL, Width: ph.Width,
			Height: ph.Height}
	}
	if privileged {
		c, err := s.st.certificate(ctx, q, p.ID)
		if err != nil && !errors.Is(err, ErrCertificateNotFound) {
			return Product{}, err
		}
		if c != nil {
			cv := c.view()
			out.Certificate = &cv
		}
	}
	return out, nil
}

func (r productRow) card(st Store, inStock bool) ProductCard {
	rating := float64(r.Rating) / 100
	return ProductCard{ID: r.ID, Title: r.Title, Brand: r.Brand,
		Store:      StoreSummary{ID: st.ID, Name: st.Name, Slug: st.Slug, LogoURL: st.LogoURL},
		CategoryID: r.CategoryID, Price: money(r.MinPrice, r.Currency), MaxPrice: money(r.MaxPrice, r.Currency),
		CompareAt: optMoney(r.CompareAt, r.Currency), CoverURL: r.CoverURL, ThumbURL: r.CoverThumbURL, Rating: rating,
		RatingCount: r.RatingCount, InStock: inStock, Luxury: r.Luxury && r.CertificateStatus == CertVerified,
		PriceOnRequest: r.PriceOnRequest, Status: r.Status, PublishedAt: r.PublishedAt}
}

func (v variantRow) view(privileged bool) VariantView {
	var opts map[string]string
	_ = json.Unmarshal([]byte(v.Options), &opts)
	out := VariantView{ID: v.ID, Title: v.Title, Options: orEmpty(opts), SKU: v.SKU, Price: money(v.Price, v.Currency),
		CompareAt: optMoney(v.CompareAt, v.Currency), Available: max(v.Stock-v.Reserved, 0), WeightGrams: v.WeightGrams}
	if privileged {
		st, res, sold := v.Stock, v.Reserved, v.Sold
		out.Stock, out.Reserved, out.Sold = &st, &res, &sold
	}
	return out
}

func (v variantRow) input() VariantInput {
	var opts map[string]string
	_ = json.Unmarshal([]byte(v.Options), &opts)
	return VariantInput{ID: v.ID, Options: opts, SKU: v.SKU, Price: v.Price, CompareAt: v.CompareAt, Stock: v.Stock,
		WeightGrams: v.WeightGrams}
}

func anyAvailable(vs []variantRow) bool {
	for _, v := range vs {
		if v.Stock > v.Reserved {
			return true
		}
	}
	return false
}

func optionsOf(raw string) []Option {
	var out []Option
	_ = json.Unmarshal([]byte(raw), &out)
	if out == nil {
		out = []Option{}
	}
	return out
}

func orEmpty(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// LowStock lists the caller's variants with at most threshold units
// available (archived products left out), fewest first, at most 100.
func (s *Service) LowStock(ctx context.Context, userID string, threshold int) ([]LowStockItem, error) {
	if threshold < 0 || threshold > 1000 {
		return nil, apperr.Validation(map[string]string{"threshold": "must be from 0 to 1000"})
	}
	var rows []struct {
		variantRow   `bun:",extend"`
		ProductTitle string `bun:"product_title"`
	}
	err := s.c.DB.NewSelect().Model(&rows).ColumnExpr("v.*, p.title AS product_title").
		Join("JOIN shop_products AS p ON p.id = v.product_id").
		Where("p.vendor_id = ? AND p.status <> ?", userID, StatusArchived).
		Where("v.stock - v.reserved <= ?", threshold).
		OrderExpr("v.stock - v.reserved, p.title, v.position, v.id").Limit(100).Scan(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]LowStockItem, len(rows))
	for i, r := range rows {
		out[i] = LowStockItem{VariantID: r.ID, ProductID: r.ProductID, ProductTitle: r.ProductTitle, VariantTitle: r.Title,
			SKU: r.SKU, Stock: r.Stock, Reserved: r.Reserved, Available: max(r.Stock-r.Reserved, 0)}
	}
	return out, nil
}

func (st store) product(ctx context.Context, q bun.IDB, id string) (*productRow, error) {
	r := new(productRow)
	err := q.NewSelect().Model(r).Where("p.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrProductNotFound
	}
	return r, err
}

// ownProduct is a product of the vendor's; anyone else's is not found.
func (st store) ownProduct(ctx context.Context, q bun.IDB, vendorID, id string) (*productRow, error) {
	r := new(productRow)
	err := q.NewSelect().Model(r).Where("p.id = ? AND p.vendor_id = ?", id, vendorID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrProductNotFound
	}
	return r, err
}

func (st store) variants(ctx context.Context, q bun.IDB, productIDs []string) ([]variantRow, error) {
	var rows []variantRow
	err := q.NewSelect().Model(&rows).Where("v.product_id IN (?)", bun.In(productIDs)).
		OrderExpr("v.product_id, v.position, v.id").Scan(ctx)
	return rows, err
}

// inStock says which of the products have a variant with units available.
func (st store) inStock(ctx context.Context, q bun.IDB, productIDs []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(productIDs) == 0 {
		return out, nil
	}
	var have []string
	err := q.NewSelect().TableExpr("shop_variants").ColumnExpr("DISTINCT product_id").
		Where("product_id IN (?) AND stock > reserved", bun.In(productIDs)).Scan(ctx, &have)
	for _, id := range have {
		out[id] = true
	}
	return out, err
}

// cards turns product rows into cards (their stores and stock read in two queries).
func (s *Service) cards(ctx context.Context, rows []productRow) ([]ProductCard, error) {
	storeIDs := make([]string, 0, len(rows))
	pids := make([]string, 0, len(rows))
	for _, r := range rows {
		storeIDs = append(storeIDs, r.StoreID)
		pids = append(pids, r.ID)
	}
	stores, err := s.Stores(ctx, s.c.DB, storeIDs)
	if err != nil {
		return nil, err
	}
	stock, err := s.st.inStock(ctx, s.c.DB, pids)
	if err != nil {
		return nil, err
	}
	out := make([]ProductCard, len(rows))
	for i, r := range rows {
		out[i] = r.card(stores[r.StoreID], stock[r.ID])
	}
	return out, nil
}

// MyProducts lists the caller's products, newest first (keyset), by status
// and words in the title.
func (s *Service) MyProducts(ctx context.Context, userID, status, q, rawCursor string, limit int) (CursorPage[ProductCard], error) {
	q = strings.TrimSpace(q)
	if status != "" && !ValidStatus(status) {
		return CursorPage[ProductCard]{}, apperr.Validation(map[string]string{"status": "is not a product status"})
	}
	fp := fingerprint(status, q)
	after, err := decodeCursor(rawCursor, "created", fp)
	if err != nil {
		return CursorPage[ProductCard]{}, err
	}
	var rows []productRow
	sel := s.c.DB.NewSelect().Model(&rows).Where("p.vendor_id = ?", userID).
		OrderExpr("p.created_at DESC, p.id DESC").Limit(int64(limit + 1))
	if status != "" {
		sel.Where("p.status = ?", status)
	}
	if q != "" {
		sel.Where("lower(p.title) LIKE ? ESCAPE '\\'", "%"+likeEscape(strings.ToLower(q))+"%")
	}
	if after != nil {
		sel.Where("(p.created_at, p.id) < (?, ?)", microTime(after.N), after.ID)
	}
	if err := sel.Scan(ctx); err != nil {
		return CursorPage[ProductCard]{}, err
	}
	var next *cursor
	if len(rows) > limit {
		rows = rows[:limit]
		last := rows[limit-1]
		next = &cursor{Sort: "created", N: last.CreatedAt.UnixMicro(), ID: last.ID, F: fp}
	}
	out, err := s.cards(ctx, rows)
	if err != nil {
		return CursorPage[ProductCard]{}, err
	}
	return newPage(out, limit, next), nil
}
