package bookings_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

// A person's time is one resource: a user who is both therapist and coach
// is busy in both practices whenever a session of either (confirmed,
// waiting for their answer, or only held, with its buffers) takes the time.

// dualFixture is one person with a therapy and a coaching practice (Lagos,
// open 08:00-20:00, 50-minute sessions on the hour: testkit's Provider),
// plus a 30-minute coaching call with 30 minutes of buffer after and a
// therapy assessment that waits for the provider's confirmation.
type dualFixture struct {
	person                     *testkit.Session
	therapyID, coachID         string // the practices
	therapy, coach             string // 50-minute offerings
	coachShort, therapyRequest string
}

func dualProvider(t *testing.T, e *testkit.Env) dualFixture {
	t.Helper()
	var f dualFixture
	f.person = e.Register("dual@example.com", "dual")
	f.therapyID, f.therapy = e.Provider(f.person.UserID, practice.KindTherapist, 1_500_000)
	f.coachID, f.coach = e.Provider(f.person.UserID, practice.KindCoach, 1_000_000)
	f.coachShort = addOffering(t, e, f.person.UserID, practice.KindCoach, "Short call", 30, 30, false)
	f.therapyRequest = addOffering(t, e, f.person.UserID, practice.KindTherapist, "Assessment", 50, 0, true)
	return f
}

// addOffering adds an active video offering to userID's practice of kind.
func addOffering(t *testing.T, e *testkit.Env, userID, kind, title string, duration, bufferAfter int,
	confirm bool) string {
	t.Helper()
	format, capacity, free, fee, zero, adv := "video", 1, 24, 50, 0, 60
	off, err := e.App.Practice.CreateOffering(context.Background(), userID, kind, practice.OfferingInput{
		Title: &title, Format: &format, DurationMin: &duration, Price: &practice.Money{Amount: 800_000,
			Currency: "NGN"}, Capacity: &capacity, RequiresConfirmation: &confirm, FreeCancelHours: &free,
		LateCancelFeePct: &fee, MinNoticeMin: &zero, MaxAdvanceDays: &adv, BufferAfterMin: &bufferAfter})
	if err != nil {
		t.Fatalf("offering %s: %v", title, err)
	}
	return off.ID
}

// lagos is HH:MM on day (days after Monday 2 March 2026) in Lagos.
func lagos(day, hour, minute int) time.Time {
	return at(day, hour).Add(time.Duration(minute) * time.Minute)
}

// wantSlots checks which of the starts an offering lists on day.
func wantSlots(t *testing.T, e *testkit.Env, what, offeringID string, day int, want map[time.Time]bool) {
	t.Helper()
	got := slotStarts(t, e, offeringID, lagos(day, 12, 0).Format("2006-01-02"))
	for s, listed := range want {
		if got[s] != listed {
			t.Errorf("%s: %s listed=%v, want %v", what, s.Add(time.Hour).Format("15:04"), got[s], listed)
		}
	}
	if t.Failed() {
		t.FailNow()
	}
}

func TestIntegrationPersonTimeAcrossPractices(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		f := dualProvider(t, e)
		ada := e.Register("ada@example.com", "ada")
		bob := e.Register("bob@example.com", "bob")
		fund(t, e, ada.UserID, 20_000_000)

		// A confirmed therapy session 10:00-10:50 (cells to 11:00) takes the
		// coach's 10:00, and the short call's 09:30 (its buffer reaches
		// 10:30) and 10:30, but not 09:00 or 11:00.
		b := book(t, e, ada.AccessToken, f.therapy, lagos(3, 10, 0))
		wantSlots(t, e, "coaching", f.coach, 3, map[time.Time]bool{lagos(3, 9, 0): true, lagos(3, 10, 0): false,
			lagos(3, 11, 0): true})
		wantSlots(t, e, "short call", f.coachShort, 3, map[time.Time]bool{lagos(3, 9, 0): true,
			lagos(3, 9, 30): false, lagos(3, 10, 0): false, lagos(3, 10, 30): false, lagos(3, 11, 0): true})
		hold(e, bob.AccessToken, f.coach, lagos(3, 10, 0)).Expect(http.StatusConflict)
		hold(e, bob.AccessToken, f.coachShort, lagos(3, 9, 30)).Expect(http.StatusConflict)

		// A coaching hold takes the therapy time until it expires.
		h := decodeBooking(t, hold(e, bob.AccessToken, f.coach, lagos(3, 14, 0)).Expect(http.StatusCreated))
		wantSlots(t, e, "therapy while held", f.therapy, 3, map[time.Time]bool{lagos(3, 14, 0): false})
		travel(e, e.Clock.Now().Add(bookings.HoldTTL), ada, bob, f.person)
		if err := e.App.Bookings.Workers().ExpireHold.Work(ctx,
			&river.Job[bookings.ExpireHoldJob]{Args: bookings.ExpireHoldJob{BookingID: h.ID}}); err != nil {
			t.Fatal(err)
		}
		if got := get(t, e, bob.AccessToken, h.ID); got.Status != bookings.StatusExpired {
			t.Fatalf("hold after expiry: %s", got.Status)
		}
		wantSlots(t, e, "therapy after the coaching hold expired", f.therapy, 3,
			map[time.Time]bool{lagos(3, 14, 0): true})

		// A therapy request waiting for the provider's answer takes the
		// coach's time; declining it gives the time back.
		r := book(t, e, ada.AccessToken, f.therapyRequest, lagos(3, 16, 0))
		if r.Status != bookings.StatusPendingConfirmation {
			t.Fatalf("request %s", r.Status)
		}
		wantSlots(t, e, "coaching beside a request", f.coach, 3, map[time.Time]bool{lagos(3, 16, 0): false})
		e.Post("/api/v1/practice/appointments/"+r.ID+"/decline", f.person.AccessToken,
			map[string]any{"reason": "Not the right fit"}).Expect(http.StatusOK)
		wantSlots(t, e, "coaching after the decline", f.coach, 3, map[time.Time]bool{lagos(3, 16, 0): true})

		// Rescheduling the therapy session moves the coach's busy time with it.
		e.Post("/api/v1/bookings/"+b.ID+"/reschedule", ada.AccessToken,
			map[string]any{"start": lagos(3, 12, 0).Format(time.RFC3339)}).Expect(http.StatusOK)
		wantSlots(t, e, "coaching after the reschedule", f.coach, 3,
			map[time.Time]bool{lagos(3, 10, 0): true, lagos(3, 12, 0): false})
		hold(e, bob.AccessToken, f.coach, lagos(3, 12, 0)).Expect(http.StatusConflict)

		// Cancelling it frees the time for the coaching practice.
		e.Post("/api/v1/bookings/"+b.ID+"/cancel", ada.AccessToken, nil).Expect(http.StatusOK)
		wantSlots(t, e, "coaching after the cancellation", f.coach, 3, map[time.Time]bool{lagos(3, 12, 0): true})
		hold(e, bob.AccessToken, f.coach, lagos(3, 12, 0)).Expect(http.StatusCreated)
		verify(t, e)
	})
}

// The daily limit is the practice's: a therapy practice full for the day
// leaves the coaching practice open at other times. The next free slot of
// the other practice moves when a session of one takes it.
func TestIntegrationPersonTimeLimitsAndNextFree(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		f := dualProvider(t, e)
		ada := e.Register("ada@example.com", "ada")
		fund(t, e, ada.UserID, 20_000_000)
		week := map[string][]practice.Interval{}
		for _, d := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"} {
			week[d] = []practice.Interval{{Start: "08:00", End: "20:00"}}
		}
		if _, err := e.App.Practice.SaveSchedule(ctx, f.person.UserID, practice.KindTherapist,
			practice.ScheduleInput{Weekly: week, DailyLimit: 1}); err != nil {
			t.Fatal(err)
		}
		book(t, e, ada.AccessToken, f.therapy, lagos(4, 10, 0))
		if got := slotStarts(t, e, f.therapy, "2026-03-06"); len(got) != 0 {
			t.Fatalf("therapy past its daily limit lists %d slots", len(got))
		}
		wantSlots(t, e, "coaching beside a full therapy day", f.coach, 4,
			map[time.Time]bool{lagos(4, 9, 0): true, lagos(4, 10, 0): false, lagos(4, 11, 0): true})

		next := func(providerID string) *time.Time {
			var p struct {
				Data struct {
					Next *time.Time `json:"next_available_at"`
				} `json:"data"`
			}
			e.Get("/api/v1/providers/"+providerID, "").Expect(http.StatusOK).JSON(&p)
			return p.Data.Next
		}
		if err := e.App.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		n0 := next(f.coachID)
		if n0 == nil || !n0.Equal(lagos(0, 10, 0)) {
			t.Fatalf("coaching next free %v, want %v", n0, lagos(0, 10, 0))
		}
		hold(e, ada.AccessToken, f.therapy, *n0).Expect(http.StatusCreated)
		if n := next(f.coachID); n == nil || !n.Equal(lagos(0, 11, 0)) {
			t.Fatalf("after a therapy hold the coaching next free is %v, want %v", n, lagos(0, 11, 0))
		}
	})
}

// heldBy is one of a race's attempts: who, on which offering, the answer.
type heldBy struct {
	user     *testkit.Session
	offering string
	start    time.Time
	status   int
	id       string
}

// race fires every attempt at once and fills in the answers.
func race(e *testkit.Env, attempts []*heldBy) {
	var wg sync.WaitGroup
	gate := make(chan struct{})
	for _, a := range attempts {
		wg.Add(1)
		go func(a *heldBy) {
			defer wg.Done()
			<-gate
			r := hold(e, a.user.AccessToken, a.offering, a.start)
			a.status = r.Status
			var out struct {
				Data struct {
					ID string `json:"id"`
				} `json:"data"`
			}
			if json.Unmarshal(r.Body, &out) == nil {
				a.id = out.Data.ID
			}
		}(a)
	}
	close(gate)
	wg.Wait()
}

// 20 parallel holds, half on the therapy practice and half on the coaching
// practice of one person, at the same time or overlapping only through a
// buffer: the database lets exactly one through; giving it back lets the
// other practice have the time.
func TestIntegrationPersonTimeParallelHolds(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := dualProvider(t, e)
		e.App.Bookings.SetPrecheck(false) // the upserts alone decide
		ip := e.IP
		users := make([]*testkit.Session, 20)
		for i := range users {
			e.IP = fmt.Sprintf("198.51.77.%d", 1+i)
			users[i] = e.Register(fmt.Sprintf("split%d@example.com", i), fmt.Sprintf("split%d", i))
		}
		e.IP = ip
		for _, round := range []struct {
			name                   string
			therapyAt, coachAt     time.Time
			coachOffering          string
			therapyFree, coachFree time.Time
		}{
			{"same start", lagos(2, 10, 0), lagos(2, 10, 0), f.coach, lagos(2, 10, 0), lagos(2, 10, 0)},
			// 11:30-12:00 plus 30 minutes of buffer reaches the 12:00 therapy session.
			{"buffer overlap", lagos(2, 12, 0), lagos(2, 11, 30), f.coachShort, lagos(2, 12, 0), lagos(2, 11, 30)},
		} {
			attempts := make([]*heldBy, len(users))
			for i, u := range users {
				attempts[i] = &heldBy{user: u, offering: f.therapy, start: round.therapyAt}
				if i%2 == 1 {
					attempts[i].offering, attempts[i].start = round.coachOffering, round.coachAt
				}
			}
			race(e, attempts)
			var won *heldBy
			for _, a := range attempts {
				switch {
				case a.status == http.StatusCreated && won == nil:
					won = a
				case a.status == http.StatusCreated:
					t.Fatalf("%s: two holds won (%s and %s)", round.name, won.offering, a.offering)
				case a.status != http.StatusConflict:
					t.Fatalf("%s: hold answered %d", round.name, a.status)
				}
			}
			if won == nil {
				t.Fatalf("%s: no hold won", round.name)
			}
			// Neither practice lists the time while it is held.
			wantSlots(t, e, round.name+": therapy", f.therapy, 2, map[time.Time]bool{round.therapyFree: false})
			wantSlots(t, e, round.name+": coaching", round.coachOffering, 2,
				map[time.Time]bool{round.coachFree: false})
			// The winner lets go: a loser of the other practice gets the time.
			e.Post("/api/v1/bookings/"+won.id+"/cancel", won.user.AccessToken, nil).Expect(http.StatusOK)
			for _, a := range attempts {
				if a.offering != won.offering {
					hold(e, a.user.AccessToken, a.offering, a.start).Expect(http.StatusCreated)
					break
				}
			}
		}
	})
}
