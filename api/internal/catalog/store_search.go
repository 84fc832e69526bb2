package catalog

import (
	"context"
	"database/sql"
	"strings"
	"sync"

	"github.com/lib/pq"
	"github.com/uptrace/bun"
)

// The search's SQL. One builder writes the conditions for three uses: the
// page query on PostgreSQL (a prepared statement with $n parameters, one
// per shape of filters and sort, each prepared once per connection by
// database/sql, its columns scanned by hand: planning the query bun writes
// out in full cost more than running it), the page query on SQLite and
// the facet counts (bun queries with ? placeholders, which bun formats).

// sqlb collects a query's arguments and writes their placeholders.
type sqlb struct {
	dollar bool // $n (PostgreSQL, prepared) rather than ? (bun)
	args   []any
	// planOnce writes the words' tsquery as an InitPlan, (SELECT
	// plainto_tsquery(...)), which the planner cannot estimate: a relevance
	// page ranks every match whatever their number, so its plan does not
	// depend on them, and the prepared statement's generic plan (chosen once
	// custom plans cost no less) spares planning it on every request.
	planOnce bool
}

// tsquery is the words' query (english stemming, every word).
func (b *sqlb) tsquery(text string) string {
	if b.planOnce {
		return "(SELECT plainto_tsquery('english', " + b.arg(text) + "))"
	}
	return "plainto_tsquery('english', " + b.arg(text) + ")"
}

func (b *sqlb) arg(v any) string {
	b.args = append(b.args, v)
	if b.dollar {
		return "$" + itoa(len(b.args))
	}
	return "?"
}

// where is the search's condition, leaving out the facet named by skip (a
// facet counts over every other filter); fuzzy matches titles by trigram
// similarity instead of the words (PostgreSQL).
//
// The category filter has two forms: a page (a keyset seek on the sort's
// index, stopping at limit + 1 rows) tests each row's category_path
// (LIKE '%<id>/%'), while the counts find the category's and its
// descendants' rows by category_id (its own index), which a count needs.
func (st store) where(b *sqlb, q SearchQuery, skip string, fuzzy, counting bool) string {
	// Literal, not arguments: the partial indexes (0054) are for these rows.
	c := []string{"p.status = '" + StatusPublished + "'", "NOT p.store_suspended"}
	if ts := terms(q.Q); len(ts) > 0 {
		c = append(c, st.match(b, ts, fuzzy))
	}
	if q.Category != "" && skip != "category" {
		if counting {
			c = append(c, "p.category_id IN (SELECT d.id FROM shop_categories AS d JOIN shop_categories AS a"+
				" ON d.path LIKE a.path || '%' WHERE a.id = "+b.arg(q.Category)+")")
		} else {
			c = append(c, "p.category_path LIKE "+b.arg("%"+likeEscape(q.Category)+"/%"))
		}
	}
	if q.Store != "" && skip != "store" {
		c = append(c, "p.store_id = "+b.arg(q.Store))
	}
	if skip != "price" {
		if q.MinPrice != nil {
			c = append(c, "p.min_price >= "+b.arg(*q.MinPrice))
		}
		if q.MaxPrice != nil {
			c = append(c, "p.min_price <= "+b.arg(*q.MaxPrice))
		}
	}
	if q.MinRating != nil && skip != "rating" {
		c = append(c, "p.rating >= "+b.arg(*q.MinRating*100))
	}
	if q.InStock != nil && skip != "in_stock" {
		e := "EXISTS (SELECT 1 FROM shop_variants AS fv WHERE fv.product_id = p.id AND fv.stock > fv.reserved)"
		if !*q.InStock {
			e = "NOT " + e
		}
		c = append(c, e)
	}
	if q.Luxury != nil && skip != "luxury" {
		e := "(p.luxury = " + b.arg(true) + " AND p.certificate_status = " + b.arg(CertVerified) + ")"
		if !*q.Luxury {
			e = "NOT " + e
		}
		c = append(c, e)
	}
	return strings.Join(c, " AND ")
}

// match is the full-text condition. PostgreSQL: every word (stemmed) in the
// tsvector, or (fuzzy) the query close to the title by trigram word
// similarity. SQLite: every word in the FTS5 table, the last as a prefix.
func (st store) match(b *sqlb, ts []string, fuzzy bool) string {
	text := strings.Join(ts, " ")
	if st.postgres() {
		if fuzzy {
			return b.arg(text) + " OPERATOR(public.<%) lower(p.title)"
		}
		return "p.search_vector @@ " + b.tsquery(text)
	}
	return "p.id IN (SELECT product_id FROM shop_products_fts WHERE shop_products_fts MATCH " + b.arg(ftsQuery(ts)) + ")"
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

// rank is the relevance as a whole number (higher first), scaled by the
// store's health weight (percent).
func (st store) rank(b *sqlb, ts []string, fuzzy bool) string {
	text := strings.Join(ts, " ")
	if st.postgres() {
		if fuzzy {
			return "(CAST(public.word_similarity(" + b.arg(text) + ", lower(p.title)) * 1000000 AS BIGINT) * p.store_weight / 100)"
		}
		return "(CAST(ts_rank(p.search_vector, " + b.tsquery(text) + ") * 1000000 AS BIGINT) * p.store_weight / 100)"
	}
	var sb strings.Builder
	sb.WriteString("((0")
	for _, t := range ts {
		sb.WriteString(" + (instr(lower(p.title), " + b.arg(t) + ") > 0) * 100000 + (instr(lower(p.brand || ' ' || p.tags), " +
			b.arg(t) + ") > 0) * 30000 + 10000")
	}
	sb.WriteString(") * p.store_weight / 100)")
	return sb.String()
}

// search reads a page (limit + 1 rows): the keyset seek on the sort over
// the products alone (they carry their store's suspended flag and weight),
// then for the page's rows their store's name and their in-stock flag
// (asked in the inner query, PostgreSQL may plan it as a hash of every
// variant in stock). On PostgreSQL a relevance page after the first
// computes each row's rank once: the rank is a column of a fenced subquery
// (OFFSET 0) the seek then compares, rather than an expression repeated in
// WHERE and ORDER BY.
func (st store) search(ctx context.Context, q SearchQuery, after *cursor, fuzzy bool) ([]cardRow, error) {
	b := &sqlb{dollar: st.postgres(), planOnce: q.Sort == SortRelevance && !fuzzy}
	ts := terms(q.Q)
	cols := productCardColumns
	var rank string
	if q.Sort == SortRelevance {
		rank = st.rank(b, ts, fuzzy)
		cols += ", " + rank + " AS rank"
	} else {
		cols += ", 0 AS rank"
	}
	cond := st.where(b, q, "", fuzzy, false)
	var order, outer, inner string
	switch q.Sort {
	case SortRelevance:
		order, outer = "rank DESC, p.id DESC", "c.rank DESC, c.id DESC"
		if after != nil && st.postgres() {
			inner = "SELECT * FROM (SELECT " + cols + " FROM shop_products AS p WHERE " + cond + " OFFSET 0) AS m" +
				" WHERE (m.rank, m.id) < (" + b.arg(after.N) + ", " + b.arg(after.ID) + ") ORDER BY m.rank DESC, m.id DESC"
		} else if after != nil {
			cond += " AND (" + st.rank(b, ts, fuzzy) + ", p.id) < (" + b.arg(after.N) + ", " + b.arg(after.ID) + ")"
		}
	case SortNewest:
		if after != nil {
			cond += " AND (p.published_at, p.id) < (" + b.arg(microTime(after.N)) + ", " + b.arg(after.ID) + ")"
		}
		order, outer = "p.published_at DESC, p.id DESC", "c.published_at DESC, c.id DESC"
	case SortPriceAsc:
		if after != nil {
			cond += " AND (p.min_price, p.id) > (" + b.arg(after.N) + ", " + b.arg(after.ID) + ")"
		}
		order, outer = "p.min_price ASC, p.id ASC", "c.min_price ASC, c.id ASC"
	case SortPriceDesc:
		if after != nil {
			cond += " AND (p.min_price, p.id) < (" + b.arg(after.N) + ", " + b.arg(after.ID) + ")"
		}
		order, outer = "p.min_price DESC, p.id DESC", "c.min_price DESC, c.id DESC"
	case SortRating:
		if after != nil {
			cond += " AND (p.rating, p.id) < (" + b.arg(after.N) + ", " + b.arg(after.ID) + ")"
		}
		order, outer = "p.rating DESC, p.id DESC", "c.rating DESC, c.id DESC"
	}
	if inner == "" {
		inner = "SELECT " + cols + " FROM shop_products AS p WHERE " + cond + " ORDER BY " + order
	}
	query := "SELECT " + pageColumns + ", " + inStockColumn + " FROM (" + inner + " LIMIT " + b.arg(q.Limit+1) +
		") AS c JOIN shop_stores AS s ON s.id = c.store_id ORDER BY " + outer
	if !st.postgres() {
		var rows []cardRow
		err := st.db.NewRaw(query, b.args...).Scan(ctx, &rows)
		return rows, err
	}
	res, err := st.queryPrepared(ctx, query, b.args)
	if err != nil {
		return nil, err
	}
	defer res.Close()
	return scanCards(res, q.Limit+1)
}

// rankedIDs is a relevance search's ranking: the ids and ranks of its best
// matches (at most limit), best first, with no page columns. It ranks every
// match as the page query does and orders alike (rank, then id, descending).
func (st store) rankedIDs(ctx context.Context, q SearchQuery, fuzzy bool, limit int) ([]rankedID, error) {
	b := &sqlb{dollar: st.postgres(), planOnce: !fuzzy}
	rank := st.rank(b, terms(q.Q), fuzzy)
	cond := st.where(b, q, "", fuzzy, false)
	query := "SELECT p.id, " + rank + " AS rank FROM shop_products AS p WHERE " + cond +
		" ORDER BY rank DESC, p.id DESC LIMIT " + b.arg(limit)
	if !st.postgres() {
		var rows []struct {
			ID   string `bun:"id"`
			Rank int64  `bun:"rank"`
		}
		if err := st.db.NewRaw(query, b.args...).Scan(ctx, &rows); err != nil {
			return nil, err
		}
		out := make([]rankedID, len(rows))
		for i, r := range rows {
			out[i] = rankedID{rank: r.Rank, id: r.ID}
		}
		return out, nil
	}
	res, err := st.queryPrepared(ctx, query, b.args)
	if err != nil {
		return nil, err
	}
	defer res.Close()
	out := make([]rankedID, 0, limit)
	for res.Next() {
		var r rankedID
		if err := res.Scan(&r.id, &r.rank); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, res.Err()
}

// cardsByID reads the cards of a snapshot's page, in its order, with their
// ranks from the snapshot. The products are read now: a product unpublished,
// whose store was suspended or which left the filters since the ranking is
// left out (the page is then shorter); prices, stock and titles are current.
// The words are not matched again (they matched when the search began).
func (st store) cardsByID(ctx context.Context, q SearchQuery, page []rankedID) ([]cardRow, error) {
	b := &sqlb{dollar: st.postgres()}
	cond := st.where(b, SearchQuery{Category: q.Category, Store: q.Store, MinPrice: q.MinPrice, MaxPrice: q.MaxPrice,
		MinRating: q.MinRating, InStock: q.InStock, Luxury: q.Luxury}, "", false, false)
	ids := make([]string, len(page))
	for i, r := range page {
		ids[i] = r.id
	}
	var in string
	if st.postgres() {
		in = "p.id = ANY(" + b.arg(pq.Array(ids)) + ")"
	} else {
		marks := make([]string, len(ids))
		for i, id := range ids {
			marks[i] = b.arg(id)
		}
		in = "p.id IN (" + strings.Join(marks, ", ") + ")"
	}
	query := "SELECT " + pageColumns + ", " + inStockColumn + " FROM (SELECT " + productCardColumns +
		", 0 AS rank FROM shop_products AS p WHERE " + cond + " AND " + in + ") AS c JOIN shop_stores AS s ON s.id = c.store_id"
	var rows []cardRow
	if !st.postgres() {
		if err := st.db.NewRaw(query, b.args...).Scan(ctx, &rows); err != nil {
			return nil, err
		}
	} else {
		res, err := st.queryPrepared(ctx, query, b.args)
		if err != nil {
			return nil, err
		}
		defer res.Close()
		if rows, err = scanCards(res, len(page)); err != nil {
			return nil, err
		}
	}
	byID := make(map[string]cardRow, len(rows))
	for _, r := range rows {
		byID[r.ID] = r
	}
	out := make([]cardRow, 0, len(page))
	for _, p := range page {
		if r, ok := byID[p.id]; ok {
			r.Rank = p.rank
			out = append(out, r)
		}
	}
	return out, nil
}

// queryPrepared runs a PostgreSQL query through its prepared statement.
func (st store) queryPrepared(ctx context.Context, query string, args []any) (*sql.Rows, error) {
	stmt, err := st.stmts.prepare(ctx, st.db.DB.DB, query)
	if err != nil {
		return nil, err
	}
	return stmt.QueryContext(ctx, args...)
}

// scanCards scans the page query's rows (PostgreSQL, by hand).
func scanCards(res *sql.Rows, capacity int) ([]cardRow, error) {
	out := make([]cardRow, 0, capacity)
	for res.Next() {
		var r cardRow
		if err := res.Scan(&r.ID, &r.StoreID, &r.CategoryID, &r.Title, &r.Brand, &r.Status, &r.Luxury,
			&r.CertificateStatus, &r.PriceOnRequest, &r.MinPrice, &r.MaxPrice, &r.CompareAt, &r.Currency, &r.Rating,
			&r.RatingCount, &r.CoverURL, &r.CoverThumbURL, &r.PublishedAt, &r.StoreName, &r.StoreSlug, &r.StoreLogo,
			&r.Rank, &r.InStock); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, res.Err()
}

// filter adds the search's condition to a bun query (the facets).
func (st store) filter(sel *bun.SelectQuery, q SearchQuery, skip string, fuzzy bool) {
	b := &sqlb{}
	sel.Where(st.where(b, q, skip, fuzzy, true), b.args...)
}

// stmtCache holds prepared statements by SQL text: one per shape of the
// search (filters present, sort, cursor or not), at most maxStmts; past
// that a query runs unprepared.
type stmtCache struct {
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

const maxStmts = 512

func newStmtCache() *stmtCache { return &stmtCache{stmts: map[string]*sql.Stmt{}} }

func (c *stmtCache) prepare(ctx context.Context, db *sql.DB, query string) (preparedQuery, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.stmts[query]; ok {
		return s, nil
	}
	if len(c.stmts) >= maxStmts {
		return unprepared{db, query}, nil
	}
	s, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	c.stmts[query] = s
	return s, nil
}

type preparedQuery interface {
	QueryContext(ctx context.Context, args ...any) (*sql.Rows, error)
}

type unprepared struct {
	db    *sql.DB
	query string
}

func (u unprepared) QueryContext(ctx context.Context, args ...any) (*sql.Rows, error) {
	return u.db.QueryContext(ctx, u.query, args...)
}
