package bookings_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/platform/jobs"
	"sojourn/api/internal/reviews"
	"sojourn/api/internal/testkit"
)

func bookingOf(t *testing.T, e *testkit.Env, token, id string) bookings.BookingDTO {
	t.Helper()
	var out struct{ Data bookings.BookingDTO }
	e.Get("/api/v1/bookings/"+id, token).Expect(http.StatusOK).JSON(&out)
	return out.Data
}

func listOf(t *testing.T, e *testkit.Env, path, token string) map[string]bookings.BookingDTO {
	t.Helper()
	var out struct{ Data []bookings.BookingDTO }
	e.Get(path, token).Expect(http.StatusOK).JSON(&out)
	m := map[string]bookings.BookingDTO{}
	for _, b := range out.Data {
		m[b.ID] = b
	}
	return m
}

// The user's views of a booking say whether they reviewed it and whether
// they may now: the flag flips once they have, another user learns nothing
// of it, and a booking that is not completed (or past its window) cannot
// be reviewed.
func TestIntegrationBookingReviewFlags(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		therapist := e.Register("therapist@example.com", "therapist1")
		ada := e.Register("ada@example.com", "ada")
		bola := e.Register("bola@example.com", "bola")
		_, offering := e.Provider(therapist.UserID, "therapist", 150000)
		now := e.Clock.Now()
		done := e.Booking(offering, ada.UserID, "completed", now.Add(-3*time.Hour))
		old := e.Booking(offering, ada.UserID, "completed", now.Add(-15*24*time.Hour))
		upcoming := e.Booking(offering, ada.UserID, "confirmed", now.Add(48*time.Hour))
		bolas := e.Booking(offering, bola.UserID, "completed", now.Add(-5*time.Hour))

		b := bookingOf(t, e, ada.AccessToken, done)
		if !b.CanReview || b.Review != nil || b.ReviewUntil == nil || !b.ReviewUntil.After(now) {
			t.Fatalf("completed, not reviewed: %+v", b)
		}
		if b := bookingOf(t, e, ada.AccessToken, old); b.CanReview || b.Review != nil {
			t.Fatalf("window closed: can_review %v review %+v", b.CanReview, b.Review)
		}
		if b := bookingOf(t, e, ada.AccessToken, upcoming); b.CanReview || b.Review != nil {
			t.Fatalf("upcoming: can_review %v", b.CanReview)
		}

		// Reviewing what is not completed (or too old) is refused and changes nothing.
		body := map[string]any{"rating": 5, "text": "Calm and practical."}
		e.Post("/api/v1/bookings/"+upcoming+"/review", ada.AccessToken, body).Expect(http.StatusConflict)
		e.Post("/api/v1/bookings/"+old+"/review", ada.AccessToken, body).Expect(http.StatusConflict)
		if b := bookingOf(t, e, ada.AccessToken, upcoming); b.CanReview || b.Review != nil {
			t.Fatalf("upcoming after a refused review: %+v", b.Review)
		}

		var made struct{ Data reviews.Review }
		e.Post("/api/v1/bookings/"+done+"/review", ada.AccessToken, body).Expect(http.StatusCreated).JSON(&made)
		check := func(where string, b bookings.BookingDTO) {
			t.Helper()
			if b.CanReview || b.Review == nil || b.Review.ID != made.Data.ID || b.Review.Rating != 5 ||
				b.Review.Status != reviews.StatusVisible {
				t.Fatalf("%s after the review: can_review %v review %+v", where, b.CanReview, b.Review)
			}
		}
		check("detail", bookingOf(t, e, ada.AccessToken, done))
		past := listOf(t, e, "/api/v1/bookings?status=past", ada.AccessToken)
		check("list", past[done])
		if p := past[old]; p.CanReview || p.Review != nil {
			t.Fatalf("list, window closed: %+v", p)
		}
		day := now.UTC().Format("2006-01-02")
		cal := listOf(t, e, "/api/v1/calendar?from="+now.UTC().AddDate(0, 0, -1).Format("2006-01-02")+"&to="+day+
			"&tz=UTC", ada.AccessToken)
		check("calendar", cal[done])

		// Bola: her own completed booking is still reviewable, Ada's booking
		// is not hers to see, and nothing of Ada's review reaches her.
		mine := listOf(t, e, "/api/v1/bookings?status=past", bola.AccessToken)
		if len(mine) != 1 || !mine[bolas].CanReview || mine[bolas].Review != nil {
			t.Fatalf("bola's past bookings: %+v", mine)
		}
		e.Get("/api/v1/bookings/"+done, bola.AccessToken).Expect(http.StatusNotFound)
		e.Post("/api/v1/bookings/"+done+"/review", bola.AccessToken, body).Expect(http.StatusNotFound)
		e.Post("/api/v1/bookings/"+bolas+"/review", bola.AccessToken, map[string]any{"rating": 3}).
			Expect(http.StatusCreated)
		if b := bookingOf(t, e, bola.AccessToken, bolas); b.Review == nil || b.Review.Rating != 3 || b.CanReview {
			t.Fatalf("bola's review: %+v", b.Review)
		}
		check("detail after another user's review", bookingOf(t, e, ada.AccessToken, done))

		// The provider's views carry no review information.
		for id, a := range listOf(t, e, "/api/v1/practice/appointments?status=past", therapist.AccessToken) {
			if a.Review != nil || a.CanReview {
				t.Fatalf("appointment %s: review %+v can_review %v", id, a.Review, a.CanReview)
			}
		}
	})
}

// countingLookup counts the lookups a page costs.
type countingLookup struct {
	mu    sync.Mutex
	calls [][]string
	inner bookings.ReviewLookup
}

func (c *countingLookup) ReviewedBookings(ctx context.Context, userID string, ids []string) (map[string]bookings.ReviewRef, error) {
	c.mu.Lock()
	c.calls = append(c.calls, ids)
	c.mu.Unlock()
	return c.inner.ReviewedBookings(ctx, userID, ids)
}

// A page of bookings costs one review lookup, for its completed bookings
// only; a page without any costs none.
func TestIntegrationBookingReviewLookupBatched(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		therapist := e.Register("therapist@example.com", "therapist1")
		ada := e.Register("ada@example.com", "ada")
		_, offering := e.Provider(therapist.UserID, "therapist", 150000)
		now := e.Clock.Now()
		var done []string
		for i := range 4 {
			done = append(done, e.Booking(offering, ada.UserID, "completed", now.Add(-time.Duration(3+24*i)*time.Hour)))
		}
		e.Booking(offering, ada.UserID, "confirmed", now.Add(48*time.Hour))
		e.Post("/api/v1/bookings/"+done[1]+"/review", ada.AccessToken, map[string]any{"rating": 4}).
			Expect(http.StatusCreated)

		ins, err := jobs.NewInserter(e.DB)
		if err != nil {
			t.Fatal(err)
		}
		lookup := &countingLookup{inner: reviews.NewLookup(e.DB)}
		svc, err := bookings.New(bookings.Config{DB: e.DB, Clock: e.Clock, Settings: e.Config, Practice: e.App.Practice,
			Money: e.App.Money, Payments: e.App.Payments, Jobs: ins, Mailer: e.App.Deps.Mailer,
			Directory: e.App.Accounts, Idempotency: e.App.Idempotency, Reviews: lookup, Audit: e.App.Audit})
		if err != nil {
			t.Fatal(err)
		}
		past, err := svc.UserList(ctx, ada.UserID, bookings.GroupPast)
		if err != nil || len(past) != 4 {
			t.Fatalf("past: %d %v", len(past), err)
		}
		if len(lookup.calls) != 1 || len(lookup.calls[0]) != 4 {
			t.Fatalf("lookups: %v", lookup.calls)
		}
		reviewed := 0
		for _, b := range past {
			if b.Review != nil {
				reviewed++
				if b.ID != done[1] || b.Review.Rating != 4 || b.CanReview {
					t.Fatalf("reviewed booking: %+v", b)
				}
			}
		}
		if reviewed != 1 {
			t.Fatalf("%d reviewed", reviewed)
		}
		if up, err := svc.UserList(ctx, ada.UserID, bookings.GroupUpcoming); err != nil || len(up) != 1 ||
			len(lookup.calls) != 1 {
			t.Fatalf("upcoming: %d %v, lookups %d", len(up), err, len(lookup.calls))
		}
	})
}
