package catalog

import (
	"context"
	"strings"
	"time"
	"unicode"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

// Search sorts.
const (
	SortRelevance = "relevance"
	SortNewest    = "newest"
	SortPriceAsc  = "price_asc"
	SortPriceDesc = "price_desc"
	SortRating    = "rating"
	maxTerms      = 8
)

// SearchQuery is a shopper's search: words, facet filters, sort and page.
type SearchQuery struct {
	Q         string
	Category  string
	MinPrice  *int64
	MaxPrice  *int64
	MinRating *int
	Store     string
	InStock   *bool
	Luxury    *bool
	Sort      string
	Cursor    string
	Limit     int
}

// terms are the query's words (letters and digits), lower-case, at most maxTerms.
func terms(q string) []string {
	fs := strings.FieldsFunc(strings.ToLower(q), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
	if len(fs) > maxTerms {
		fs = fs[:maxTerms]
	}
	return fs
}

func (q *SearchQuery) check() error {
	f := apperr.Fields{}
	q.Q = strings.TrimSpace(q.Q)
	f.Check(len([]rune(q.Q)) <= 200, "q", "must be at most 200 characters")
	f.Check(len(q.Category) <= 64, "category", "is not a category id")
	f.Check(len(q.Store) <= 64, "store", "is not a store id")
	if q.MinPrice != nil {
		f.Check(*q.MinPrice >= 0 && *q.MinPrice <= MaxPrice, "min_price", "must be from 0 to 100000000000")
	}
	if q.MaxPrice != nil {
		f.Check(*q.MaxPrice >= 0 && *q.MaxPrice <= MaxPrice, "max_price", "must be from 0 to 100000000000")
		if q.MinPrice != nil {
			f.Check(*q.MaxPrice >= *q.MinPrice, "max_price", "must be at least min_price")
		}
	}
	if q.MinRating != nil {
		f.Check(*q.MinRating >= 1 && *q.MinRating <= 5, "min_rating", "must be from 1 to 5")
	}
	switch q.Sort {
	case "":
		q.Sort = SortRelevance
	case SortRelevance, SortNewest, SortPriceAsc, SortPriceDesc, SortRating:
	default:
		f.Add("sort", "must be one of relevance, newest, price_asc, price_desc, rating")
	}
	if len(terms(q.Q)) == 0 && q.Sort == SortRelevance {
		q.Sort = SortNewest // nothing to be relevant to
	}
	if q.Limit == 0 {
		q.Limit = 20
	}
	f.Check(q.Limit >= 1 && q.Limit <= 100, "limit", "must be a whole number from 1 to 100")
	return f.Err()
}

// fingerprint ties a cursor to the query and filters it was made for.
func (q SearchQuery) fingerprint() uint32 {
	parts := []string{strings.Join(terms(q.Q), " "), q.Category, q.Store, q.Sort}
	for _, p := range []*int64{q.MinPrice, q.MaxPrice} {
		if p != nil {
			parts = append(parts, itoa(int(*p)))
		} else {
			parts = append(parts, "-")
		}
	}
	for _, b := range []*bool{q.InStock, q.Luxury} {
		parts = append(parts, boolKey(b))
	}
	if q.MinRating != nil {
		parts = append(parts, itoa(*q.MinRating))
	}
	return fingerprint(parts...)
}

func boolKey(b *bool) string {
	switch {
	case b == nil:
		return "-"
	case *b:
		return "1"
	}
	return "0"
}

// cardRow is what a product card needs, read in the search's one query.
type cardRow struct {
	ID                string     `bun:"id"`
	StoreID           string     `bun:"store_id"`
	CategoryID        string     `bun:"category_id"`
	Title             string     `bun:"title"`
	Brand             string     `bun:"brand"`
	Status            string     `bun:"status"`
	Luxury            bool       `bun:"luxury"`
	CertificateStatus string     `bun:"certificate_status"`
	PriceOnRequest    bool       `bun:"price_on_request"`
	MinPrice          int64      `bun:"min_price"`
	MaxPrice          int64      `bun:"max_price"`
	CompareAt         int64      `bun:"compare_at"`
	Currency          string     `bun:"currency"`
	Rating            int        `bun:"rating"`
	RatingCount       int        `bun:"rating_count"`
	CoverURL          string     `bun:"cover_url"`
	CoverThumbURL     string     `bun:"cover_thumb_url"`
	PublishedAt       *time.Time `bun:"published_at"`
	StoreName         string     `bun:"store_name"`
	StoreSlug         string     `bun:"store_slug"`
	StoreLogo         string     `bun:"store_logo"`
	InStock           bool       `bun:"in_stock"`
	Rank              int64      `bun:"rank"`
}

// productCardColumns are the card's columns of the product (the page's
// inner query, over shop_products AS p); pageColumns the outer query's, over
// that page (c) and its rows' stores (s), in cardRow's scan order.
const productCardColumns = `p.id, p.store_id, p.category_id, p.title, p.brand, p.status, p.luxury, p.certificate_status,
	p.price_on_request, p.min_price, p.max_price, p.compare_at, p.currency, p.rating, p.rating_count, p.cover_url,
	p.cover_thumb_url, p.published_at`

const pageColumns = `c.id, c.store_id, c.category_id, c.title, c.brand, c.status, c.luxury, c.certificate_status,
	c.price_on_request, c.min_price, c.max_price, c.compare_at, c.currency, c.rating, c.rating_count, c.cover_url,
	c.cover_thumb_url, c.published_at, s.name AS store_name, s.slug AS store_slug, s.logo_url AS store_logo, c.rank`

// inStockColumn is asked only of the page's rows (the outer query): asked in
// the inner one, PostgreSQL may plan it as a hash of every variant in stock.
const inStockColumn = `EXISTS (SELECT 1 FROM shop_variants AS iv WHERE iv.product_id = c.id AND iv.stock > iv.reserved) AS in_stock`

func (r cardRow) card() ProductCard {
	return ProductCard{ID: r.ID, Title: r.Title, Brand: r.Brand,
		Store:      StoreSummary{ID: r.StoreID, Name: r.StoreName, Slug: r.StoreSlug, LogoURL: r.StoreLogo},
		CategoryID: r.CategoryID, Price: money(r.MinPrice, r.Currency), MaxPrice: money(r.MaxPrice, r.Currency),
		CompareAt: optMoney(r.CompareAt, r.Currency), CoverURL: r.CoverURL, ThumbURL: r.CoverThumbURL,
		Rating: float64(r.Rating) / 100, RatingCount: r.RatingCount, InStock: r.InStock,
		Luxury: r.Luxury && r.CertificateStatus == CertVerified, PriceOnRequest: r.PriceOnRequest, Status: r.Status,
		PublishedAt: r.PublishedAt}
}

// Search answers a page of published products of active stores. Keyset
// paging: the cursor holds the sort key and the id. Relevance is a rank the
// database computes from the product's own text and the query alone
// (PostgreSQL: ts_rank over the weighted tsvector; SQLite: which fields hold
// each word), scaled by the store's health_weight, so products added
// meanwhile never move the others and the cursor (rank, id) stays valid.
// Typos (PostgreSQL): when the words match nothing, a relevance search
// answers the titles closest by trigram word similarity instead (pg_trgm),
// ranked by that similarity; its cursors say so ("fuzzy").
func (s *Service) Search(ctx context.Context, q SearchQuery) (CursorPage[ProductCard], error) {
	if err := q.check(); err != nil {
		return CursorPage[ProductCard]{}, err
	}
	fp := q.fingerprint()
	after, err := decodeCursor(q.Cursor, q.Sort, fp)
	fuzzy := false
	if err != nil && q.Sort == SortRelevance && s.st.postgres() {
		if after, err = decodeCursor(q.Cursor, sortFuzzy, fp); err == nil {
			fuzzy = true
		}
	}
	if err != nil {
		return CursorPage[ProductCard]{}, err
	}
	if q.Sort == SortRelevance {
		page, ok, err := s.rankedPage(ctx, q, fp, after, fuzzy)
		if err != nil || ok {
			return page, err
		}
	}
	rows, err := s.st.search(ctx, q, after, fuzzy)
	if err != nil {
		return CursorPage[ProductCard]{}, err
	}
	if len(rows) == 0 && after == nil && !fuzzy && q.Sort == SortRelevance && s.st.postgres() {
		fuzzy = true
		if rows, err = s.st.search(ctx, q, nil, true); err != nil {
			return CursorPage[ProductCard]{}, err
		}
	}
	var next *cursor
	if len(rows) > q.Limit {
		rows = rows[:q.Limit]
		last := rows[q.Limit-1]
		next = &cursor{Sort: q.Sort, ID: last.ID, F: fp, N: sortKey(q.Sort, last)}
		if fuzzy {
			next.Sort = sortFuzzy
		}
	}
	out := make([]ProductCard, len(rows))
	for i, r := range rows {
		out[i] = r.card()
	}
	return newPage(out, q.Limit, next), nil
}

// rankedPage answers a relevance page from a snapshot of the ranking
// (snapshot.go): the first page makes one, the next ones read it. ok is
// false when a next page's snapshot is gone or walked past its end while
// more matches exist; the live keyset query answers it then.
func (s *Service) rankedPage(ctx context.Context, q SearchQuery, fp uint32, after *cursor, fuzzy bool) (CursorPage[ProductCard], bool, error) {
	var snap *snapshot
	start := 0
	if after == nil {
		depth := int(max(s.depth.Load(), int32(q.Limit)))
		ids, err := s.st.rankedIDs(ctx, q, false, depth+1)
		if err == nil && len(ids) == 0 && s.st.postgres() {
			fuzzy = true // the words match nothing: the titles closest to them (trigrams)
			ids, err = s.st.rankedIDs(ctx, q, true, depth+1)
		}
		if err != nil {
			return CursorPage[ProductCard]{}, false, err
		}
		snap = &snapshot{fp: fp, fuzzy: fuzzy, ids: ids, complete: len(ids) <= depth, at: s.now()}
		if !snap.complete {
			snap.ids = ids[:depth]
		}
	} else {
		if snap = s.snaps.get(after.P, fp, fuzzy, s.now()); snap == nil {
			return CursorPage[ProductCard]{}, false, nil
		}
		start = snap.after(after.N, after.ID)
	}
	rest := snap.ids[start:]
	more := len(rest) > q.Limit
	if !more && !snap.complete {
		return CursorPage[ProductCard]{}, false, nil
	}
	ids := rest[:min(len(rest), q.Limit)]
	rows, err := s.st.cardsByID(ctx, q, ids)
	if err != nil {
		return CursorPage[ProductCard]{}, false, err
	}
	var next *cursor
	if more {
		last := ids[len(ids)-1]
		next = &cursor{Sort: q.Sort, ID: last.id, F: fp, N: last.rank, P: snap.key}
		if fuzzy {
			next.Sort = sortFuzzy
		}
		if next.P == "" {
			next.P = s.snaps.put(snap)
		}
	}
	out := make([]ProductCard, len(rows))
	for i, r := range rows {
		out[i] = r.card()
	}
	return newPage(out, q.Limit, next), true, nil
}

// sortFuzzy names the cursors of a relevance search answered by similarity.
const sortFuzzy = "fuzzy"

func sortKey(sortBy string, r cardRow) int64 {
	switch sortBy {
	case SortRelevance:
		return r.Rank
	case SortPriceAsc, SortPriceDesc:
		return r.MinPrice
	case SortRating:
		return int64(r.Rating)
	}
	if r.PublishedAt == nil {
		return 0
	}
	return r.PublishedAt.UnixMicro()
}

// Facets counts, for a search, each facet's values over the products that
// match every other filter.
func (s *Service) Facets(ctx context.Context, q SearchQuery) (Facets, error) {
	if err := q.check(); err != nil {
		return Facets{}, err
	}
	out := Facets{Categories: []FacetCount{}, Stores: []FacetCount{}, Ratings: []RatingBand{}}
	fuzzy := false
	base := func(skip string) *bun.SelectQuery {
		sel := s.c.DB.NewSelect().TableExpr("shop_products AS p")
		s.st.filter(sel, q, skip, fuzzy)
		return sel
	}
	// The totals, the in-stock and luxury counts, the price range and the
	// rating bands in one pass when none of their own filters is set (the
	// usual case); a facet whose filter is set is counted apart, without it.
	var t struct {
		Total, InStock, Luxury int
		MinP, MaxP             *int64
		R4, R3, R2, R1         int
	}
	const aggregates = `count(*),
		COALESCE(SUM(CASE WHEN EXISTS (SELECT 1 FROM shop_variants AS xv WHERE xv.product_id = p.id
			AND xv.stock > xv.reserved) THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN p.luxury = ? AND p.certificate_status = ? THEN 1 ELSE 0 END), 0),
		min(p.min_price), max(p.min_price),
		COALESCE(SUM(CASE WHEN p.rating >= 400 THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN p.rating >= 300 THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN p.rating >= 200 THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN p.rating >= 100 THEN 1 ELSE 0 END), 0)`
	scanAll := func(skip string, dst *struct {
		Total, InStock, Luxury int
		MinP, MaxP             *int64
		R4, R3, R2, R1         int
	}) error {
		return base(skip).ColumnExpr(aggregates, true, CertVerified).Scan(ctx, &dst.Total, &dst.InStock, &dst.Luxury,
			&dst.MinP, &dst.MaxP, &dst.R4, &dst.R3, &dst.R2, &dst.R1)
	}
	if err := scanAll("", &t); err != nil {
		return Facets{}, err
	}
	if t.Total == 0 && len(terms(q.Q)) > 0 && s.st.postgres() { // typos: counted as Search answers them
		fuzzy = true
		if err := scanAll("", &t); err != nil {
			return Facets{}, err
		}
	}
	for _, f := range []struct {
		set  bool
		skip string
	}{{q.InStock != nil, "in_stock"}, {q.Luxury != nil, "luxury"}, {q.MinPrice != nil || q.MaxPrice != nil, "price"},
		{q.MinRating != nil, "rating"}} {
		if !f.set {
			continue
		}
		var o struct {
			Total, InStock, Luxury int
			MinP, MaxP             *int64
			R4, R3, R2, R1         int
		}
		if err := scanAll(f.skip, &o); err != nil {
			return Facets{}, err
		}
		switch f.skip {
		case "in_stock":
			t.InStock = o.InStock
		case "luxury":
			t.Luxury = o.Luxury
		case "price":
			t.MinP, t.MaxP = o.MinP, o.MaxP
		case "rating":
			t.R4, t.R3, t.R2, t.R1 = o.R4, o.R3, o.R2, o.R1
		}
	}
	out.Total, out.InStock, out.Luxury = t.Total, t.InStock, t.Luxury
	if t.MinP != nil {
		out.Price.Min, out.Price.Max = &Money{*t.MinP, Currency}, &Money{*t.MaxP, Currency}
	}
	bands := struct{ R4, R3, R2, R1 int }{t.R4, t.R3, t.R2, t.R1}
	out.Ratings = []RatingBand{{4, bands.R4}, {3, bands.R3}, {2, bands.R2}, {1, bands.R1}}
	var stores []struct {
		ID   string `bun:"id"`
		Name string `bun:"name"`
		N    int    `bun:"n"`
	}
	if err := base("store").Join("JOIN shop_stores AS s ON s.id = p.store_id").ColumnExpr("s.id, s.name, count(*) AS n").
		GroupExpr("s.id, s.name").
		OrderExpr("n DESC, s.name").Limit(50).Scan(ctx, &stores); err != nil {
		return Facets{}, err
	}
	for _, r := range stores {
		out.Stores = append(out.Stores, FacetCount{ID: r.ID, Name: r.Name, Count: r.N})
	}
	var cats []struct {
		ID string `bun:"category_id"`
		N  int    `bun:"n"`
	}
	if err := base("category").ColumnExpr("p.category_id, count(*) AS n").GroupExpr("p.category_id").
		Scan(ctx, &cats); err != nil {
		return Facets{}, err
	}
	own := map[string]int{}
	for _, c := range cats {
		own[c.ID] = c.N
	}
	var all []categoryRow
	if err := s.c.DB.NewSelect().Model(&all).OrderExpr("c.depth, c.position, c.name").Scan(ctx); err != nil {
		return Facets{}, err
	}
	var walk func(cs []Category)
	walk = func(cs []Category) {
		for _, c := range cs {
			if c.ProductCount > 0 {
				out.Categories = append(out.Categories, FacetCount{ID: c.ID, Name: c.Name, Count: c.ProductCount})
			}
			walk(c.Children)
		}
	}
	walk(buildTree(all, own))
	return out, nil
}

// Suggest answers up to 10 suggestions for what has been typed: categories
// and brands whose name has a word starting with it, then product titles.
func (s *Service) Suggest(ctx context.Context, raw string) ([]Suggestion, error) {
	raw = strings.TrimSpace(raw)
	if n := len([]rune(raw)); n < 1 || n > 100 {
		return nil, apperr.Validation(map[string]string{"q": "must be 1 to 100 characters"})
	}
	p := strings.ToLower(raw)
	start, word := likeEscape(p)+"%", "% "+likeEscape(p)+"%"
	out := []Suggestion{}
	var cats []categoryRow
	if err := s.c.DB.NewSelect().Model(&cats).
		Where("(lower(c.name) LIKE ? ESCAPE '\\' OR lower(c.name) LIKE ? ESCAPE '\\')", start, word).
		OrderExpr("c.depth, c.name").Limit(3).Scan(ctx); err != nil {
		return nil, err
	}
	for _, c := range cats {
		out = append(out, Suggestion{Kind: "category", Text: c.Name, ID: c.ID})
	}
	var brands []string
	if err := s.c.DB.NewSelect().TableExpr("shop_products AS p").ColumnExpr("DISTINCT p.brand").
		Where("p.status = ? AND p.brand <> ''", StatusPublished).
		Where("(lower(p.brand) LIKE ? ESCAPE '\\' OR lower(p.brand) LIKE ? ESCAPE '\\')", start, word).
		OrderExpr("p.brand").Limit(2).Scan(ctx, &brands); err != nil {
		return nil, err
	}
	for _, b := range brands {
		out = append(out, Suggestion{Kind: "brand", Text: b})
	}
	var prods []struct {
		ID    string `bun:"id"`
		Title string `bun:"title"`
	}
	if err := s.c.DB.NewSelect().TableExpr("shop_products AS p").ColumnExpr("p.id, p.title").
		Where("p.status = ? AND NOT p.store_suspended", StatusPublished).
		Where("(lower(p.title) LIKE ? ESCAPE '\\' OR lower(p.title) LIKE ? ESCAPE '\\')", start, word).
		OrderExpr("p.rating DESC, p.published_at DESC, p.id DESC").Limit(int64(10-len(out))).
		Scan(ctx, &prods); err != nil {
		return nil, err
	}
	for _, r := range prods {
		out = append(out, Suggestion{Kind: "product", Text: r.Title, ID: r.ID})
	}
	return out, nil
}
