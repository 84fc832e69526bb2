package app_test

import (
	"net/http"
	"os"
	"testing"

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/testkit"
)

// BenchmarkLimitedRoute is a rate-limited route end to end (the contact
// form: 5 messages per IP and hour, counted in the database, then the
// message's own insert), each request from a new IP so every check is
// allowed and written. Set against BenchmarkAllow in platform/ratelimit it
// shows the share of a request the shared limit costs.
//
//	go test ./api/internal/app/ -run '^$' -bench LimitedRoute
func BenchmarkLimitedRoute(b *testing.B) {
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		if d == db.Postgres && os.Getenv("TEST_DATABASE_URL") == "" {
			continue
		}
		b.Run(string(d), func(b *testing.B) {
			e := testkit.New(b, d)
			body := map[string]any{"name": "Guest", "email": "guest@example.com", "subject": "Hello",
				"message": "A question about a tour next month."}
			for i := 0; b.Loop(); i++ {
				e.IP = testkit.Fmt("10.%d.%d.%d", i>>16&255, i>>8&255, i&255)
				e.Post("/api/v1/contact", "", body).Expect(http.StatusCreated)
			}
		})
	}
}
