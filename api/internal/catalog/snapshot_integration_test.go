package catalog_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"sojourn/api/internal/testkit"
)

// A relevance search's next pages read the ranking its first page made (a
// snapshot): they list the same products in the same order as one long
// page, leave out a product archived meanwhile, and a cursor whose snapshot
// expired or ran out continues over the live ranking from the same place.
func TestIntegrationSearchSnapshot(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "shopadmin")
		a := vendorSession(t, e, "amara")
		cat := category(t, e, admin, "Travel accessories", "")
		for i := 0; i < 9; i++ {
			desc := "Memory foam."
			if i%3 == 0 {
				desc = "A travel pillow of memory foam." // ranks above the others
			}
			published(t, e, a, admin, cat, fmt.Sprintf("Travel pillow model %d", i), desc, int64(100000+i*1000), 5)
		}
		q := url.Values{"q": {"travel pillow"}, "limit": {"100"}}
		full, next := searchIDs(t, e, q)
		must(t, len(full) == 9 && next == "", "one long page: %v", full)

		walk := func(limit string, between func(page int)) []string {
			var got []string
			p := url.Values{"q": {"travel pillow"}, "limit": {limit}}
			for page := 0; page < 20; page++ {
				ids, next := searchIDs(t, e, p)
				got = append(got, ids...)
				if next == "" {
					return got
				}
				if between != nil {
					between(page)
				}
				p.Set("cursor", next)
			}
			t.Fatal("the walk does not end")
			return nil
		}
		must(t, slices.Equal(walk("2", nil), full), "snapshot pages = the long page")

		// A snapshot of 4 covers two pages of 2; the rest continues live.
		e.App.Catalog.SetSnapshotDepth(4)
		must(t, slices.Equal(walk("2", nil), full), "past the snapshot's end: %v", full)
		e.App.Catalog.SetSnapshotDepth(0)

		// A product archived after the first page leaves the next ones.
		gone := full[4]
		got := walk("3", func(page int) {
			if page == 0 {
				e.Post("/api/v1/vendor/products/"+gone+"/archive", a.AccessToken, nil).Expect(http.StatusOK)
			}
		})
		want := slices.DeleteFunc(slices.Clone(full), func(id string) bool { return id == gone })
		must(t, slices.Equal(got, want), "archived meanwhile: %v, want %v", got, want)

		// The snapshot expires (10 minutes): the next page continues live.
		must(t, slices.Equal(walk("3", func(int) { e.Clock.Advance(11 * time.Minute) }), want), "after expiry")

		// A cursor is refused by another search, snapshot or not.
		_, next = searchIDs(t, e, url.Values{"q": {"travel pillow"}, "limit": {"2"}})
		e.Get("/api/v1/shop/products?q=pillow&limit=2&cursor="+url.QueryEscape(next), "").Expect(http.StatusUnprocessableEntity)
	})
}
