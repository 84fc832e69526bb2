package stays_test

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/stays"
	"sojourn/api/internal/testkit"
)

const dates = "check_in=2026-04-10&check_out=2026-04-13&rooms=1&adults=2"

func post(e *testkit.Env, token, path string, body any) *testkit.Resp {
	return e.Do(testkit.Req{Method: http.MethodPost, Path: path, Token: token, Body: body,
		Header: map[string]string{"Idempotency-Key": ids.New()}})
}

// pickRate opens the first Accra property and returns a rate: refundable or not.
func pickRate(t *testing.T, e *testkit.Env, refundable bool) (stays.Property, stays.Rate) {
	t.Helper()
	var res stays.SearchResult
	e.Get("/api/v1/stays/search?city=Accra&"+dates, "").Expect(http.StatusOK).JSON(&res)
	if len(res.Data) < 5 || res.Query.Nights != 3 {
		t.Fatalf("search: %+v", res.Query)
	}
	for _, card := range res.Data {
		var p struct{ Data stays.Property }
		e.Get("/api/v1/stays/properties/"+card.ID+"?"+dates, "").Expect(http.StatusOK).JSON(&p)
		for _, room := range p.Data.RoomTypes {
			for _, r := range room.Rates {
				if r.Refundable == refundable {
					return p.Data, r
				}
			}
		}
	}
	t.Fatal("no rate")
	return stays.Property{}, stays.Rate{}
}

func quote(t *testing.T, e *testkit.Env, token string, r stays.Rate) stays.Stay {
	t.Helper()
	var q struct{ Data stays.Stay }
	post(e, token, "/api/v1/stays/quotes", map[string]any{"rate_id": r.ID, "seen_price": r.Price.Amount}).
		Expect(http.StatusCreated).JSON(&q)
	return q.Data
}

func payBody(st stays.Stay, family string) map[string]any {
	return map[string]any{"guests": []map[string]string{{"given_name": "Ama", "family_name": family}},
		"email": "ama@example.com", "phone": "+233 20 123 4567", "pay_with": "wallet", "accepted_price": st.Price.Amount}
}

func mine(t *testing.T, e *testkit.Env, token, id string) stays.Stay {
	t.Helper()
	var out struct{ Data stays.Stay }
	e.Get("/api/v1/stays/bookings/"+id, token).Expect(http.StatusOK).JSON(&out)
	return out.Data
}

func TestIntegrationStayBookAndCancel(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ama@example.com", "ama")
		e.Fund(t, u.UserID, 5_000_000_00)
		prop, rate := pickRate(t, e, true)
		if prop.City != "Accra" || len(prop.Photos) == 0 || rate.FreeCancellationUntil == nil {
			t.Fatalf("property %+v rate %+v", prop.PropertyCard, rate)
		}
		st := quote(t, e, u.AccessToken, rate)
		if st.Status != stays.StatusQuoted || st.PriceChanged != (st.Price != rate.Price) || !st.Refundable {
			t.Fatalf("quote %+v", st)
		}
		// The check-in is 15:00 in Accra (UTC+0), the check-out 11:00.
		if st.StartsAt != time.Date(2026, 4, 10, 15, 0, 0, 0, time.UTC) || st.EndsAt != time.Date(2026, 4, 13, 11, 0, 0, 0, time.UTC) {
			t.Fatalf("times %v %v", st.StartsAt, st.EndsAt)
		}
		// A price other than the quote's is refused.
		stale := payBody(st, "Mensah")
		stale["accepted_price"] = st.Price.Amount - 100
		post(e, u.AccessToken, "/api/v1/stays/bookings/"+st.ID+"/pay", stale).Expect(http.StatusConflict)

		before := e.Balance(t, u.UserID)
		var paid struct{ Data stays.Stay }
		post(e, u.AccessToken, "/api/v1/stays/bookings/"+st.ID+"/pay", payBody(st, "Mensah")).Expect(http.StatusOK).JSON(&paid)
		if paid.Data.Status != stays.StatusBooking || e.Balance(t, u.UserID) != before-st.Price.Amount {
			t.Fatalf("paid %+v", paid.Data)
		}
		if err := e.App.Stays.Book(context.Background(), st.ID, false); err != nil {
			t.Fatal(err)
		}
		got := mine(t, e, u.AccessToken, st.ID)
		if got.Status != stays.StatusConfirmed || got.Reference == "" || got.RefundIfCancelled.Amount != st.Price.Amount {
			t.Fatalf("confirmed %+v", got)
		}
		// Admins see every stay with the supplier's cost and Sojourn's margin; a traveller may not.
		admin := e.Admin("root@example.com", "root")
		e.Get("/api/v1/admin/stays/bookings", u.AccessToken).Expect(http.StatusForbidden)
		e.Get("/api/v1/admin/stays/bookings/"+st.ID, u.AccessToken).Expect(http.StatusForbidden)
		var al struct {
			Data []stays.AdminStayRow
			Meta struct {
				NextCursor *string `json:"next_cursor"`
			}
		}
		e.Get("/api/v1/admin/stays/bookings?status=confirmed&limit=5", admin.AccessToken).Expect(http.StatusOK).JSON(&al)
		if len(al.Data) != 1 || al.Data[0].ID != st.ID || al.Data[0].Traveller.Email != "ama@example.com" ||
			al.Data[0].PropertyName != prop.Name || al.Data[0].CheckIn != "2026-04-10" || al.Data[0].Margin.Amount <= 0 ||
			al.Data[0].Cost.Amount+al.Data[0].Margin.Amount != got.Price.Amount || al.Data[0].SupplierReference != got.Reference ||
			al.Meta.NextCursor != nil {
			t.Fatalf("admin list %+v", al)
		}
		e.Get("/api/v1/admin/stays/bookings?status=failed", admin.AccessToken).Expect(http.StatusOK).JSON(&al)
		if len(al.Data) != 0 {
			t.Fatalf("no failed stay: %+v", al.Data)
		}
		e.Get("/api/v1/admin/stays/bookings?status=quoted", admin.AccessToken).Expect(http.StatusUnprocessableEntity)
		var ad struct{ Data stays.AdminStay }
		e.Get("/api/v1/admin/stays/bookings/"+st.ID, admin.AccessToken).Expect(http.StatusOK).JSON(&ad)
		if ad.Data.Cost.Amount+ad.Data.Margin.Amount != got.Price.Amount || ad.Data.Traveller.ID != u.UserID ||
			ad.Data.SupplierBookingID == "" {
			t.Fatalf("admin stay %+v", ad.Data)
		}
		e.Get("/api/v1/admin/stays/bookings/nope", admin.AccessToken).Expect(http.StatusNotFound)
		// The paid stay started a trip of its own, which shows it.
		if got.TripID == "" {
			t.Fatal("the stay joined no trip")
		}
		var trip struct {
			Data struct {
				Items []struct {
					Kind  string `json:"kind"`
					RefID string `json:"ref_id"`
				} `json:"items"`
			} `json:"data"`
		}
		e.Get("/api/v1/trips/"+got.TripID, u.AccessToken).Expect(http.StatusOK).JSON(&trip)
		if len(trip.Data.Items) != 1 || trip.Data.Items[0].Kind != "stay" || trip.Data.Items[0].RefID != st.ID {
			t.Fatalf("trip %+v", trip.Data)
		}
		e.VerifyLedger(t)
		var list struct {
			Data []stays.Stay
			Meta struct {
				NextCursor *string `json:"next_cursor"`
			}
		}
		e.Get("/api/v1/stays/bookings?limit=1", u.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 1 || list.Data[0].ID != st.ID || list.Meta.NextCursor != nil {
			t.Fatalf("list %+v", list)
		}
		items, err := stays.NewTripSource(e.DB).Upcoming(context.Background(), u.UserID, testkit.Start, 10)
		if err != nil || len(items) != 1 || items[0].Kind != "stay" || items[0].StartZone != "Africa/Accra" {
			t.Fatalf("upcoming %+v %v", items, err)
		}
		other := e.Register("kofi@example.com", "kofi")
		e.Get("/api/v1/stays/bookings/"+st.ID, other.AccessToken).Expect(http.StatusNotFound)
		post(e, other.AccessToken, "/api/v1/stays/bookings/"+st.ID+"/cancel", nil).Expect(http.StatusNotFound)

		var cancelled struct{ Data stays.Stay }
		post(e, u.AccessToken, "/api/v1/stays/bookings/"+st.ID+"/cancel", nil).Expect(http.StatusOK).JSON(&cancelled)
		if cancelled.Data.Status != stays.StatusCancelled || cancelled.Data.Refunded.Amount != st.Price.Amount ||
			e.Balance(t, u.UserID) != before {
			t.Fatalf("cancelled %+v", cancelled.Data)
		}
		post(e, u.AccessToken, "/api/v1/stays/bookings/"+st.ID+"/cancel", nil).Expect(http.StatusConflict)
		e.VerifyLedger(t)
	})
}

func TestIntegrationStayNonRefundableAndFailures(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		u := e.Register("ama@example.com", "ama")
		e.Fund(t, u.UserID, 5_000_000_00)
		start := e.Balance(t, u.UserID)
		_, rate := pickRate(t, e, false)

		// A non-refundable stay cancelled gives nothing back; Sojourn keeps its margin, the supplier its cost.
		st := quote(t, e, u.AccessToken, rate)
		post(e, u.AccessToken, "/api/v1/stays/bookings/"+st.ID+"/pay", payBody(st, "Mensah")).Expect(http.StatusOK)
		if err := e.App.Stays.Book(ctx, st.ID, false); err != nil {
			t.Fatal(err)
		}
		var c struct{ Data stays.Stay }
		post(e, u.AccessToken, "/api/v1/stays/bookings/"+st.ID+"/cancel", nil).Expect(http.StatusOK).JSON(&c)
		if c.Data.Refunded.Amount != 0 || e.Balance(t, u.UserID) != start-st.Price.Amount {
			t.Fatalf("non-refundable cancel %+v", c.Data)
		}
		e.VerifyLedger(t)
		start = e.Balance(t, u.UserID)

		// The hotel refuses for good: failed, the whole price back.
		st2 := quote(t, e, u.AccessToken, rate)
		post(e, u.AccessToken, "/api/v1/stays/bookings/"+st2.ID+"/pay", payBody(st2, "Unavailable")).Expect(http.StatusOK)
		if err := e.App.Stays.Book(ctx, st2.ID, false); err != nil {
			t.Fatal(err)
		}
		if got := mine(t, e, u.AccessToken, st2.ID); got.Status != stays.StatusFailed || got.FailureReason == "" ||
			e.Balance(t, u.UserID) != start {
			t.Fatalf("failed %+v", got)
		}
		e.VerifyLedger(t)

		// A retryable failure is retried with the same key and then books once.
		st3 := quote(t, e, u.AccessToken, rate)
		body := payBody(st3, "Mensah")
		body["guests"] = []map[string]string{{"given_name": "Flaky", "family_name": "Mensah"}}
		post(e, u.AccessToken, "/api/v1/stays/bookings/"+st3.ID+"/pay", body).Expect(http.StatusOK)
		if err := e.App.Stays.Book(ctx, st3.ID, false); err == nil {
			t.Fatal("the first flaky attempt must ask River to retry")
		}
		if got := mine(t, e, u.AccessToken, st3.ID); got.Status != stays.StatusBooking {
			t.Fatalf("after a retryable failure %+v", got)
		}
		if err := e.App.Stays.Book(ctx, st3.ID, false); err != nil {
			t.Fatal(err)
		}
		if got := mine(t, e, u.AccessToken, st3.ID); got.Status != stays.StatusConfirmed {
			t.Fatalf("after the retry %+v", got)
		}
		e.VerifyLedger(t)

		// An expired quote cannot be paid.
		st4 := quote(t, e, u.AccessToken, rate)
		e.Clock.Advance(31 * time.Minute)
		u = e.Login(u.Email, u.Password)
		post(e, u.AccessToken, "/api/v1/stays/bookings/"+st4.ID+"/pay", payBody(st4, "Mensah")).Expect(http.StatusConflict)
	})
}

func TestIntegrationStayParallelPay(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ama@example.com", "ama")
		e.Fund(t, u.UserID, 5_000_000_00)
		start := e.Balance(t, u.UserID)
		_, rate := pickRate(t, e, true)
		st := quote(t, e, u.AccessToken, rate)
		var wg sync.WaitGroup
		codes := make([]int, 8)
		for i := range codes {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				codes[i] = post(e, u.AccessToken, "/api/v1/stays/bookings/"+st.ID+"/pay", payBody(st, "Mensah")).Status
			}(i)
		}
		wg.Wait()
		ok := 0
		for _, c := range codes {
			switch c {
			case http.StatusOK:
				ok++
			case http.StatusConflict:
			default:
				t.Fatalf("codes %v", codes)
			}
		}
		if ok != 1 || e.Balance(t, u.UserID) != start-st.Price.Amount {
			t.Fatalf("codes %v, balance %d", codes, e.Balance(t, u.UserID))
		}
		// Two workers racing on the same stay make one supplier booking.
		var wg2 sync.WaitGroup
		for i := 0; i < 3; i++ {
			wg2.Add(1)
			go func() { defer wg2.Done(); _ = e.App.Stays.Book(context.Background(), st.ID, false) }()
		}
		wg2.Wait()
		n, err := e.DB.NewSelect().Table("duffel_sandbox_stay_bookings").Count(context.Background())
		if err != nil || n != 1 {
			t.Fatalf("supplier bookings %d %v", n, err)
		}
		if got := mine(t, e, u.AccessToken, st.ID); got.Status != stays.StatusConfirmed {
			t.Fatalf("%+v", got)
		}
		e.VerifyLedger(t)
	})
}

func TestIntegrationStaySearchRules(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		for _, q := range []string{
			"city=Accra&check_in=2026-03-01&check_out=2026-03-03",            // past
			"city=Accra&check_in=2026-04-01&check_out=2026-05-03",            // 32 nights
			"city=Accra&check_in=2027-04-01&check_out=2027-04-03",            // over a year ahead
			"city=Accra&check_in=2026-04-05&check_out=2026-04-03",            // backwards
			"city=Accra&check_in=2026-04-01&check_out=2026-04-03&rooms=5",    // rooms
			"city=Accra&check_in=2026-04-01&check_out=2026-04-03&adults=9",   // guests
			"city=Atlantis&check_in=2026-04-01&check_out=2026-04-03",         // unknown city
			"lat=95&lng=0&check_in=2026-04-01&check_out=2026-04-03",          // bad point
			"check_in=2026-04-01&check_out=2026-04-03",                       // nowhere
			"city=Accra&check_in=2026-04-01&check_out=2026-04-03&sort=cheap", // sort
		} {
			e.Get("/api/v1/stays/search?"+q, "").Expect(http.StatusUnprocessableEntity)
		}
		var all, four, pool, fc stays.SearchResult
		e.Get("/api/v1/stays/search?city=Accra&"+dates+"&sort=rating", "").Expect(http.StatusOK).JSON(&all)
		for i := 1; i < len(all.Data); i++ {
			if all.Data[i].ReviewScore > all.Data[i-1].ReviewScore {
				t.Fatal("not sorted by rating")
			}
		}
		e.Get("/api/v1/stays/search?city=accra&"+dates+"&stars=4", "").Expect(http.StatusOK).JSON(&four)
		e.Get("/api/v1/stays/search?lat=5.5913&lng=-0.187&radius=20&"+dates+"&amenities=pool,spa", "").
			Expect(http.StatusOK).JSON(&pool)
		e.Get("/api/v1/stays/search?city=Accra&"+dates+"&free_cancellation=true", "").Expect(http.StatusOK).JSON(&fc)
		if len(four.Data) == 0 || len(four.Data) >= len(all.Data) || len(pool.Data) == 0 || len(fc.Data) == 0 {
			t.Fatalf("filters: all %d, 4* %d, pool+spa %d, free %d", len(all.Data), len(four.Data), len(pool.Data), len(fc.Data))
		}
		for _, c := range four.Data {
			if c.Stars < 4 {
				t.Fatal("stars filter")
			}
		}
		for _, c := range fc.Data {
			if c.FreeCancellation == nil || !*c.FreeCancellation {
				t.Fatal("free cancellation filter")
			}
		}
		e.Get("/api/v1/stays/properties/acc_nope?"+dates, "").Expect(http.StatusNotFound)
		e.Get("/api/v1/stays/properties/a%20b?"+dates, "").Expect(http.StatusUnprocessableEntity)
		u := e.Register("ama@example.com", "ama")
		post(e, u.AccessToken, "/api/v1/stays/quotes", map[string]any{"rate_id": "rat_nope"}).Expect(http.StatusConflict)
		var cities struct{ Data []stays.City }
		e.Get("/api/v1/stays/cities", "").Expect(http.StatusOK).JSON(&cities)
		if len(cities.Data) != 10 {
			t.Fatal("cities")
		}
		_ = json.Marshal
	})
}
