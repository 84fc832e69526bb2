package rentals_test

import (
	"net/http"
	"testing"

	"sojourn/api/internal/testkit"
)

// TestIntegrationOwnLists: a renter lists their own rentals and a company its
// own clients; nobody else's appear, and the lists need a signed-in caller.
func TestIntegrationOwnLists(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := company(t, e, "listfleet")
		other := company(t, e, "otherfleet")
		renter := e.Register("listrenter@example.com", "listrenter")
		stranger := e.Register("liststranger@example.com", "liststranger")
		e.Fund(t, renter.UserID, 50_000_000)
		b := decode(t, booking(e, renter.AccessToken, f.carID, day(12, 10), day(14, 10), nil).Expect(http.StatusCreated))

		n := func(path, token string) int {
			return len(e.Get(path, token).Expect(http.StatusOK).Map()["data"].([]any))
		}
		if got := e.Get("/api/v1/rentals/bookings", renter.AccessToken).Expect(http.StatusOK).Map()["data"].([]any); len(got) != 1 ||
			got[0].(map[string]any)["id"] != b.ID {
			t.Fatalf("renter's rentals: %v", got)
		}
		if c := n("/api/v1/rentals/bookings", stranger.AccessToken); c != 0 {
			t.Fatalf("a stranger sees %d rentals", c)
		}
		e.Get("/api/v1/rentals/bookings", "").Expect(http.StatusUnauthorized)

		clients := e.Get("/api/v1/practice/rentals/clients", f.owner.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(clients) != 1 || clients[0].(map[string]any)["rentals"].(float64) != 1 {
			t.Fatalf("company's clients: %v", clients)
		}
		if c := n("/api/v1/practice/rentals/clients", other.owner.AccessToken); c != 0 {
			t.Fatalf("another company sees %d clients", c)
		}
	})
}
