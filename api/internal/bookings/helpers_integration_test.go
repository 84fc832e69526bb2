package bookings_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

// fixture is a published provider with one offering.
type fixture struct {
	prov       *testkit.Session
	providerID string
	offeringID string
}

// offeringOpts tunes the offering a fixture creates.
type offeringOpts struct {
	price        int64
	duration     int
	capacity     int
	confirm      bool
	freeHours    int
	feePct       int
	bufferAfter  int
	intake       []practice.IntakeQuestion
	title        string
	dailyLimit   int
	weeklyLimit  int
	timeZone     string   // the provider's; default Africa/Lagos
	withProvider *fixture // add the offering to this provider instead of making one
}

// setup registers a coach in Africa/Lagos working 09:00-17:00 every day,
// with one offering, published.
func setup(t *testing.T, e *testkit.Env, name string, o offeringOpts) fixture {
	t.Helper()
	ctx := context.Background()
	ps := e.App.Practice
	if o.price == 0 {
		o.price = 2_000_000
	}
	if o.duration == 0 {
		o.duration = 60
	}
	if o.capacity == 0 {
		o.capacity = 1
	}
	if o.timeZone == "" {
		o.timeZone = "Africa/Lagos"
	}
	if o.title == "" {
		o.title = "Coaching session"
	}
	var f fixture
	if o.withProvider != nil {
		f = *o.withProvider
	} else {
		f.prov = e.Register(name+"@example.com", name)
		e.GrantRole(f.prov.UserID, "coach")
		p, err := ps.SaveProfile(ctx, f.prov.UserID, "coach", practice.ProfileInput{Headline: "Career coaching for " +
			"people changing direction", Bio: "Ten years of helping people find their next step.",
			Specialties: []string{"Careers"}, Languages: []string{"English"}, City: "Lagos", Country: "NG",
			TimeZone: o.timeZone, Formats: []practice.FormatInput{{Kind: "video"}}})
		if err != nil {
			t.Fatalf("profile: %v", err)
		}
		f.providerID = p.ID
		day := []practice.Interval{{Start: "09:00", End: "17:00"}}
		week := map[string][]practice.Interval{}
		for _, d := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"} {
			week[d] = day
		}
		if _, err := ps.SaveSchedule(ctx, f.prov.UserID, "coach", practice.ScheduleInput{Weekly: week,
			DailyLimit: o.dailyLimit, WeeklyLimit: o.weeklyLimit}); err != nil {
			t.Fatalf("schedule: %v", err)
		}
	}
	format, maxAdv, zero := "video", 60, 0
	in := practice.OfferingInput{Title: &o.title, Format: &format, DurationMin: &o.duration,
		Price: &practice.Money{Amount: o.price, Currency: "NGN"}, Capacity: &o.capacity,
		RequiresConfirmation: &o.confirm, FreeCancelHours: &o.freeHours, LateCancelFeePct: &o.feePct,
		BufferAfterMin: &o.bufferAfter, MinNoticeMin: &zero, MaxAdvanceDays: &maxAdv}
	if o.intake != nil {
		in.IntakeQuestions = &o.intake
	}
	off, err := ps.CreateOffering(ctx, f.prov.UserID, "coach", in)
	if err != nil {
		t.Fatalf("offering: %v", err)
	}
	f.offeringID = off.ID
	if o.withProvider == nil {
		if _, err := ps.Publish(ctx, f.prov.UserID, "coach"); err != nil {
			t.Fatalf("publish: %v", err)
		}
	}
	return f
}

// at is day days after the fake clock's Monday 2 March 2026, at hour
// o'clock in Lagos (UTC+1).
func at(day, hour int) time.Time {
	return time.Date(2026, 3, 2+day, hour-1, 0, 0, 0, time.UTC)
}

func fund(t *testing.T, e *testkit.Env, userID string, amount int64) {
	t.Helper()
	ref := "PSK-" + ids.New()
	if _, err := e.App.Money.CreditTopUp(context.Background(), nil, money.TopUp{Key: "seed:" + ref, UserID: userID,
		Amount: amount, Reference: ref}); err != nil {
		t.Fatalf("fund: %v", err)
	}
}

func verify(t *testing.T, e *testkit.Env) {
	t.Helper()
	r, err := e.App.Money.Verify(context.Background())
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	if !r.Clean() {
		t.Fatalf("ledger verify: %+v", r)
	}
}

func wallet(t *testing.T, e *testkit.Env, userID string) money.Wallet {
	t.Helper()
	w, err := e.App.Money.Wallet(context.Background(), userID, "NGN")
	if err != nil || w == nil {
		t.Fatalf("wallet %v %v", w, err)
	}
	return *w
}

func escrow(t *testing.T, e *testkit.Env, bookingID string) int64 {
	t.Helper()
	n, err := e.App.Money.EscrowBalance(context.Background(), nil, money.Ref{Type: money.RefBooking, ID: bookingID}, "NGN")
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// booking is the parts of a booking answer the tests read.
type booking struct {
	ID              string                                       `json:"id"`
	Status          string                                       `json:"status"`
	Start           time.Time                                    `json:"start"`
	Paid            int64                                        `json:"paid_amount"`
	Refunded        int64                                        `json:"refunded_amount"`
	FeeKept         int64                                        `json:"fee_kept"`
	HoldExpiresAt   *time.Time                                   `json:"hold_expires_at"`
	ReviewUntil     *time.Time                                   `json:"review_until"`
	IntakeAnswers   map[string]string                            `json:"intake_answers"`
	Events          []struct{ From, To, Note, ActorRole string } `json:"-"`
	PaymentRef      string
	AuthorizeURL    string
	RawPaymentBlock json.RawMessage
}

func decodeBooking(t *testing.T, r *testkit.Resp) booking {
	t.Helper()
	var out struct {
		Data json.RawMessage `json:"data"`
	}
	r.JSON(&out)
	var b booking
	if err := json.Unmarshal(out.Data, &b); err != nil {
		t.Fatal(err)
	}
	var ev struct {
		Events []struct {
			From      string `json:"from"`
			To        string `json:"to"`
			Note      string `json:"note"`
			ActorRole string `json:"actor_role"`
		} `json:"events"`
	}
	_ = json.Unmarshal(out.Data, &ev)
	for _, x := range ev.Events {
		b.Events = append(b.Events, struct{ From, To, Note, ActorRole string }{x.From, x.To, x.Note, x.ActorRole})
	}
	return b
}

func hold(e *testkit.Env, token, offeringID string, start time.Time) *testkit.Resp {
	e.T.Helper()
	return e.Post("/api/v1/bookings/holds", token, map[string]any{"offering_id": offeringID,
		"start": start.Format(time.RFC3339)})
}

// book holds a slot and pays it from the wallet.
func book(t *testing.T, e *testkit.Env, token, offeringID string, start time.Time) booking {
	t.Helper()
	h := decodeBooking(t, hold(e, token, offeringID, start).Expect(http.StatusCreated))
	var res struct {
		Data struct {
			Booking json.RawMessage `json:"booking"`
		} `json:"data"`
	}
	e.Post("/api/v1/bookings", token, map[string]any{"hold_id": h.ID, "pay_with": "wallet"}).
		Expect(http.StatusCreated).JSON(&res)
	var b booking
	if err := json.Unmarshal(res.Data.Booking, &b); err != nil {
		t.Fatal(err)
	}
	return b
}

// slotStarts lists the offering's free starts on a date (viewer in Lagos).
func slotStarts(t *testing.T, e *testkit.Env, offeringID, date string) map[time.Time]bool {
	t.Helper()
	var res struct {
		Data struct {
			Slots []struct {
				Start     time.Time `json:"start"`
				StartTime string    `json:"start_time"`
			} `json:"slots"`
		} `json:"data"`
	}
	e.Get("/api/v1/offerings/"+offeringID+"/slots?from="+date+"&to="+date+"&tz=Africa/Lagos", "").
		Expect(http.StatusOK).JSON(&res)
	out := map[time.Time]bool{}
	for _, s := range res.Data.Slots {
		out[s.Start.UTC()] = true
		if s.Start.In(time.FixedZone("WAT", 3600)).Format("15:04") != s.StartTime {
			t.Fatalf("label %s for %s", s.StartTime, s.Start)
		}
	}
	return out
}

func get(t *testing.T, e *testkit.Env, token, id string) booking {
	t.Helper()
	return decodeBooking(t, e.Get("/api/v1/bookings/"+id, token).Expect(http.StatusOK))
}

// travel sets the fake clock and signs the sessions in again (access
// tokens last 15 minutes of the clock).
func travel(e *testkit.Env, to time.Time, ss ...*testkit.Session) {
	e.T.Helper()
	e.Clock.Set(to)
	for _, s := range ss {
		fresh := e.Login(s.Email, s.Password)
		s.AccessToken, s.RefreshToken = fresh.AccessToken, fresh.RefreshToken
	}
}
