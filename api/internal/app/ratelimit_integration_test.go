package app_test

import (
	"net/http"
	"sync"
	"testing"

	"sojourn/api/internal/testkit"
)

// TestIntegrationRateLimitsAcrossInstances: two app instances (two pools
// over one database, as two server processes) count the per-IP limits
// together. Sign-in attempts from one IP, fired in parallel and split across
// both, pass exactly the limit's number of times; the conflicting sign-ups
// counted on one instance block the IP on the other.
func TestIntegrationRateLimitsAcrossInstances(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		other := testkit.Second(t, e)
		const limit = 30 // SOJOURN_LOGIN_IP_LIMIT's default
		var mu sync.Mutex
		counts := map[int]int{}
		var wg sync.WaitGroup
		for i := 0; i < 2*limit; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				inst := []*testkit.Env{e, other}[i%2]
				r := inst.Post("/api/auth/login", "", map[string]any{
					"email": testkit.Fmt("guess%d@example.com", i), "password": "wrong-password"})
				mu.Lock()
				counts[r.Status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if counts[http.StatusUnauthorized] != limit || counts[http.StatusTooManyRequests] != limit {
			t.Fatalf("parallel sign-ins across two instances answered %v, want exactly %d 401 and %d 429",
				counts, limit, limit)
		}
		for _, inst := range []*testkit.Env{e, other} {
			inst.Post("/api/auth/login", "", map[string]any{"email": "late@example.com", "password": "x"}).
				Expect(http.StatusTooManyRequests)
		}

		// Sign-ups answered 409 (taken addresses), alternating instances: the
		// tenth blocks the IP on both.
		e.IP = "198.51.100.20"
		other.IP = e.IP
		e.Register("taken@example.com", "taken")
		for i := 0; i < 10; i++ {
			[]*testkit.Env{e, other}[i%2].Post("/api/auth/register", "", map[string]any{
				"email": "taken@example.com", "username": testkit.Fmt("fresh%d", i), "password": testkit.DefaultPassword}).
				Expect(http.StatusConflict)
		}
		for _, inst := range []*testkit.Env{e, other} {
			inst.Post("/api/auth/register", "", map[string]any{
				"email": "new@example.com", "username": "brandnew", "password": testkit.DefaultPassword}).
				Expect(http.StatusTooManyRequests)
		}
	})
}
