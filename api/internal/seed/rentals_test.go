package seed_test

import (
	"context"
	"testing"

	"sojourn/api/internal/rentals"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

// checkDemoRentals: three companies with a dozen photographed cars each,
// rentals in every state, one completed with part of its deposit kept.
func checkDemoRentals(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	s := e.Login("rental@example.com", seed.DemoPassword)
	res := e.Get("/api/v1/rentals/companies?limit=10", "").Expect(200).Map()
	if n := len(res["data"].([]any)); n != len(seed.RentalCompanies) {
		t.Fatalf("want %d listed companies, got %d", len(seed.RentalCompanies), n)
	}
	cars := e.Get("/api/v1/rentals/cars?city=Mombasa&limit=100", "").Expect(200).Map()["data"].([]any)
	if len(cars) < 5 {
		t.Fatalf("Mombasa cars: %d", len(cars))
	}
	for _, c := range seed.RentalCompanies {
		u := e.Login(c.Person.Email, seed.DemoPassword)
		fleet := e.Get("/api/v1/practice/rentals/cars?limit=100", u.AccessToken).Expect(200).Map()["data"].([]any)
		if len(fleet) < 10 {
			t.Fatalf("%s: %d cars", c.Name, len(fleet))
		}
		if ph := fleet[0].(map[string]any)["photos"].([]any); len(ph) == 0 {
			t.Fatalf("%s: a car without photos", c.Name)
		}
	}
	list := e.Get("/api/v1/practice/rentals/bookings?limit=100", s.AccessToken).Expect(200).Map()["data"].([]any)
	states := map[string]int{}
	partly := false
	for _, x := range list {
		b := x.(map[string]any)
		states[b["status"].(string)]++
		if d, ok := b["deposit"].(map[string]any); ok && d["status"] == "partly_captured" && d["reason"] != "" {
			partly = true
		}
	}
	for _, st := range []string{rentals.StatusConfirmed, rentals.StatusPickedUp, rentals.StatusReturned,
		rentals.StatusCompleted, rentals.StatusCancelled} {
		if states[st] == 0 {
			t.Fatalf("no demo rental %s: %v", st, states)
		}
	}
	if !partly {
		t.Fatal("no demo rental with a partly captured deposit")
	}
	// Every company has reviews from its renters, counted in its rating.
	cos := e.Get("/api/v1/rentals/companies?limit=10", "").Expect(200).Map()["data"].([]any)
	for i, c := range cos {
		co := c.(map[string]any)
		rating := co["rating"].(map[string]any)
		revs := e.Get("/api/v1/providers/"+co["id"].(string)+"/reviews", "").Expect(200).Map()["data"].([]any)
		if rating["count"].(float64) < 3 || len(revs) < 3 || rating["average"].(float64) < 3 {
			t.Fatalf("company %d %v: rating %v, %d reviews", i, co["name"], rating, len(revs))
		}
	}
	// The demo user still has a completed rental to review.
	u := e.Login("user@example.com", seed.DemoPassword)
	mine := e.Get("/api/v1/rentals/bookings?limit=100", u.AccessToken).Expect(200).Map()["data"].([]any)
	open := 0
	for _, b := range mine {
		if b.(map[string]any)["can_review"] == true {
			open++
		}
	}
	if open == 0 {
		t.Fatal("the demo user has no rental left to review")
	}
	r, err := e.App.Money.Verify(ctx)
	if err != nil || !r.Clean() {
		t.Fatalf("ledger verify after the seed: %+v %v", r, err)
	}
}
