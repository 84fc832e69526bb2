package trips_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/rentals"
	"sojourn/api/internal/testkit"
	"sojourn/api/internal/trips"
)

// day is the fake clock's calendar: Start plus d days at hour h UTC.
func day(d, h int) time.Time {
	s := testkit.Start
	return time.Date(s.Year(), s.Month(), s.Day()+d, h, 0, 0, 0, time.UTC)
}

// accraCars is a verified rental company with an Accra airport branch (in
// Africa/Accra) and two published cars there.
func accraCars(t *testing.T, e *testkit.Env) (car1, car2 string) {
	t.Helper()
	ctx := context.Background()
	owner := e.Register("accra-cars@example.com", "accra_cars")
	e.GrantRole(owner.UserID, practice.KindCarRental)
	p, err := e.App.Practice.SaveProfile(ctx, owner.UserID, practice.KindCarRental, practice.ProfileInput{
		Headline: "Cars at Kotoka airport", Bio: "Airport car hire in Accra since 2012.", City: "Accra",
		Country: "GH", TimeZone: "Africa/Accra", LicenceNumber: "ACC-CR-" + ids.New()[:6], IssuingBody: "DVLA Ghana"})
	if err != nil {
		t.Fatalf("profile: %v", err)
	}
	admin := e.Admin("admin-trips@example.com", "admin_trips")
	if _, err := e.App.Practice.Decide(ctx, admin.UserID, e.IP, p.ID, practice.DecisionInput{Decision: "verified",
		Note: "ok"}); err != nil {
		t.Fatalf("verify: %v", err)
	}
	var b struct{ Data rentals.Branch }
	e.Post("/api/v1/practice/rentals/branches", owner.AccessToken, map[string]any{"name": "Kotoka International Airport",
		"address": "Arrivals hall, Kotoka International Airport", "city": "Accra", "country": "GH",
		"lat": 5.6052, "lng": -0.1668, "time_zone": "Africa/Accra"}).Expect(http.StatusCreated).JSON(&b)
	if b.Data.TimeZone != "Africa/Accra" {
		t.Fatalf("branch zone %q", b.Data.TimeZone)
	}
	car := func(model string) string {
		var c struct{ Data rentals.Car }
		e.Post("/api/v1/practice/rentals/cars", owner.AccessToken, map[string]any{"branch_id": b.Data.ID,
			"make": "Toyota", "model": model, "year": 2023, "category": "suv", "seats": 5, "doors": 4,
			"transmission": "automatic", "fuel": "petrol", "air_conditioning": true, "description": "Airport pick-up.",
			"min_driver_age": 21, "deposit": 100000, "mileage_limit_km": 0, "fuel_policy": "full_to_full",
			"day_rate": 4500000, "currency": "GHS", "free_cancel_hours": 24, "late_cancel_fee_pct": 50,
			"published": true}).Expect(http.StatusCreated).JSON(&c)
		return c.Data.ID
	}
	return car("RAV4"), car("Corolla Cross")
}

func rent(t *testing.T, e *testkit.Env, token, carID string, start, end time.Time) string {
	t.Helper()
	var out struct{ Data rentals.Booking }
	e.Post("/api/v1/rentals/bookings", token, map[string]any{"car_id": carID, "start": start.Format(time.RFC3339),
		"end": end.Format(time.RFC3339), "driver": map[string]any{"name": "Ada Obi", "birth_date": "1990-05-14",
			"licence_number": "LAG-123456"}}).Expect(http.StatusCreated).JSON(&out)
	return out.Data.ID
}

type view struct{ Data trips.TripView }

func getTrip(t *testing.T, e *testkit.Env, token, id string) trips.TripView {
	t.Helper()
	var v view
	e.Get("/api/v1/trips/"+id, token).Expect(http.StatusOK).JSON(&v)
	return v.Data
}

func del(e *testkit.Env, token, path string) *testkit.Resp {
	return e.Do(testkit.Req{Method: http.MethodDelete, Path: path, Token: token})
}

func TestIntegrationTrips(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		car1, car2 := accraCars(t, e)
		ada := e.Register("ada-trips@example.com", "ada_trips")
		bob := e.Register("bob-trips@example.com", "bob_trips")
		r1 := rent(t, e, ada.AccessToken, car1, day(10, 9), day(13, 9))
		r2 := rent(t, e, ada.AccessToken, car2, day(15, 9), day(16, 9))

		// Add to trip offers both rentals (in no trip yet).
		var cand struct{ Data []trips.ItemDTO }
		e.Get("/api/v1/trips/candidates", ada.AccessToken).Expect(http.StatusOK).JSON(&cand)
		if len(cand.Data) != 2 || cand.Data[0].RefID != r1 {
			t.Fatalf("candidates %+v", cand.Data)
		}
		var v view
		e.Post("/api/v1/trips", ada.AccessToken, map[string]any{"name": "Accra in March"}).Expect(http.StatusCreated).JSON(&v)
		id := v.Data.ID
		e.Post("/api/v1/trips/"+id+"/items", ada.AccessToken, map[string]any{"kind": "rental", "ref_id": r1}).
			Expect(http.StatusOK)
		e.Post("/api/v1/trips/"+id+"/items", ada.AccessToken, map[string]any{"kind": "rental", "ref_id": r2}).
			Expect(http.StatusOK)
		tv := getTrip(t, e, ada.AccessToken, id)
		if len(tv.Items) != 2 || tv.Items[0].StartZone != "Africa/Accra" || tv.Items[0].Start.City != "Accra" ||
			tv.Items[0].StartsLocal != "2026-03-12T09:00:00Z" || len(tv.Conflicts) != 0 || tv.Cities[0] != "Accra" {
			t.Fatalf("trip %+v", tv)
		}
		e.Get("/api/v1/trips/candidates", ada.AccessToken).Expect(http.StatusOK).JSON(&cand)
		if len(cand.Data) != 0 {
			t.Fatalf("candidates after adding %+v", cand.Data)
		}
		// A booking is in one trip only.
		var v2 view
		e.Post("/api/v1/trips", ada.AccessToken, map[string]any{"name": "Other"}).Expect(http.StatusCreated).JSON(&v2)
		e.Post("/api/v1/trips/"+v2.Data.ID+"/items", ada.AccessToken, map[string]any{"kind": "rental", "ref_id": r1}).
			Expect(http.StatusConflict)

		// Moving the second car's pick-up onto the first rental shows the conflict; moving it back clears it.
		e.Patch("/api/v1/rentals/bookings/"+r2+"/schedule", ada.AccessToken,
			map[string]any{"starts_at": day(12, 9).Format(time.RFC3339)}).Expect(http.StatusOK)
		tv = getTrip(t, e, ada.AccessToken, id)
		if len(tv.Conflicts) != 1 || tv.Conflicts[0].Code != "rentals_overlap" || tv.ConflictCount != 1 {
			t.Fatalf("conflicts %+v", tv.Conflicts)
		}
		e.Patch("/api/v1/rentals/bookings/"+r2+"/schedule", ada.AccessToken,
			map[string]any{"starts_at": day(15, 9).Format(time.RFC3339)}).Expect(http.StatusOK)
		if tv = getTrip(t, e, ada.AccessToken, id); len(tv.Conflicts) != 0 {
			t.Fatalf("conflicts after moving back %+v", tv.Conflicts)
		}

		// Ownership: Bob sees none of it and cannot change it, nor put Ada's rental in his trip.
		e.Get("/api/v1/trips/"+id, bob.AccessToken).Expect(http.StatusNotFound)
		e.Patch("/api/v1/trips/"+id, bob.AccessToken, map[string]any{"name": "Mine"}).Expect(http.StatusNotFound)
		del(e, bob.AccessToken, "/api/v1/trips/"+id).Expect(http.StatusNotFound)
		del(e, bob.AccessToken, "/api/v1/trips/"+id+"/items/rental/"+r1).Expect(http.StatusNotFound)
		e.Post("/api/v1/trips/"+id+"/items", bob.AccessToken, map[string]any{"kind": "rental", "ref_id": r1}).
			Expect(http.StatusNotFound)
		var bv view
		e.Post("/api/v1/trips", bob.AccessToken, map[string]any{"name": "Bob's"}).Expect(http.StatusCreated).JSON(&bv)
		e.Post("/api/v1/trips/"+bv.Data.ID+"/items", bob.AccessToken, map[string]any{"kind": "rental", "ref_id": r1}).
			Expect(http.StatusNotFound)
		var list struct {
			Data []trips.TripDTO
			Meta struct {
				NextCursor *string `json:"next_cursor"`
			}
		}
		e.Get("/api/v1/trips?limit=1", bob.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 1 || list.Data[0].ID != bv.Data.ID || list.Meta.NextCursor != nil {
			t.Fatalf("bob's list %+v", list)
		}
		// Ada's list pages by cursor; upcoming shows the trip with items only; the calendar has its items.
		e.Get("/api/v1/trips?limit=1", ada.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 1 || list.Meta.NextCursor == nil {
			t.Fatalf("ada's first page %+v", list)
		}
		e.Get("/api/v1/trips?limit=1&cursor="+*list.Meta.NextCursor, ada.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 1 || list.Data[0].ID != id || list.Data[0].ItemCount != 2 {
			t.Fatalf("ada's second page %+v", list)
		}
		var up struct{ Data []trips.TripDTO }
		e.Get("/api/v1/trips/upcoming", ada.AccessToken).Expect(http.StatusOK).JSON(&up)
		if len(up.Data) != 1 || up.Data[0].ID != id {
			t.Fatalf("upcoming %+v", up.Data)
		}
		var cal struct{ Data []trips.ItemDTO }
		e.Get("/api/v1/trips/calendar?from="+day(9, 0).Format(time.RFC3339)+"&to="+day(14, 0).Format(time.RFC3339),
			ada.AccessToken).Expect(http.StatusOK).JSON(&cal)
		if len(cal.Data) != 1 || cal.Data[0].RefID != r1 || cal.Data[0].TripID == nil || *cal.Data[0].TripID != id {
			t.Fatalf("calendar %+v", cal.Data)
		}
		// Bad input changes nothing.
		e.Post("/api/v1/trips", ada.AccessToken, map[string]any{"name": ""}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/trips", ada.AccessToken, map[string]any{"name": "a\x00b"}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/trips/"+id+"/items", ada.AccessToken, map[string]any{"kind": "boat", "ref_id": r1}).
			Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/trips/calendar?from=1999-01-01T00:00:00Z&to="+day(1, 0).Format(time.RFC3339), ada.AccessToken).
			Expect(http.StatusUnprocessableEntity)

		// Rename, remove an item, delete: the bookings stay.
		e.Patch("/api/v1/trips/"+id, ada.AccessToken, map[string]any{"name": "Ghana"}).Expect(http.StatusOK)
		del(e, ada.AccessToken, "/api/v1/trips/"+id+"/items/rental/"+r2).Expect(http.StatusOK)
		if tv = getTrip(t, e, ada.AccessToken, id); tv.Name != "Ghana" || len(tv.Items) != 1 {
			t.Fatalf("after rename and remove %+v", tv)
		}
		del(e, ada.AccessToken, "/api/v1/trips/"+id).Expect(http.StatusNoContent)
		e.Get("/api/v1/trips/"+id, ada.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/rentals/bookings/"+r1, ada.AccessToken).Expect(http.StatusOK)
	})
}

// Bookings attached at the same time near each other's dates land in one
// new trip; one far away gets its own.
func TestIntegrationAttachConcurrent(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		car1, car2 := accraCars(t, e)
		ada := e.Register("ada-attach@example.com", "ada_attach")
		ctx := context.Background()
		// The first rental is in a trip already: bookings near it join that trip.
		first := rent(t, e, ada.AccessToken, car1, day(10, 9), day(12, 9))
		tripID, err := e.App.Trips.Attach(ctx, e.DB, trips.Attach{UserID: ada.UserID, Kind: trips.KindRental,
			RefID: first, City: "Accra", StartsAt: day(10, 9), EndsAt: day(12, 9)})
		if err != nil {
			t.Fatalf("attach: %v", err)
		}
		// Bookings of other kinds (ids only: Attach needs no Source for the new one) attached in parallel.
		const n = 6
		got := make([]string, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				got[i], errs[i] = e.App.Trips.Attach(ctx, e.DB, trips.Attach{UserID: ada.UserID, Kind: trips.KindFlight,
					RefID: ids.New(), City: "Accra", StartsAt: day(12, 15), EndsAt: day(12, 17), Name: "Accra"})
			}(i)
		}
		wg.Wait()
		for i := range got {
			if errs[i] != nil || got[i] != tripID {
				t.Fatalf("attach %d: %s %v (want %s)", i, got[i], errs[i], tripID)
			}
		}
		// Rentals on one day, far from that trip, attached in parallel: exactly one new trip holds them all.
		type span struct {
			car  string
			s, e time.Time
		}
		spans := []span{{car1, day(40, 8), day(40, 12)}, {car1, day(40, 14), day(40, 18)},
			{car2, day(40, 9), day(40, 13)}, {car2, day(40, 15), day(40, 20)}}
		far := []string{}
		for _, sp := range spans {
			far = append(far, rent(t, e, ada.AccessToken, sp.car, sp.s, sp.e))
		}
		var mu sync.Mutex
		seen := map[string]int{}
		for i, ref := range far {
			wg.Add(1)
			go func(i int, ref string) {
				defer wg.Done()
				id, err := e.App.Trips.Attach(ctx, e.DB, trips.Attach{UserID: ada.UserID, Kind: trips.KindRental,
					RefID: ref, City: "Accra", StartsAt: spans[i].s, EndsAt: spans[i].e})
				if err != nil {
					t.Errorf("attach: %v", err)
				}
				mu.Lock()
				seen[id]++
				mu.Unlock()
			}(i, ref)
		}
		wg.Wait()
		if len(seen) != 1 || seen[tripID] != 0 {
			t.Fatalf("parallel attaches made trips %v (want one new trip)", seen)
		}
		var list struct{ Data []trips.TripDTO }
		e.Get("/api/v1/trips?limit=100", ada.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 2 || list.Data[0].ItemCount != len(far) || list.Data[0].Name != "Trip to Accra" {
			t.Fatalf("trips %+v", list.Data)
		}
		// Attaching again is a no-op answering the same trip; another user's trip id is 404.
		again, err := e.App.Trips.Attach(ctx, e.DB, trips.Attach{UserID: ada.UserID, Kind: trips.KindRental,
			RefID: far[0], StartsAt: spans[0].s, EndsAt: spans[0].e})
		if err != nil || again != list.Data[0].ID {
			t.Fatalf("again %s %v", again, err)
		}
		bob := e.Register("bob-attach@example.com", "bob_attach")
		if _, err := e.App.Trips.Attach(ctx, e.DB, trips.Attach{UserID: bob.UserID, TripID: tripID, Kind: trips.KindTour,
			RefID: ids.New(), StartsAt: day(40, 9), EndsAt: day(40, 12)}); err == nil {
			t.Fatal("attached to another user's trip")
		}
	})
}

// A new rental joins the trip it falls in by itself; one far from every
// trip stays out (no trip is started for it).
func TestIntegrationRentalJoinsTrip(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		car1, car2 := accraCars(t, e)
		ada := e.Register("ada-join@example.com", "ada_join")
		r1 := rent(t, e, ada.AccessToken, car1, day(10, 9), day(12, 9))
		var cand struct{ Data []trips.ItemDTO }
		e.Get("/api/v1/trips/candidates", ada.AccessToken).Expect(http.StatusOK).JSON(&cand)
		if len(cand.Data) != 1 {
			t.Fatalf("a rental with no trip around started one: candidates %+v", cand.Data)
		}
		tripID, err := e.App.Trips.Attach(context.Background(), e.DB, trips.Attach{UserID: ada.UserID,
			Kind: trips.KindRental, RefID: r1, City: "Accra", StartsAt: day(10, 9), EndsAt: day(12, 9)})
		if err != nil {
			t.Fatal(err)
		}
		near := rent(t, e, ada.AccessToken, car2, day(12, 15), day(13, 9))
		far := rent(t, e, ada.AccessToken, car2, day(30, 9), day(31, 9))
		tv := getTrip(t, e, ada.AccessToken, tripID)
		if len(tv.Items) != 2 || tv.Items[1].RefID != near {
			t.Fatalf("trip items %+v", tv.Items)
		}
		e.Get("/api/v1/trips/candidates", ada.AccessToken).Expect(http.StatusOK).JSON(&cand)
		if len(cand.Data) != 1 || cand.Data[0].RefID != far {
			t.Fatalf("candidates %+v", cand.Data)
		}
	})
}
