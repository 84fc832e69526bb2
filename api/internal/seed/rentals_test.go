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
	r, err := e.App.Money.Verify(ctx)
	if err != nil || !r.Clean() {
		t.Fatalf("ledger verify after the seed: %+v %v", r, err)
	}
}
