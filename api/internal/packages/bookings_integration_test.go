package packages_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/money"
	"sojourn/api/internal/packages"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

// coach publishes a coach in Lagos working 09:00-17:00 every day with one
// one-to-one offering of NGN 10,000 (free cancellation until 24 hours
// before), through the practice service; it answers the offering's id.
func coach(t *testing.T, e *testkit.Env, s *testkit.Session) string {
	t.Helper()
	ctx := context.Background()
	ps := e.App.Practice
	e.GrantRole(s.UserID, "coach")
	if _, err := ps.SaveProfile(ctx, s.UserID, "coach", practice.ProfileInput{Headline: "Career coaching for people " +
		"changing direction", Bio: "Ten years of helping people find their next step.", Specialties: []string{"Careers"},
		Languages: []string{"English"}, City: "Lagos", Country: "NG", TimeZone: "Africa/Lagos",
		Formats: []practice.FormatInput{{Kind: "video"}}}); err != nil {
		t.Fatal(err)
	}
	week := map[string][]practice.Interval{}
	for _, d := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"} {
		week[d] = []practice.Interval{{Start: "09:00", End: "17:00"}}
	}
	if _, err := ps.SaveSchedule(ctx, s.UserID, "coach", practice.ScheduleInput{Weekly: week}); err != nil {
		t.Fatal(err)
	}
	title, format, dur, capacity, free, fee, zero, adv := "Coaching session", "video", 60, 1, 24, 50, 0, 60
	no := false
	off, err := ps.CreateOffering(ctx, s.UserID, "coach", practice.OfferingInput{Title: &title, Format: &format,
		DurationMin: &dur, Price: &practice.Money{Amount: 1_000_000, Currency: "NGN"}, Capacity: &capacity,
		RequiresConfirmation: &no, FreeCancelHours: &free, LateCancelFeePct: &fee, MinNoticeMin: &zero,
		MaxAdvanceDays: &adv})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ps.Publish(ctx, s.UserID, "coach"); err != nil {
		t.Fatal(err)
	}
	return off.ID
}

// bookWithCredit holds a slot and pays it with a package credit through the
// bookings API; it answers the booking's id.
func bookWithCredit(t *testing.T, e *testkit.Env, token, offeringID, packageID string, start time.Time) (string, *testkit.Resp) {
	t.Helper()
	var h struct {
		Data struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	e.Post("/api/v1/bookings/holds", token, map[string]any{"offering_id": offeringID,
		"start": start.Format(time.RFC3339)}).Expect(http.StatusCreated).JSON(&h)
	return h.Data.ID, e.Post("/api/v1/bookings", token, map[string]any{"hold_id": h.Data.ID, "pay_with": "package",
		"package_id": packageID})
}

// A booking paid with a credit takes the credit's share into its escrow; a
// cancellation inside the free window gives the credit back; with no credit
// left a booking by package is refused and the hold stays unpaid.
func TestIntegrationBookingsSpendAndReturnCredits(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		pro := e.Register("tunde@example.com", "tunde")
		ada := e.Register("ada@example.com", "ada")
		offering := coach(t, e, pro)
		var pk struct{ Data packages.Package }
		e.Post("/api/v1/practice/packages", pro.AccessToken, map[string]any{"offering_id": offering,
			"title": "Two sessions", "sessions": 2, "valid_days": 30, "price": 1_800_000}).
			Expect(http.StatusCreated).JSON(&pk)
		topUp(t, e, ada.UserID, 2_000_000)
		var bought struct{ Data packages.PurchaseResult }
		e.Post("/api/v1/packages/"+pk.Data.ID+"/purchase", ada.AccessToken, map[string]any{"pay_with": "wallet"}).
			Expect(http.StatusCreated).JSON(&bought)
		purchase := bought.Data.Purchase.ID

		// Tuesday and Wednesday 10:00 in Lagos (the clock starts Monday 09:00 UTC).
		tue := time.Date(2026, 3, 3, 9, 0, 0, 0, time.UTC)
		wed := tue.Add(24 * time.Hour)
		b1, r := bookWithCredit(t, e, ada.AccessToken, offering, purchase, tue)
		r.Expect(http.StatusCreated)
		if escrow(t, e, money.RefBooking, b1) != 900_000 || escrow(t, e, money.RefPackage, purchase) != 900_000 ||
			balance(t, e, ada.UserID) != 200_000 {
			t.Fatal("the credit's share did not move into the booking's escrow")
		}
		b2, r := bookWithCredit(t, e, ada.AccessToken, offering, purchase, wed)
		r.Expect(http.StatusCreated)
		// No credit left: refused, nothing moves.
		_, r = bookWithCredit(t, e, ada.AccessToken, offering, purchase, wed.Add(2*time.Hour))
		r.Expect(http.StatusConflict)
		var mine struct{ Data []packages.Purchase }
		e.Get("/api/v1/me/packages", ada.AccessToken).Expect(http.StatusOK).JSON(&mine)
		if mine.Data[0].CreditsRemaining != 0 || mine.Data[0].RefundableAmount != 0 {
			t.Fatalf("after two bookings: %+v", mine.Data[0])
		}
		// Cancelled more than 24 hours ahead: the credit comes back, no money
		// reaches the wallet.
		e.Post("/api/v1/bookings/"+b2+"/cancel", ada.AccessToken, map[string]any{"reason": "Travelling that week"}).
			Expect(http.StatusOK)
		e.Get("/api/v1/me/packages", ada.AccessToken).Expect(http.StatusOK).JSON(&mine)
		if mine.Data[0].CreditsRemaining != 1 || escrow(t, e, money.RefBooking, b2) != 0 ||
			escrow(t, e, money.RefPackage, purchase) != 900_000 || balance(t, e, ada.UserID) != 200_000 {
			t.Fatalf("after the cancellation: %+v", mine.Data[0])
		}
		// The unused credit is refunded on request; the booked one stays booked.
		e.Post("/api/v1/me/packages/"+purchase+"/refund", ada.AccessToken, nil).Expect(http.StatusOK)
		if balance(t, e, ada.UserID) != 1_100_000 || escrow(t, e, money.RefBooking, b1) != 900_000 {
			t.Fatal("the refund of the unused credit")
		}
		clean(t, e)
	})
}

// The last credit raced by parallel booking requests (each with its own
// held slot): exactly one is paid with it, the others answer 409 and pay
// nothing.
func TestIntegrationLastCreditParallelBookings(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		pro := e.Register("tunde@example.com", "tunde")
		ada := e.Register("ada@example.com", "ada")
		offering := coach(t, e, pro)
		var pk struct{ Data packages.Package }
		e.Post("/api/v1/practice/packages", pro.AccessToken, map[string]any{"offering_id": offering,
			"title": "Two sessions", "sessions": 2, "valid_days": 30, "price": 1_800_000}).
			Expect(http.StatusCreated).JSON(&pk)
		topUp(t, e, ada.UserID, 2_000_000)
		var bought struct{ Data packages.PurchaseResult }
		e.Post("/api/v1/packages/"+pk.Data.ID+"/purchase", ada.AccessToken, map[string]any{"pay_with": "wallet"}).
			Expect(http.StatusCreated).JSON(&bought)
		purchase := bought.Data.Purchase.ID
		tue := time.Date(2026, 3, 3, 9, 0, 0, 0, time.UTC)
		_, r := bookWithCredit(t, e, ada.AccessToken, offering, purchase, tue)
		r.Expect(http.StatusCreated)
		const n = 5 // a user may hold five slots at once
		holds := make([]string, n)
		for i := range n {
			var h struct {
				Data struct {
					ID string `json:"id"`
				} `json:"data"`
			}
			e.Post("/api/v1/bookings/holds", ada.AccessToken, map[string]any{"offering_id": offering,
				"start": tue.Add(time.Duration(24*(i+1)) * time.Hour).Format(time.RFC3339)}).
				Expect(http.StatusCreated).JSON(&h)
			holds[i] = h.Data.ID
		}
		codes := make([]int, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = e.Post("/api/v1/bookings", ada.AccessToken, map[string]any{"hold_id": holds[i],
					"pay_with": "package", "package_id": purchase}).Status
			}()
		}
		wg.Wait()
		paid := 0
		for _, c := range codes {
			switch c {
			case http.StatusCreated:
				paid++
			case http.StatusConflict:
			default:
				t.Fatalf("answers %v", codes)
			}
		}
		if paid != 1 || escrow(t, e, money.RefPackage, purchase) != 0 || balance(t, e, ada.UserID) != 200_000 {
			t.Fatalf("%d bookings paid with the last credit: %v", paid, codes)
		}
		clean(t, e)
	})
}
