package rentals_test

import (
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/testkit"
)

// TestIntegrationSearchCacheDroppedByWrites: a search is kept for a moment,
// but a rental made (or a car changed) through this process shows at once.
func TestIntegrationSearchCacheDroppedByWrites(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := company(t, e, "cachefleet")
		renter := e.Register("cacherenter@example.com", "cacherenter")
		e.Fund(t, renter.UserID, 50_000_000)
		q := "/api/v1/rentals/cars?city=Lagos&from=" + day(8, 9).Format(time.RFC3339) + "&to=" + day(10, 9).Format(time.RFC3339)
		count := func() int { return len(e.Get(q, "").Expect(http.StatusOK).Map()["data"].([]any)) }
		if n := count(); n != 1 {
			t.Fatalf("before: %d cars", n)
		}
		if n := count(); n != 1 { // the same answer from the cache
			t.Fatalf("cached: %d cars", n)
		}
		booking(e, renter.AccessToken, f.carID, day(8, 10), day(9, 10), nil).Expect(http.StatusCreated)
		if n := count(); n != 0 {
			t.Fatalf("a car held a moment ago is still listed as free: %d", n)
		}
		// Hiding the car through its route drops the cache too.
		q = "/api/v1/rentals/cars?city=Lagos"
		if n := count(); n != 1 {
			t.Fatalf("without dates: %d cars", n)
		}
		admin := e.Admin("cacheadmin@example.com", "cacheadmin")
		e.Post("/api/v1/admin/rentals/cars/"+f.carID+"/hide", admin.AccessToken,
			map[string]any{"reason": "Photos show another car"}).Expect(http.StatusOK)
		if n := count(); n != 0 {
			t.Fatalf("a hidden car is still listed: %d", n)
		}
	})
}
