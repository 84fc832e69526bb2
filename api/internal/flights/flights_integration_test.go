package flights_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/flights"
	"sojourn/api/internal/platform/duffel"
	"sojourn/api/internal/testkit"
)

func TestIntegrationSearchBookFromWalletAndConfirm(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		e.Fund(t, u.UserID, 5_000_000_00)
		res := search(t, e, u.AccessToken, roundTrip("LOS", "ACC", 20, 27, 2))
		if len(res.Offers) < 3 {
			t.Fatalf("%d offers", len(res.Offers))
		}
		for i := 1; i < len(res.Offers); i++ {
			if res.Offers[i].Price.Amount < res.Offers[i-1].Price.Amount {
				t.Fatal("offers are cheapest first")
			}
		}
		o := res.Offers[0]
		if len(o.Slices) != 2 || o.Slices[0].Origin.Zone != "Africa/Lagos" || o.Slices[0].Origin.City != "Lagos" ||
			o.Slices[0].Destination.City != "Accra" || len(o.Passengers) != 2 || o.Price.Currency != "NGN" {
			t.Fatalf("offer %+v", o)
		}
		d := detail(t, e, u.AccessToken, o)
		if d.Bag == nil || d.Bag.Price.Amount <= 0 {
			t.Fatalf("the re-priced offer carries the bag price: %+v", d.Bag)
		}
		body := orderBody(d.Offer, d.Price.Amount+d.Bag.Price.Amount)
		body["passengers"].([]map[string]any)[0]["bags"] = 1
		var placed struct{ Data flights.Order }
		e.Do(testkit.Req{Method: "POST", Path: "/api/v1/flights/orders", Token: u.AccessToken, Body: body,
			Header: map[string]string{"Idempotency-Key": "k1"}}).Expect(201).JSON(&placed)
		if placed.Data.Status != flights.StatusPlacing || placed.Data.Price.Amount != d.Price.Amount+d.Bag.Price.Amount {
			t.Fatalf("placed %+v", placed.Data)
		}
		if got := e.Balance(t, u.UserID); got != 5_000_000_00-placed.Data.Price.Amount {
			t.Fatalf("wallet %d", got)
		}
		if err := place(t, e, placed.Data.ID, 1); err != nil {
			t.Fatal(err)
		}
		got := order(t, e, u.AccessToken, placed.Data.ID)
		if got.Status != flights.StatusConfirmed || len(got.BookingReference) != 6 || got.Bags != 1 ||
			got.Passengers[0].GivenName != "AdaA" || got.Origin.IATA != "LOS" {
			t.Fatalf("confirmed %+v", got)
		}
		if got.TripID == "" {
			t.Fatal("a confirmed flight joins a trip")
		}
		if trip := e.Get("/api/v1/trips/"+got.TripID, u.AccessToken).Expect(200); !strings.Contains(string(trip.Body), got.ID) ||
			!strings.Contains(string(trip.Body), "Africa/Accra") {
			t.Fatalf("the trip shows the flight: %s", trip.Body)
		}
		raw := e.Get("/api/v1/flights/orders/"+got.ID, u.AccessToken).Expect(200)
		if strings.Contains(string(raw.Body), "margin") || strings.Contains(string(raw.Body), "cost") {
			t.Fatal("the traveller never sees the margin")
		}
		if m := e.Mail("ada@example.com"); !strings.Contains(m.Subject, got.BookingReference) {
			t.Fatalf("mail %q", m.Subject)
		}
		admin := e.Admin("root@example.com", "root")
		var ao struct{ Data flights.AdminOrder }
		e.Get("/api/v1/admin/flights/orders/"+got.ID, admin.AccessToken).Expect(200).JSON(&ao)
		if ao.Data.Margin.Amount <= 0 || ao.Data.Cost.Amount+ao.Data.Margin.Amount != got.Price.Amount ||
			ao.Data.Margin.Amount*10000/ao.Data.Cost.Amount < 499 {
			t.Fatalf("admin cost %d margin %d of %d", ao.Data.Cost.Amount, ao.Data.Margin.Amount, got.Price.Amount)
		}
		e.Get("/api/v1/admin/flights/orders/"+got.ID, u.AccessToken).Expect(403)
		// The admins' list shows every order with its cost and margin; a traveller may not read it.
		e.Get("/api/v1/admin/flights/orders", u.AccessToken).Expect(403)
		var al struct {
			Data []flights.AdminOrderRow
			Meta struct {
				NextCursor *string `json:"next_cursor"`
			}
		}
		e.Get("/api/v1/admin/flights/orders?status=confirmed&limit=5", admin.AccessToken).Expect(200).JSON(&al)
		if len(al.Data) != 1 || al.Data[0].ID != got.ID || al.Data[0].Traveller.Email != "ada@example.com" ||
			al.Data[0].Traveller.Name == "" || al.Data[0].Origin.IATA != "LOS" || al.Data[0].Destination.IATA != "ACC" ||
			al.Data[0].Cost.Amount+al.Data[0].Margin.Amount != al.Data[0].Price.Amount || al.Data[0].Margin.Amount <= 0 ||
			al.Data[0].BookingReference != got.BookingReference || al.Meta.NextCursor != nil {
			t.Fatalf("admin list %+v", al)
		}
		e.Get("/api/v1/admin/flights/orders?status=cancelled", admin.AccessToken).Expect(200).JSON(&al)
		if len(al.Data) != 0 {
			t.Fatalf("no cancelled order yet: %+v", al.Data)
		}
		e.Get("/api/v1/admin/flights/orders?status=nonsense", admin.AccessToken).Expect(422)
		var list struct {
			Data []flights.Order
			Meta struct {
				NextCursor *string `json:"next_cursor"`
			}
		}
		e.Get("/api/v1/flights/orders?limit=5", u.AccessToken).Expect(200).JSON(&list)
		if len(list.Data) != 1 || list.Data[0].ID != got.ID || list.Meta.NextCursor != nil {
			t.Fatalf("my flights %+v", list)
		}
		other := e.Register("bo@example.com", "bobo")
		e.Get("/api/v1/flights/orders/"+got.ID, other.AccessToken).Expect(404)
		e.Post("/api/v1/flights/orders/"+got.ID+"/cancellation_quote", other.AccessToken, nil).Expect(404)
		// the job again changes nothing
		if err := place(t, e, got.ID, 1); err != nil {
			t.Fatal(err)
		}
		e.VerifyLedger(t)
	})
}

func TestIntegrationSearchValidation(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		for name, q := range map[string]url.Values{
			"unknown airport": {"from": {"QQX"}, "to": {"ACC"}, "depart": {date(10)}},
			"same airport":    {"from": {"LOS"}, "to": {"LOS"}, "depart": {date(10)}},
			"past":            {"from": {"LOS"}, "to": {"ACC"}, "depart": {date(-1)}},
			"too far":         {"from": {"LOS"}, "to": {"ACC"}, "depart": {date(400)}},
			"return first":    {"from": {"LOS"}, "to": {"ACC"}, "depart": {date(10)}, "return": {date(5)}},
			"ten":             {"from": {"LOS"}, "to": {"ACC"}, "depart": {date(10)}, "adults": {"6"}, "children": {"4"}},
			"infants":         {"from": {"LOS"}, "to": {"ACC"}, "depart": {date(10)}, "adults": {"1"}, "infants": {"2"}},
			"no adult":        {"from": {"LOS"}, "to": {"ACC"}, "depart": {date(10)}, "adults": {"0"}, "children": {"1"}},
			"cabin":           {"from": {"LOS"}, "to": {"ACC"}, "depart": {date(10)}, "cabin": {"cargo"}},
			"slices":          {"slices": {"LOS-ACC-" + date(10) + ",ACC"}},
		} {
			if r := e.Get("/api/v1/flights/offers?"+q.Encode(), u.AccessToken); r.Status != 422 {
				t.Fatalf("%s: %d %s", name, r.Status, r.Body)
			}
		}
		multi := search(t, e, u.AccessToken, url.Values{"slices": {"LOS-ACC-" + date(10) + ",ACC-NBO-" + date(14)}})
		if len(multi.Offers) == 0 || len(multi.Offers[0].Slices) != 2 || multi.Offers[0].Slices[1].Destination.IATA != "NBO" {
			t.Fatalf("multi-city: %+v", multi.Offers)
		}
		e.Get("/api/v1/flights/offers?from=LOS&to=ACC&depart="+date(10), "").Expect(401)
		e.Get("/api/v1/flights/offers/off_missing", u.AccessToken).Expect(404)
		e.Get("/api/v1/flights/offers/not-an-offer", u.AccessToken).Expect(404)
	})
}

func TestIntegrationExpiredOfferAndRepriceAreRefused(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		e.Fund(t, u.UserID, 50_000_000_00)
		// a re-priced offer: the detail shows old and new; the old total is refused
		var moved flights.OfferDetail
		for d := 20; d < 60 && !moved.PriceChanged; d++ {
			for _, o := range search(t, e, u.AccessToken, url.Values{"from": {"LOS"}, "to": {"ACC"}, "depart": {date(d)}}).Offers {
				if moved = detail(t, e, u.AccessToken, o); moved.PriceChanged {
					if moved.PreviousPrice.Amount != o.Price.Amount || moved.Price.Amount <= o.Price.Amount {
						t.Fatalf("re-price %d -> %+v", o.Price.Amount, moved)
					}
					e.Post("/api/v1/flights/orders", u.AccessToken, orderBody(moved.Offer, o.Price.Amount)).Expect(409)
					e.Post("/api/v1/flights/orders", u.AccessToken, orderBody(moved.Offer, moved.Price.Amount)).Expect(201)
					break
				}
			}
		}
		if !moved.PriceChanged {
			t.Fatal("no re-priced offer found")
		}
		before := e.Balance(t, u.UserID)
		o := search(t, e, u.AccessToken, url.Values{"from": {"LOS"}, "to": {"ACC"}, "depart": {date(90)}}).Offers[0]
		e.Clock.Advance(duffel.OfferTTL + time.Second)
		u = relog(e, u)
		r := e.Post("/api/v1/flights/orders", u.AccessToken, orderBody(o, o.Price.Amount)).Expect(409)
		if !strings.Contains(string(r.Body), "expired") {
			t.Fatalf("expired: %s", r.Body)
		}
		if e.Balance(t, u.UserID) != before {
			t.Fatal("an expired offer takes no money")
		}
		e.VerifyLedger(t)
	})
}

func TestIntegrationFailedSupplierOrderRefunds(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		e.Fund(t, u.UserID, 200_000_000_00)
		var failed *flights.Order
		for d := 20; d < 80 && failed == nil; d++ {
			for _, o := range search(t, e, u.AccessToken, url.Values{"from": {"LOS"}, "to": {"ACC"}, "depart": {date(d)}}).Offers {
				det := detail(t, e, u.AccessToken, o)
				before := e.Balance(t, u.UserID)
				var p struct{ Data flights.Order }
				e.Post("/api/v1/flights/orders", u.AccessToken, orderBody(det.Offer, det.Price.Amount)).Expect(201).JSON(&p)
				if err := place(t, e, p.Data.ID, 1); err != nil {
					t.Fatal(err)
				}
				got := order(t, e, u.AccessToken, p.Data.ID)
				if got.Status == flights.StatusFailed {
					if e.Balance(t, u.UserID) != before || got.Refunded.Amount != got.Price.Amount || got.FailureReason == "" {
						t.Fatalf("failed order: wallet %d of %d, %+v", e.Balance(t, u.UserID), before, got)
					}
					if m := e.Mail("ada@example.com"); !strings.Contains(m.Subject, "could not be booked") {
						t.Fatalf("mail %q", m.Subject)
					}
					failed = &got
					break
				}
			}
		}
		if failed == nil {
			t.Fatal("no sold-out offer found")
		}
		e.VerifyLedger(t)
	})
}

func TestIntegrationParallelSubmitsMakeOneSupplierOrder(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		e.Fund(t, u.UserID, 50_000_000_00)
		offers := search(t, e, u.AccessToken, roundTrip("LOS", "ACC", 30, 37, 2)).Offers
		confirmed := false
		for k := 0; k < len(offers) && !confirmed; k++ {
			d := detail(t, e, u.AccessToken, offers[k])
			body := orderBody(d.Offer, d.Price.Amount)
			before := e.Balance(t, u.UserID)
			const n = 6
			codes := make([]int, n)
			var wg sync.WaitGroup
			for i := 0; i < n; i++ {
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					key := fmt.Sprintf("attempt-%d-%d", k, i%2) // two keys, each sent three times
					codes[i] = e.Do(testkit.Req{Method: "POST", Path: "/api/v1/flights/orders", Token: u.AccessToken,
						Body: body, Header: map[string]string{"Idempotency-Key": key}}).Status
				}(i)
			}
			wg.Wait()
			var list struct{ Data []flights.Order }
			e.Get("/api/v1/flights/orders?limit=100", u.AccessToken).Expect(200).JSON(&list)
			if len(list.Data) != k+1 {
				t.Fatalf("%d orders after offer %d: %v", len(list.Data), k, codes)
			}
			if e.Balance(t, u.UserID) != before-d.Price.Amount {
				t.Fatalf("paid more than once: %v", codes)
			}
			id := list.Data[0].ID
			var wg2 sync.WaitGroup
			for i := 0; i < 3; i++ {
				wg2.Add(1)
				go func() { defer wg2.Done(); _ = place(t, e, id, 1) }()
			}
			wg2.Wait()
			got := order(t, e, u.AccessToken, id)
			switch got.Status {
			case flights.StatusConfirmed:
				confirmed = true
			case flights.StatusFailed:
				if e.Balance(t, u.UserID) != before {
					t.Fatal("a failed order is refunded")
				}
			default:
				t.Fatalf("order %s", got.Status)
			}
		}
		if !confirmed {
			t.Fatal("no offer confirmed")
		}
		e.VerifyLedger(t)
	})
}

func TestIntegrationCancellationQuoteAndConfirm(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		e.Fund(t, u.UserID, 50_000_000_00)
		var got flights.Order
		for d := 20; d < 60; d++ {
			o := search(t, e, u.AccessToken, roundTrip("LOS", "ACC", d, d+7, 1)).Offers
			det := detail(t, e, u.AccessToken, o[0])
			if !det.Conditions.Refundable {
				continue
			}
			var p struct{ Data flights.Order }
			e.Post("/api/v1/flights/orders", u.AccessToken, orderBody(det.Offer, det.Price.Amount)).Expect(201).JSON(&p)
			if err := place(t, e, p.Data.ID, 1); err != nil {
				t.Fatal(err)
			}
			if got = order(t, e, u.AccessToken, p.Data.ID); got.Status == flights.StatusConfirmed {
				break
			}
		}
		if got.Status != flights.StatusConfirmed {
			t.Fatal("no refundable confirmed order")
		}
		e.Post("/api/v1/flights/orders/"+got.ID+"/cancel", u.AccessToken, nil).Expect(409)
		var q struct{ Data flights.Order }
		e.Post("/api/v1/flights/orders/"+got.ID+"/cancellation_quote", u.AccessToken, nil).Expect(200).JSON(&q)
		quote := q.Data.CancellationQuote
		if quote == nil || quote.Refund.Amount <= 0 || quote.Refund.Amount > got.Price.Amount {
			t.Fatalf("quote %+v", quote)
		}
		// an expired quote is refused; a fresh one cancels
		e.Clock.Advance(duffel.CancellationTTL + time.Second)
		u = relog(e, u)
		e.Post("/api/v1/flights/orders/"+got.ID+"/cancel", u.AccessToken, nil).Expect(409)
		e.Post("/api/v1/flights/orders/"+got.ID+"/cancellation_quote", u.AccessToken, nil).Expect(200).JSON(&q)
		before := e.Balance(t, u.UserID)
		var wg sync.WaitGroup
		for i := 0; i < 3; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				e.Post("/api/v1/flights/orders/"+got.ID+"/cancel", u.AccessToken, nil)
			}()
		}
		wg.Wait()
		done := order(t, e, u.AccessToken, got.ID)
		if done.Status != flights.StatusCancelled || done.Refunded.Amount != q.Data.CancellationQuote.Refund.Amount {
			t.Fatalf("cancelled %+v", done)
		}
		if e.Balance(t, u.UserID) != before+done.Refunded.Amount {
			t.Fatalf("refunded once: %d vs %d+%d", e.Balance(t, u.UserID), before, done.Refunded.Amount)
		}
		e.VerifyLedger(t)
	})
}

func TestIntegrationScheduleChangeWebhookReachesTheTraveller(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		e.Fund(t, u.UserID, 50_000_000_00)
		var got flights.Order
		for d := 20; d < 40 && got.Status != flights.StatusConfirmed; d++ {
			det := detail(t, e, u.AccessToken, search(t, e, u.AccessToken, roundTrip("LOS", "ACC", d, d+5, 1)).Offers[0])
			var p struct{ Data flights.Order }
			e.Post("/api/v1/flights/orders", u.AccessToken, orderBody(det.Offer, det.Price.Amount)).Expect(201).JSON(&p)
			_ = place(t, e, p.Data.ID, 1)
			got = order(t, e, u.AccessToken, p.Data.ID)
		}
		ao, _ := e.App.Flights.AdminOrder(testkit.Ctx(), got.ID)
		r := e.Do(testkit.Req{Method: "POST", Path: duffel.SandboxMount + "/air/orders/" + ao.SupplierOrderID +
			"/actions/simulate_schedule_change", Header: map[string]string{"Authorization": "Bearer " + duffel.SandboxToken,
			"Duffel-Version": duffel.Version}})
		if r.Status != 200 {
			t.Fatalf("simulate: %d %s", r.Status, r.Body)
		}
		e.Duffel.Wait()
		after := order(t, e, u.AccessToken, got.ID)
		if after.ScheduleChange == nil || !after.DepartsAt.Equal(got.DepartsAt.Add(2*time.Hour+35*time.Minute)) ||
			after.Slices[0].DepartsAt.Sub(got.Slices[0].DepartsAt) != 2*time.Hour+35*time.Minute {
			t.Fatalf("schedule change %+v, departs %v -> %v", after.ScheduleChange, got.DepartsAt, after.DepartsAt)
		}
		// The change is a notification (linked to the order) and its email.
		if err := e.App.Notifications.DeliverPending(testkit.Ctx()); err != nil {
			t.Fatal(err)
		}
		var told int
		if err := e.DB.NewRaw(`SELECT count(*) FROM notifications WHERE user_id = ? AND type = 'flight.schedule_changed'
			AND link = ?`, u.UserID, "/booking/FlightDetails?order="+got.ID).Scan(testkit.Ctx(), &told); err != nil || told != 1 {
			t.Fatalf("schedule change notifications: %d %v", told, err)
		}
		if m := e.Mail("ada@example.com"); !strings.Contains(m.Subject, "Schedule change") {
			t.Fatalf("mail %q", m.Subject)
		}
		// signatures are checked; an event is handled once
		ev := map[string]any{"id": "wev_replay", "type": duffel.EventAirlineInitiatedChange, "data": map[string]any{"object": map[string]any{}}}
		raw, _ := json.Marshal(ev)
		e.Do(testkit.Req{Method: "POST", Path: "/api/v1/travel/webhooks/duffel", Body: raw,
			Header: map[string]string{duffel.SignatureHeader: "t=1,v1=00"}}).Expect(401)
		sig := duffel.Sign(duffel.SandboxWebhookSecret, raw, e.Clock.Now())
		for i := 0; i < 2; i++ {
			e.Do(testkit.Req{Method: "POST", Path: "/api/v1/travel/webhooks/duffel", Body: raw,
				Header: map[string]string{duffel.SignatureHeader: sig}}).Expect(400) // no order_id: unreadable change
		}
	})
}
