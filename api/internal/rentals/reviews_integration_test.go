package rentals_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/rentals"
	"sojourn/api/internal/reviews"
	"sojourn/api/internal/testkit"
)

// imported records a rental of f's car for userID in status, through the
// live flow (paid from the wallet), days from..to from the fake clock's now.
func imported(t *testing.T, e *testkit.Env, f fixture, userID, status string, from, to int) string {
	t.Helper()
	e.Fund(t, userID, 20_000_000)
	now := e.Clock.Now().UTC().Truncate(time.Hour)
	in := rentals.ImportInput{UserID: userID, Status: status, Fuel: [2]int{8, 8}, Km: [2]int{1000, 1400}}
	in.CarID, in.Start, in.End = f.carID, now.Add(time.Duration(from)*24*time.Hour), now.Add(time.Duration(to)*24*time.Hour)
	in.Driver = rentals.Driver{Name: "Ada Obi", BirthDate: "1990-05-14", LicenceNumber: "LAG-123456"}
	id, err := e.App.Rentals.Import(context.Background(), in)
	if err != nil {
		t.Fatalf("import %s rental: %v", status, err)
	}
	return id
}

// TestIntegrationRentalReviews: the renter reviews a completed rental of
// theirs once, within 14 days of its completion; the review counts in the
// company's rating and shows among its public reviews; the renter's list
// and detail say which rentals they reviewed and which they still may.
func TestIntegrationRentalReviews(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := company(t, e, "reviewfleet")
		ada := e.Register("ada@example.com", "ada")
		bob := e.Register("bob@example.com", "bob")
		done := imported(t, e, f, ada.UserID, rentals.StatusCompleted, -9, -6)
		ahead := imported(t, e, f, ada.UserID, rentals.StatusConfirmed, 5, 7)
		path := func(id string) string { return "/api/v1/rentals/bookings/" + id + "/review" }
		good := map[string]any{"rating": 4, "text": "Clean Corolla, quick handover at Broad Street."}

		e.Post(path(done), "", good).Expect(http.StatusUnauthorized)
		e.Post(path(done), bob.AccessToken, good).Expect(http.StatusNotFound)
		e.Post(path("no-such-rental"), ada.AccessToken, good).Expect(http.StatusNotFound)
		e.Post(path(ahead), ada.AccessToken, good).Expect(http.StatusConflict)
		e.Post(path(done), ada.AccessToken, map[string]any{"rating": 6}).Expect(http.StatusUnprocessableEntity)
		e.Post(path(done), ada.AccessToken, map[string]any{"rating": 0}).Expect(http.StatusUnprocessableEntity)

		var list struct{ Data []rentals.Booking }
		e.Get("/api/v1/rentals/bookings", ada.AccessToken).Expect(http.StatusOK).JSON(&list)
		for _, b := range list.Data {
			if (b.ID == done) != b.CanReview || b.Review != nil {
				t.Fatalf("before the review: %s can_review %v review %+v", b.Status, b.CanReview, b.Review)
			}
		}

		var out struct{ Data reviews.Review }
		e.Post(path(done), ada.AccessToken, good).Expect(http.StatusCreated).JSON(&out)
		if out.Data.Rating != 4 || out.Data.ProviderID != f.providerID || out.Data.OfferingID != f.carID ||
			out.Data.BookingID != done {
			t.Fatalf("review: %+v", out.Data)
		}
		e.Post(path(done), ada.AccessToken, good).Expect(http.StatusConflict)

		mine := decode(t, e.Get("/api/v1/rentals/bookings/"+done, ada.AccessToken).Expect(http.StatusOK))
		if mine.Review == nil || mine.Review.ID != out.Data.ID || mine.Review.Rating != 4 || mine.CanReview {
			t.Fatalf("detail after the review: %+v %v", mine.Review, mine.CanReview)
		}
		// The company sees no renter's review flags on its own view.
		theirs := decode(t, e.Get("/api/v1/practice/rentals/bookings/"+done, f.owner.AccessToken).Expect(http.StatusOK))
		if theirs.Review != nil || theirs.CanReview {
			t.Fatalf("company view: %+v", theirs)
		}
		pub := e.Get("/api/v1/providers/"+f.providerID+"/reviews", "").Expect(http.StatusOK).Map()["data"].([]any)
		if len(pub) != 1 || pub[0].(map[string]any)["text"] != good["text"] {
			t.Fatalf("public reviews: %v", pub)
		}
		p, err := e.App.Practice.Provider(context.Background(), f.providerID)
		if err != nil || p.Rating.Count != 1 || p.Rating.Average != 4 {
			t.Fatalf("company rating: %+v %v", p.Rating, err)
		}
		// The company replies from its portal's reviews page.
		var recv struct{ Data []reviews.Review }
		e.Get("/api/v1/practice/reviews?kind=car_rental", f.owner.AccessToken).Expect(http.StatusOK).JSON(&recv)
		if len(recv.Data) != 1 {
			t.Fatalf("received: %+v", recv.Data)
		}
		e.Post("/api/v1/practice/reviews/"+recv.Data[0].ID+"/reply", f.owner.AccessToken,
			map[string]any{"text": "Thank you, Ada. Come back soon."}).Expect(http.StatusOK)

		// The window: 14 days after the completion.
		late := imported(t, e, f, bob.UserID, rentals.StatusCompleted, -30, -27)
		e.Clock.Advance(reviews.Window + time.Minute)
		bob = relog(e, bob)
		if b := decode(t, e.Get("/api/v1/rentals/bookings/"+late, bob.AccessToken).Expect(http.StatusOK)); b.CanReview {
			t.Fatal("the window closed, yet can_review")
		}
		e.Post(path(late), bob.AccessToken, good).Expect(http.StatusConflict)
		e.VerifyLedger(t)
	})
}
