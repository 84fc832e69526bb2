package catalog_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"sojourn/api/internal/testkit"
)

func TestIntegrationSearch(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "shopadmin")
		a := vendorSession(t, e, "amara")
		b := vendorSession(t, e, "bayo")
		luggage := category(t, e, admin, "Luggage", "")
		carry := category(t, e, admin, "Carry-on bags", luggage)
		wellness := category(t, e, admin, "Wellness", "")

		weekender := published(t, e, a, admin, carry, "Canvas weekender bag", "Waxed canvas with leather handles.", 4500000, 3)
		duffel := published(t, e, a, admin, luggage, "Rolling duffel", "Holds a week of clothes; the canvas is recycled.", 6500000, 0)
		mat := published(t, e, b, admin, wellness, "Cork yoga mat", "Natural cork, grippy when wet.", 2500000, 8)
		shea := published(t, e, b, admin, wellness, "Whipped shea butter", "Raw shea from Tamale, whipped with baobab oil.", 900000, 20)
		draft := product(t, e, a, carry, "Canvas tote (draft)", "Not yet live.", 1000000, 5)

		// Words in the title and in the description; drafts never show.
		ids, _ := searchIDs(t, e, url.Values{"q": {"weekender"}})
		must(t, len(ids) == 1 && ids[0] == weekender, "title word: %v", ids)
		ids, _ = searchIDs(t, e, url.Values{"q": {"baobab"}})
		must(t, len(ids) == 1 && ids[0] == shea, "description word: %v", ids)
		ids, _ = searchIDs(t, e, url.Values{"q": {"canvas"}})
		must(t, len(ids) == 2 && ids[0] == weekender && ids[1] == duffel && !contains(ids, draft),
			"title match ranks above description match: %v", ids)
		ids, _ = searchIDs(t, e, url.Values{"q": {"handles canvas"}})
		must(t, len(ids) == 1 && ids[0] == weekender, "all words: %v", ids)
		ids, _ = searchIDs(t, e, url.Values{"q": {"yog"}})
		must(t, len(ids) == 1 && ids[0] == mat, "prefix: %v", ids)
		if e.Dialect == "postgres" {
			ids, _ = searchIDs(t, e, url.Values{"q": {"weekendr"}})
			must(t, len(ids) == 1 && ids[0] == weekender, "typo (trigram): %v", ids)
		}

		// Facets narrow: category with descendants, store, price, in stock.
		ids, _ = searchIDs(t, e, url.Values{"category": {luggage}})
		must(t, len(ids) == 2 && contains(ids, weekender) && contains(ids, duffel), "category subtree: %v", ids)
		ids, _ = searchIDs(t, e, url.Values{"category": {carry}})
		must(t, len(ids) == 1 && ids[0] == weekender, "leaf category: %v", ids)
		storeB := e.Get("/api/v1/vendor/store", b.AccessToken).Expect(http.StatusOK).Data()["id"].(string)
		ids, _ = searchIDs(t, e, url.Values{"store": {storeB}})
		must(t, len(ids) == 2 && contains(ids, mat) && contains(ids, shea), "store: %v", ids)
		ids, _ = searchIDs(t, e, url.Values{"min_price": {"1000000"}, "max_price": {"5000000"}, "sort": {"price_asc"}})
		must(t, len(ids) == 2 && ids[0] == mat && ids[1] == weekender, "price range sorted: %v", ids)
		ids, _ = searchIDs(t, e, url.Values{"in_stock": {"true"}, "category": {luggage}})
		must(t, len(ids) == 1 && ids[0] == weekender, "in stock: %v", ids)
		ids, _ = searchIDs(t, e, url.Values{"sort": {"price_desc"}})
		must(t, len(ids) == 4 && ids[0] == duffel && ids[3] == shea, "price desc: %v", ids)

		f := e.Get("/api/v1/shop/products/facets?category="+luggage, "").Expect(http.StatusOK).Data()
		must(t, f["total"] == float64(2) && f["in_stock"] == float64(1), "facets totals: %v", f)
		cats := map[string]float64{}
		for _, c := range f["categories"].([]any) {
			m := c.(map[string]any)
			cats[m["id"].(string)] = m["count"].(float64)
		}
		// The category facet ignores the category filter: every category stays visible.
		must(t, cats[luggage] == 2 && cats[carry] == 1 && cats[wellness] == 2, "category counts: %v", cats)
		must(t, len(f["stores"].([]any)) == 1, "store facet narrowed by category: %v", f["stores"])

		// Suggestions as one types.
		sg := e.Get("/api/v1/shop/products/suggest?q=Wel", "").Expect(http.StatusOK).Map()["data"].([]any)
		must(t, len(sg) >= 1 && sg[0].(map[string]any)["kind"] == "category", "suggest: %v", sg)
		sg = e.Get("/api/v1/shop/products/suggest?q=whip", "").Expect(http.StatusOK).Map()["data"].([]any)
		must(t, len(sg) == 1 && sg[0].(map[string]any)["id"] == shea, "suggest product: %v", sg)
		e.Get("/api/v1/shop/products/suggest?q=", "").Expect(http.StatusUnprocessableEntity)
	})
}

// Paging is stable while products are added: every product present at the
// start is seen exactly once across the pages, in every sort.
func TestIntegrationSearchPagingStable(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "shopadmin")
		a := vendorSession(t, e, "amara")
		cat := category(t, e, admin, "Travel accessories", "")
		var before []string
		for i := 0; i < 12; i++ {
			e.Clock.Advance(2_000_000_000)
			before = append(before, published(t, e, a, admin, cat, fmt.Sprintf("Travel pillow model %d", i),
				"Memory foam travel pillow.", int64(100000+i%4*50000), 5))
		}
		for _, sort := range []string{"newest", "price_asc", "price_desc", "rating", "relevance"} {
			params := url.Values{"sort": {sort}, "limit": {"5"}, "q": {"travel pillow"}}
			seen := map[string]int{}
			cursor := ""
			for pageNo := 0; pageNo < 10; pageNo++ {
				if cursor != "" {
					params.Set("cursor", cursor)
				}
				ids, next := searchIDs(t, e, params)
				for _, id := range ids {
					seen[id]++
				}
				// Insert products that sort anywhere (the newest, the cheapest, the dearest).
				e.Clock.Advance(2_000_000_000)
				published(t, e, a, admin, cat, fmt.Sprintf("Travel pillow %s %d", sort, pageNo), "Memory foam travel pillow.",
					int64(50000+pageNo*200000), 5)
				if next == "" {
					break
				}
				cursor = next
			}
			for _, id := range before {
				must(t, seen[id] == 1, "%s: product %s seen %d times", sort, id, seen[id])
			}
			for id, n := range seen {
				must(t, n == 1, "%s: %s seen %d times", sort, id, n)
			}
			// A cursor belongs to its query.
			if cursor != "" {
				e.Get("/api/v1/shop/products?q=other&cursor="+url.QueryEscape(cursor), "").Expect(http.StatusUnprocessableEntity)
			}
		}
	})
}
