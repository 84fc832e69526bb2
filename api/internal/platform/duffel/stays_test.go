package duffel_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/duffel"
	"sojourn/api/internal/testkit"
)

var staysNow = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

type staysEnv struct {
	c      *duffel.Client
	clock  *clock.Fake
	origin string
}

// newStaysEnv serves the sandbox on a loopback port and points a client at it.
func newStaysEnv(t *testing.T, d db.Dialect) *staysEnv {
	t.Helper()
	database := testkit.OpenDB(t, d)
	clk := clock.NewFake(staysNow)
	sb := duffel.NewSandbox(duffel.SandboxConfig{DB: database.DB, Clock: clk,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	app := fiber.New()
	sb.Register(app.Group(duffel.SandboxMount))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { _ = app.Shutdown() })
	origin := "http://" + ln.Addr().String()
	return &staysEnv{c: duffel.New(origin+duffel.SandboxMount, duffel.SandboxToken, nil), clock: clk, origin: origin}
}

func staysDialects(t *testing.T, fn func(t *testing.T, e *staysEnv)) {
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(d), func(t *testing.T) { fn(t, newStaysEnv(t, d)) })
	}
}

func adults(n int) []duffel.StaysGuest {
	g := make([]duffel.StaysGuest, n)
	for i := range g {
		g[i] = duffel.StaysGuest{Type: "adult"}
	}
	return g
}

func accra(in, out string, rooms, n int) duffel.StaysSearchRequest {
	return duffel.StaysSearchRequest{Location: &duffel.StaysLocation{Radius: 15,
		GeographicCoordinates: duffel.Coordinates{Latitude: 5.6037, Longitude: -0.1870}},
		CheckInDate: in, CheckOutDate: out, Rooms: rooms, Guests: adults(n)}
}

func TestStaysSearchRatesQuoteBookCancel(t *testing.T) {
	staysDialects(t, func(t *testing.T, e *staysEnv) {
		ctx := context.Background()
		res, err := e.c.StaysSearch(ctx, accra("2026-12-10", "2026-12-13", 1, 2))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Results) < 5 {
			t.Fatalf("Accra has 7 properties, %d results", len(res.Results))
		}
		for _, r := range res.Results {
			if r.Accommodation.Location.Address.CityName != "Accra" || r.CheapestRateCurrency != "NGN" ||
				len(r.Accommodation.Photos) == 0 || r.Accommodation.Rating == nil {
				t.Fatalf("result %+v", r)
			}
			if _, err := duffel.ParseAmount(r.CheapestRateTotalAmount); err != nil {
				t.Fatal(err)
			}
		}
		// The same question answers the same.
		again, _ := e.c.StaysSearch(ctx, accra("2026-12-10", "2026-12-13", 1, 2))
		if again.Results[0].ID != res.Results[0].ID || again.Results[0].CheapestRateTotalAmount != res.Results[0].CheapestRateTotalAmount {
			t.Fatal("search is not deterministic")
		}
		// A photo loads without the token.
		resp, err := http.Get(e.origin + res.Results[0].Accommodation.Photos[0].URL)
		if err != nil || resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("photo: %v %v", err, resp)
		}
		resp.Body.Close()

		full, err := e.c.StaysFetchAllRates(ctx, res.Results[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		cheapest, _ := duffel.ParseAmount(res.Results[0].CheapestRateTotalAmount)
		var free, nonref *duffel.StaysRate
		min := int64(1 << 62)
		for i := range full.Accommodation.Rooms {
			for j := range full.Accommodation.Rooms[i].Rates {
				r := &full.Accommodation.Rooms[i].Rates[j]
				a, _ := duffel.ParseAmount(r.TotalAmount)
				min = minI(min, a)
				if len(r.CancellationTimeline) > 0 && free == nil {
					free = r
				}
				if len(r.CancellationTimeline) == 0 && nonref == nil {
					nonref = r
				}
			}
		}
		if min != cheapest || free == nil || nonref == nil {
			t.Fatalf("cheapest %d vs %d; free %v nonref %v", min, cheapest, free, nonref)
		}

		q, err := e.c.StaysQuote(ctx, free.ID)
		if err != nil {
			t.Fatal(err)
		}
		if q.TotalCurrency != "NGN" || q.CheckInDate != "2026-12-10" || len(q.Accommodation.Rooms) != 1 {
			t.Fatalf("quote %+v", q)
		}
		in := duffel.StaysBookingRequest{QuoteID: q.ID, Email: "ama@example.com", PhoneNumber: "+233201234567",
			Guests: []duffel.StaysBookingGuest{{GivenName: "Ama", FamilyName: "Mensah"}}}
		b, err := e.c.StaysBook(ctx, "attempt-1", in)
		if err != nil {
			t.Fatal(err)
		}
		if b.Status != "confirmed" || b.Reference == "" || b.TotalAmount != q.TotalAmount {
			t.Fatalf("booking %+v", b)
		}
		// The same key books nothing more, even in parallel.
		var wg sync.WaitGroup
		ids := make([]string, 6)
		for i := range ids {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				got, err := e.c.StaysBook(ctx, "attempt-par", in)
				if err == nil {
					ids[i] = got.ID
				}
			}(i)
		}
		wg.Wait()
		for _, id := range ids {
			if id == "" || id != ids[0] {
				t.Fatalf("parallel bookings with one key: %v", ids)
			}
		}
		got, err := e.c.StaysBooking(ctx, b.ID)
		if err != nil || got.ID != b.ID || got.Guests[0].FamilyName != "Mensah" {
			t.Fatalf("get: %v %+v", err, got)
		}
		// Cancelled well before the free-cancellation deadline: all back.
		c, err := e.c.StaysCancel(ctx, "", b.ID)
		if err != nil || c.Status != "cancelled" || c.RefundAmount != b.TotalAmount {
			t.Fatalf("cancel: %v %+v", err, c)
		}

		// A non-refundable rate refunds nothing.
		q2, err := e.c.StaysQuote(ctx, nonref.ID)
		if err == nil {
			b2, err := e.c.StaysBook(ctx, "attempt-2", duffel.StaysBookingRequest{QuoteID: q2.ID, Email: "a@example.com",
				Guests: []duffel.StaysBookingGuest{{GivenName: "Kofi", FamilyName: "Boateng"}}})
			if err != nil {
				t.Fatal(err)
			}
			if c2, err := e.c.StaysCancel(ctx, "", b2.ID); err != nil || c2.RefundAmount != "0.00" {
				t.Fatalf("non-refundable cancel: %v %+v", err, c2)
			}
		}
	})
}

func minI(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}

func TestStaysFailuresAndRules(t *testing.T) {
	staysDialects(t, func(t *testing.T, e *staysEnv) {
		ctx := context.Background()
		for name, req := range map[string]duffel.StaysSearchRequest{
			"past":       accra("2026-11-01", "2026-11-03", 1, 2),
			"too long":   accra("2026-12-01", "2027-01-15", 1, 2),
			"backwards":  accra("2026-12-05", "2026-12-03", 1, 2),
			"crowded":    accra("2026-12-05", "2026-12-07", 1, 6),
			"no rooms":   accra("2026-12-05", "2026-12-07", 0, 2),
			"wide":       {Location: &duffel.StaysLocation{Radius: 500}, CheckInDate: "2026-12-05", CheckOutDate: "2026-12-06", Rooms: 1, Guests: adults(1)},
			"no address": {CheckInDate: "2026-12-05", CheckOutDate: "2026-12-06", Rooms: 1, Guests: adults(1)},
		} {
			if _, err := e.c.StaysSearch(ctx, req); !duffel.IsCode(err, "invalid_request") {
				t.Fatalf("%s: %v", name, err)
			}
		}
		if _, err := e.c.StaysFetchAllRates(ctx, "srr_nope"); !duffel.IsCode(err, "not_found") {
			t.Fatalf("unknown result: %v", err)
		}
		if _, err := e.c.StaysQuote(ctx, "rat_nope"); !duffel.IsCode(err, "not_found") {
			t.Fatalf("unknown rate: %v", err)
		}
		bad := duffel.New(e.origin+duffel.SandboxMount, "wrong", nil)
		if _, err := bad.StaysSearch(ctx, accra("2026-12-10", "2026-12-12", 1, 2)); !duffel.IsCode(err, "unauthorized") {
			t.Fatalf("token: %v", err)
		}

		// Prices move with the calendar: December weekends cost more than November weekdays.
		nov, _ := e.c.StaysSearch(ctx, accra("2026-11-30", "2026-12-01", 1, 2))
		xmas, _ := e.c.StaysSearch(ctx, accra("2026-12-25", "2026-12-26", 1, 2))
		if len(nov.Results) == 0 || len(xmas.Results) == 0 {
			t.Fatal("no results")
		}
		n, _ := duffel.ParseAmount(nov.Results[0].CheapestRateTotalAmount)
		for _, r := range xmas.Results {
			if r.Accommodation.ID == nov.Results[0].Accommodation.ID {
				if x, _ := duffel.ParseAmount(r.CheapestRateTotalAmount); x <= n {
					t.Fatalf("Christmas %d not above November %d", x, n)
				}
			}
		}

		// Quotes: some re-price; the Flaky guest fails the first attempt of a key, Unavailable fails for good.
		res, _ := e.c.StaysSearch(ctx, accra("2026-12-14", "2026-12-16", 1, 2))
		repriced, quoted := 0, 0
		var quote duffel.StaysQuote
		for _, r := range res.Results {
			full, err := e.c.StaysFetchAllRates(ctx, r.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, room := range full.Accommodation.Rooms {
				for _, rate := range room.Rates {
					q, err := e.c.StaysQuote(ctx, rate.ID)
					if err != nil {
						if !duffel.IsCode(err, "rate_unavailable") {
							t.Fatal(err)
						}
						continue
					}
					quoted++
					quote = q
					if q.TotalAmount != rate.TotalAmount {
						repriced++
					}
				}
			}
		}
		if quoted == 0 || repriced == 0 || repriced > quoted/3 {
			t.Fatalf("%d of %d quotes re-priced", repriced, quoted)
		}
		flaky := duffel.StaysBookingRequest{QuoteID: quote.ID, Email: "f@example.com",
			Guests: []duffel.StaysBookingGuest{{GivenName: "Flaky", FamilyName: "Guest"}}}
		if _, err := e.c.StaysBook(ctx, "k-flaky", flaky); !duffel.IsRetryable(err) {
			t.Fatalf("first flaky attempt: %v", err)
		}
		if _, err := e.c.StaysBook(ctx, "k-flaky", flaky); err != nil {
			t.Fatalf("retry: %v", err)
		}
		gone := flaky
		gone.Guests = []duffel.StaysBookingGuest{{GivenName: "Ama", FamilyName: "Unavailable"}}
		if _, err := e.c.StaysBook(ctx, "k-gone", gone); !duffel.IsCode(err, "rate_unavailable") || duffel.IsRetryable(err) {
			t.Fatalf("unavailable: %v", err)
		}
		e.clock.Advance(31 * time.Minute)
		if _, err := e.c.StaysBook(ctx, "k-late", flaky); !duffel.IsCode(err, "quote_expired") {
			t.Fatalf("expired quote: %v", err)
		}
		if _, err := e.c.StaysBooking(ctx, fmt.Sprintf("bok_%d", 1)); !duffel.IsCode(err, "not_found") {
			t.Fatalf("unknown booking: %v", err)
		}
	})
}
