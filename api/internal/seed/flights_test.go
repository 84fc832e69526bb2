package seed_test

import (
	"testing"

	"sojourn/api/internal/flights"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

// checkDemoFlights: user@example.com has a past and an upcoming confirmed
// round trip, and the ledger stays clean.
func checkDemoFlights(t *testing.T, e *testkit.Env) {
	s := e.Login("user@example.com", seed.DemoPassword)
	var list struct{ Data []flights.Order }
	e.Get("/api/v1/flights/orders", s.AccessToken).Expect(200).JSON(&list)
	if len(list.Data) != len(seed.DemoFlights) {
		t.Fatalf("%d demo flights", len(list.Data))
	}
	past, upcoming := 0, 0
	for _, o := range list.Data {
		if o.Status != flights.StatusConfirmed || o.BookingReference == "" || len(o.Slices) != 2 {
			t.Fatalf("demo flight %+v", o)
		}
		if o.DepartsAt.Before(e.Clock.Now()) {
			past++
		} else {
			upcoming++
		}
	}
	if past != 1 || upcoming != 1 {
		t.Fatalf("past %d upcoming %d", past, upcoming)
	}
}
