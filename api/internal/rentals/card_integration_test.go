package rentals_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/rentals"
	"sojourn/api/internal/testkit"
)

// paid is the answer of POST /rentals/bookings/{id}/pay.
type paid struct {
	Data struct {
		rentals.Booking
		Payment *struct {
			Reference        string `json:"reference"`
			AuthorizationURL string `json:"authorization_url"`
		} `json:"payment"`
	}
}

func payCard(t *testing.T, e *testkit.Env, token, id string) paid {
	t.Helper()
	var out paid
	e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/rentals/bookings/" + id + "/pay", Token: token,
		Body: map[string]any{"pay_with": "card"}, Header: map[string]string{"Idempotency-Key": ids.New()}}).
		Expect(http.StatusOK).JSON(&out)
	if out.Data.Payment == nil || out.Data.Payment.AuthorizationURL == "" {
		t.Fatalf("card payment not started: %+v", out.Data)
	}
	return out
}

func walletOf(t *testing.T, e *testkit.Env, userID string) int64 {
	t.Helper()
	w, err := e.App.Money.Wallet(context.Background(), userID, "NGN")
	if err != nil {
		t.Fatal(err)
	}
	if w == nil {
		return 0
	}
	return w.Balance
}

// TestIntegrationRentalCardPayment: paying by card starts one Paystack
// payment of the price and the deposit; the rental waits (pending, its hold
// extended) until the payment settles, then is confirmed with the price in
// its escrow and the deposit held, without touching the wallet. A payment
// under way refuses a second one; admins are sent to cancel the rental.
func TestIntegrationRentalCardPayment(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := company(t, e, "cardfleet")
		ada := e.Register("ada@example.com", "ada")
		b := decode(t, booking(e, ada.AccessToken, f.carID, day(10, 9), day(13, 9), nil).Expect(http.StatusCreated))
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/rentals/bookings/" + b.ID + "/pay", Token: ada.AccessToken,
			Body: map[string]any{"pay_with": "cash"}, Header: map[string]string{"Idempotency-Key": ids.New()}}).
			Expect(http.StatusUnprocessableEntity)
		// 3 days x 25,000 = 75,000.00 and the 50,000.00 deposit: one card payment.
		res := payCard(t, e, ada.AccessToken, b.ID)
		if res.Data.Status != rentals.StatusPending || res.Data.PayWith != "card" || res.Data.HoldExpiresAt == nil ||
			res.Data.HoldExpiresAt.Sub(e.Clock.Now()) != rentals.CardHoldTTL {
			t.Fatalf("waiting for the card: %+v", res.Data.Booking)
		}
		pm, err := e.App.Payments.Payment(context.Background(), ada.UserID, res.Data.Payment.Reference)
		if err != nil || pm.Amount != 7_500_000+5_000_000 || pm.Purpose != payments.PurposeRental || pm.PurposeID != b.ID {
			t.Fatalf("payment: %+v %v", pm, err)
		}
		// A second payment (card or wallet) while this one is under way is refused.
		e.Fund(t, ada.UserID, 1)
		pay(e, ada.AccessToken, b.ID).Expect(http.StatusConflict)
		post(e, ada.AccessToken, "/api/v1/rentals/bookings/"+b.ID+"/pay", map[string]any{"pay_with": "card"}).
			Expect(http.StatusConflict)
		// The 15-minute hold does not expire it while the card may still settle.
		e.Clock.Advance(rentals.HoldTTL + time.Minute)
		ada = relog(e, ada)
		if err := e.App.Rentals.Workers().ExpireHold.Work(context.Background(), &river.Job[rentals.ExpireHoldJob]{
			Args: rentals.ExpireHoldJob{BookingID: b.ID}}); err != nil {
			t.Fatal(err)
		}
		e.PayCard(t, res.Data.Payment.AuthorizationURL, "success")
		got := decode(t, e.Get("/api/v1/rentals/bookings/"+b.ID, ada.AccessToken).Expect(http.StatusOK))
		if got.Status != rentals.StatusConfirmed || got.Paid.Amount != 7_500_000 || got.Deposit == nil ||
			got.Deposit.Status != "held" || got.Deposit.Amount != 5_000_000 || got.HoldExpiresAt != nil {
			t.Fatalf("after the card payment: %+v", got)
		}
		if w := walletOf(t, e, ada.UserID); w != 1 {
			t.Fatalf("a card rental touched the wallet: %d", w)
		}
		e.VerifyLedger(t)
		// Admins refund it by cancelling the rental, not on the payments screen.
		admin := e.Admin("admin-card@example.com", "admin_card")
		r := e.Post("/api/v1/admin/payments/"+res.Data.Payment.Reference+"/refund", admin.AccessToken,
			map[string]any{"reason": "The renter asked for a refund"}).Expect(http.StatusConflict)
		if !strings.Contains(string(r.Body), "cancelling the rental") {
			t.Fatalf("refund answer: %s", r.Body)
		}
		// The company cancels: the price and the deposit go back to the wallet.
		f.owner = relog(e, f.owner)
		post(e, f.owner.AccessToken, "/api/v1/practice/rentals/bookings/"+b.ID+"/cancel",
			map[string]any{"reason": "The car failed its inspection"}).Expect(http.StatusOK)
		if w := walletOf(t, e, ada.UserID); w != 1+7_500_000+5_000_000 {
			t.Fatalf("wallet after the company cancelled: %d", w)
		}
		e.VerifyLedger(t)
	})
}

// TestIntegrationRentalCardLateAndFailed: a payment that arrives after its
// rental expired is refunded to the wallet at once and the car stays free;
// a declined payment cancels the rental and frees the car.
func TestIntegrationRentalCardLateAndFailed(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		f := company(t, e, "latefleet")
		ada := e.Register("ada@example.com", "ada")
		bob := e.Register("bob@example.com", "bob")
		b := decode(t, booking(e, ada.AccessToken, f.carID, day(10, 9), day(12, 9), nil).Expect(http.StatusCreated))
		res := payCard(t, e, ada.AccessToken, b.ID)
		e.Clock.Advance(rentals.CardHoldTTL)
		ada = relog(e, ada)
		if err := e.App.Rentals.Workers().ExpireHold.Work(ctx, &river.Job[rentals.ExpireHoldJob]{
			Args: rentals.ExpireHoldJob{BookingID: b.ID}}); err != nil {
			t.Fatal(err)
		}
		// Bob takes the days meanwhile.
		e.Fund(t, bob.UserID, 20_000_000)
		bob = relog(e, bob)
		theirs := decode(t, booking(e, bob.AccessToken, f.carID, day(10, 9), day(12, 9), nil).Expect(http.StatusCreated))
		pay(e, bob.AccessToken, theirs.ID).Expect(http.StatusOK)
		e.PayCard(t, res.Data.Payment.AuthorizationURL, "success")
		late := decode(t, e.Get("/api/v1/rentals/bookings/"+b.ID, ada.AccessToken).Expect(http.StatusOK))
		total := int64(5_000_000 + 5_000_000)
		if late.Status != rentals.StatusCancelled || late.Paid.Amount != total || late.Refunded.Amount != total ||
			late.Deposit != nil || walletOf(t, e, ada.UserID) != total {
			t.Fatalf("late payment: %+v wallet %d", late, walletOf(t, e, ada.UserID))
		}
		if got := decode(t, e.Get("/api/v1/rentals/bookings/"+theirs.ID, bob.AccessToken)); got.Status != rentals.StatusConfirmed {
			t.Fatalf("the late payment disturbed Bob's rental: %s", got.Status)
		}
		e.VerifyLedger(t)

		// Declined: the rental is cancelled and the car free again.
		b = decode(t, booking(e, ada.AccessToken, f.carID, day(20, 9), day(22, 9), nil).Expect(http.StatusCreated))
		res = payCard(t, e, ada.AccessToken, b.ID)
		e.PayCard(t, res.Data.Payment.AuthorizationURL, "declined")
		// The browser comes back to the callback page, which verifies.
		e.Get("/api/v1/payments/"+res.Data.Payment.Reference+"/verify", ada.AccessToken)
		got := decode(t, e.Get("/api/v1/rentals/bookings/"+b.ID, ada.AccessToken).Expect(http.StatusOK))
		if got.Status != rentals.StatusCancelled || got.Paid.Amount != 0 || !strings.Contains(got.CancelReason, "card payment") {
			t.Fatalf("declined card: %+v", got)
		}
		booking(e, bob.AccessToken, f.carID, day(20, 9), day(22, 9), nil).Expect(http.StatusCreated)
		if w := walletOf(t, e, ada.UserID); w != total {
			t.Fatalf("a declined card moved the wallet: %d", w)
		}
		e.VerifyLedger(t)
	})
}
