package stays_test

import (
	"context"
	"net/http"
	"testing"

	"sojourn/api/internal/stays"
	"sojourn/api/internal/testkit"
)

type paidAnswer struct {
	Data struct {
		stays.Stay
		Payment *struct {
			Reference        string `json:"reference"`
			AuthorizationURL string `json:"authorization_url"`
		} `json:"payment"`
	}
}

// TestIntegrationStayCardPayment: by card the stay waits for the payment
// (a second payment is 409); a declined card lets it be paid again; a paid
// one books it with the wallet untouched, and the ledger stays clean.
func TestIntegrationStayCardPayment(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		u := e.Register("ama@example.com", "ama")
		e.Fund(t, u.UserID, 100)
		_, rate := pickRate(t, e, true)
		st := quote(t, e, u.AccessToken, rate)
		body := payBody(st, "Mensah")
		body["pay_with"] = "card"
		var first paidAnswer
		post(e, u.AccessToken, "/api/v1/stays/bookings/"+st.ID+"/pay", body).Expect(http.StatusOK).JSON(&first)
		if first.Data.Status != stays.StatusAwaitingPayment || first.Data.Payment == nil {
			t.Fatalf("card: %+v", first.Data)
		}
		pm, err := e.App.Payments.Payment(ctx, u.UserID, first.Data.Payment.Reference)
		if err != nil || pm.Amount != st.Price.Amount || pm.Purpose != stays.PurposeStay || pm.PurposeID != st.ID {
			t.Fatalf("payment %+v %v", pm, err)
		}
		post(e, u.AccessToken, "/api/v1/stays/bookings/"+st.ID+"/pay", payBody(st, "Mensah")).Expect(http.StatusConflict)
		e.PayCard(t, first.Data.Payment.AuthorizationURL, "declined")
		// The browser comes back to the stay's page, which verifies the payment.
		e.Get("/api/v1/payments/"+first.Data.Payment.Reference+"/verify", u.AccessToken)
		if got := mine(t, e, u.AccessToken, st.ID); got.Status != stays.StatusQuoted {
			t.Fatalf("after a declined card: %+v", got)
		}
		var second paidAnswer
		post(e, u.AccessToken, "/api/v1/stays/bookings/"+st.ID+"/pay", body).Expect(http.StatusOK).JSON(&second)
		e.PayCard(t, second.Data.Payment.AuthorizationURL, "success")
		if got := mine(t, e, u.AccessToken, st.ID); got.Status != stays.StatusBooking {
			t.Fatalf("after the card payment: %+v", got)
		}
		if err := e.App.Stays.Book(ctx, st.ID, false); err != nil {
			t.Fatal(err)
		}
		if got := mine(t, e, u.AccessToken, st.ID); got.Status != stays.StatusConfirmed || got.PayWith != "card" {
			t.Fatalf("confirmed %+v", got)
		}
		if e.Balance(t, u.UserID) != 100 {
			t.Fatal("a card stay touched the wallet")
		}
		e.VerifyLedger(t)
	})
}
