package main

import (
	"fmt"
	"net/http"
	"time"
)

// The hotel figure (issue 11): a stay search for a city and dates, end to
// end: the API validates it, asks the Duffel sandbox over loopback HTTP
// (which prices every property's rooms for every night), applies the
// markup, filters and sorts. Each request is a different city, check-in
// day, length and party, so nothing is answered from a cache.
func benchStays(client *http.Client, base string, conc int, dur time.Duration) error {
	cities := []string{"Lagos", "Accra", "Nairobi", "Cape%20Town", "Marrakech", "Kigali", "London", "Paris", "Lisbon", "Dubai"}
	day0 := time.Now().UTC().AddDate(0, 0, 14)
	// Check the case answers before measuring it.
	probe := fmt.Sprintf("%s/api/v1/stays/search?city=Accra&check_in=%s&check_out=%s&adults=2", base,
		day0.Format(time.DateOnly), day0.AddDate(0, 0, 3).Format(time.DateOnly))
	if ok, err := do(client, mustGet(probe), 200); !ok || err != nil {
		return fmt.Errorf("stays probe: %v", err)
	}
	var n [64]int
	r := measure(conc, dur, func(w int) (bool, error) {
		n[w%64]++
		i := w*7919 + n[w%64]
		in := day0.AddDate(0, 0, i%120)
		out := in.AddDate(0, 0, 1+i%6)
		url := fmt.Sprintf("%s/api/v1/stays/search?city=%s&check_in=%s&check_out=%s&rooms=1&adults=%d&sort=price",
			base, cities[i%len(cities)], in.Format(time.DateOnly), out.Format(time.DateOnly), 1+i%3)
		return do(client, mustGet(url), 200)
	})
	report("GET /api/v1/stays/search (city and dates, through the Duffel sandbox over HTTP)", r, "target p99 ≤ 150 ms")
	return nil
}

func mustGet(url string) *http.Request {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	return req
}
