package seed_test

import (
	"context"
	"net/http"
	"testing"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

// The demo therapist's and coach's dashboards and the demo user's calendar
// are alive after the seed, the ledger is clean, and a second run books
// nothing more.
func checkDemoBookings(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	count := func() int {
		n, err := e.DB.NewSelect().Table("bookings").Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return int(n)
	}
	first := count()
	if _, err := seed.Demo(ctx, e.App); err != nil {
		t.Fatal(err)
	}
	if first < 40 || count() != first {
		t.Fatalf("demo bookings: %d, then %d", first, count())
	}
	r, err := e.App.Money.Verify(ctx)
	if err != nil || !r.Clean() {
		t.Fatalf("ledger after the seed: %+v %v", r, err)
	}
	for _, acc := range []string{"therapist@example.com", "coach@example.com"} {
		s := e.Login(acc, seed.DemoPassword)
		var d struct {
			Data struct {
				Upcoming int `json:"upcoming"`
				Clients  int `json:"clients"`
				Earnings struct {
					Amount int64 `json:"amount"`
				} `json:"month_earnings"`
			} `json:"data"`
		}
		e.Get("/api/v1/practice/dashboard", s.AccessToken).Expect(http.StatusOK).JSON(&d)
		if d.Data.Upcoming < 2 || d.Data.Clients != 3 {
			t.Errorf("%s dashboard %+v", acc, d.Data)
		}
		var past struct{ Data []any }
		e.Get("/api/v1/practice/appointments?status=past", s.AccessToken).Expect(http.StatusOK).JSON(&past)
		if len(past.Data) < 3 {
			t.Errorf("%s past appointments %d", acc, len(past.Data))
		}
	}
	u := e.Login("user@example.com", seed.DemoPassword)
	var up struct{ Data []any }
	e.Get("/api/v1/bookings?status=upcoming", u.AccessToken).Expect(http.StatusOK).JSON(&up)
	if len(up.Data) < 4 {
		t.Errorf("demo user's upcoming bookings: %d", len(up.Data))
	}
	// The demo user's past sessions: some to review now, some reviewed,
	// some whose window closed unreviewed.
	var past struct{ Data []bookings.BookingDTO }
	e.Get("/api/v1/bookings?status=past&limit=100", u.AccessToken).Expect(http.StatusOK).JSON(&past)
	reviewable, reviewed, closed := 0, 0, 0
	for _, b := range past.Data {
		switch {
		case b.CanReview:
			reviewable++
		case b.Review != nil:
			reviewed++
		case b.Status == bookings.StatusCompleted:
			closed++
		}
	}
	if reviewable < 2 || reviewed < 2 || closed < 2 {
		t.Errorf("demo user's past sessions: %d to review, %d reviewed, %d closed", reviewable, reviewed, closed)
	}
}
