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

const cardColumns = `p.id, p.store_id, p.category_id, p.title, p.brand, p.status, p.luxury, p.certificate_status,
	p.price_on_request, p.min_price, p.max_price, p.compare_at, p.currency, p.rating, p.rating_count, p.cover_url,
	p.cover_thumb_url, p.published_at, s.name AS store_name, s.slug AS store_slug, s.logo_url AS store_logo,
	EXISTS (SELECT 1 FROM shop_variants AS iv WHERE iv.product_id = p.id AND iv.stock > iv.reserved) AS in_stock`

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
// (PostgreSQL: ts_rank over the weighted tsvector plus the title's trigram
// word similarity; SQLite: which fields hold each word), scaled by the
// store's health_weight, so products added meanwhile never move the others
// and the cursor (rank, id) stays valid.
func (s *Service) Search(ctx context.Context, q SearchQuery) (CursorPage[ProductCard], error) {
	if err := q.check(); err != nil {
		return CursorPage[ProductCard]{}, err
	}
	fp := q.fingerprint()
	after, err := decodeCursor(q.Cursor, q.Sort, fp)
	if err != nil {
		return CursorPage[ProductCard]{}, err
	}
	rows, err := s.st.search(ctx, q, after)
	if err != nil {
		return CursorPage[ProductCard]{}, err
	}
	var next *cursor
	if len(rows) > q.Limit {
		rows = rows[:q.Limit]
		last := rows[q.Limit-1]
		next = &cursor{Sort: q.Sort, ID: last.ID, F: fp, N: sortKey(q.Sort, last)}
	}
	out := make([]ProductCard, len(rows))
	for i, r := range rows {
		out[i] = r.card()
	}
	return newPage(out, q.Limit, next), nil
}

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

// search runs the page query.
func (st store) search(ctx context.Context, q SearchQuery, after *cursor) ([]cardRow, error) {
	var rows []cardRow
	sel := st.db.NewSelect().TableExpr("shop_products AS p").ColumnExpr(cardColumns).
		Join("JOIN shop_stores AS s ON s.id = p.store_id").Limit(int64(q.Limit + 1))
	st.filter(sel, q, "")
	rank, rankArgs := st.rankExpr(terms(q.Q))
	if q.Sort == SortRelevance {
		sel.ColumnExpr(rank+" AS rank", rankArgs...)
	}
	switch q.Sort {
	case SortRelevance:
		if after != nil {
			args := append(append([]any{}, rankArgs...), after.N, after.ID)
			sel.Where("("+rank+", p.id) < (?, ?)", args...)
		}
		sel.OrderExpr("rank DESC, p.id DESC")
	case SortNewest:
		if after != nil {
			sel.Where("(p.published_at, p.id) < (?, ?)", microTime(after.N), after.ID)
		}
		sel.OrderExpr("p.published_at DESC, p.id DESC")
	case SortPriceAsc:
		if after != nil {
			sel.Where("(p.min_price, p.id) > (?, ?)", after.N, after.ID)
		}
		sel.OrderExpr("p.min_price ASC, p.id ASC")
	case SortPriceDesc:
		if after != nil {
			sel.Where("(p.min_price, p.id) < (?, ?)", after.N, after.ID)
		}
		sel.OrderExpr("p.min_price DESC, p.id DESC")
	case SortRating:
		if after != nil {
			sel.Where("(p.rating, p.id) < (?, ?)", after.N, after.ID)
		}
		sel.OrderExpr("p.rating DESC, p.id DESC")
	}
	err := sel.Scan(ctx, &rows)
	return rows, err
}

// filter adds the search's conditions to sel, leaving out the facet named
// by skip (a facet counts over every other filter).
func (st store) filter(sel *bun.SelectQuery, q SearchQuery, skip string) {
	sel.Where("p.status = ? AND s.suspended = ?", StatusPublished, false)
	if ts := terms(q.Q); len(ts) > 0 {
		m, args := st.matchExpr(ts)
		sel.Where(m, args...)
	}
	if q.Category != "" && skip != "category" {
		sel.Where("p.category_path LIKE ?", "%"+likeEscape(q.Category)+"/%")
	}
	if q.Store != "" && skip != "store" {
		sel.Where("p.store_id = ?", q.Store)
	}
	if skip != "price" {
		if q.MinPrice != nil {
			sel.Where("p.min_price >= ?", *q.MinPrice)
		}
		if q.MaxPrice != nil {
			sel.Where("p.min_price <= ?", *q.MaxPrice)
		}
	}
	if q.MinRating != nil && skip != "rating" {
		sel.Where("p.rating >= ?", *q.MinRating*100)
	}
	if q.InStock != nil && skip != "in_stock" {
		e := "EXISTS (SELECT 1 FROM shop_variants AS fv WHERE fv.product_id = p.id AND fv.stock > fv.reserved)"
		if !*q.InStock {
			e = "NOT " + e
		}
		sel.Where(e)
	}
	if q.Luxury != nil && skip != "luxury" {
		if *q.Luxury {
			sel.Where("p.luxury = ? AND p.certificate_status = ?", true, CertVerified)
		} else {
			sel.Where("NOT (p.luxury = ? AND p.certificate_status = ?)", true, CertVerified)
		}
	}
}

// matchExpr is the full-text condition. PostgreSQL: every word (stemmed)
// in the tsvector, or the query close to the title by trigram word
// similarity (typos). SQLite: every word in the FTS5 table, the last as a
// prefix.
func (st store) matchExpr(ts []string) (string, []any) {
	text := strings.Join(ts, " ")
	if st.postgres() {
		return "(p.search_vector @@ plainto_tsquery('english', ?) OR ? OPERATOR(public.<%) lower(p.title))",
			[]any{text, text}
	}
	return "p.id IN (SELECT product_id FROM shop_products_fts WHERE shop_products_fts MATCH ?)", []any{ftsQuery(ts)}
}

// ftsQuery quotes each word for FTS5 (implicit AND), the last as a prefix.
func ftsQuery(ts []string) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = `"` + strings.ReplaceAll(t, `"`, ``) + `"`
	}
	parts[len(parts)-1] += "*"
	return strings.Join(parts, " ")
}

// rankExpr is the relevance as a whole number (higher first), scaled by the
// store's health weight (percent).
func (st store) rankExpr(ts []string) (string, []any) {
	if len(ts) == 0 {
		return "0", nil
	}
	text := strings.Join(ts, " ")
	if st.postgres() {
		return `(CAST((ts_rank(p.search_vector, plainto_tsquery('english', ?)) * 1000000
			+ public.word_similarity(?, lower(p.title)) * 100000) AS BIGINT) * s.health_weight / 100)`,
			[]any{text, text}
	}
	var b strings.Builder
	args := make([]any, 0, 2*len(ts))
	b.WriteString("((0")
	for _, t := range ts {
		b.WriteString(" + (instr(lower(p.title), ?) > 0) * 100000 + (instr(lower(p.brand || ' ' || p.tags), ?) > 0) * 30000 + 10000")
		args = append(args, t, t)
	}
	b.WriteString(") * s.health_weight / 100)")
	return b.String(), args
}

// Facets counts, for a search, each facet's values over the products that
// match every other filter.
func (s *Service) Facets(ctx context.Context, q SearchQuery) (Facets, error) {
	if err := q.check(); err != nil {
		return Facets{}, err
	}
	out := Facets{Categories: []FacetCount{}, Stores: []FacetCount{}, Ratings: []RatingBand{}}
	base := func(skip string) *bun.SelectQuery {
		sel := s.c.DB.NewSelect().TableExpr("shop_products AS p").Join("JOIN shop_stores AS s ON s.id = p.store_id")
		s.st.filter(sel, q, skip)
		return sel
	}
	var totals struct {
		Total   int    `bun:"total"`
		InStock int    `bun:"in_stock"`
		Luxury  int    `bun:"luxury"`
		MinP    *int64 `bun:"min_p"`
		MaxP    *int64 `bun:"max_p"`
	}
	if err := base("").ColumnExpr("count(*) AS total").Scan(ctx, &totals.Total); err != nil {
		return Facets{}, err
	}
	if err := base("in_stock").ColumnExpr("count(*)").
		Where("EXISTS (SELECT 1 FROM shop_variants AS xv WHERE xv.product_id = p.id AND xv.stock > xv.reserved)").
		Scan(ctx, &totals.InStock); err != nil {
		return Facets{}, err
	}
	if err := base("luxury").ColumnExpr("count(*)").Where("p.luxury = ? AND p.certificate_status = ?", true, CertVerified).
		Scan(ctx, &totals.Luxury); err != nil {
		return Facets{}, err
	}
	if err := base("price").ColumnExpr("min(p.min_price) AS min_p, max(p.min_price) AS max_p").
		Scan(ctx, &totals.MinP, &totals.MaxP); err != nil {
		return Facets{}, err
	}
	out.Total, out.InStock, out.Luxury = totals.Total, totals.InStock, totals.Luxury
	if totals.MinP != nil {
		out.Price.Min, out.Price.Max = &Money{*totals.MinP, Currency}, &Money{*totals.MaxP, Currency}
	}
	var bands struct{ R4, R3, R2, R1 int }
	if err := base("rating").ColumnExpr(`COALESCE(SUM(CASE WHEN p.rating >= 400 THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN p.rating >= 300 THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN p.rating >= 200 THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN p.rating >= 100 THEN 1 ELSE 0 END), 0)`).
		Scan(ctx, &bands.R4, &bands.R3, &bands.R2, &bands.R1); err != nil {
		return Facets{}, err
	}
	out.Ratings = []RatingBand{{4, bands.R4}, {3, bands.R3}, {2, bands.R2}, {1, bands.R1}}
	var stores []struct {
		ID   string `bun:"id"`
		Name string `bun:"name"`
		N    int    `bun:"n"`
	}
	if err := base("store").ColumnExpr("s.id, s.name, count(*) AS n").GroupExpr("s.id, s.name").
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
		Join("JOIN shop_stores AS s ON s.id = p.store_id").
		Where("p.status = ? AND s.suspended = ?", StatusPublished, false).
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
