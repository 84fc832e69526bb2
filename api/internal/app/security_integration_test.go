package app_test

import (
	"net/http"
	"testing"

	"sojourn/api/internal/testkit"
)

// TestIntegrationPerIPLimitsBehindAProxy is issue 8's finding 3: behind a
// trusted proxy, 40 sign-ins each carrying
// "X-Forwarded-For: 198.51.100.<i>, 203.0.113.7" all reached the password
// check, because the raw header was the limit's key. The client is the
// right-most address that is not one of our proxies (203.0.113.7, appended
// by the proxy), so the 40 share one limit of 30.
func TestIntegrationPerIPLimitsBehindAProxy(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		statuses := map[int]int{}
		for i := range 40 {
			res := e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/auth/login",
				Body:   map[string]any{"email": testkit.Fmt("guess%d@example.com", i), "password": "Wrong-Password-99"},
				Header: map[string]string{"X-Forwarded-For": testkit.Fmt("198.51.100.%d, 203.0.113.7", i)}})
			statuses[res.Status]++
		}
		if statuses[http.StatusUnauthorized] != 30 || statuses[http.StatusTooManyRequests] != 10 {
			t.Fatalf("40 sign-ins from one client behind the proxy: %v, want 30 checked and 10 refused", statuses)
		}
		// Another client behind the same proxy has its own limit.
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/auth/login",
			Body:   map[string]any{"email": "other@example.com", "password": "Wrong-Password-99"},
			Header: map[string]string{"X-Forwarded-For": "203.0.113.7, 203.0.113.8"}}).Expect(http.StatusUnauthorized)
		// A forged client-address header changes nothing.
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/auth/login",
			Body:   map[string]any{"email": "forged@example.com", "password": "Wrong-Password-99"},
			Header: map[string]string{"X-Forwarded-For": "203.0.113.7", "X-Sojourn-Client-Ip": "192.0.2.1"}}).
			Expect(http.StatusTooManyRequests)
	})
}
