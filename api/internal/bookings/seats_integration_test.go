package bookings_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

// departuresOf makes the fixture's offering a shared tour: capacity seats
// priced per person, fixed departures at 09:00 every day (Lagos), a
// cut-off of cutoff hours and a minimum group of min.
func departuresOf(t *testing.T, e *testkit.Env, f fixture, capacity, cutoff, min int, extra func(*practice.OfferingInput)) {
	t.Helper()
	week := map[string][]string{}
	for _, d := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"} {
		week[d] = []string{"09:00"}
	}
	pricing, dur := practice.PricingPerPerson, 180
	in := practice.OfferingInput{Capacity: &capacity, Pricing: &pricing, DurationMin: &dur, CutoffHours: &cutoff,
		MinParticipants: &min, Departures: &practice.Departures{Weekly: week}}
	if extra != nil {
		extra(&in)
	}
	if _, err := e.App.Practice.UpdateOffering(context.Background(), f.prov.UserID, f.offeringID, in); err != nil {
		t.Fatalf("departures: %v", err)
	}
}

func holdSeats(e *testkit.Env, token, offeringID string, start time.Time, seats int, names ...string) *testkit.Resp {
	e.T.Helper()
	return e.Post("/api/v1/bookings/holds", token, map[string]any{"offering_id": offeringID,
		"start": start.Format(time.RFC3339), "seats": seats, "attendees": names})
}

func payWallet(t *testing.T, e *testkit.Env, token, holdID string) booking {
	t.Helper()
	var res struct {
		Data struct {
			Booking json.RawMessage `json:"booking"`
		} `json:"data"`
	}
	e.Post("/api/v1/bookings", token, map[string]any{"hold_id": holdID, "pay_with": "wallet"}).
		Expect(http.StatusCreated).JSON(&res)
	var b booking
	if err := json.Unmarshal(res.Data.Booking, &b); err != nil {
		t.Fatal(err)
	}
	return b
}

type session struct {
	Start     time.Time `json:"start"`
	Capacity  int       `json:"capacity"`
	SeatsSold int       `json:"seats_sold"`
	SeatsHeld int       `json:"seats_held"`
	SeatsLeft int       `json:"seats_left"`
	Bookings  []struct {
		Seats     int      `json:"seats"`
		Attendees []string `json:"attendees"`
		Status    string   `json:"status"`
	} `json:"bookings"`
}

func sessions(t *testing.T, e *testkit.Env, token string) []session {
	t.Helper()
	var res struct {
		Data []session `json:"data"`
	}
	e.Get("/api/v1/practice/sessions?from=2026-03-01&to=2026-03-31", token).Expect(http.StatusOK).JSON(&res)
	return res.Data
}

// Fifty travellers race for the last three seats of a departure: exactly
// three seats are sold, by the database's conditional upsert alone.
func TestIntegrationFiftyTravellersThreeSeats(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "guiderace", offeringOpts{price: 1_500_000, title: "Lagos Island walk"})
		departuresOf(t, e, f, 10, 0, 0, nil)
		start := at(2, 9)
		if !slotStarts(t, e, f.offeringID, "2026-03-04")[start] {
			t.Fatal("the 09:00 departure is not listed")
		}
		group := e.Register("group@example.com", "group")
		fund(t, e, group.UserID, 7*1_500_000)
		h := decodeBooking(t, holdSeats(e, group.AccessToken, f.offeringID, start, 7, "Ada", "Bola", "Chidi", "Dayo",
			"Efe", "Funmi", "Gbenga").Expect(http.StatusCreated))
		b := payWallet(t, e, group.AccessToken, h.ID)
		if b.Status != bookings.StatusConfirmed || b.Paid != 7*1_500_000 {
			t.Fatalf("group booking %+v", b)
		}
		// More seats than are left, or more names than seats: refused.
		late := e.Register("late@example.com", "late")
		holdSeats(e, late.AccessToken, f.offeringID, start, 4).Expect(http.StatusConflict)
		holdSeats(e, late.AccessToken, f.offeringID, start, 1, "A", "B").Expect(http.StatusUnprocessableEntity)
		holdSeats(e, late.AccessToken, f.offeringID, start, 11).Expect(http.StatusUnprocessableEntity)

		e.App.Bookings.SetPrecheck(false)
		codes, _ := concurrentHolds(t, e, 50, f.offeringID, start)
		if count(codes, http.StatusCreated) != 3 || count(codes, http.StatusConflict) != 47 {
			t.Fatalf("50 travellers for 3 seats: %v", codes)
		}
		ss := sessions(t, e, f.prov.AccessToken)
		if len(ss) != 1 || ss[0].SeatsSold != 7 || ss[0].SeatsHeld != 3 || ss[0].SeatsLeft != 0 || len(ss[0].Bookings) != 4 {
			t.Fatalf("sessions %+v", ss)
		}
		if slotStarts(t, e, f.offeringID, "2026-03-04")[start] {
			t.Fatal("a sold-out departure is still listed")
		}
		var cells []struct {
			Used int `bun:"used"`
		}
		if err := e.DB.NewSelect().Table("slot_cells").Column("used").Where("session_key = ?",
			bookings.SessionKey(f.offeringID, start)).Scan(context.Background(), &cells); err != nil {
			t.Fatal(err)
		}
		for _, c := range cells {
			if c.Used != 10 {
				t.Fatalf("cell used %d, want 10", c.Used)
			}
		}
		verify(t, e)
	})
}

// A departure short of its minimum group at the cut-off is cancelled by
// its job and everyone refunded in full; a departure that reached it runs.
func TestIntegrationMinimumGroupCancelsAndRefunds(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "guidemin", offeringOpts{price: 1_000_000, title: "Lekki food tour"})
		departuresOf(t, e, f, 8, 24, 4, nil)
		short, full := at(3, 9), at(4, 9)
		a := e.Register("ama@example.com", "ama")
		k := e.Register("kofi@example.com", "kofi")
		h := e.Register("hana@example.com", "hana")
		for _, u := range []*testkit.Session{a, k, h} {
			fund(t, e, u.UserID, 10_000_000)
		}
		// The cut-off (24 h) hides and refuses a departure too soon.
		holdSeats(e, a.AccessToken, f.offeringID, at(0, 9).Add(24*time.Hour), 1).Expect(http.StatusUnprocessableEntity)
		ba := payWallet(t, e, a.AccessToken, decodeBooking(t, holdSeats(e, a.AccessToken, f.offeringID, short, 1, "Ama").
			Expect(http.StatusCreated)).ID)
		bk := payWallet(t, e, k.AccessToken, decodeBooking(t, holdSeats(e, k.AccessToken, f.offeringID, short, 2, "Kofi",
			"Esi").Expect(http.StatusCreated)).ID)
		hh := decodeBooking(t, holdSeats(e, h.AccessToken, f.offeringID, short, 1, "Hana").Expect(http.StatusCreated))
		// The other departure reaches four.
		bf := payWallet(t, e, h.AccessToken, decodeBooking(t, holdSeats(e, h.AccessToken, f.offeringID, full, 4).
			Expect(http.StatusCreated)).ID)
		// One job per departure, at its cut-off, however many holds.
		var jobs []struct {
			ScheduledAt time.Time `bun:"scheduled_at"`
		}
		if err := e.DB.NewSelect().Table("river_job").Column("scheduled_at").Where("kind = ?", "bookings.min_group").
			Order("scheduled_at").Scan(context.Background(), &jobs); err != nil {
			t.Fatal(err)
		}
		if len(jobs) != 2 || !jobs[0].ScheduledAt.UTC().Equal(short.Add(-24*time.Hour)) ||
			!jobs[1].ScheduledAt.UTC().Equal(full.Add(-24*time.Hour)) {
			t.Fatalf("min-group jobs %+v", jobs)
		}
		if ba.Paid != 1_000_000 || bk.Paid != 2_000_000 {
			t.Fatalf("per-person prices %d %d", ba.Paid, bk.Paid)
		}
		w := e.App.Bookings.Workers().MinGroup
		run := func(start time.Time) {
			t.Helper()
			job := &river.Job[bookings.MinGroupJob]{Args: bookings.MinGroupJob{SessionKey: bookings.SessionKey(f.offeringID,
				start), At: start.Add(-24 * time.Hour).Unix()}}
			if err := w.Work(context.Background(), job); err != nil {
				t.Fatal(err)
			}
		}
		// Early: nothing happens.
		travel(e, short.Add(-25*time.Hour), a, k, h)
		run(short)
		if got := get(t, e, a.AccessToken, ba.ID); got.Status != bookings.StatusConfirmed {
			t.Fatalf("cancelled early: %+v", got)
		}
		travel(e, short.Add(-24*time.Hour), a, k, h)
		for i := 0; i < 2; i++ { // a second run changes nothing
			run(short)
		}
		for _, x := range []struct {
			s    *testkit.Session
			id   string
			want string
			paid int64
		}{{a, ba.ID, bookings.StatusCancelledByProvider, 1_000_000}, {k, bk.ID, bookings.StatusCancelledByProvider, 2_000_000},
			{h, hh.ID, bookings.StatusExpired, 0}} {
			got := get(t, e, x.s.AccessToken, x.id)
			if got.Status != x.want || got.Refunded != x.paid {
				t.Fatalf("after the cut-off %+v, want %s refunded %d", got, x.want, x.paid)
			}
		}
		if w := wallet(t, e, a.UserID); w.Balance != 10_000_000 {
			t.Fatalf("ama's wallet %d after the refund", w.Balance)
		}
		if w := wallet(t, e, k.UserID); w.Balance != 10_000_000 {
			t.Fatalf("kofi's wallet %d after the refund", w.Balance)
		}
		travel(e, full.Add(-24*time.Hour), a, k, h)
		run(full)
		if got := get(t, e, h.AccessToken, bf.ID); got.Status != bookings.StatusConfirmed {
			t.Fatalf("a full departure was cancelled: %+v", got)
		}
		verify(t, e)
	})
}

// Request-to-book on a departure: the guide does not answer within 24
// hours, the request is declined and refunded, and its seats come back.
func TestIntegrationDepartureRequestTimesOut(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "guidereq", offeringOpts{price: 800_000, confirm: true, title: "Sunrise canoe trip"})
		departuresOf(t, e, f, 6, 0, 0, nil)
		u := e.Register("tolu@example.com", "tolu")
		fund(t, e, u.UserID, 5_000_000)
		start := at(5, 9)
		b := payWallet(t, e, u.AccessToken, decodeBooking(t, holdSeats(e, u.AccessToken, f.offeringID, start, 3, "Tolu",
			"Kemi", "Seun").Expect(http.StatusCreated)).ID)
		if b.Status != bookings.StatusPendingConfirmation || b.Paid != 2_400_000 {
			t.Fatalf("request %+v", b)
		}
		travel(e, testkit.Start.Add(24*time.Hour), u)
		if err := e.App.Bookings.Workers().ConfirmTimeout.Work(context.Background(),
			&river.Job[bookings.ConfirmTimeoutJob]{Args: bookings.ConfirmTimeoutJob{BookingID: b.ID}}); err != nil {
			t.Fatal(err)
		}
		got := get(t, e, u.AccessToken, b.ID)
		if got.Status != bookings.StatusDeclined || got.Refunded != 2_400_000 {
			t.Fatalf("after the timeout %+v", got)
		}
		if w := wallet(t, e, u.UserID); w.Balance != 5_000_000 {
			t.Fatalf("wallet %d", w.Balance)
		}
		holdSeats(e, u.AccessToken, f.offeringID, start, 6).Expect(http.StatusCreated)
		verify(t, e)
	})
}

// A private departure is one booking, whatever its size; a multi-day tour
// takes the guide's days, so their other sessions on those days go.
func TestIntegrationPrivateAndMultiDayDepartures(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "guidepriv", offeringOpts{price: 5_000_000, title: "Private Badagry day"})
		departuresOf(t, e, f, 6, 0, 0, func(in *practice.OfferingInput) {
			yes, group := true, practice.PricingPerGroup
			in.Exclusive, in.Pricing = &yes, &group
		})
		u := e.Register("ngozi@example.com", "ngozi")
		v := e.Register("obi@example.com", "obi")
		fund(t, e, u.UserID, 10_000_000)
		start := at(1, 9)
		b := payWallet(t, e, u.AccessToken, decodeBooking(t, holdSeats(e, u.AccessToken, f.offeringID, start, 2).
			Expect(http.StatusCreated)).ID)
		if b.Paid != 5_000_000 {
			t.Fatalf("group price %d", b.Paid)
		}
		holdSeats(e, v.AccessToken, f.offeringID, start, 1).Expect(http.StatusConflict)
		// Three days, departing Fridays at 08:00.
		multi := setup(t, e, "", offeringOpts{withProvider: &f, title: "Three days in the Niger Delta"})
		days := 3 * 24 * 60
		if _, err := e.App.Practice.UpdateOffering(context.Background(), f.prov.UserID, multi.offeringID,
			practice.OfferingInput{DurationMin: &days, Departures: &practice.Departures{Weekly: map[string][]string{
				"friday": {"08:00"}}}}); err != nil {
			t.Fatal(err)
		}
		long := 300 * 24 * 60
		if _, err := e.App.Practice.UpdateOffering(context.Background(), f.prov.UserID, multi.offeringID,
			practice.OfferingInput{DurationMin: &long}); err == nil {
			t.Fatal("a 300-day offering was accepted")
		}
		fund(t, e, v.UserID, 10_000_000)
		friday := at(4, 8)
		payWallet(t, e, v.AccessToken, decodeBooking(t, holdSeats(e, v.AccessToken, multi.offeringID, friday, 1).
			Expect(http.StatusCreated)).ID)
		// Saturday's 09:00 departure of the other tour falls inside the trip.
		if slotStarts(t, e, f.offeringID, "2026-03-07")[at(5, 9)] {
			t.Fatal("the guide's Saturday is still bookable during a three-day trip")
		}
		holdSeats(e, u.AccessToken, f.offeringID, at(5, 9), 1).Expect(http.StatusConflict)
		if !slotStarts(t, e, f.offeringID, "2026-03-09")[at(7, 9)] {
			t.Fatal("Monday after the trip is not bookable")
		}
		verify(t, e)
	})
}
