package seed_test

import (
	"net/url"
	"strings"
	"testing"

	"sojourn/api/internal/discovery"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

type gridPage struct {
	Data []discovery.Item `json:"data"`
	Meta struct {
		NextCursor *string `json:"next_cursor"`
	} `json:"meta"`
}

// walk reads the whole grid for query, page by page, and answers every item.
func walk(t *testing.T, e *testkit.Env, token, query string, limit int) []discovery.Item {
	t.Helper()
	var all []discovery.Item
	seen := map[string]bool{}
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 100 {
			t.Fatal("the grid never ends")
		}
		var p gridPage
		path := "/api/v1/discover?limit=" + testkit.Fmt("%d", limit) + "&" + query
		if cursor != "" {
			path += "&cursor=" + url.QueryEscape(cursor)
		}
		e.Get(path, token).Expect(200).JSON(&p)
		for _, it := range p.Data {
			k := it.Kind + "/" + it.ID
			if seen[k] {
				t.Fatalf("%s twice", k)
			}
			seen[k] = true
			all = append(all, it)
		}
		if p.Meta.NextCursor == nil {
			return all
		}
		cursor = *p.Meta.NextCursor
	}
}

func count(items []discovery.Item) map[string]int {
	m := map[string]int{}
	for _, it := range items {
		m[it.Kind]++
	}
	return m
}

// checkDemoGrid: the grid (/grids) over the demo inventory, every kind,
// every filter, every page once (run on the seeded database of
// TestIntegrationDemoData: seeding is the slow part).
func checkDemoGrid(t *testing.T, e *testkit.Env) {
	e.Get("/api/v1/discover", "").Expect(401)
	u := e.Login("user@example.com", seed.DemoPassword)

	all := walk(t, e, u.AccessToken, "", 12)
	kinds := count(all)
	for _, k := range []string{discovery.KindTour, discovery.KindRentalCar, discovery.KindCarForSale, discovery.KindTherapist, discovery.KindCoach} {
		if kinds[k] == 0 {
			t.Errorf("no %s in the grid: %v", k, kinds)
		}
	}
	for _, it := range all {
		if it.Title == "" || it.Link == "" || !strings.HasPrefix(it.Link, "/") || !strings.Contains(it.Link, it.ID) {
			t.Fatalf("incomplete card %+v", it)
		}
	}
	// A small page size reads the same items.
	if small := walk(t, e, u.AccessToken, "", 5); len(small) != len(all) {
		t.Errorf("limit 5 read %d items, limit 12 %d", len(small), len(all))
	}
	// The first page mixes the kinds.
	var first gridPage
	e.Get("/api/v1/discover?limit=10", u.AccessToken).Expect(200).JSON(&first)
	if len(count(first.Data)) < 4 {
		t.Errorf("first page not mixed: %v", count(first.Data))
	}

	// Kind filter.
	tours := walk(t, e, u.AccessToken, "kind=tour", 7)
	if len(tours) != kinds[discovery.KindTour] || len(count(tours)) != 1 {
		t.Errorf("kind=tour: %v, want %d tours", count(tours), kinds[discovery.KindTour])
	}
	two := walk(t, e, u.AccessToken, "kind=car_for_sale,coach", 8)
	if c := count(two); c[discovery.KindCarForSale] != kinds[discovery.KindCarForSale] || c[discovery.KindCoach] != kinds[discovery.KindCoach] || len(c) != 2 {
		t.Errorf("two kinds: %v", c)
	}

	// City filter: every card of the city's kinds is in that city.
	lagos := walk(t, e, u.AccessToken, "city=Lagos&kind=tour,rental_car,car_for_sale", 10)
	if len(lagos) == 0 || len(lagos) >= kinds[discovery.KindTour]+kinds[discovery.KindRentalCar]+kinds[discovery.KindCarForSale] {
		t.Errorf("Lagos: %d items", len(lagos))
	}
	for _, it := range lagos {
		if !strings.EqualFold(it.City, "Lagos") {
			t.Errorf("Lagos filter gave %s in %q", it.Kind, it.City)
		}
	}

	// Dates: rental cars free on those days carry them to the car's page.
	from := e.Clock.Now().AddDate(0, 0, 20).Format("2006-01-02")
	to := e.Clock.Now().AddDate(0, 0, 23).Format("2006-01-02")
	dated := walk(t, e, u.AccessToken, "kind=rental_car&from="+from+"&to="+to, 20)
	if len(dated) == 0 || len(dated) > kinds[discovery.KindRentalCar] || !strings.Contains(dated[0].Link, "from="+from) {
		t.Errorf("dated rentals: %d of %d, %v", len(dated), kinds[discovery.KindRentalCar], dated)
	}

	// Hotels need a place: none without a city, the city's hotels with one, priced per night for the dates.
	if c := count(walk(t, e, u.AccessToken, "kind=stay", 10)); len(c) != 0 {
		t.Errorf("stays without a city: %v", c)
	}
	accra := walk(t, e, u.AccessToken, "kind=stay&city=Accra&from="+from+"&to="+to, 4)
	if len(accra) < 5 {
		t.Errorf("Accra hotels: %d", len(accra))
	}
	for _, it := range accra {
		if it.City != "Accra" || it.PriceUnit != "night" || it.PriceFrom == nil ||
			!strings.HasPrefix(it.Link, "/booking/hotel/") || !strings.Contains(it.Link, "check_in="+from) {
			t.Errorf("hotel card %+v", it)
		}
	}
	if c := count(walk(t, e, u.AccessToken, "kind=stay&city=Mombasa", 10)); len(c) != 0 {
		t.Errorf("a city the supplier does not cover: %v", c)
	}

	// Bad input is a 422 and names the field.
	for q, field := range map[string]string{"kind=boat": "kind", "from=2026-01-01": "to", "limit=0": "limit",
		"cursor=abc": "cursor", "city=" + strings.Repeat("x", 81): "city", "from=2026-13-01&to=2026-12-01": "from"} {
		r := e.Get("/api/v1/discover?"+q, u.AccessToken).Expect(422)
		if !strings.Contains(string(r.Body), `"`+field+`"`) {
			t.Errorf("%s: %s", q, r.Body)
		}
	}
}
