package rentals_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/rentals"
	"sojourn/api/internal/testkit"
)

// fixture is a verified car-rental company with two branches (Lagos
// Island and the airport) and one published car.
type fixture struct {
	owner      *testkit.Session
	providerID string
	branchA    string
	branchB    string
	carID      string
}

// carInput is the fixture's car: 25,000.00 a day, 40,000.00 over Christmas,
// deposit 50,000.00, minimum driver age 25, one-way 15,000.00.
func carInput(branch string) map[string]any {
	return map[string]any{"branch_id": branch, "make": "Toyota", "model": "Corolla", "year": 2022,
		"category": "compact", "seats": 5, "doors": 4, "transmission": "automatic", "fuel": "petrol",
		"air_conditioning": true, "description": "Clean, serviced every 10,000 km.", "min_driver_age": 25,
		"deposit": 5000000, "mileage_limit_km": 250, "fuel_policy": "full_to_full", "day_rate": 2500000,
		"currency": "NGN", "one_way_allowed": true, "one_way_fee": 1500000, "free_cancel_hours": 48,
		"late_cancel_fee_pct": 50, "published": true,
		"seasons": []map[string]any{{"name": "Christmas", "from": "2026-12-20", "to": "2027-01-05", "day_rate": 4000000}},
		"extras": []map[string]any{
			{"code": "child_seat", "name": "Child seat", "price": 300000, "per": "day"},
			{"code": "full_insurance", "name": "Full insurance", "price": 800000, "per": "day"},
			{"code": "additional_driver", "name": "Additional driver", "price": 1000000, "per": "rental"},
			{"code": "gps", "name": "GPS", "price": 200000, "per": "day"}}}
}

func company(t *testing.T, e *testkit.Env, name string) fixture {
	t.Helper()
	ctx := context.Background()
	owner := e.Register(name+"@example.com", name)
	e.GrantRole(owner.UserID, practice.KindCarRental)
	p, err := e.App.Practice.SaveProfile(ctx, owner.UserID, practice.KindCarRental, practice.ProfileInput{
		Headline: "Cars for Lagos and beyond", Bio: "A family rental business since 2009.", City: "Lagos",
		Country: "NG", TimeZone: "Africa/Lagos", LicenceNumber: "LAG-CR-" + ids.New()[:6],
		IssuingBody: "Lagos State Ministry of Transportation"})
	if err != nil {
		t.Fatalf("company profile: %v", err)
	}
	admin := e.Admin("admin-"+name+"@example.com", "admin_"+name)
	if _, err := e.App.Practice.Decide(ctx, admin.UserID, e.IP, p.ID, practice.DecisionInput{Decision: "verified",
		Note: "Licence checked"}); err != nil {
		t.Fatalf("verify licence: %v", err)
	}
	f := fixture{owner: owner, providerID: p.ID}
	hours := map[string]any{"monday": map[string]string{"open": "07:00", "close": "20:00"}}
	var b struct{ Data rentals.Branch }
	e.Post("/api/v1/practice/rentals/branches", owner.AccessToken, map[string]any{"name": "Lagos Island",
		"address": "12 Broad Street, Lagos Island", "city": "Lagos", "country": "NG", "hours": hours}).
		Expect(http.StatusCreated).JSON(&b)
	f.branchA = b.Data.ID
	e.Post("/api/v1/practice/rentals/branches", owner.AccessToken, map[string]any{"name": "Murtala Muhammed Airport",
		"address": "Arrivals hall, MMIA, Ikeja", "city": "Lagos", "country": "NG", "lat": 6.5774, "lng": 3.3212}).
		Expect(http.StatusCreated).JSON(&b)
	f.branchB = b.Data.ID
	var c struct{ Data rentals.Car }
	e.Post("/api/v1/practice/rentals/cars", owner.AccessToken, carInput(f.branchA)).Expect(http.StatusCreated).JSON(&c)
	f.carID = c.Data.ID
	return f
}

// day is a time on the fake clock's calendar: Start (2026-03-02 09:00 UTC)
// plus d days, at hour h UTC.
func day(d, h int) time.Time {
	s := testkit.Start
	return time.Date(s.Year(), s.Month(), s.Day()+d, h, 0, 0, 0, time.UTC)
}

func booking(e *testkit.Env, token, carID string, start, end time.Time, extra map[string]any) *testkit.Resp {
	body := map[string]any{"car_id": carID, "start": start.Format(time.RFC3339), "end": end.Format(time.RFC3339),
		"driver": map[string]any{"name": "Ada Obi", "birth_date": "1990-05-14", "licence_number": "LAG-123456"}}
	for k, v := range extra {
		body[k] = v
	}
	return e.Post("/api/v1/rentals/bookings", token, body)
}

func decode(t *testing.T, r *testkit.Resp) rentals.Booking {
	t.Helper()
	var out struct{ Data rentals.Booking }
	if err := json.Unmarshal(r.Body, &out); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
	return out.Data
}

func pay(e *testkit.Env, token, id string) *testkit.Resp {
	return e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/rentals/bookings/" + id + "/pay", Token: token,
		Body: map[string]any{"pay_with": "wallet"}, Header: map[string]string{"Idempotency-Key": ids.New()}})
}

func post(e *testkit.Env, token, path string, body any) *testkit.Resp {
	return e.Do(testkit.Req{Method: http.MethodPost, Path: path, Token: token, Body: body,
		Header: map[string]string{"Idempotency-Key": ids.New()}})
}

// relog signs s in again (the fake clock moved past the access token's life).
func relog(e *testkit.Env, s *testkit.Session) *testkit.Session {
	e.T.Helper()
	return e.Login(s.Email, s.Password)
}

var _ = fmt.Sprint
