package seed_test

import (
	"context"
	"testing"

	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
	"sojourn/api/internal/tours"
)

// checkDemoTours: tours in five cities with photos and departures, some
// shared departures partly sold, reviews, and a clean ledger.
func checkDemoTours(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	for _, city := range []string{"Cape Town", "Lagos", "Accra", "Nairobi", "Marrakech"} {
		cards, _, err := e.App.Tours.Search(ctx, tours.SearchInput{City: city}, page.Cursor{Limit: 20})
		if err != nil || len(cards) == 0 {
			t.Fatalf("%s: %d tours (%v)", city, len(cards), err)
		}
		if cards[len(cards)-1].CoverURL == nil {
			t.Fatalf("%s: a tour without a photo", city)
		}
	}
	// guide@example.com's departures: shared ones partly sold, with travellers' names.
	g := e.Login("guide@example.com", seed.DemoPassword)
	var res struct {
		Data []struct {
			SeatsSold int `json:"seats_sold"`
			SeatsLeft int `json:"seats_left"`
			Bookings  []struct {
				Attendees []string `json:"attendees"`
			} `json:"bookings"`
		} `json:"data"`
	}
	e.Get("/api/v1/practice/sessions?kind=tour_guide", g.AccessToken).Expect(200).JSON(&res)
	if len(res.Data) < 2 || res.Data[0].SeatsSold == 0 || res.Data[0].SeatsLeft == 0 || len(res.Data[0].Bookings[0].Attendees) == 0 {
		t.Fatalf("guide's departures %+v", res.Data)
	}
	r, err := e.App.Money.Verify(ctx)
	if err != nil || !r.Clean() {
		t.Fatalf("ledger verify %+v %v", r, err)
	}
}
