package flights_test

import (
	"net/url"
	"strings"
	"testing"

	"sojourn/api/internal/flights"
	"sojourn/api/internal/testkit"
)

func TestIntegrationPayByCard(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		offers := search(t, e, u.AccessToken, roundTrip("LOS", "ACC", 40, 47, 1)).Offers
		book := func(i int, outcome string) flights.Order {
			d := detail(t, e, u.AccessToken, offers[i])
			body := orderBody(d.Offer, d.Price.Amount)
			body["pay_with"] = "card"
			var p struct {
				Data struct {
					flights.Order
					Payment *struct {
						AuthorizationURL string `json:"authorization_url"`
						Reference        string `json:"reference"`
					} `json:"payment"`
				}
			}
			e.Do(testkit.Req{Method: "POST", Path: "/api/v1/flights/orders", Token: u.AccessToken, Body: body,
				Header: map[string]string{"Origin": "http://localhost:8080"}}).Expect(201).JSON(&p)
			if p.Data.Status != flights.StatusAwaitingPayment || p.Data.Payment == nil || p.Data.Payment.AuthorizationURL == "" {
				t.Fatalf("card order %+v", p.Data)
			}
			e.PayCard(t, p.Data.Payment.AuthorizationURL, outcome)
			// the browser comes back through the payments callback page, which verifies
			e.Get("/api/v1/payments/"+p.Data.Payment.Reference+"/verify", u.AccessToken)
			return order(t, e, u.AccessToken, p.Data.ID)
		}
		declined := book(0, "declined")
		if declined.Status != flights.StatusFailed {
			t.Fatalf("declined card: %s", declined.Status)
		}
		// the declined order freed its offer: it can be booked again, and paid
		paid := book(0, "success")
		if paid.Status != flights.StatusPlacing || paid.PayWith != "card" {
			t.Fatalf("paid card: %+v", paid)
		}
		if err := place(t, e, paid.ID, 1); err != nil {
			t.Fatal(err)
		}
		if got := order(t, e, u.AccessToken, paid.ID); got.Status != flights.StatusConfirmed && got.Status != flights.StatusFailed {
			t.Fatalf("after placing: %s", got.Status)
		}
		e.VerifyLedger(t)
	})
}

func TestIntegrationWebhookEventsAreHandledOnce(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		e.Fund(t, u.UserID, 50_000_000_00)
		var got flights.Order
		for d := 20; d < 40 && got.Status != flights.StatusConfirmed; d++ {
			det := detail(t, e, u.AccessToken, search(t, e, u.AccessToken, url.Values{"from": {"LOS"}, "to": {"ACC"}, "depart": {date(d)}}).Offers[0])
			var p struct{ Data flights.Order }
			e.Post("/api/v1/flights/orders", u.AccessToken, orderBody(det.Offer, det.Price.Amount)).Expect(201).JSON(&p)
			_ = place(t, e, p.Data.ID, 1)
			got = order(t, e, u.AccessToken, p.Data.ID)
		}
		ao, err := e.App.Flights.AdminOrder(testkit.Ctx(), got.ID)
		if err != nil {
			t.Fatal(err)
		}
		raw := []byte(`{"id":"wev_once","type":"order.airline_initiated_change_detected","api_version":"v2",` +
			`"created_at":"2026-03-02T09:00:00Z","live_mode":false,"data":{"object":{"id":"aic_1","order_id":"` +
			ao.SupplierOrderID + `","added":[],"removed":[]}}}`)
		sig := signNow(e, raw)
		before := changeMails(t, e)
		for i := 0; i < 3; i++ {
			e.Do(testkit.Req{Method: "POST", Path: "/api/v1/travel/webhooks/duffel", Body: raw,
				Header: map[string]string{"X-Duffel-Signature": sig}}).Expect(200)
		}
		if n := changeMails(t, e); n != before+1 {
			t.Fatalf("the traveller was told %d times", n-before)
		}
		if o := order(t, e, u.AccessToken, got.ID); o.ScheduleChange == nil {
			t.Fatal("the change is on the order")
		}
		// an event about an order we do not know is acknowledged and ignored
		other := []byte(strings.Replace(string(raw), "wev_once", "wev_other", 1))
		other = []byte(strings.Replace(string(other), ao.SupplierOrderID, "ord_unknown", 1))
		e.Do(testkit.Req{Method: "POST", Path: "/api/v1/travel/webhooks/duffel", Body: other,
			Header: map[string]string{"X-Duffel-Signature": signNow(e, other)}}).Expect(200)
		// a stale signature is refused
		e.Clock.Advance(10 * 60 * 1e9)
		e.Do(testkit.Req{Method: "POST", Path: "/api/v1/travel/webhooks/duffel", Body: other,
			Header: map[string]string{"X-Duffel-Signature": sig}}).Expect(401)
	})
}

func changeMails(t *testing.T, e *testkit.Env) int {
	t.Helper()
	if err := e.App.Notifications.DeliverPending(testkit.Ctx()); err != nil {
		t.Fatal(err)
	}
	ms, err := e.App.Outbox.List(testkit.Ctx(), "ada@example.com", 100)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range ms {
		if strings.HasPrefix(m.Subject, "Schedule change") {
			n++
		}
	}
	return n
}
