package notifications_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/notifications"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/jobs"
	"sojourn/api/internal/testkit"
)

var ctx = context.Background()

// emit writes one event in its own committed transaction.
func emit(t *testing.T, e *testkit.Env, ev events.Event) {
	t.Helper()
	if err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return e.App.Notifications.Emit(ctx, tx, ev)
	}); err != nil {
		t.Fatalf("emit: %v", err)
	}
}

func deliver(t *testing.T, e *testkit.Env) {
	t.Helper()
	if err := e.App.Notifications.DeliverPending(ctx); err != nil {
		t.Fatalf("deliver: %v", err)
	}
}

func count(t *testing.T, e *testkit.Env, q string, args ...any) int {
	t.Helper()
	var n int
	if err := e.DB.NewRaw(q, args...).Scan(ctx, &n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

func list(t *testing.T, e *testkit.Env, token, query string) ([]map[string]any, map[string]any) {
	t.Helper()
	m := e.Get("/api/v1/notifications"+query, token).Expect(http.StatusOK).Map()
	var out []map[string]any
	for _, x := range m["data"].([]any) {
		out = append(out, x.(map[string]any))
	}
	return out, m["meta"].(map[string]any)
}

func summary(t *testing.T, e *testkit.Env, token string) map[string]any {
	t.Helper()
	return e.Get("/api/v1/notifications/summary", token).Expect(http.StatusOK).Data()
}

func orderShipped(to string, n int) events.Event {
	return events.Event{Type: "order.shipped", Category: events.CategoryOrders, Recipients: []string{to},
		Title: testkit.Fmt("Your order #%d was shipped", n), Link: "/shop/orders", Email: true,
		Subject: events.Ref{Type: "order", ID: testkit.Fmt("o-%d", n)}}
}

func mails(t *testing.T, e *testkit.Env, to, subject string) int {
	t.Helper()
	ms, err := e.App.Outbox.List(ctx, to, 100)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range ms {
		if strings.Contains(m.Subject, subject) {
			n++
		}
	}
	return n
}

func TestIntegrationRolledBackChangeNotifiesNobody(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		boom := errors.New("the change failed")
		err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if err := e.App.Notifications.Emit(ctx, tx, orderShipped(u.UserID, 1)); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("tx: %v", err)
		}
		deliver(t, e)
		if n := count(t, e, `SELECT count(*) FROM domain_events`); n != 0 {
			t.Fatalf("outbox rows after rollback: %d", n)
		}
		if n := count(t, e, `SELECT count(*) FROM river_job WHERE kind = 'notifications.deliver'`); n != 0 {
			t.Fatalf("delivery jobs after rollback: %d", n)
		}
		if got, _ := list(t, e, u.AccessToken, ""); len(got) != 0 {
			t.Fatalf("notifications after rollback: %v", got)
		}
		// The same change committed: one outbox row, one job, one notification.
		emit(t, e, orderShipped(u.UserID, 1))
		if n := count(t, e, `SELECT count(*) FROM river_job WHERE kind = 'notifications.deliver'`); n != 1 {
			t.Fatalf("delivery jobs: %d", n)
		}
		deliver(t, e)
		got, _ := list(t, e, u.AccessToken, "")
		if len(got) != 1 || got[0]["title"] != "Your order #1 was shipped" || got[0]["read_at"] != nil ||
			got[0]["subject"].(map[string]any)["id"] != "o-1" {
			t.Fatalf("notifications: %v", got)
		}
		if mails(t, e, u.Email, "Your order #1 was shipped") != 1 {
			t.Fatal("no email")
		}
	})
}

func TestIntegrationDeliveryIsIdempotent(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		actor := e.Register("bola@example.com", "bola")
		ev := orderShipped(u.UserID, 7)
		ev.Recipients = append(ev.Recipients, actor.UserID, u.UserID)
		ev.Actor = actor.UserID
		emit(t, e, ev)
		var id string
		if err := e.DB.NewRaw(`SELECT id FROM domain_events`).Scan(ctx, &id); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for range 4 {
			wg.Add(1)
			go func() { defer wg.Done(); errs <- e.App.Notifications.Deliver(ctx, id) }()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		deliver(t, e)
		if n := count(t, e, `SELECT count(*) FROM notifications WHERE user_id = ?`, u.UserID); n != 1 {
			t.Fatalf("notifications for the recipient: %d", n)
		}
		if n := count(t, e, `SELECT count(*) FROM notifications WHERE user_id = ?`, actor.UserID); n != 0 {
			t.Fatalf("the actor was told about their own action: %d", n)
		}
		if mails(t, e, u.Email, "Your order #7") != 1 {
			t.Fatal("the email was not sent exactly once")
		}
	})
}

func TestIntegrationNotificationOwnershipAndReading(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		other := e.Register("bola@example.com", "bola")
		for i := range 3 {
			emit(t, e, orderShipped(u.UserID, i))
			e.Clock.Advance(time.Minute)
		}
		deliver(t, e)
		got, _ := list(t, e, u.AccessToken, "")
		if len(got) != 3 || got[0]["title"] != "Your order #2 was shipped" {
			t.Fatalf("newest first: %v", got)
		}
		id := got[0]["id"].(string)
		e.Post("/api/v1/notifications/"+id+"/read", other.AccessToken, nil).Expect(http.StatusNotFound)
		e.Post("/api/v1/notifications/"+strings.Repeat("x", 40)+"/read", u.AccessToken, nil).Expect(http.StatusNotFound)
		if o, _ := list(t, e, other.AccessToken, ""); len(o) != 0 {
			t.Fatalf("another's list: %v", o)
		}
		r := e.Post("/api/v1/notifications/"+id+"/read", u.AccessToken, nil).Expect(http.StatusOK).Data()
		if r["read_at"] == nil {
			t.Fatalf("read: %v", r)
		}
		if s := summary(t, e, u.AccessToken); s["unread"].(float64) != 2 {
			t.Fatalf("unread: %v", s)
		}
		// Keyset pages, and the unread filter.
		p1, meta := list(t, e, u.AccessToken, "?limit=2")
		if len(p1) != 2 || meta["next_cursor"] == nil {
			t.Fatalf("page 1: %v %v", p1, meta)
		}
		p2, meta := list(t, e, u.AccessToken, "?limit=2&cursor="+meta["next_cursor"].(string))
		if len(p2) != 1 || meta["next_cursor"] != nil || p2[0]["title"] != "Your order #0 was shipped" {
			t.Fatalf("page 2: %v %v", p2, meta)
		}
		if un, _ := list(t, e, u.AccessToken, "?unread=true"); len(un) != 2 {
			t.Fatalf("unread only: %v", un)
		}
		e.Get("/api/v1/notifications?portal=nowhere", u.AccessToken).Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/notifications?cursor=forged", u.AccessToken).Expect(http.StatusUnprocessableEntity)
		if vp, _ := list(t, e, u.AccessToken, "?portal=vendor"); len(vp) != 0 {
			t.Fatalf("vendor portal: %v", vp)
		}
	})
}

func TestIntegrationReadAllConcurrently(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		other := e.Register("bola@example.com", "bola")
		for i := range 12 {
			emit(t, e, orderShipped(u.UserID, i))
		}
		emit(t, e, orderShipped(other.UserID, 99))
		deliver(t, e)
		var wg sync.WaitGroup
		marked := make(chan float64, 6)
		for range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				marked <- e.Post("/api/v1/notifications/read-all", u.AccessToken, nil).Expect(http.StatusOK).Data()["marked"].(float64)
			}()
		}
		wg.Wait()
		close(marked)
		total := 0.0
		for m := range marked {
			total += m
		}
		if total != 12 {
			t.Fatalf("marked %v in all, want 12", total)
		}
		if s := summary(t, e, u.AccessToken); s["unread"].(float64) != 0 {
			t.Fatalf("unread after read-all: %v", s)
		}
		if s := summary(t, e, other.AccessToken); s["unread"].(float64) != 1 {
			t.Fatalf("another's unread changed: %v", s)
		}
	})
}

func TestIntegrationGrouping(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		msg := func(n int) events.Event {
			return events.Event{Type: "review.posted", Category: events.CategoryBookings, Recipients: []string{u.UserID},
				Title: testkit.Fmt("%d new reviews of Lagos food walk", n), GroupKey: "reviews:tour-1", Link: "/tour-app/reviews",
				Portal: "tour"}
		}
		emit(t, e, msg(1))
		deliver(t, e)
		first, _ := list(t, e, u.AccessToken, "")
		e.Clock.Advance(time.Hour)
		u = e.Login(u.Email, u.Password)
		emit(t, e, msg(2))
		deliver(t, e)
		got, _ := list(t, e, u.AccessToken, "")
		if len(got) != 1 || got[0]["count"].(float64) != 2 || got[0]["title"] != "2 new reviews of Lagos food walk" ||
			got[0]["id"] != first[0]["id"] || got[0]["created_at"] == first[0]["created_at"] || got[0]["portal"] != "tour" {
			t.Fatalf("grouped: %v (first %v)", got, first)
		}
		// Read, the group closes: the next one starts a new notification.
		e.Post("/api/v1/notifications/"+got[0]["id"].(string)+"/read", u.AccessToken, nil).Expect(http.StatusOK)
		emit(t, e, msg(1))
		deliver(t, e)
		got, _ = list(t, e, u.AccessToken, "")
		if len(got) != 2 || got[0]["count"].(float64) != 1 || got[0]["read_at"] != nil {
			t.Fatalf("after read: %v", got)
		}
		if tp, _ := list(t, e, u.AccessToken, "?portal=tour"); len(tp) != 2 {
			t.Fatalf("tour portal: %v", tp)
		}
	})
}

func TestIntegrationPreferencesAreRespected(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		put := func(body any, want int) map[string]any {
			return e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/notifications/preferences", Token: u.AccessToken,
				Body: body}).Expect(want).Map()
		}
		p := e.Get("/api/v1/notifications/preferences", u.AccessToken).Expect(http.StatusOK).Data()
		cats := p["categories"].(map[string]any)
		if len(cats) != 6 || cats["orders"].(map[string]any)["email"] != true || cats["marketing"].(map[string]any)["email"] != false ||
			p["quiet_hours"] != nil || p["time_zone"] != "UTC" {
			t.Fatalf("defaults: %v", p)
		}
		put(map[string]any{"categories": map[string]any{"gossip": map[string]any{"in_app": true, "email": true}}}, http.StatusUnprocessableEntity)
		put(map[string]any{"categories": map[string]any{}, "time_zone": "Mars/Olympus"}, http.StatusUnprocessableEntity)
		put(map[string]any{"categories": map[string]any{}, "quiet_hours": map[string]any{"start": "25:00", "end": "07:00"}}, http.StatusUnprocessableEntity)
		saved := put(map[string]any{"categories": map[string]any{
			"orders":   map[string]any{"in_app": false, "email": false},
			"payments": map[string]any{"in_app": true, "email": false},
		}}, http.StatusOK)["data"].(map[string]any)
		if saved["categories"].(map[string]any)["bookings"].(map[string]any)["email"] != true {
			t.Fatalf("a category left out changed: %v", saved)
		}
		emit(t, e, orderShipped(u.UserID, 1))
		emit(t, e, events.Event{Type: "payout.paid", Category: events.CategoryPayments, Recipients: []string{u.UserID},
			Title: "Your payout was paid", Email: true})
		emit(t, e, events.Event{Type: "role.approved", Category: events.CategoryAccount, Recipients: []string{u.UserID},
			Title: "You are now a vendor", Email: true})
		deliver(t, e)
		got, _ := list(t, e, u.AccessToken, "")
		if len(got) != 2 || got[0]["type"] != "role.approved" || got[1]["type"] != "payout.paid" {
			t.Fatalf("in-app by preference: %v", got)
		}
		if mails(t, e, u.Email, "order") != 0 || mails(t, e, u.Email, "payout") != 0 || mails(t, e, u.Email, "You are now a vendor") != 1 {
			t.Fatal("emails by preference")
		}
		// Email only (a digest) never reaches the centre.
		emit(t, e, events.Event{Type: "booking.digest", Category: events.CategoryBookings, Recipients: []string{u.UserID},
			Title: "Your week ahead", Email: true, SkipInApp: true})
		deliver(t, e)
		if got, _ := list(t, e, u.AccessToken, ""); len(got) != 2 || mails(t, e, u.Email, "Your week ahead") != 1 {
			t.Fatalf("email only: %v", got)
		}
	})
}

func TestIntegrationQuietHoursHoldEmails(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/notifications/preferences", Token: u.AccessToken,
			Body: map[string]any{"categories": map[string]any{}, "quiet_hours": map[string]any{"start": "22:00", "end": "07:00"},
				"time_zone": "Africa/Lagos"}}).Expect(http.StatusOK)
		// 09:00 UTC is 10:00 in Lagos: not quiet, sent at once.
		emit(t, e, orderShipped(u.UserID, 1))
		deliver(t, e)
		if mails(t, e, u.Email, "#1") != 1 {
			t.Fatal("daytime email held")
		}
		// 22:30 UTC is 23:30 in Lagos: held until 07:00 Lagos (06:00 UTC).
		e.Clock.Set(time.Date(2026, 3, 2, 22, 30, 0, 0, time.UTC))
		u = e.Login(u.Email, u.Password)
		emit(t, e, orderShipped(u.UserID, 2))
		deliver(t, e)
		if got, _ := list(t, e, u.AccessToken, ""); len(got) != 2 {
			t.Fatalf("the in-app notification is not held: %v", got)
		}
		if mails(t, e, u.Email, "#2") != 0 {
			t.Fatal("sent in quiet hours")
		}
		var at time.Time
		if err := e.DB.NewRaw(`SELECT scheduled_at FROM river_job WHERE kind = 'notifications.email' ORDER BY id DESC LIMIT 1`).
			Scan(ctx, &at); err != nil {
			t.Fatal(err)
		}
		if want := time.Date(2026, 3, 3, 6, 0, 0, 0, time.UTC); !at.Equal(want) {
			t.Fatalf("email job at %v, want %v", at, want)
		}
		var evID string
		if err := e.DB.NewRaw(`SELECT event_id FROM notification_deliveries WHERE email_due_at > ?`, e.Clock.Now()).
			Scan(ctx, &evID); err != nil {
			t.Fatal(err)
		}
		if early, err := e.App.Notifications.SendEmail(ctx, evID, u.UserID); err != nil || early != 7*time.Hour+30*time.Minute {
			t.Fatalf("early run: %v %v", early, err)
		}
		e.Clock.Set(time.Date(2026, 3, 3, 6, 0, 0, 0, time.UTC))
		for range 2 {
			if early, err := e.App.Notifications.SendEmail(ctx, evID, u.UserID); err != nil || early != 0 {
				t.Fatalf("due run: %v %v", early, err)
			}
		}
		if mails(t, e, u.Email, "#2") != 1 {
			t.Fatal("held email not sent exactly once after quiet hours")
		}
	})
}

func TestQuietHoursWindow(t *testing.T) {
	st := notifications.Settings{QuietStart: "22:00", QuietEnd: "07:00", TimeZone: "America/New_York"}
	// 03:00 UTC on 2 March is 22:00 in New York (EST): quiet until 07:00 EST = 12:00 UTC.
	now := time.Date(2026, 3, 2, 3, 0, 0, 0, time.UTC)
	if got := st.EmailAt(now); !got.Equal(time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)) {
		t.Fatalf("wrapping window: %v", got)
	}
	if got := st.EmailAt(now.Add(-time.Minute)); !got.Equal(now.Add(-time.Minute)) {
		t.Fatalf("before the window: %v", got)
	}
	day := notifications.Settings{QuietStart: "13:00", QuietEnd: "15:00"}
	at := time.Date(2026, 3, 2, 14, 59, 0, 0, time.UTC)
	if got := day.EmailAt(at); !got.Equal(time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC)) {
		t.Fatalf("daytime window: %v", got)
	}
	if got := (notifications.Settings{}).EmailAt(at); !got.Equal(at) {
		t.Fatalf("no window: %v", got)
	}
}

// The spec's unseen rules (section 4), each its own test.

func TestIntegrationUnseenMeansCreatedAfterLastSeen(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		e.Post("/api/v1/notifications/seen", u.AccessToken, nil).Expect(http.StatusOK)
		e.Clock.Advance(time.Minute)
		emit(t, e, orderShipped(u.UserID, 1))
		emit(t, e, orderShipped(u.UserID, 2))
		deliver(t, e)
		if s := summary(t, e, u.AccessToken); s["unseen"].(float64) != 2 || s["unread"].(float64) != 2 {
			t.Fatalf("two after last-seen: %v", s)
		}
		e.Clock.Advance(time.Minute)
		e.Post("/api/v1/notifications/seen", u.AccessToken, nil).Expect(http.StatusOK)
		e.Clock.Advance(time.Minute)
		emit(t, e, orderShipped(u.UserID, 3))
		deliver(t, e)
		if s := summary(t, e, u.AccessToken); s["unseen"].(float64) != 1 || s["unread"].(float64) != 3 {
			t.Fatalf("one after the new last-seen: %v", s)
		}
	})
}

func TestIntegrationSeenAtSignInSetsLastSeenToNow(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		emit(t, e, orderShipped(u.UserID, 1))
		deliver(t, e)
		e.Clock.Advance(2 * time.Hour)
		u = e.Login(u.Email, u.Password)
		s := e.Post("/api/v1/notifications/seen", u.AccessToken, nil).Expect(http.StatusOK).Data()
		if s["last_seen_at"] != e.Clock.Now().Format(time.RFC3339) || s["unseen"].(float64) != 0 {
			t.Fatalf("after seen: %v (now %v)", s, e.Clock.Now())
		}
	})
}

func TestIntegrationNoLastSeenTakesTheNewestNotification(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		if s := summary(t, e, u.AccessToken); s["last_seen_at"] != nil || s["unseen"].(float64) != 0 {
			t.Fatalf("nothing yet: %v", s)
		}
		emit(t, e, orderShipped(u.UserID, 1))
		e.Clock.Advance(time.Minute)
		emit(t, e, orderShipped(u.UserID, 2))
		deliver(t, e)
		newest := e.Clock.Now().Format(time.RFC3339)
		e.Clock.Advance(time.Hour)
		u = e.Login(u.Email, u.Password)
		s := summary(t, e, u.AccessToken)
		if s["last_seen_at"] != newest || s["newest_at"] != newest || s["unseen"].(float64) != 0 || s["unread"].(float64) != 2 {
			t.Fatalf("no last-seen: %v (newest %s)", s, newest)
		}
		// It stays set: a later notification is unseen.
		emit(t, e, orderShipped(u.UserID, 3))
		deliver(t, e)
		if s := summary(t, e, u.AccessToken); s["unseen"].(float64) != 1 || s["last_seen_at"] != newest {
			t.Fatalf("after: %v", s)
		}
	})
}

// recorder is a realtime.Publisher that keeps what it was asked to push.
type recorder struct {
	mu  sync.Mutex
	got []string
}

func (r *recorder) Publish(_ context.Context, users []string, typ string, _ any) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, u := range users {
		r.got = append(r.got, typ+"->"+u)
	}
	return nil
}

func TestIntegrationDeliveryPushesNotificationNew(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		ins, err := jobs.NewInserter(e.DB)
		if err != nil {
			t.Fatal(err)
		}
		rec := &recorder{}
		svc, err := notifications.New(notifications.Config{DB: e.DB, Clock: e.Clock, Jobs: ins, Live: rec,
			Directory: e.App.Accounts, Mailer: e.App.Outbox, Origins: e.Config})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			return svc.Emit(ctx, tx, orderShipped(u.UserID, 1))
		}); err != nil {
			t.Fatal(err)
		}
		if err := svc.DeliverPending(ctx); err != nil {
			t.Fatal(err)
		}
		if len(rec.got) != 1 || rec.got[0] != "notification.new->"+u.UserID {
			t.Fatalf("pushed: %v", rec.got)
		}
		// Muted in-app: nothing to push.
		e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/notifications/preferences", Token: u.AccessToken,
			Body: map[string]any{"categories": map[string]any{"orders": map[string]any{"in_app": false, "email": false}}}}).
			Expect(http.StatusOK)
		if err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			return svc.Emit(ctx, tx, orderShipped(u.UserID, 2))
		}); err != nil {
			t.Fatal(err)
		}
		if err := svc.DeliverPending(ctx); err != nil || len(rec.got) != 1 {
			t.Fatalf("muted pushed: %v %v", rec.got, err)
		}
	})
}
