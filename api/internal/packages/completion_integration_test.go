package packages_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/money"
	"sojourn/api/internal/packages"
	"sojourn/api/internal/testkit"
)

// A session paid with a credit pays the provider its share (minus the
// platform fee) when it completes; a late cancellation keeps the fee share
// for the provider and uses the credit up, the rest coming back as money.
func TestIntegrationCreditSessionsPayTheProvider(t *testing.T) {
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
		tue := time.Date(2026, 3, 3, 9, 0, 0, 0, time.UTC) // 10:00 in Lagos
		b1, r := bookWithCredit(t, e, ada.AccessToken, offering, purchase, tue)
		r.Expect(http.StatusCreated)
		b2, r := bookWithCredit(t, e, ada.AccessToken, offering, purchase, tue.Add(3*time.Hour))
		r.Expect(http.StatusCreated)

		// Twenty hours before the second session (inside the 24-hour window):
		// a late cancellation keeps 50% of the share for the provider.
		e.Clock.Set(tue.Add(-17 * time.Hour))
		ada = e.Login(ada.Email, ada.Password)
		e.Post("/api/v1/bookings/"+b2+"/cancel", ada.AccessToken, map[string]any{"reason": "Sick"}).
			Expect(http.StatusOK)
		if balance(t, e, ada.UserID) != 200_000+450_000 || escrow(t, e, money.RefBooking, b2) != 0 {
			t.Fatalf("late cancellation: wallet %d", balance(t, e, ada.UserID))
		}
		// The first session completes: its share, minus the fee, is the
		// provider's pending earning.
		e.Clock.Set(tue.Add(2 * time.Hour))
		if err := e.App.Bookings.Workers().Complete.Work(context.Background(), &river.Job[bookings.CompleteJob]{
			Args: bookings.CompleteJob{BookingID: b1, Start: tue.Unix()}}); err != nil {
			t.Fatal(err)
		}
		w, err := e.App.Money.Wallet(context.Background(), pro.UserID, "NGN")
		if err != nil || w == nil {
			t.Fatal(err)
		}
		fee := int64(900_000) * int64(e.App.Money.FeeBPS()) / 10000
		late := int64(450_000) - int64(450_000)*int64(e.App.Money.FeeBPS())/10000
		if w.Pending != 900_000-fee+late || escrow(t, e, money.RefBooking, b1) != 0 ||
			escrow(t, e, money.RefPackage, purchase) != 0 {
			t.Fatalf("provider's pending earnings %d", w.Pending)
		}
		clean(t, e)
	})
}
