package main

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sync/atomic"
	"time"

	"sojourn/api/internal/app"
)

// The airport autocomplete figure (issue 11): GET /api/v1/airports?q= over
// the whole dataset (about 3,200 airports), anonymous, with queries a person
// types: codes, city and name prefixes, several words, accents, misses.
var airportQueries = []string{"l", "la", "lag", "lagos", "LOS", "acc", "accra", "new york", "new y", "lon",
	"london", "par", "paris", "nairobi", "jo", "johannesburg", "São Paulo", "sao", "zürich", "murtala",
	"kotoka", "heathrow", "DNMM", "nigeria", "ghana", "kenya", "abu", "dubai", "tok", "xqzw", "int", "san"}

func benchAirports(ctx context.Context, a *app.App, client *http.Client, base string, conc int, dur time.Duration) error {
	if n, err := a.Airports.Sync(ctx); err != nil {
		return err
	} else if n == 0 {
		return fmt.Errorf("airports: the fresh schema already held the dataset")
	}
	urls := make([]string, len(airportQueries))
	for i, q := range airportQueries {
		urls[i] = base + "/api/v1/airports?limit=8&q=" + url.QueryEscape(q)
	}
	if err := startProfile(); err != nil {
		return err
	}
	var n atomic.Int64
	res := measure(conc, dur, func(int) (bool, error) {
		req, _ := http.NewRequest("GET", urls[int(n.Add(1))%len(urls)], nil)
		return do(client, req, 200)
	})
	stopProfile()
	report("GET /api/v1/airports?q= (3,200 airports, anonymous, 32 query shapes)", res, "p99 <= 10 ms")
	return nil
}
