package reviews_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/reviews"
	"sojourn/api/internal/testkit"
)

type rating struct {
	Data struct {
		Rating struct {
			Average float64 `json:"average"`
			Count   int     `json:"count"`
		} `json:"rating"`
	} `json:"data"`
}

func ratingOf(t *testing.T, e *testkit.Env, providerID string) (float64, int) {
	t.Helper()
	var r rating
	e.Get("/api/v1/providers/"+providerID, "").Expect(http.StatusOK).JSON(&r)
	return r.Data.Rating.Average, r.Data.Rating.Count
}

func publicCount(t *testing.T, e *testkit.Env, providerID string) int {
	t.Helper()
	var l struct{ Data []reviews.Review }
	e.Get("/api/v1/providers/"+providerID+"/reviews", "").Expect(http.StatusOK).JSON(&l)
	return len(l.Data)
}

func TestIntegrationReviewRules(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		therapist := e.Register("therapist@example.com", "therapist1")
		ada := e.Register("ada@example.com", "ada")
		bola := e.Register("bola@example.com", "bola")
		providerID, offering := e.Provider(therapist.UserID, "therapist", 150000)
		past := e.Clock.Now().Add(-3 * time.Hour)
		done := e.Booking(offering, ada.UserID, "completed", past)
		done2 := e.Booking(offering, bola.UserID, "completed", past.Add(-24*time.Hour))
		upcoming := e.Booking(offering, ada.UserID, "confirmed", e.Clock.Now().Add(48*time.Hour))
		old := e.Booking(offering, ada.UserID, "completed", e.Clock.Now().Add(-15*24*time.Hour))
		body := map[string]any{"rating": 5, "text": "Calm, practical and kind.\nI left with a plan."}

		e.Post("/api/v1/bookings/"+done+"/review", bola.AccessToken, body).Expect(http.StatusNotFound)
		e.Post("/api/v1/bookings/"+upcoming+"/review", ada.AccessToken, body).Expect(http.StatusConflict)
		e.Post("/api/v1/bookings/"+old+"/review", ada.AccessToken, body).Expect(http.StatusConflict)
		for _, bad := range []map[string]any{{"rating": 0}, {"rating": 6}, {"rating": 4, "text": "bad\x00byte"},
			{"rating": 4, "text": string(make([]rune, 2001))}} {
			if r := e.Post("/api/v1/bookings/"+done+"/review", ada.AccessToken, bad); r.Status != http.StatusUnprocessableEntity {
				t.Errorf("%v: %d", bad["rating"], r.Status)
			}
		}
		var made struct{ Data reviews.Review }
		e.Post("/api/v1/bookings/"+done+"/review", ada.AccessToken, body).Expect(http.StatusCreated).JSON(&made)
		e.Post("/api/v1/bookings/"+done+"/review", ada.AccessToken, body).Expect(http.StatusConflict)
		e.Post("/api/v1/bookings/"+done2+"/review", bola.AccessToken, map[string]any{"rating": 2,
			"text": "The session started twenty minutes late."}).Expect(http.StatusCreated)
		// The provider is told, the two reviews grouped into one unread notification.
		if err := e.App.Notifications.DeliverPending(testkit.Ctx()); err != nil {
			t.Fatal(err)
		}
		var told, count int
		if err := e.DB.NewRaw(`SELECT count(*), COALESCE(MAX(group_count), 0) FROM notifications WHERE user_id = ?
			AND type = 'review.posted' AND portal = 'therapy'`, therapist.UserID).Scan(testkit.Ctx(), &told, &count); err != nil ||
			told != 1 || count != 2 {
			t.Fatalf("review notifications: %d grouping %d (%v)", told, count, err)
		}
		if avg, n := ratingOf(t, e, providerID); avg != 3.5 || n != 2 {
			t.Fatalf("rating %v over %d", avg, n)
		}
		var pub struct{ Data []reviews.Review }
		e.Get("/api/v1/providers/"+providerID+"/reviews?limit=1", "").Expect(http.StatusOK).JSON(&pub)
		if len(pub.Data) != 1 || pub.Data[0].AuthorID != "" || pub.Data[0].BookingID != "" {
			t.Fatalf("public page: %+v", pub.Data)
		}

		// The reply: once, by the review's provider only.
		other := e.Register("coach@example.com", "coach1")
		e.Provider(other.UserID, "coach", 90000)
		e.Post("/api/v1/practice/reviews/"+made.Data.ID+"/reply", other.AccessToken, map[string]any{"text": "Thanks"}).
			Expect(http.StatusNotFound)
		e.Post("/api/v1/practice/reviews/"+made.Data.ID+"/reply", therapist.AccessToken,
			map[string]any{"text": "Thank you, Ada. See you next week."}).Expect(http.StatusOK)
		e.Post("/api/v1/practice/reviews/"+made.Data.ID+"/reply", therapist.AccessToken,
			map[string]any{"text": "Again"}).Expect(http.StatusConflict)
		var mine struct{ Data []reviews.Review }
		e.Get("/api/v1/practice/reviews", therapist.AccessToken).Expect(http.StatusOK).JSON(&mine)
		if len(mine.Data) != 2 {
			t.Fatalf("provider's reviews: %+v", mine.Data)
		}
		e.Get("/api/v1/practice/reviews", other.AccessToken).Expect(http.StatusOK).JSON(&mine)
		if len(mine.Data) != 0 {
			t.Fatal("another provider sees the reviews")
		}

		// A report hides the review and takes it out of the rating; an admin
		// restores it (audited).
		e.Post("/api/v1/reviews/"+made.Data.ID+"/report", bola.AccessToken, map[string]any{"reason": "Names another client"}).
			Expect(http.StatusNoContent)
		e.Post("/api/v1/reviews/"+made.Data.ID+"/report", bola.AccessToken, map[string]any{"reason": "again"}).
			Expect(http.StatusConflict)
		if publicCount(t, e, providerID) != 1 {
			t.Fatal("a reported review is still shown")
		}
		if avg, n := ratingOf(t, e, providerID); avg != 2 || n != 1 {
			t.Fatalf("rating after the report %v over %d", avg, n)
		}
		admin := e.Admin("admin@example.com", "admin1")
		var q struct {
			Data []reviews.AdminReview
			Meta struct{ Total int }
		}
		e.Get("/api/v1/admin/reviews?status=reported", admin.AccessToken).Expect(http.StatusOK).JSON(&q)
		if q.Meta.Total != 1 || len(q.Data[0].Reports) != 1 || q.Data[0].Reports[0].Reason != "Names another client" {
			t.Fatalf("queue: %+v", q)
		}
		e.Get("/api/v1/admin/reviews", ada.AccessToken).Expect(http.StatusForbidden)
		e.Post("/api/v1/admin/reviews/"+made.Data.ID+"/decision", admin.AccessToken, map[string]any{"action": "restore"}).
			Expect(http.StatusOK)
		e.Post("/api/v1/admin/reviews/"+made.Data.ID+"/decision", admin.AccessToken, map[string]any{"action": "remove"}).
			Expect(http.StatusConflict)
		if avg, n := ratingOf(t, e, providerID); avg != 3.5 || n != 2 || publicCount(t, e, providerID) != 2 {
			t.Fatalf("rating after the restore %v over %d", avg, n)
		}
		n, err := e.DB.NewSelect().Table("audit_log").Where("action = ? AND target_id = ?", "review.restore",
			made.Data.ID).Count(context.Background())
		if err != nil || n != 1 {
			t.Fatalf("audit entries %d %v", n, err)
		}
	})
}

// Parallel reviews of one booking: exactly one is written.
func TestIntegrationReviewOnce(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		therapist := e.Register("therapist@example.com", "therapist1")
		ada := e.Register("ada@example.com", "ada")
		providerID, offering := e.Provider(therapist.UserID, "therapist", 150000)
		done := e.Booking(offering, ada.UserID, "completed", e.Clock.Now().Add(-2*time.Hour))
		const n = 10
		codes := make([]int, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = e.Post("/api/v1/bookings/"+done+"/review", ada.AccessToken,
					map[string]any{"rating": 1 + i%5, "text": "Helpful"}).Status
			}()
		}
		wg.Wait()
		created := 0
		for _, c := range codes {
			switch c {
			case http.StatusCreated:
				created++
			case http.StatusConflict:
			default:
				t.Fatalf("answers %v", codes)
			}
		}
		if created != 1 {
			t.Fatalf("%d reviews written: %v", created, codes)
		}
		if _, cnt := ratingOf(t, e, providerID); cnt != 1 {
			t.Fatalf("count %d", cnt)
		}
	})
}
