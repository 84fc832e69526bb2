package bookings_test

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/testkit"
)

// concurrentHolds fires n hold attempts on one slot at once, from n users,
// and returns the statuses and the latencies.
func concurrentHolds(t *testing.T, e *testkit.Env, n int, offeringID string, start time.Time) ([]int, []time.Duration) {
	t.Helper()
	users := make([]*testkit.Session, n)
	ip := e.IP
	for i := range users {
		// Each from its own address: sign-ups per address are limited.
		e.IP = fmt.Sprintf("198.51.%d.%d", 100+n%50, 1+i)
		users[i] = e.Register(fmt.Sprintf("racer%d-%d@example.com", n, i), fmt.Sprintf("racer%d_%d", n, i))
	}
	e.IP = ip
	codes := make([]int, n)
	lat := make([]time.Duration, n)
	var wg sync.WaitGroup
	gate := make(chan struct{})
	for i := range users {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-gate
			t0 := time.Now()
			codes[i] = hold(e, users[i].AccessToken, offeringID, start).Status
			lat[i] = time.Since(t0)
		}(i)
	}
	close(gate)
	wg.Wait()
	return codes, lat
}

func count(codes []int, want int) int {
	n := 0
	for _, c := range codes {
		if c == want {
			n++
		}
	}
	return n
}

func TestIntegrationConcurrentHoldsExactlyOne(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "coachrace", offeringOpts{})
		// Without the read before the write: the database alone decides.
		e.App.Bookings.SetPrecheck(false)
		codes, _ := concurrentHolds(t, e, 20, f.offeringID, at(1, 10))
		if count(codes, http.StatusCreated) != 1 || count(codes, http.StatusConflict) != 19 {
			t.Fatalf("20 concurrent holds: %v", codes)
		}
		// The slot is gone for everyone, and so is every overlapping start
		// of another offering of the same provider (a provider is one person).
		if slotStarts(t, e, f.offeringID, "2026-03-03")[at(1, 10)] {
			t.Fatal("held slot still listed")
		}
		other := setup(t, e, "", offeringOpts{withProvider: &f, duration: 30, title: "Short call"})
		late := e.Register("late@example.com", "late")
		hold(e, late.AccessToken, other.offeringID, at(1, 10).Add(30*time.Minute)).Expect(http.StatusConflict)
		hold(e, late.AccessToken, other.offeringID, at(1, 11)).Expect(http.StatusCreated)
		// A start that is not a slot is 422.
		hold(e, late.AccessToken, f.offeringID, at(1, 10).Add(7*time.Minute)).Expect(http.StatusUnprocessableEntity)
		hold(e, late.AccessToken, f.offeringID, at(1, 20)).Expect(http.StatusUnprocessableEntity)
	})
}

// TestIntegrationHundredHoldsP99 is the figure the issue asks for: 100
// concurrent attempts on one slot, exactly one succeeds; it logs the p99
// of all answers (measured, not asserted).
func TestIntegrationHundredHoldsP99(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "coachhundred", offeringOpts{})
		codes, lat := concurrentHolds(t, e, 100, f.offeringID, at(2, 14))
		if count(codes, http.StatusCreated) != 1 || count(codes, http.StatusConflict) != 99 {
			t.Fatalf("100 concurrent holds: %v", codes)
		}
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		t.Logf("%s: 100 concurrent holds on one slot: 1 created, 99 conflict; p50 %v, p99 %v, max %v",
			e.Dialect, lat[49], lat[98], lat[99])
	})
}

func TestIntegrationGroupSessionCapacity(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "coachgroup", offeringOpts{capacity: 3, title: "Group workshop"})
		e.App.Bookings.SetPrecheck(false)
		codes, _ := concurrentHolds(t, e, 6, f.offeringID, at(1, 12))
		if count(codes, http.StatusCreated) != 3 || count(codes, http.StatusConflict) != 3 {
			t.Fatalf("6 holds of a 3-seat session: %v", codes)
		}
		if slotStarts(t, e, f.offeringID, "2026-03-03")[at(1, 12)] {
			t.Fatal("a full session is still listed")
		}
	})
}

func TestIntegrationHoldExpiresThroughItsJob(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "coachexpiry", offeringOpts{})
		ada := e.Register("ada@example.com", "ada")
		bob := e.Register("bob@example.com", "bob")
		h := decodeBooking(t, hold(e, ada.AccessToken, f.offeringID, at(1, 9)).Expect(http.StatusCreated))
		if h.Status != bookings.StatusHeld || h.HoldExpiresAt == nil || !h.HoldExpiresAt.Equal(testkit.Start.Add(10*time.Minute)) {
			t.Fatalf("hold %+v", h)
		}
		// The expiry job was committed with the hold, scheduled 10 minutes on.
		var scheduled time.Time
		if err := e.DB.NewSelect().Table("river_job").Column("scheduled_at").Where("kind = ?", "bookings.expire_hold").
			Scan(context.Background(), &scheduled); err != nil {
			t.Fatal(err)
		}
		if !scheduled.UTC().Equal(testkit.Start.Add(10 * time.Minute)) {
			t.Fatalf("expiry job scheduled at %v", scheduled)
		}
		hold(e, bob.AccessToken, f.offeringID, at(1, 9)).Expect(http.StatusConflict)
		job := &river.Job[bookings.ExpireHoldJob]{Args: bookings.ExpireHoldJob{BookingID: h.ID}}
		w := e.App.Bookings.Workers().ExpireHold
		// Early (9 minutes): the job changes nothing.
		e.Clock.Advance(9 * time.Minute)
		if err := w.Work(context.Background(), job); err != nil {
			t.Fatal(err)
		}
		if get(t, e, ada.AccessToken, h.ID).Status != bookings.StatusHeld {
			t.Fatal("expired early")
		}
		e.Clock.Advance(time.Minute)
		for i := 0; i < 2; i++ { // a second run does nothing more
			if err := w.Work(context.Background(), job); err != nil {
				t.Fatal(err)
			}
		}
		got := get(t, e, ada.AccessToken, h.ID)
		if got.Status != bookings.StatusExpired || len(got.Events) != 2 || got.Events[1].ActorRole != "system" {
			t.Fatalf("after expiry %+v", got)
		}
		// The slot is back for everyone; paying the expired hold is refused.
		if !slotStarts(t, e, f.offeringID, "2026-03-03")[at(1, 9)] {
			t.Fatal("slot not back after expiry")
		}
		fund(t, e, ada.UserID, 5_000_000)
		e.Post("/api/v1/bookings", ada.AccessToken, map[string]any{"hold_id": h.ID, "pay_with": "wallet"}).
			Expect(http.StatusConflict)
		hold(e, bob.AccessToken, f.offeringID, at(1, 9)).Expect(http.StatusCreated)
		verify(t, e)
	})
}

// The chore writes each listed provider's next free slot; a hold moves it
// at once.
func TestIntegrationNextAvailable(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "coachnext", offeringOpts{})
		next := func() *time.Time {
			var p struct {
				Data struct {
					Next *time.Time `json:"next_available_at"`
				} `json:"data"`
			}
			e.Get("/api/v1/providers/"+f.providerID, "").Expect(http.StatusOK).JSON(&p)
			return p.Data.Next
		}
		if err := e.App.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		// Monday 10:00 in Lagos, no notice needed: the 10:00 slot is next.
		if n := next(); n == nil || !n.Equal(at(0, 10)) {
			t.Fatalf("next available %v, want %v", n, at(0, 10))
		}
		ada := e.Register("ada@example.com", "ada")
		hold(e, ada.AccessToken, f.offeringID, at(0, 10)).Expect(http.StatusCreated)
		if n := next(); n == nil || !n.Equal(at(0, 11)) {
			t.Fatalf("after a hold: next available %v, want %v", n, at(0, 11))
		}
	})
}

// Over HTTP: a provider in Europe/London working 09:00-17:00, seen from
// Africa/Lagos across the spring change (29 March 2026): the first slot is
// 10:00 in Lagos before it and 09:00 after.
func TestIntegrationSlotsAcrossDaylightSaving(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "coachlondon", offeringOpts{timeZone: "Europe/London"})
		var res struct {
			Data struct {
				TimeZone string `json:"time_zone"`
				Slots    []struct {
					Start     time.Time `json:"start"`
					Date      string    `json:"date"`
					StartTime string    `json:"start_time"`
					Offset    string    `json:"utc_offset"`
				} `json:"slots"`
			} `json:"data"`
		}
		e.Get("/api/v1/offerings/"+f.offeringID+"/slots?from=2026-03-28&to=2026-03-30&tz=Africa/Lagos", "").
			Expect(http.StatusOK).JSON(&res)
		first := map[string]string{}
		for _, s := range res.Data.Slots {
			if _, ok := first[s.Date]; !ok {
				first[s.Date] = s.StartTime + s.Offset
			}
		}
		if res.Data.TimeZone != "Africa/Lagos" || first["2026-03-28"] != "10:00+01:00" ||
			first["2026-03-29"] != "09:00+01:00" || first["2026-03-30"] != "09:00+01:00" {
			t.Fatalf("first slots per day %v", first)
		}
		for _, bad := range []string{"from=2026-03-28&to=2026-03-30&tz=Mars/Base", "from=2026-03-01&to=2026-06-01",
			"from=2026-03-30&to=2026-03-28", "from=1999-12-31&to=2000-01-01", "from=x&to=y"} {
			e.Get("/api/v1/offerings/"+f.offeringID+"/slots?"+bad, "").Expect(http.StatusUnprocessableEntity)
		}
		e.Get("/api/v1/offerings/nope/slots?from=2026-03-28&to=2026-03-30", "").Expect(http.StatusNotFound)
	})
}

// Keyset paging of the user's bookings and of the provider's clients.
func TestIntegrationListsPageByKeyset(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "coachpages", offeringOpts{price: 100_000})
		var people []*testkit.Session
		for i, name := range []string{"ada", "bola", "chidi"} {
			s := e.Register(name+"@example.com", name)
			fund(t, e, s.UserID, 1_000_000)
			book(t, e, s.AccessToken, f.offeringID, at(1+i, 10))
			people = append(people, s)
		}
		for h := 11; h <= 13; h++ {
			book(t, e, people[0].AccessToken, f.offeringID, at(5, h))
		}
		type page struct {
			Data []struct {
				ID     string `json:"id"`
				Start  time.Time
				Person struct {
					ID string `json:"id"`
				} `json:"person"`
			} `json:"data"`
			Meta struct {
				Next *string `json:"next_cursor"`
			} `json:"meta"`
		}
		walk := func(path, token string) []string {
			var ids []string
			cursor := ""
			for i := 0; i < 10; i++ {
				var p page
				e.Get(path+cursor, token).Expect(http.StatusOK).JSON(&p)
				for _, d := range p.Data {
					ids = append(ids, d.ID+d.Person.ID)
				}
				if p.Meta.Next == nil {
					return ids
				}
				cursor = "&cursor=" + *p.Meta.Next
			}
			t.Fatal("paging does not end")
			return nil
		}
		if got := walk("/api/v1/bookings?status=upcoming&limit=2", people[0].AccessToken); len(got) != 4 {
			t.Fatalf("ada's upcoming bookings by pages of 2: %v", got)
		}
		clients := walk("/api/v1/practice/clients?limit=2", f.prov.AccessToken)
		if len(clients) != 3 {
			t.Fatalf("clients by pages of 2: %v", clients)
		}
		appts := walk("/api/v1/practice/appointments?status=upcoming&limit=4", f.prov.AccessToken)
		if len(appts) != 6 {
			t.Fatalf("appointments by pages of 4: %v", appts)
		}
		var found page
		e.Get("/api/v1/practice/clients?q=bola", f.prov.AccessToken).Expect(http.StatusOK).JSON(&found)
		if len(found.Data) != 1 || found.Data[0].Person.ID != people[1].UserID {
			t.Fatalf("clients named bola: %+v", found.Data)
		}
	})
}
