package airports_test

import (
	"context"
	"net/url"
	"strings"
	"sync"
	"testing"

	"sojourn/api/internal/airports"
	"sojourn/api/internal/platform/airportdata"
	"sojourn/api/internal/testkit"
)

type list struct {
	Data []airports.Airport `json:"data"`
}

func codes(e *testkit.Env, q string, limit int) []string {
	var l list
	path := "/api/v1/airports?q=" + url.QueryEscape(q)
	if limit > 0 {
		path += "&limit=" + testkit.Fmt("%d", limit)
	}
	e.Get(path, "").Expect(200).JSON(&l)
	out := make([]string, len(l.Data))
	for i, a := range l.Data {
		out[i] = a.IATA
	}
	return out
}

func has(list []string, want ...string) bool {
	for _, w := range want {
		found := false
		for _, c := range list {
			found = found || c == w
		}
		if !found {
			return false
		}
	}
	return true
}

func TestIntegrationAirports(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		// Synced on first use: the table holds the dataset afterwards, and a second sync writes nothing.
		if got := codes(e, "Lagos", 0); len(got) == 0 || got[0] != "LOS" {
			t.Fatalf("Lagos -> %v", got)
		}
		var n int
		if err := e.DB.NewRaw("SELECT count(*) FROM airports").Scan(ctx, &n); err != nil || n != len(airportdata.All()) {
			t.Fatalf("table has %d rows (%v), want %d", n, err, len(airportdata.All()))
		}
		if w, err := airports.Sync(ctx, e.DB); err != nil || w != 0 {
			t.Fatalf("second sync wrote %d (%v)", w, err)
		}
		// A changed row and a stray one are put right by the next sync.
		if _, err := e.DB.NewRaw("UPDATE airports SET name = 'x' WHERE iata = 'ACC'").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := e.DB.NewRaw("INSERT INTO airports (iata, name, country, country_name, time_zone, lat, lng) VALUES ('QQQ', 'q', 'XX', 'X', 'UTC', 0, 0)").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if w, err := airports.Sync(ctx, e.DB); err != nil || w != len(airportdata.All()) {
			t.Fatalf("repair sync wrote %d (%v)", w, err)
		}
		var name string
		if err := e.DB.NewRaw("SELECT name FROM airports WHERE iata = 'ACC'").Scan(ctx, &name); err != nil || name != "Kotoka International Airport" {
			t.Fatalf("ACC name %q (%v)", name, err)
		}
		if err := e.DB.NewRaw("SELECT count(*) FROM airports").Scan(ctx, &n); err != nil || n != len(airportdata.All()) {
			t.Fatalf("after repair %d rows", n)
		}

		if got := codes(e, "new york", 10); !has(got, "JFK", "LGA", "EWR") || got[0] != "JFK" {
			t.Errorf("new york -> %v", got)
		}
		if got := codes(e, "lon", 8); !has(got, "LHR", "LGW") {
			t.Errorf("lon -> %v", got)
		}
		if got := codes(e, "acc", 3); got[0] != "ACC" {
			t.Errorf("acc -> %v", got)
		}
		if got := codes(e, "DNMM", 3); got[0] != "LOS" {
			t.Errorf("DNMM -> %v", got)
		}
		if got := codes(e, "São Paulo", 5); !has(got, "GRU") {
			t.Errorf("São Paulo -> %v", got)
		}
		if got := codes(e, "sao paulo", 5); !has(got, "GRU") {
			t.Errorf("sao paulo -> %v", got)
		}
		if got := codes(e, "Zürich", 3); !has(got, "ZRH") {
			t.Errorf("Zürich -> %v", got)
		}
		if got := codes(e, "murtala", 3); len(got) != 1 || got[0] != "LOS" {
			t.Errorf("murtala -> %v", got)
		}
		if got := codes(e, "nigeria", 20); !has(got, "LOS", "ABV") {
			t.Errorf("nigeria -> %v", got)
		}
		if got := codes(e, "xqzwv", 5); len(got) != 0 {
			t.Errorf("nonsense -> %v", got)
		}
		if got := codes(e, "a", 20); len(got) != 20 {
			t.Errorf("limit 20 -> %d", len(got))
		}

		var one struct{ Data airports.Airport }
		e.Get("/api/v1/airports/los", "").Expect(200).JSON(&one)
		if one.Data.ICAO != "DNMM" || one.Data.TimeZone != "Africa/Lagos" || one.Data.City != "Lagos" || !one.Data.Large {
			t.Errorf("LOS = %+v", one.Data)
		}
		e.Get("/api/v1/airports/ZZZ", "").Expect(404)
		e.Get("/api/v1/airports/LOSX", "").Expect(404)

		for _, bad := range []string{"", "%20", strings.Repeat("a", 65), "a%00b"} {
			e.Get("/api/v1/airports?q="+bad, "").Expect(422)
		}
		for _, bad := range []string{"0", "21", "x", "-1"} {
			e.Get("/api/v1/airports?q=lagos&limit="+bad, "").Expect(422)
		}

		// Parallel first use builds one index; every answer is the same.
		svc := airports.New(airports.Config{DB: e.DB})
		var wg sync.WaitGroup
		errs := make(chan string, 16)
		for range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := svc.Search(ctx, "accra", 1)
				if err != nil || len(r) != 1 || r[0].IATA != "ACC" {
					errs <- testkit.Fmt("%v %v", r, err)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Error(e)
		}
	})
}
