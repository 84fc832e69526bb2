package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/lib/pq"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/app"
	"sojourn/api/internal/catalog"
)

// The shop's figures (issue 12): 100,000 published products of 20 stores in
// a two-level category tree, one variant each. shop-listing reads a
// top-level category (the category and its descendants) newest first,
// following next_cursor 10 pages deep; shop-search runs two-word full-text
// searches by relevance, following next_cursor 3 pages deep. Each is
// measured over loopback HTTP and against the same keyset query run from
// database/sql goroutines (lib/pq, prepared, no HTTP) in the same run.
const (
	shopProducts = 100_000
	shopStores   = 20
)

var (
	benchAdjectives = []string{"Classic", "Compact", "Everyday", "Heritage", "Lightweight", "Weekend", "Urban", "Coastal",
		"Savannah", "Highland", "Nomad", "Harbour", "Sahel", "Rift", "Lagoon", "Desert", "Evening", "Morning", "Festival",
		"Expedition", "Voyager", "Pioneer", "Meridian", "Equator", "Monsoon", "Harmattan", "Baobab", "Acacia", "Kilimanjaro",
		"Zanzibar", "Marrakech", "Kigali", "Accra", "Lekki", "Ikoyi", "Cape", "Victoria", "Atlas", "Sahara", "Volta"}
	benchMaterials = []string{"canvas", "leather", "linen", "cotton", "merino", "bamboo", "cork", "ceramic", "brass",
		"silver", "silk", "nylon", "suede", "rattan", "raffia", "wool", "denim", "recycled", "waxed", "woven"}
	benchNouns = []string{"backpack", "duffel", "suitcase", "tote", "wallet", "pillow", "blanket", "scarf", "headwrap",
		"mat", "block", "strap", "journal", "guide", "map", "mug", "bowl", "bottle", "jar", "candle", "soap", "balm",
		"oil", "scrub", "tea", "coffee", "dripper", "adapter", "charger", "earbuds", "cable", "lamp", "tent", "hammock",
		"poncho", "jacket", "hat", "sandals", "sneakers", "socks", "pendant", "ring", "bracelet", "earrings", "watch",
		"organiser", "pouch", "kit", "cube", "sleeve"}
)

const (
	shopCardColumns = `p.id, p.store_id, p.category_id, p.title, p.brand, p.status, p.luxury, p.certificate_status,
	p.price_on_request, p.min_price, p.max_price, p.compare_at, p.currency, p.rating, p.rating_count, p.cover_url,
	p.cover_thumb_url, p.published_at`
	shopPageColumns = `c.id, c.store_id, c.category_id, c.title, c.brand, c.status, c.luxury, c.certificate_status,
	c.price_on_request, c.min_price, c.max_price, c.compare_at, c.currency, c.rating, c.rating_count, c.cover_url,
	c.cover_thumb_url, c.published_at, s.name AS store_name, s.slug AS store_slug, s.logo_url AS store_logo, c.rank`
)

// The keyset queries the API runs (catalog/store_search.go), as a bare program writes them.
// wrap reads the page's rows' stores and asks in_stock of them only, as the API does.
func wrap(q, order string) string {
	return `SELECT ` + shopPageColumns + `, EXISTS (SELECT 1 FROM shop_variants AS iv WHERE iv.product_id = c.id AND iv.stock > iv.reserved)
		FROM (` + q + `) AS c JOIN shop_stores AS s ON s.id = c.store_id ORDER BY ` + order
}

const (
	shopListingFirst = `SELECT ` + shopCardColumns + `, 0 AS rank FROM shop_products AS p
		WHERE p.status = 'published' AND NOT p.store_suspended AND p.category_path LIKE $1
		ORDER BY p.published_at DESC, p.id DESC LIMIT 21`
	shopListingAfter = `SELECT ` + shopCardColumns + `, 0 AS rank FROM shop_products AS p
		WHERE p.status = 'published' AND NOT p.store_suspended AND p.category_path LIKE $1 AND (p.published_at, p.id) < ($2, $3)
		ORDER BY p.published_at DESC, p.id DESC LIMIT 21`
	shopRank        = `(CAST(ts_rank(p.search_vector, (SELECT plainto_tsquery('english', $1))) * 1000000 AS BIGINT) * p.store_weight / 100)`
	shopSearchFirst = `SELECT ` + shopCardColumns + `, ` + shopRank + ` AS rank FROM shop_products AS p
		WHERE p.status = 'published' AND NOT p.store_suspended AND p.search_vector @@ (SELECT plainto_tsquery('english', $1))
		ORDER BY rank DESC, p.id DESC LIMIT 21`
	// Past the first page the rank is computed once, in a fenced subquery the seek compares.
	shopSearchAfter = `SELECT * FROM (SELECT ` + shopCardColumns + `, ` + shopRank + ` AS rank FROM shop_products AS p
		WHERE p.status = 'published' AND NOT p.store_suspended AND p.search_vector @@ (SELECT plainto_tsquery('english', $1))
		OFFSET 0) AS m WHERE (m.rank, m.id) < ($2, $3) ORDER BY m.rank DESC, m.id DESC LIMIT 21`
)

func benchShop(ctx context.Context, a *app.App, dbURL string, client *http.Client, base string, conc int,
	dur time.Duration, which string) error {
	raw, err := sql.Open("postgres", dbURL)
	if err != nil {
		return err
	}
	defer raw.Close()
	raw.SetMaxOpenConns(conc)
	raw.SetMaxIdleConns(conc)
	t0 := time.Now()
	roots, err := seedShop(ctx, a, raw)
	if err != nil {
		return fmt.Errorf("seed the shop: %w", err)
	}
	fmt.Printf("Shop: %d published products in %d stores, %d top-level categories (seeded in %s)\n\n", shopProducts,
		shopStores, len(roots), time.Since(t0).Round(time.Millisecond))
	explain := func(q string, args ...any) {
		rows, err := raw.QueryContext(ctx, "EXPLAIN (ANALYZE, BUFFERS) "+q, args...)
		if err != nil {
			fmt.Println("  plan:", err)
			return
		}
		defer rows.Close()
		for rows.Next() {
			var l string
			_ = rows.Scan(&l)
			fmt.Println("  plan:", l)
		}
	}
	if os.Getenv("BENCH_PLANS") != "" {
		explain(wrap(shopListingFirst, "c.published_at DESC, c.id DESC"), "%"+roots[0]+"/%")
		explain(wrap(shopSearchFirst, "c.rank DESC, c.id DESC"), "canvas backpack")
	}
	// The facet counts a listing page asks for beside its results (not a
	// target of the issue: their latency, one request at a time).
	for _, u := range []string{"/api/v1/shop/products/facets?category=" + roots[0], "/api/v1/shop/products/facets?q=canvas+backpack"} {
		var total time.Duration
		for i := 0; i < 5; i++ {
			t := time.Now()
			if ok, err := do(client, mustGet(base+u), 200); !ok || err != nil {
				return fmt.Errorf("facets %s: %v", u, err)
			}
			total += time.Since(t)
		}
		fmt.Printf("GET %s: %s on average, one at a time\n", u[:strings.Index(u, "?")+1]+u[strings.Index(u, "?")+1:], (total / 5).Round(100*time.Microsecond))
	}
	fmt.Println()
	if which == "shop-listing" {
		walk := func(w int, cursor string) string {
			return fmt.Sprintf("%s/api/v1/shop/products?category=%s&sort=newest&limit=20%s", base, roots[w%len(roots)], cursor)
		}
		return shopRun(ctx, raw, client, conc, dur, walk, 10, wrap(shopListingFirst, "c.published_at DESC, c.id DESC"),
			wrap(shopListingAfter, "c.published_at DESC, c.id DESC"),
			func(w int) any { return "%" + roots[w%len(roots)] + "/%" }, false,
			"GET /api/v1/shop/products?category=<top level>&sort=newest&limit=20 (keyset, 10 pages deep)")
	}
	terms := func(w int, n int) string {
		i := w*131 + n*17
		if i%2 == 0 {
			return strings.ToLower(benchAdjectives[i%len(benchAdjectives)]) + " " + benchNouns[(i/7)%len(benchNouns)]
		}
		return benchMaterials[i%len(benchMaterials)] + " " + benchNouns[(i/3)%len(benchNouns)]
	}
	var rounds [256]int
	walk := func(w int, cursor string) string {
		if cursor == "" {
			rounds[w%256]++
		}
		return fmt.Sprintf("%s/api/v1/shop/products?q=%s&limit=20%s", base, url.QueryEscape(terms(w, rounds[w%256])), cursor)
	}
	return shopRun(ctx, raw, client, conc, dur, walk, 3, wrap(shopSearchFirst, "c.rank DESC, c.id DESC"),
		wrap(shopSearchAfter, "c.rank DESC, c.id DESC"),
		func(w int) any { return terms(w, rounds[w%256]) }, true,
		"GET /api/v1/shop/products?q=<two words>&limit=20 (full-text by relevance, keyset, 3 pages deep)")
}

// shopRun measures the API walking pages, then the bare query doing the same.
func shopRun(ctx context.Context, raw *sql.DB, client *http.Client, conc int, dur time.Duration,
	walk func(w int, cursor string) string, pages int, first, after string, arg func(w int) any, ranked bool,
	name string) error {
	type state struct {
		cursor string
		depth  int
	}
	st := make([]state, conc)
	if err := startProfile(); err != nil {
		return err
	}
	api := measure(conc, dur, func(w int) (bool, error) {
		s := &st[w]
		c := ""
		if s.cursor != "" {
			c = "&cursor=" + url.QueryEscape(s.cursor)
		}
		res, err := client.Get(walk(w, c))
		if err != nil {
			*s = state{}
			return false, err
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusOK {
			*s = state{}
			return false, err
		}
		i := bytes.LastIndex(body, []byte(`"meta":`))
		var meta struct {
			NextCursor *string `json:"next_cursor"`
		}
		if i < 0 || json.Unmarshal(bytes.TrimSuffix(bytes.TrimSpace(body[i+len(`"meta":`):]), []byte("}")), &meta) != nil {
			*s = state{}
			return false, nil
		}
		s.depth++
		if meta.NextCursor == nil || s.depth >= pages {
			*s = state{}
		} else {
			s.cursor = *meta.NextCursor
		}
		return true, nil
	})
	stopProfile()
	report(name, api, "target ≥ 2,000 req/s, p99 ≤ 50 ms, ≥ 0.8 of the bare query")

	p1, err := raw.PrepareContext(ctx, first)
	if err != nil {
		return err
	}
	defer p1.Close()
	p2, err := raw.PrepareContext(ctx, after)
	if err != nil {
		return err
	}
	defer p2.Close()
	type key struct {
		n  int64
		t  time.Time
		id string
	}
	keys := make([]*key, conc)
	depth := make([]int, conc)
	argOf := make([]any, conc)
	bare := measure(conc, dur, func(w int) (bool, error) {
		var rows *sql.Rows
		var err error
		if keys[w] == nil {
			argOf[w] = arg(w)
			rows, err = p1.QueryContext(ctx, argOf[w])
		} else if ranked {
			rows, err = p2.QueryContext(ctx, argOf[w], keys[w].n, keys[w].id)
		} else {
			rows, err = p2.QueryContext(ctx, argOf[w], keys[w].t, keys[w].id)
		}
		if err != nil {
			keys[w] = nil
			return false, err
		}
		n := 0
		var last key
		for rows.Next() {
			var c struct {
				id, store, cat, title, brand, status, cert, cur, cover, thumb, sname, sslug, slogo string
				lux, por, stock                                                                    bool
				minP, maxP, cmp                                                                    int64
				rating, rc                                                                         int
				pub                                                                                *time.Time
				rank                                                                               int64
			}
			dest := []any{&c.id, &c.store, &c.cat, &c.title, &c.brand, &c.status, &c.lux, &c.cert, &c.por, &c.minP,
				&c.maxP, &c.cmp, &c.cur, &c.rating, &c.rc, &c.cover, &c.thumb, &c.pub, &c.sname, &c.sslug, &c.slogo}
			dest = append(dest, &c.rank, &c.stock)
			if err := rows.Scan(dest...); err != nil {
				rows.Close()
				return false, err
			}
			n++
			if n <= 20 {
				last = key{n: c.rank, id: c.id}
				if c.pub != nil {
					last.t = *c.pub
				}
			}
		}
		rows.Close()
		depth[w]++
		if n <= 20 || depth[w] >= pages {
			keys[w], depth[w] = nil, 0
		} else {
			keys[w] = &last
		}
		return rows.Err() == nil, nil
	})
	report("the same keyset query from database/sql goroutines (lib/pq, prepared, no HTTP)", bare, "the query's own cost")
	if bare.n > 0 {
		fmt.Printf("  API / bare: %.2f of the bare query's throughput\n", (float64(api.n)/api.elapsed.Seconds())/
			(float64(bare.n)/bare.elapsed.Seconds()))
	}
	return nil
}

// seedShop makes the stores (through the catalogue, with their vendors) and
// the category tree, then writes the products and variants in bulk.
func seedShop(ctx context.Context, a *app.App, d *sql.DB) ([]string, error) {
	var storeIDs, vendorIDs []string
	for i := 0; i < shopStores; i++ {
		u, err := a.Accounts.CreateUser(ctx, accounts.CreateUserInput{Email: fmt.Sprintf("shop%d@example.com", i),
			Username: fmt.Sprintf("shop_%d", i), Password: "Vivid-Harbour-2041", Verified: true, Roles: []string{"user", "vendor"}})
		if err != nil {
			return nil, err
		}
		st, err := a.Catalog.SaveStore(ctx, u.ID, catalog.StoreInput{Name: fmt.Sprintf("%s Store %d", benchAdjectives[i], i),
			ReturnDays: 14, Country: "NG", Shipping: []catalog.ShippingInput{{Code: "standard", Label: "Standard", Fee: 250000,
				MinDays: 2, MaxDays: 5}}})
		if err != nil {
			return nil, err
		}
		storeIDs, vendorIDs = append(storeIDs, st.ID), append(vendorIDs, u.ID)
	}
	var roots, leaves, paths []string
	for r := 0; r < 10; r++ {
		name := fmt.Sprintf("%s goods", benchAdjectives[r])
		root, err := a.Catalog.CreateCategory(ctx, vendorIDs[0], "127.0.0.1", catalog.CategoryInput{Name: &name})
		if err != nil {
			return nil, err
		}
		roots = append(roots, root.ID)
		for c := 0; c < 4; c++ {
			child, parent := fmt.Sprintf("%s %ss", benchAdjectives[r], benchNouns[r*4+c]), root.ID
			made, err := a.Catalog.CreateCategory(ctx, vendorIDs[0], "127.0.0.1", catalog.CategoryInput{Name: &child, ParentID: &parent})
			if err != nil {
				return nil, err
			}
			leaves, paths = append(leaves, made.ID), append(paths, root.ID+"/"+made.ID+"/")
		}
	}
	_, err := d.ExecContext(ctx, `INSERT INTO shop_products (id, store_id, vendor_id, category_id, category_path, title,
		description_html, description_text, brand, tags, options, shipping_profile, status, luxury, certificate_status,
		price_on_request, min_price, max_price, compare_at, currency, rating, rating_count, sold, cover_url, cover_thumb_url,
		rejection_reason, submitted_at, published_at, created_at, updated_at)
		SELECT md5('p' || i)::uuid::text, ($1::text[])[1 + i % 20], ($2::text[])[1 + i % 20],
			($3::text[])[1 + (i / 3) % 40], ($4::text[])[1 + (i / 3) % 40],
			($5::text[])[1 + i % 40] || ' ' || ($6::text[])[1 + (i / 40) % 20] || ' ' || ($7::text[])[1 + (i / 800) % 50],
			'', 'Made for the road in ' || ($6::text[])[1 + (i / 7) % 20] || ', with a ' || ($7::text[])[1 + (i / 11) % 50] ||
				' to match. Ships from Lagos in two to five days.',
			($5::text[])[1 + (i / 13) % 40], '["travel"]', '[]', 'standard', 'published', i % 50 = 0, CASE WHEN i % 50 = 0 THEN 'verified' ELSE '' END,
			false, 100000 + (i * 7919) % 5000000, 100000 + (i * 7919) % 5000000, 0, 'NGN', (i * 37) % 500, i % 40, 0, '', '', '',
			now(), now() - i * interval '7 seconds', now(), now()
		FROM generate_series(1, $8::int) AS i`, pq.Array(storeIDs), pq.Array(vendorIDs), pq.Array(leaves), pq.Array(paths),
		pq.Array(benchAdjectives), pq.Array(benchMaterials), pq.Array(benchNouns), shopProducts)
	if err != nil {
		return nil, err
	}
	if _, err := d.ExecContext(ctx, `INSERT INTO shop_variants (id, product_id, store_id, title, options, sku, price,
		compare_at, currency, stock, reserved, sold, weight_grams, position, created_at, updated_at)
		SELECT md5('v' || p.id)::uuid::text, p.id, p.store_id, '', '{}', '', p.min_price, 0, 'NGN',
			CASE WHEN abs(hashtext(p.id)) % 10 = 0 THEN 0 ELSE 1 + abs(hashtext(p.id)) % 60 END, 0, 0, 500, 0, now(), now()
		FROM shop_products AS p`); err != nil {
		return nil, err
	}
	if _, err := d.ExecContext(ctx, `UPDATE shop_stores SET product_count = (SELECT count(*) FROM shop_products p
		WHERE p.store_id = shop_stores.id)`); err != nil {
		return nil, err
	}
	// As autovacuum would leave them: visibility map set, the GIN pending list merged, statistics current.
	for _, t := range []string{"shop_products", "shop_variants", "shop_stores"} {
		if _, err := d.ExecContext(ctx, "VACUUM ANALYZE "+t); err != nil {
			return nil, err
		}
	}
	return roots, nil
}
