package practice_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"testing"
	"time"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

// BenchmarkDirectory measures the directory query (service and HTTP) over
// BENCH_PROVIDERS published coaches (default 500) on SQLite, and on
// PostgreSQL when TEST_DATABASE_URL is set:
//
//	go test ./api/internal/practice -run '^$' -bench Directory -benchtime 2s
func BenchmarkDirectory(b *testing.B) {
	n := 500
	if v, err := strconv.Atoi(os.Getenv("BENCH_PROVIDERS")); err == nil && v > 0 {
		n = v
	}
	dialects := []db.Dialect{db.SQLite}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		dialects = append(dialects, db.Postgres)
	}
	for _, d := range dialects {
		b.Run(string(d), func(b *testing.B) {
			e := testkit.New(b, d)
			ctx := context.Background()
			s := e.App.Practice
			specialties := []string{"leadership", "career change", "wellness", "relationships", "productivity", "confidence"}
			languages := []string{"English", "French", "Swahili", "Yoruba", "Portuguese"}
			formats := []string{"video", "in_person", "phone"}
			for i := range n {
				u, err := e.App.Accounts.CreateUser(ctx, accounts.CreateUserInput{Email: fmt.Sprintf("c%d@example.com", i),
					Username: fmt.Sprintf("coach%d", i), Password: testkit.DefaultPassword, Verified: true,
					Roles: []string{"user", "coach"}})
				if err != nil {
					b.Fatal(err)
				}
				in := profileInput(fmt.Sprintf("Coach number %d", i), "Lagos", "NG", "Africa/Lagos",
					[]string{specialties[i%len(specialties)], specialties[(i+1)%len(specialties)]},
					[]string{languages[i%len(languages)]}, formats[i%len(formats)])
				in.LicenceNumber, in.IssuingBody = "", ""
				id := published(b, e, u.ID, "coach", in, int64(100000+i*1000))
				if err := s.SetRating(ctx, e.DB, id, 3+float64(i%20)/10, i%50); err != nil {
					b.Fatal(err)
				}
				at := e.Clock.Now().Add(time.Duration(i%240) * time.Hour)
				if err := s.SetNextAvailable(ctx, e.DB, id, &at); err != nil {
					b.Fatal(err)
				}
			}
			if d == db.Postgres { // fresh statistics, as autovacuum keeps them in production
				if _, err := e.DB.ExecContext(ctx, "ANALYZE"); err != nil {
					b.Fatal(err)
				}
			}
			floor := int64(150000)
			queries := map[string]practice.Search{
				"all":            {Kind: "coach"},
				"specialty+lang": {Kind: "coach", Specialty: "leadership", Language: "English"},
				"week+price":     {Kind: "coach", AvailableWeek: true, MinPrice: &floor},
				"q":              {Kind: "coach", Q: "number 4"},
			}
			for name, q := range queries {
				b.Run(name, func(b *testing.B) {
					for b.Loop() {
						if _, _, err := s.Directory(ctx, q, page.Cursor{Limit: 20}); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
			b.Run("http", func(b *testing.B) {
				for b.Loop() {
					res := e.Get("/api/v1/providers?kind=coach&format=video&limit=20", "")
					if res.Status != http.StatusOK {
						b.Fatal(res.Status)
					}
				}
			})
		})
	}
}
