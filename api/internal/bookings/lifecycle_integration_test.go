package bookings_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

func workers(e *testkit.Env) bookings.Workers { return e.App.Bookings.Workers() }

func complete(t *testing.T, e *testkit.Env, id string, start time.Time) {
	t.Helper()
	if err := workers(e).Complete.Work(context.Background(), &river.Job[bookings.CompleteJob]{
		Args: bookings.CompleteJob{BookingID: id, Start: start.Unix()}}); err != nil {
		t.Fatal(err)
	}
}

func TestIntegrationPaidBookingToEarnings(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		q := []practice.IntakeQuestion{{ID: "goal", Label: "What would you like to work on?", Required: true, Kind: "text"},
			{ID: "format", Label: "Camera on?", Kind: "choice", Choices: []string{"yes", "no"}}}
		f := setup(t, e, "coachlife", offeringOpts{price: 2_000_000, freeHours: 24, intake: q})
		ada := e.Register("ada@example.com", "ada")
		fund(t, e, ada.UserID, 5_000_000)
		start := at(2, 10)
		if !slotStarts(t, e, f.offeringID, "2026-03-04")[start] {
			t.Fatal("slot missing")
		}
		h := decodeBooking(t, hold(e, ada.AccessToken, f.offeringID, start).Expect(http.StatusCreated))
		// Intake answers are checked; the required one is required.
		res := e.Post("/api/v1/bookings", ada.AccessToken, map[string]any{"hold_id": h.ID, "pay_with": "wallet",
			"intake_answers": map[string]string{"format": "maybe"}}).Expect(http.StatusUnprocessableEntity)
		if !strings.Contains(string(res.Body), "intake_answers.goal") || !strings.Contains(string(res.Body), "intake_answers.format") {
			t.Fatalf("intake errors %s", res.Body)
		}
		body := map[string]any{"hold_id": h.ID, "pay_with": "wallet", "note": "First time",
			"intake_answers": map[string]string{"goal": "A new job", "format": "yes"}}
		key := map[string]string{"Idempotency-Key": "book-" + h.ID}
		first := e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/bookings", Token: ada.AccessToken, Body: body,
			Header: key}).Expect(http.StatusCreated)
		again := e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/bookings", Token: ada.AccessToken, Body: body,
			Header: key}).Expect(http.StatusCreated)
		if string(first.Body) != string(again.Body) {
			t.Fatal("the replay differs")
		}
		b := get(t, e, ada.AccessToken, h.ID)
		if b.Status != bookings.StatusConfirmed || b.Paid != 2_000_000 || b.IntakeAnswers["goal"] != "A new job" {
			t.Fatalf("booked %+v", b)
		}
		if w := wallet(t, e, ada.UserID); w.Balance != 3_000_000 {
			t.Fatalf("wallet %d after paying once", w.Balance)
		}
		if escrow(t, e, b.ID) != 2_000_000 {
			t.Fatal("escrow not funded")
		}
		verify(t, e)

		// The provider sees it, and the client with the intake answers.
		var list struct {
			Data []struct {
				ID string `json:"id"`
			} `json:"data"`
		}
		e.Get("/api/v1/practice/appointments?status=upcoming", f.prov.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 1 || list.Data[0].ID != b.ID {
			t.Fatalf("appointments %+v", list)
		}
		cl := e.Get("/api/v1/practice/clients/"+ada.UserID, f.prov.AccessToken).Expect(http.StatusOK)
		if !strings.Contains(string(cl.Body), "A new job") {
			t.Fatalf("client %s", cl.Body)
		}
		e.Get("/api/v1/practice/clients", f.prov.AccessToken).Expect(http.StatusOK)
		if ok, err := e.App.Bookings.HasClient(ctx, f.providerID, ada.UserID); err != nil || !ok {
			t.Fatal("HasClient")
		}
		e.Get("/api/v1/bookings?status=upcoming", ada.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 1 {
			t.Fatalf("user's upcoming %+v", list)
		}

		// Reminders 24 h and 1 h before: a notification, and its email.
		travel(e, start.Add(-24*time.Hour), ada, f.prov)
		if err := workers(e).Reminder.Work(ctx, &river.Job[bookings.ReminderJob]{Args: bookings.ReminderJob{
			BookingID: b.ID, Start: start.Unix(), Hours: 24}}); err != nil {
			t.Fatal(err)
		}
		if err := e.App.Notifications.DeliverPending(ctx); err != nil {
			t.Fatal(err)
		}
		var reminders int
		if err := e.DB.NewRaw(`SELECT count(*) FROM notifications WHERE user_id = ? AND type = 'booking.reminder'`,
			ada.UserID).Scan(ctx, &reminders); err != nil || reminders != 1 {
			t.Fatalf("reminder notifications %d %v", reminders, err)
		}
		var confirmed int
		if err := e.DB.NewRaw(`SELECT count(*) FROM notifications WHERE user_id = ? AND type = 'booking.confirmed'
			AND subject_id = ?`, ada.UserID, b.ID).Scan(ctx, &confirmed); err != nil || confirmed != 1 {
			t.Fatalf("confirmed notifications %d %v", confirmed, err)
		}
		if m := e.Mail("ada@example.com"); !strings.Contains(m.Subject, "Reminder: Coaching session in 24 hours") {
			t.Fatalf("reminder %+v", m)
		}

		// Early completion does nothing; after the end it completes and
		// releases the escrow minus the fee into pending earnings.
		complete(t, e, b.ID, start)
		if get(t, e, ada.AccessToken, b.ID).Status != bookings.StatusConfirmed {
			t.Fatal("completed early")
		}
		travel(e, start.Add(61*time.Minute), ada, f.prov)
		complete(t, e, b.ID, start)
		complete(t, e, b.ID, start)
		done := get(t, e, ada.AccessToken, b.ID)
		if done.Status != bookings.StatusCompleted || done.ReviewUntil == nil ||
			!done.ReviewUntil.Equal(start.Add(61*time.Minute).Add(14*24*time.Hour)) {
			t.Fatalf("completed %+v", done)
		}
		if escrow(t, e, b.ID) != 0 {
			t.Fatal("escrow not released")
		}
		fee := int64(2_000_000) * int64(e.App.Money.FeeBPS()) / 10000
		pw := wallet(t, e, f.prov.UserID)
		if pw.Pending != 2_000_000-fee || pw.NextAvailableAt == nil ||
			!pw.NextAvailableAt.Equal(e.Clock.Now().Add(e.App.Money.RefundWindow())) {
			t.Fatalf("provider earnings %+v (fee %d)", pw, fee)
		}
		bk, err := e.App.Bookings.Booking(ctx, b.ID)
		if err != nil || bk.CompletedAt == nil || bk.UserID != ada.UserID {
			t.Fatalf("Booking() %+v %v", bk, err)
		}
		var dash struct {
			Data struct {
				MonthEarnings struct{ Amount int64 } `json:"month_earnings"`
				Clients       int                    `json:"clients"`
			} `json:"data"`
		}
		e.Get("/api/v1/practice/dashboard", f.prov.AccessToken).Expect(http.StatusOK).JSON(&dash)
		if dash.Data.MonthEarnings.Amount != 2_000_000-fee || dash.Data.Clients != 1 {
			t.Fatalf("dashboard %+v", dash.Data)
		}
		e.Get("/api/v1/bookings?status=past", ada.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 1 {
			t.Fatalf("past %+v", list)
		}
		verify(t, e)
	})
}

func TestIntegrationCancellationsAndRefunds(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "coachcancel", offeringOpts{price: 1_000_000, freeHours: 24, feePct: 50})
		ada := e.Register("ada@example.com", "ada")
		fund(t, e, ada.UserID, 10_000_000)

		// Inside the free window: everything back, the slot free again.
		free := book(t, e, ada.AccessToken, f.offeringID, at(3, 10))
		c := decodeBooking(t, e.Post("/api/v1/bookings/"+free.ID+"/cancel", ada.AccessToken,
			map[string]any{"reason": "Plans changed"}).Expect(http.StatusOK))
		if c.Status != bookings.StatusCancelledByUser || c.Refunded != 1_000_000 || c.FeeKept != 0 {
			t.Fatalf("free cancel %+v", c)
		}
		if !slotStarts(t, e, f.offeringID, "2026-03-05")[at(3, 10)] {
			t.Fatal("slot not freed")
		}
		e.Post("/api/v1/bookings/"+free.ID+"/cancel", ada.AccessToken, nil).Expect(http.StatusConflict)
		verify(t, e)

		// Outside it: half kept and paid to the provider, half back.
		late := book(t, e, ada.AccessToken, f.offeringID, at(1, 15))
		travel(e, at(1, 15).Add(-2*time.Hour), ada, f.prov)
		c = decodeBooking(t, e.Post("/api/v1/bookings/"+late.ID+"/cancel", ada.AccessToken, nil).Expect(http.StatusOK))
		if c.Refunded != 500_000 || c.FeeKept != 500_000 || escrow(t, e, late.ID) != 0 {
			t.Fatalf("late cancel %+v", c)
		}
		if w := wallet(t, e, ada.UserID); w.Balance != 10_000_000-500_000 {
			t.Fatalf("wallet %d", w.Balance)
		}
		fee := int64(500_000) * int64(e.App.Money.FeeBPS()) / 10000
		if pw := wallet(t, e, f.prov.UserID); pw.Pending != 500_000-fee {
			t.Fatalf("provider pending %d", pw.Pending)
		}
		verify(t, e)

		// The provider cancels: a full refund, counted against them.
		pc := book(t, e, ada.AccessToken, f.offeringID, at(4, 11))
		res := decodeBooking(t, e.Post("/api/v1/practice/appointments/"+pc.ID+"/cancel", f.prov.AccessToken,
			map[string]any{"reason": "Unwell"}).Expect(http.StatusOK))
		if res.Status != bookings.StatusCancelledByProvider || res.Refunded != 1_000_000 {
			t.Fatalf("provider cancel %+v", res)
		}
		var dash struct {
			Data struct {
				Cancellations int `json:"provider_cancellations"`
			} `json:"data"`
		}
		e.Get("/api/v1/practice/dashboard", f.prov.AccessToken).Expect(http.StatusOK).JSON(&dash)
		if dash.Data.Cancellations != 1 {
			t.Fatalf("cancellations %d", dash.Data.Cancellations)
		}
		var list struct {
			Data []json.RawMessage `json:"data"`
		}
		e.Get("/api/v1/bookings?status=cancelled", ada.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 3 {
			t.Fatalf("cancelled list %d", len(list.Data))
		}
		verify(t, e)
	})
}

func TestIntegrationRequestsDeclinedAndTimedOut(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		f := setup(t, e, "coachconfirm", offeringOpts{price: 1_500_000, confirm: true, freeHours: 24})
		ada := e.Register("ada@example.com", "ada")
		fund(t, e, ada.UserID, 10_000_000)

		// No answer in 24 hours: declined and refunded by the job.
		b := book(t, e, ada.AccessToken, f.offeringID, at(5, 10))
		if b.Status != bookings.StatusPendingConfirmation {
			t.Fatalf("status %s", b.Status)
		}
		var reqs struct {
			Data []json.RawMessage `json:"data"`
		}
		e.Get("/api/v1/practice/appointments?status=requests", f.prov.AccessToken).Expect(http.StatusOK).JSON(&reqs)
		if len(reqs.Data) != 1 {
			t.Fatalf("requests %d", len(reqs.Data))
		}
		job := &river.Job[bookings.ConfirmTimeoutJob]{Args: bookings.ConfirmTimeoutJob{BookingID: b.ID}}
		travel(e, e.Clock.Now().Add(23*time.Hour), ada, f.prov)
		if err := workers(e).ConfirmTimeout.Work(ctx, job); err != nil {
			t.Fatal(err)
		}
		if get(t, e, ada.AccessToken, b.ID).Status != bookings.StatusPendingConfirmation {
			t.Fatal("declined early")
		}
		travel(e, e.Clock.Now().Add(time.Hour), ada, f.prov)
		if err := workers(e).ConfirmTimeout.Work(ctx, job); err != nil {
			t.Fatal(err)
		}
		got := get(t, e, ada.AccessToken, b.ID)
		if got.Status != bookings.StatusDeclined || got.Refunded != 1_500_000 || escrow(t, e, b.ID) != 0 {
			t.Fatalf("timed out %+v", got)
		}
		verify(t, e)

		// Declined by the provider: refunded; confirmed: reminders scheduled.
		d := book(t, e, ada.AccessToken, f.offeringID, at(6, 10))
		travel(e, e.Clock.Now().Add(30*time.Minute), ada, f.prov)
		e.Post("/api/v1/practice/appointments/"+d.ID+"/decline", f.prov.AccessToken,
			map[string]any{"reason": "Fully booked that week"}).Expect(http.StatusOK)
		if got := get(t, e, ada.AccessToken, d.ID); got.Status != bookings.StatusDeclined || got.Refunded != 1_500_000 {
			t.Fatalf("declined %+v", got)
		}
		ok := book(t, e, ada.AccessToken, f.offeringID, at(6, 12))
		travel(e, e.Clock.Now().Add(90*time.Minute), ada, f.prov)
		conf := decodeBooking(t, e.Post("/api/v1/practice/appointments/"+ok.ID+"/confirm", f.prov.AccessToken, nil).
			Expect(http.StatusOK))
		if conf.Status != bookings.StatusConfirmed {
			t.Fatalf("confirm %+v", conf)
		}
		e.Post("/api/v1/practice/appointments/"+ok.ID+"/confirm", f.prov.AccessToken, nil).Expect(http.StatusConflict)
		// Three answered requests (30, 90 and 120 minutes): the profile shows the median.
		third := book(t, e, ada.AccessToken, f.offeringID, at(6, 15))
		travel(e, e.Clock.Now().Add(120*time.Minute), ada, f.prov)
		e.Post("/api/v1/practice/appointments/"+third.ID+"/confirm", f.prov.AccessToken, nil).Expect(http.StatusOK)
		var prof struct {
			Data struct {
				Minutes *int `json:"typical_response_minutes"`
			} `json:"data"`
		}
		e.Get("/api/v1/providers/"+f.providerID, "").Expect(http.StatusOK).JSON(&prof)
		if prof.Data.Minutes == nil || *prof.Data.Minutes != 90 {
			t.Fatalf("typical response %v", prof.Data.Minutes)
		}
		// The job of the confirmed booking finds nothing to do.
		travel(e, e.Clock.Now().Add(48*time.Hour), ada, f.prov)
		if err := workers(e).ConfirmTimeout.Work(ctx, &river.Job[bookings.ConfirmTimeoutJob]{
			Args: bookings.ConfirmTimeoutJob{BookingID: ok.ID}}); err != nil {
			t.Fatal(err)
		}
		if get(t, e, ada.AccessToken, ok.ID).Status != bookings.StatusConfirmed {
			t.Fatal("a confirmed booking was declined")
		}
		// A no-show after the start releases the money to the provider.
		e.Post("/api/v1/practice/appointments/"+ok.ID+"/no-show", f.prov.AccessToken, nil).Expect(http.StatusConflict)
		travel(e, at(6, 12).Add(20*time.Minute), ada, f.prov)
		e.Post("/api/v1/practice/appointments/"+ok.ID+"/no-show", f.prov.AccessToken, nil).Expect(http.StatusOK)
		if escrow(t, e, ok.ID) != 0 {
			t.Fatal("no-show escrow not released")
		}
		verify(t, e)
	})
}

func TestIntegrationReschedule(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "coachmove", offeringOpts{price: 1_000_000, freeHours: 24})
		ada := e.Register("ada@example.com", "ada")
		bob := e.Register("bob@example.com", "bob")
		fund(t, e, ada.UserID, 5_000_000)
		b := book(t, e, ada.AccessToken, f.offeringID, at(3, 10))
		// Bob holds 14:00; moving there is refused by the same conflict rule.
		hold(e, bob.AccessToken, f.offeringID, at(3, 14)).Expect(http.StatusCreated)
		e.Post("/api/v1/bookings/"+b.ID+"/reschedule", ada.AccessToken,
			map[string]any{"start": at(3, 14).Format(time.RFC3339)}).Expect(http.StatusConflict)
		moved := decodeBooking(t, e.Post("/api/v1/bookings/"+b.ID+"/reschedule", ada.AccessToken,
			map[string]any{"start": at(3, 11).Format(time.RFC3339)}).Expect(http.StatusOK))
		if !moved.Start.Equal(at(3, 11)) || moved.Status != bookings.StatusConfirmed || escrow(t, e, b.ID) != 1_000_000 {
			t.Fatalf("moved %+v", moved)
		}
		free := slotStarts(t, e, f.offeringID, "2026-03-05")
		if !free[at(3, 10)] || free[at(3, 11)] {
			t.Fatalf("after reschedule free=%v", free)
		}
		// The provider moves it too (another provider may not).
		stranger := setup(t, e, "coachstranger", offeringOpts{})
		e.Post("/api/v1/practice/appointments/"+b.ID+"/reschedule", stranger.prov.AccessToken,
			map[string]any{"start": at(3, 12).Format(time.RFC3339)}).Expect(http.StatusNotFound)
		pm := decodeBooking(t, e.Post("/api/v1/practice/appointments/"+b.ID+"/reschedule", f.prov.AccessToken,
			map[string]any{"start": at(3, 12).Format(time.RFC3339)}).Expect(http.StatusOK))
		if !pm.Start.Equal(at(3, 12)) || pm.Events[len(pm.Events)-1].ActorRole != "provider" {
			t.Fatalf("provider reschedule %+v", pm)
		}
		moved = decodeBooking(t, e.Post("/api/v1/practice/appointments/"+b.ID+"/reschedule", f.prov.AccessToken,
			map[string]any{"start": at(3, 11).Format(time.RFC3339)}).Expect(http.StatusOK))
		// The old start's completion job does nothing; the new one completes.
		travel(e, at(3, 13), ada, f.prov)
		complete(t, e, b.ID, at(3, 10))
		if get(t, e, ada.AccessToken, b.ID).Status != bookings.StatusConfirmed {
			t.Fatal("completed by the old job")
		}
		complete(t, e, b.ID, at(3, 11))
		if get(t, e, ada.AccessToken, b.ID).Status != bookings.StatusCompleted {
			t.Fatal("not completed")
		}
		verify(t, e)
	})
}

func TestIntegrationPrivacy(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "coachone", offeringOpts{})
		g := setup(t, e, "coachtwo", offeringOpts{})
		ada := e.Register("ada@example.com", "ada")
		eve := e.Register("eve@example.com", "eve")
		fund(t, e, ada.UserID, 5_000_000)
		b := book(t, e, ada.AccessToken, f.offeringID, at(2, 10))
		e.Get("/api/v1/bookings/"+b.ID, eve.AccessToken).Expect(http.StatusNotFound)
		e.Post("/api/v1/bookings/"+b.ID+"/cancel", eve.AccessToken, nil).Expect(http.StatusNotFound)
		e.Get("/api/v1/practice/appointments/"+b.ID, g.prov.AccessToken).Expect(http.StatusNotFound)
		e.Post("/api/v1/practice/appointments/"+b.ID+"/cancel", g.prov.AccessToken, nil).Expect(http.StatusNotFound)
		e.Get("/api/v1/practice/clients/"+ada.UserID, g.prov.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/practice/clients/"+ada.UserID, f.prov.AccessToken).Expect(http.StatusOK)
		e.Get("/api/v1/practice/appointments/"+b.ID, f.prov.AccessToken).Expect(http.StatusOK)
		// A plain user is not a provider: the policy answers 403.
		e.Get("/api/v1/practice/appointments", eve.AccessToken).Expect(http.StatusForbidden)
		var list struct {
			Data []json.RawMessage `json:"data"`
		}
		e.Get("/api/v1/practice/clients", g.prov.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 0 {
			t.Fatal("another provider's clients are listed")
		}
	})
}

func TestIntegrationCardPaymentThroughTheSandbox(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "coachcard", offeringOpts{price: 2_500_000})
		ada := e.Register("ada@example.com", "ada")
		h := decodeBooking(t, hold(e, ada.AccessToken, f.offeringID, at(2, 9)).Expect(http.StatusCreated))
		var res struct {
			Data struct {
				Booking struct {
					Status string `json:"status"`
				} `json:"booking"`
				Payment struct {
					Reference        string `json:"reference"`
					AuthorizationURL string `json:"authorization_url"`
				} `json:"payment"`
			} `json:"data"`
		}
		e.Post("/api/v1/bookings", ada.AccessToken, map[string]any{"hold_id": h.ID, "pay_with": "paystack"}).
			Expect(http.StatusCreated).JSON(&res)
		if res.Data.Booking.Status != bookings.StatusAwaitingPayment || res.Data.Payment.AuthorizationURL == "" {
			t.Fatalf("card booking %+v", res.Data)
		}
		// The hold waits for the payment past its 10 minutes.
		travel(e, e.Clock.Now().Add(15*time.Minute), ada, f.prov)
		if err := workers(e).ExpireHold.Work(context.Background(), &river.Job[bookings.ExpireHoldJob]{
			Args: bookings.ExpireHoldJob{BookingID: h.ID}}); err != nil {
			t.Fatal(err)
		}
		e.PayCard(t, res.Data.Payment.AuthorizationURL, "success")
		b := get(t, e, ada.AccessToken, h.ID)
		if b.Status != bookings.StatusConfirmed || b.Paid != 2_500_000 || escrow(t, e, h.ID) != 2_500_000 {
			t.Fatalf("after card payment %+v", b)
		}
		verify(t, e)
		// A declined card expires the booking and frees the slot.
		h2 := decodeBooking(t, hold(e, ada.AccessToken, f.offeringID, at(2, 11)).Expect(http.StatusCreated))
		e.Post("/api/v1/bookings", ada.AccessToken, map[string]any{"hold_id": h2.ID, "pay_with": "paystack"}).
			Expect(http.StatusCreated).JSON(&res)
		e.PayCard(t, res.Data.Payment.AuthorizationURL, "declined")
		// The browser comes back to the callback page, which verifies.
		e.Get("/api/v1/payments/"+res.Data.Payment.Reference+"/verify", ada.AccessToken)
		if got := get(t, e, ada.AccessToken, h2.ID); got.Status != bookings.StatusExpired {
			t.Fatalf("declined card %+v", got)
		}
		if !slotStarts(t, e, f.offeringID, "2026-03-04")[at(2, 11)] {
			t.Fatal("slot not freed after a declined card")
		}
		if w, err := e.App.Money.Wallet(context.Background(), ada.UserID, "NGN"); err == nil && w != nil && w.Balance != 0 {
			t.Fatalf("a card booking touched the wallet: %+v", w)
		}
		verify(t, e)
		// A payment that arrives after its booking expired is refunded to
		// the wallet at once; the slot stays free.
		h4 := decodeBooking(t, hold(e, ada.AccessToken, f.offeringID, at(2, 15)).Expect(http.StatusCreated))
		e.Post("/api/v1/bookings", ada.AccessToken, map[string]any{"hold_id": h4.ID, "pay_with": "paystack"}).
			Expect(http.StatusCreated).JSON(&res)
		travel(e, e.Clock.Now().Add(41*time.Minute), ada, f.prov)
		if err := workers(e).ExpireHold.Work(context.Background(), &river.Job[bookings.ExpireHoldJob]{
			Args: bookings.ExpireHoldJob{BookingID: h4.ID}}); err != nil {
			t.Fatal(err)
		}
		e.PayCard(t, res.Data.Payment.AuthorizationURL, "success")
		late := get(t, e, ada.AccessToken, h4.ID)
		if late.Status != bookings.StatusExpired || late.Paid != 2_500_000 || late.Refunded != 2_500_000 ||
			escrow(t, e, h4.ID) != 0 || wallet(t, e, ada.UserID).Balance != 2_500_000 {
			t.Fatalf("late payment %+v", late)
		}
		if !slotStarts(t, e, f.offeringID, "2026-03-04")[at(2, 15)] {
			t.Fatal("a late payment took the slot back")
		}
		verify(t, e)
	})
}

func TestIntegrationCalendarAndFeed(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "coachcal", offeringOpts{title: "Career, clarity; and you"})
		ada := e.Register("ada@example.com", "ada")
		fund(t, e, ada.UserID, 5_000_000)
		b := book(t, e, ada.AccessToken, f.offeringID, at(2, 10))
		var cal struct {
			Data []struct {
				ID string `json:"id"`
			} `json:"data"`
		}
		e.Get("/api/v1/calendar?from=2026-03-01&to=2026-03-31&tz=Africa/Lagos", ada.AccessToken).Expect(http.StatusOK).JSON(&cal)
		if len(cal.Data) != 1 || cal.Data[0].ID != b.ID {
			t.Fatalf("calendar %+v", cal)
		}
		e.Get("/api/v1/calendar?from=2026-03-01&to=2026-06-30", ada.AccessToken).Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/calendar?from=2026-03-01&to=2026-03-31&tz=Mars/Base", ada.AccessToken).Expect(http.StatusUnprocessableEntity)
		var feed struct {
			Data struct {
				URL string `json:"url"`
			} `json:"data"`
		}
		e.Get("/api/v1/calendar/feed-url", ada.AccessToken).Expect(http.StatusOK).JSON(&feed)
		path := feed.Data.URL[strings.Index(feed.Data.URL, "/api/v1/"):]
		ics := e.Get(path, "").Expect(http.StatusOK)
		body := string(ics.Body)
		if !strings.HasPrefix(ics.Header.Get("Content-Type"), "text/calendar") || !strings.HasPrefix(body, "BEGIN:VCALENDAR\r\n") ||
			!strings.Contains(body, "UID:"+b.ID+"@sojourn") || !strings.Contains(body, "DTSTART:20260304T090000Z") ||
			!strings.Contains(body, `SUMMARY:Career\, clarity\; and you`) || !strings.HasSuffix(body, "END:VCALENDAR\r\n") {
			t.Fatalf("ics:\n%s", body)
		}
		var rotated struct {
			Data struct {
				URL string `json:"url"`
			} `json:"data"`
		}
		e.Post("/api/v1/calendar/feed-url/rotate", ada.AccessToken, nil).Expect(http.StatusOK).JSON(&rotated)
		if rotated.Data.URL == feed.Data.URL {
			t.Fatal("rotation kept the address")
		}
		e.Get(path, "").Expect(http.StatusNotFound)
	})
}
