package rentals_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"sojourn/api/internal/rentals"
	"sojourn/api/internal/testkit"
)

// TestIntegrationConcurrentRentalsExactlyOne: 100 renters ask for
// overlapping ranges of one car at once over real HTTP; the database
// (exclusion constraint / serialised write transaction) lets exactly one in.
func TestIntegrationConcurrentRentalsExactlyOne(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := company(t, e, "racefleet")
		const n = 100
		users := make([]*testkit.Session, n)
		ip := e.IP
		for i := range users {
			e.IP = fmt.Sprintf("198.51.%d.%d", 100+i/200, 1+i%200)
			users[i] = e.Register(fmt.Sprintf("renter%d@example.com", i), fmt.Sprintf("renter_%d", i))
		}
		e.IP = ip
		codes := make([]int, n)
		var wg sync.WaitGroup
		gate := make(chan struct{})
		for i := range users {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-gate
				// Ranges that all overlap day 5 10:00-11:00, with different ends.
				start := day(3+i%3, 10)
				codes[i] = booking(e, users[i].AccessToken, f.carID, start, day(6, 10).Add(time.Duration(i)*time.Hour), nil).Status
			}(i)
		}
		close(gate)
		wg.Wait()
		ok, conflict := 0, 0
		for _, c := range codes {
			switch c {
			case http.StatusCreated:
				ok++
			case http.StatusConflict:
				conflict++
			}
		}
		if ok != 1 || conflict != n-1 {
			t.Fatalf("%d concurrent rentals of one car: %d created, %d conflict (%v)", n, ok, conflict, codes)
		}
		// The car is gone from a search of those dates, and back for others.
		q := "/api/v1/rentals/cars?city=lagos&from=" + day(5, 9).Format(time.RFC3339) + "&to=" + day(5, 12).Format(time.RFC3339)
		if got := e.Get(q, "").Expect(http.StatusOK).Map()["data"].([]any); len(got) != 0 {
			t.Fatalf("a booked car is listed as free: %v", got)
		}
		q = "/api/v1/rentals/cars?city=LAGOS&from=" + day(40, 9).Format(time.RFC3339) + "&to=" + day(42, 9).Format(time.RFC3339)
		if got := e.Get(q, "").Expect(http.StatusOK).Map()["data"].([]any); len(got) != 1 {
			t.Fatalf("a free car is not listed: %v", got)
		}
	})
}

// TestIntegrationRentalDepositPartlyCaptured walks a rental end to end: a
// three-day one-way rental with a child seat, paid from the wallet with the
// deposit held apart; pick-up and return handovers with photos, confirmed
// by the renter; part of the deposit kept with a reason the renter sees.
func TestIntegrationRentalDepositPartlyCaptured(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := company(t, e, "depositfleet")
		ada := e.Register("ada@example.com", "ada")
		e.Fund(t, ada.UserID, 20_000_000)
		start, end := day(10, 9), day(13, 9)
		b := decode(t, booking(e, ada.AccessToken, f.carID, start, end, map[string]any{
			"extras": []string{"child_seat"}, "dropoff_branch_id": f.branchB}).Expect(http.StatusCreated))
		// 3 days x 25,000 + child seat 3 x 3,000 + one-way 15,000 = 99,000.00.
		if b.Status != rentals.StatusPending || b.Total.Amount != 9_900_000 || b.Breakdown.Days != 3 ||
			b.Breakdown.OneWay != 1_500_000 || b.Breakdown.Extras != 900_000 || b.Deposit != nil {
			t.Fatalf("pending rental: %+v", b)
		}
		b = decode(t, pay(e, ada.AccessToken, b.ID).Expect(http.StatusOK))
		if b.Status != rentals.StatusConfirmed || b.Deposit == nil || b.Deposit.Status != "held" ||
			b.Deposit.Amount != 5_000_000 {
			t.Fatalf("paid rental: %+v", b)
		}
		if got := e.Balance(t, ada.UserID); got != 20_000_000-9_900_000-5_000_000 {
			t.Fatalf("wallet after paying: %d", got)
		}
		e.VerifyLedger(t)
		// Too early for the handover; then at the counter.
		base := "/api/v1/practice/rentals/bookings/" + b.ID
		e.Post(base+"/pickup", f.owner.AccessToken, map[string]any{"fuel_eighths": 8, "odometer_km": 41200}).
			Expect(http.StatusConflict)
		e.Clock.Set(start.Add(-30 * time.Minute))
		ada, f.owner = relog(e, ada), relog(e, f.owner)
		e.Upload(base+"/photos/pickup", f.owner.AccessToken, "file", "front.png", pngBytes(t)).Expect(http.StatusCreated)
		// The renter cannot confirm what was not recorded yet.
		e.Post("/api/v1/rentals/bookings/"+b.ID+"/handover/pickup/confirm", ada.AccessToken, nil).Expect(http.StatusConflict)
		b = decode(t, e.Post(base+"/pickup", f.owner.AccessToken, map[string]any{"fuel_eighths": 8,
			"odometer_km": 41200, "note": "Small scuff on the left mirror"}).Expect(http.StatusOK))
		if b.Status != rentals.StatusPickedUp || b.Pickup == nil || len(b.Pickup.Photos) != 1 || b.Pickup.OdometerKm != 41200 {
			t.Fatalf("picked up: %+v", b)
		}
		b = decode(t, e.Post("/api/v1/rentals/bookings/"+b.ID+"/handover/pickup/confirm", ada.AccessToken, nil).
			Expect(http.StatusOK))
		if b.Pickup.ConfirmedAt == nil {
			t.Fatal("pick-up not confirmed")
		}
		e.Clock.Set(end.Add(-time.Hour))
		ada, f.owner = relog(e, ada), relog(e, f.owner)
		e.Post(base+"/return", f.owner.AccessToken, map[string]any{"fuel_eighths": 6, "odometer_km": 41000}).
			Expect(http.StatusUnprocessableEntity) // below the pick-up reading
		b = decode(t, e.Post(base+"/return", f.owner.AccessToken, map[string]any{"fuel_eighths": 6,
			"odometer_km": 41710}).Expect(http.StatusOK))
		if b.Status != rentals.StatusReturned {
			t.Fatalf("returned: %+v", b)
		}
		// Keeping more than the deposit, or without a reason, is refused.
		post(e, f.owner.AccessToken, base+"/deposit", map[string]any{"capture_amount": 6_000_000, "reason": "Dent"}).
			Expect(http.StatusUnprocessableEntity)
		post(e, f.owner.AccessToken, base+"/deposit", map[string]any{"capture_amount": 100}).
			Expect(http.StatusUnprocessableEntity)
		b = decode(t, post(e, f.owner.AccessToken, base+"/deposit", map[string]any{"capture_amount": 1_200_000,
			"reason": "Fuel two eighths short and a new scratch on the rear bumper"}).Expect(http.StatusOK))
		if b.Status != rentals.StatusCompleted || b.Deposit.Status != "partly_captured" ||
			b.Deposit.CapturedAmount != 1_200_000 || b.Deposit.Reason == "" {
			t.Fatalf("settled: %+v", b.Deposit)
		}
		mine := decode(t, e.Get("/api/v1/rentals/bookings/"+b.ID, ada.AccessToken).Expect(http.StatusOK))
		if mine.Deposit.Reason != "Fuel two eighths short and a new scratch on the rear bumper" {
			t.Fatalf("the renter does not see the reason: %+v", mine.Deposit)
		}
		if got := e.Balance(t, ada.UserID); got != 20_000_000-9_900_000-1_200_000 {
			t.Fatalf("wallet after the settlement: %d", got)
		}
		// Settling twice changes nothing.
		post(e, f.owner.AccessToken, base+"/deposit", map[string]any{"capture_amount": 0}).Expect(http.StatusConflict)
		e.VerifyLedger(t)
	})
}

// TestIntegrationRentalJobs: an unpaid rental expires through its job (and
// frees the car); a returned rental the company does not settle is
// completed with its deposit released in full SettleAfter later.
func TestIntegrationRentalJobs(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		f := company(t, e, "jobfleet")
		ada := e.Register("ada@example.com", "ada")
		bob := e.Register("bob@example.com", "bob")
		e.Fund(t, bob.UserID, 20_000_000)
		w := e.App.Rentals.Workers()
		b := decode(t, booking(e, ada.AccessToken, f.carID, day(5, 9), day(7, 9), nil).Expect(http.StatusCreated))
		booking(e, bob.AccessToken, f.carID, day(6, 9), day(8, 9), nil).Expect(http.StatusConflict)
		job := &river.Job[rentals.ExpireHoldJob]{Args: rentals.ExpireHoldJob{BookingID: b.ID}}
		e.Clock.Advance(14 * time.Minute)
		if err := w.ExpireHold.Work(ctx, job); err != nil {
			t.Fatal(err)
		}
		if decode(t, e.Get("/api/v1/rentals/bookings/"+b.ID, ada.AccessToken)).Status != rentals.StatusPending {
			t.Fatal("expired early")
		}
		e.Clock.Advance(time.Minute)
		for i := 0; i < 2; i++ {
			if err := w.ExpireHold.Work(ctx, job); err != nil {
				t.Fatal(err)
			}
		}
		if got := decode(t, e.Get("/api/v1/rentals/bookings/"+b.ID, ada.AccessToken)); got.Status != rentals.StatusCancelled {
			t.Fatalf("not expired: %s", got.Status)
		}
		pay(e, ada.AccessToken, b.ID).Expect(http.StatusConflict)
		// The car is free again: Bob books, pays, drives, returns.
		b = decode(t, booking(e, bob.AccessToken, f.carID, day(6, 9), day(8, 9), nil).Expect(http.StatusCreated))
		pay(e, bob.AccessToken, b.ID).Expect(http.StatusOK)
		base := "/api/v1/practice/rentals/bookings/" + b.ID
		e.Clock.Set(day(6, 9))
		f.owner = relog(e, f.owner)
		e.Post(base+"/pickup", f.owner.AccessToken, map[string]any{"fuel_eighths": 8, "odometer_km": 1000}).Expect(http.StatusOK)
		e.Clock.Set(day(8, 8))
		f.owner = relog(e, f.owner)
		e.Post(base+"/return", f.owner.AccessToken, map[string]any{"fuel_eighths": 8, "odometer_km": 1300}).Expect(http.StatusOK)
		settle := &river.Job[rentals.SettleJob]{Args: rentals.SettleJob{BookingID: b.ID}}
		e.Clock.Advance(rentals.SettleAfter - time.Minute)
		if err := w.Settle.Work(ctx, settle); err != nil {
			t.Fatal(err)
		}
		bob = relog(e, bob)
		if decode(t, e.Get("/api/v1/rentals/bookings/"+b.ID, bob.AccessToken)).Status != rentals.StatusReturned {
			t.Fatal("settled early")
		}
		e.Clock.Advance(time.Minute)
		if err := w.Settle.Work(ctx, settle); err != nil {
			t.Fatal(err)
		}
		bob = relog(e, bob)
		got := decode(t, e.Get("/api/v1/rentals/bookings/"+b.ID, bob.AccessToken))
		if got.Status != rentals.StatusCompleted || got.Deposit.Status != "released" {
			t.Fatalf("after the settle job: %s %+v", got.Status, got.Deposit)
		}
		if bal := e.Balance(t, bob.UserID); bal != 20_000_000-5_000_000 {
			t.Fatalf("wallet after release: %d", bal)
		}
		e.VerifyLedger(t)
	})
}

// TestIntegrationRentalRules: the age rule, one-way where the car allows
// it, the cancellation policy, and ownership (other users and companies
// see 404).
func TestIntegrationRentalRules(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := company(t, e, "rulefleet")
		other := company(t, e, "otherfleet")
		ada := e.Register("ada@example.com", "ada")
		eve := e.Register("eve@example.com", "eve")
		e.Fund(t, ada.UserID, 50_000_000)
		start := day(20, 10)
		// Minimum age 25 on the pick-up day: 24 is refused, 25 that very day is fine.
		young := start.AddDate(-25, 0, 1).Format("2006-01-02")
		r := booking(e, ada.AccessToken, f.carID, start, start.Add(48*time.Hour), map[string]any{
			"driver": map[string]any{"name": "Ada Obi", "birth_date": young, "licence_number": "LAG-1"}}).
			Expect(http.StatusUnprocessableEntity)
		if r.Map()["error"].(map[string]any)["fields"].(map[string]any)["driver.birth_date"] == nil {
			t.Fatalf("age rule not on driver.birth_date: %s", r.Body)
		}
		exact := start.AddDate(-25, 0, 0).Format("2006-01-02")
		b := decode(t, booking(e, ada.AccessToken, f.carID, start, start.Add(48*time.Hour), map[string]any{
			"driver": map[string]any{"name": "Ada Obi", "birth_date": exact, "licence_number": "LAG-1"}}).
			Expect(http.StatusCreated))
		// Another company's branch, an unknown extra: 422.
		booking(e, ada.AccessToken, f.carID, day(30, 10), day(31, 10), map[string]any{"dropoff_branch_id": other.branchA}).
			Expect(http.StatusUnprocessableEntity)
		booking(e, ada.AccessToken, f.carID, day(30, 10), day(31, 10), map[string]any{"extras": []string{"jet_pack"}}).
			Expect(http.StatusUnprocessableEntity)
		// A company cannot rent its own car.
		booking(e, f.owner.AccessToken, f.carID, day(40, 10), day(41, 10), nil).Expect(http.StatusUnprocessableEntity)
		// Ownership: Eve and the other company see nothing of Ada's rental.
		e.Get("/api/v1/rentals/bookings/"+b.ID, eve.AccessToken).Expect(http.StatusNotFound)
		pay(e, eve.AccessToken, b.ID).Expect(http.StatusNotFound)
		e.Get("/api/v1/practice/rentals/bookings/"+b.ID, other.owner.AccessToken).Expect(http.StatusNotFound)
		post(e, other.owner.AccessToken, "/api/v1/practice/rentals/bookings/"+b.ID+"/cancel", map[string]any{"reason": "x"}).
			Expect(http.StatusNotFound)
		e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/practice/rentals/cars/" + f.carID,
			Token: other.owner.AccessToken, Body: carInput(other.branchA)}).Expect(http.StatusNotFound)
		e.Get("/api/v1/practice/rentals/bookings/"+b.ID, f.owner.AccessToken).Expect(http.StatusOK)
		// Cancelling late keeps half: pay, then cancel 24 hours before (free until 48 hours before).
		pay(e, ada.AccessToken, b.ID).Expect(http.StatusOK)
		e.Clock.Set(start.Add(-24 * time.Hour))
		ada, f.owner = relog(e, ada), relog(e, f.owner)
		got := decode(t, post(e, ada.AccessToken, "/api/v1/rentals/bookings/"+b.ID+"/cancel", map[string]any{}).
			Expect(http.StatusOK))
		if got.Status != rentals.StatusCancelled || got.Refunded.Amount != got.Paid.Amount/2 ||
			got.Deposit.Status != "released" {
			t.Fatalf("late cancellation: %+v", got)
		}
		if bal := e.Balance(t, ada.UserID); bal != 50_000_000-got.Paid.Amount/2 {
			t.Fatalf("wallet after a late cancellation: %d", bal)
		}
		// The admins hide a car: it leaves the search, its company cannot republish it.
		admin := e.Admin("mod@example.com", "mod")
		post(e, admin.AccessToken, "/api/v1/admin/rentals/cars/"+f.carID+"/hide", map[string]any{"reason": "Photos of another car"}).
			Expect(http.StatusOK)
		e.Get("/api/v1/rentals/cars/"+f.carID, "").Expect(http.StatusNotFound)
		e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/practice/rentals/cars/" + f.carID,
			Token: f.owner.AccessToken, Body: carInput(f.branchA)}).Expect(http.StatusConflict)
		e.VerifyLedger(t)
	})
}

func TestPriceBreakdown(t *testing.T) {
	lagos, _ := time.LoadLocation("Africa/Lagos")
	seasons := []rentals.Season{{Name: "Christmas", From: "2026-12-24", To: "2026-12-26", DayRate: 4000},
		{Name: "Detty December", From: "2026-12-27", To: "2026-12-31", DayRate: 5000}}
	extras := []rentals.Extra{{Code: "gps", Name: "GPS", Price: 200, Per: "day"},
		{Code: "additional_driver", Name: "Additional driver", Price: 1000, Per: "rental"}}
	start := time.Date(2026, 12, 22, 9, 0, 0, 0, time.UTC)
	// 7 days and 2 hours = 8 charged days: 22, 23 base; 24-26 Christmas; 27, 28, 29 Detty December.
	b := rentals.Price(rentals.PriceInput{DayRate: 2500, Seasons: seasons, Extras: extras, OneWayFee: 1500,
		Deposit: 50000, Currency: "NGN", Start: start, End: start.Add(7*24*time.Hour + 2*time.Hour), Loc: lagos})
	if b.Days != 8 || b.Rental != 2*2500+3*4000+3*5000 || b.Extras != 8*200+1000 || b.OneWay != 1500 ||
		b.Total != b.Rental+b.Extras+1500 || b.Deposit != 50000 {
		t.Fatalf("breakdown %+v", b)
	}
	if len(b.Lines) != 6 || b.Lines[0].Label != "2 days · Base rate" || b.Lines[1].Label != "3 days · Christmas" ||
		b.Lines[3].Label != "GPS · 8 days" || b.Lines[5].Kind != "one_way" {
		t.Fatalf("lines %+v", b.Lines)
	}
	if rentals.RentalDays(start, start.Add(time.Hour)) != 1 || rentals.RentalDays(start, start.Add(48*time.Hour)) != 2 {
		t.Fatal("rental days")
	}
	birth := time.Date(2000, 3, 5, 0, 0, 0, 0, time.UTC)
	if rentals.AgeOn(birth, time.Date(2025, 3, 4, 9, 0, 0, 0, time.UTC)) != 24 ||
		rentals.AgeOn(birth, time.Date(2025, 3, 5, 9, 0, 0, 0, time.UTC)) != 25 {
		t.Fatal("age")
	}
}

func TestStateMachine(t *testing.T) {
	ok := [][2]string{{"pending", "confirmed"}, {"pending", "cancelled"}, {"confirmed", "picked_up"},
		{"confirmed", "cancelled"}, {"picked_up", "returned"}, {"returned", "completed"}}
	bad := [][2]string{{"pending", "picked_up"}, {"picked_up", "cancelled"}, {"returned", "cancelled"},
		{"completed", "cancelled"}, {"cancelled", "confirmed"}}
	for _, p := range ok {
		if !rentals.CanTransition(p[0], p[1]) {
			t.Errorf("%s -> %s refused", p[0], p[1])
		}
	}
	for _, p := range bad {
		if rentals.CanTransition(p[0], p[1]) {
			t.Errorf("%s -> %s allowed", p[0], p[1])
		}
	}
}

func pngBytes(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for x := 0; x < 64; x++ {
		for y := 0; y < 48; y++ {
			img.Set(x, y, color.RGBA{uint8(x * 4), 90, uint8(y * 5), 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
