package practice_test

import (
	"net/http"
	"sync"
	"testing"

	"sojourn/api/internal/testkit"
)

// The database decides races: twenty first visits make one profile, and
// twenty overrides for one date make one override (the others 409).
func TestIntegrationConcurrentFirstVisitAndOverrides(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := provider(e, "ada", "coach")
		const n = 20
		ids := make([]string, n)
		statuses := make([]int, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := e.Get("/api/v1/practice/profile?kind=coach", ada.AccessToken)
				statuses[i] = res.Status
				if res.Status == http.StatusOK {
					ids[i], _ = res.Data()["id"].(string)
				}
			}()
		}
		wg.Wait()
		for i := range n {
			if statuses[i] != http.StatusOK || ids[i] != ids[0] {
				t.Fatalf("visit %d: %d %q vs %q", i, statuses[i], ids[i], ids[0])
			}
		}
		count, err := e.DB.NewSelect().Table("practice_providers").Where("user_id = ?", ada.UserID).Count(testkit.Ctx())
		if err != nil || count != 1 {
			t.Fatalf("profiles: %d %v", count, err)
		}

		codes := map[int]int{}
		var mu sync.Mutex
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := e.Post("/api/v1/practice/schedule/overrides?kind=coach", ada.AccessToken,
					map[string]any{"date": "2026-04-03", "blocked": true})
				mu.Lock()
				codes[res.Status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if codes[http.StatusCreated] != 1 || codes[http.StatusConflict] != n-1 {
			t.Fatalf("override answers: %v", codes)
		}
	})
}
