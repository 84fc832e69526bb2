package ticketing_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sojourn/api/internal/testkit"
)

var ctx = context.Background()

// registered numbers the accounts made, across the two dialects running at
// once (atomic: both subtests register in parallel).
var registered atomic.Int64

func eventBody(e *testkit.Env, size, price int, changes map[string]any) map[string]any {
	b := map[string]any{"title": "Lagos Food Festival", "description": "Jollof, suya and live music.",
		"category": "food", "venue": "Muri Okunola Park", "address": "Victoria Island", "city": "Lagos",
		"starts_at": e.Clock.Now().Add(10 * 24 * time.Hour).Format(time.RFC3339),
		"ends_at":   e.Clock.Now().Add(10*24*time.Hour + 6*time.Hour).Format(time.RFC3339),
		"time_zone": "Africa/Lagos", "refund_days": 2,
		"quotas": []any{map[string]any{"name": "Park", "size": size}},
		"ticket_types": []any{
			map[string]any{"name": "General", "quota": "Park", "price": price, "max_per_order": 10},
			map[string]any{"name": "Friends of Sojourn", "quota": "Park", "price": 0, "max_per_order": 2, "unlock_code": "FRIENDS"},
		}}
	for k, v := range changes {
		b[k] = v
	}
	return b
}

func create(t *testing.T, e *testkit.Env, base, token string, body map[string]any) (string, []any) {
	t.Helper()
	d := e.Post(base, token, body).Expect(http.StatusCreated).Data()
	return d["id"].(string), d["ticket_types"].([]any)
}

func typeID(types []any, name string) string {
	for _, x := range types {
		if m := x.(map[string]any); m["name"] == name {
			return m["id"].(string)
		}
	}
	return ""
}

func reserve(e *testkit.Env, token, eventID, typ string, names ...string) *testkit.Resp {
	return e.Post("/api/v1/events/"+eventID+"/orders", token, map[string]any{
		"items": []any{map[string]any{"type_id": typ, "attendees": names}}})
}

func pay(e *testkit.Env, token, orderID string) *testkit.Resp {
	return e.Post("/api/v1/event-orders/"+orderID+"/pay", token, map[string]any{"pay_with": "wallet"})
}

func count(t *testing.T, e *testkit.Env, q string, args ...any) int {
	t.Helper()
	var n int
	if err := e.DB.NewRaw(q, args...).Scan(ctx, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

func buyer(t *testing.T, e *testkit.Env, name string, fund int64) *testkit.Session {
	t.Helper()
	// Each account from its own address: the sign-up limit is per network.
	ip := e.IP
	n := registered.Add(1)
	e.IP = fmt.Sprintf("10.77.%d.%d", n/200, n%200+1)
	s := e.Register(name+"@example.com", name)
	e.IP = ip
	if fund > 0 {
		e.Fund(t, s.UserID, fund)
	}
	return s
}

func TestIntegrationTicketsBuyCheckInTransferRefund(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("ops@example.com", "ops")
		id, types := create(t, e, "/api/v1/admin/ticketing/events", admin.AccessToken, eventBody(e, 50, 500_000, nil))
		general := typeID(types, "General")
		if typeID(types, "Friends of Sojourn") == "" {
			t.Fatal("the organiser sees hidden types")
		}
		// The public page hides the coded type until the code is given.
		pub := e.Get("/api/v1/events/"+id, "").Expect(http.StatusOK).Data()
		if len(pub["ticket_types"].([]any)) != 1 {
			t.Fatalf("public types %v", pub["ticket_types"])
		}
		pub = e.Get("/api/v1/events/"+id+"?code=friends", "").Expect(http.StatusOK).Data()
		if len(pub["ticket_types"].([]any)) != 2 {
			t.Fatalf("unlocked types %v", pub["ticket_types"])
		}
		if l := list(e.Get("/api/v1/events?city=lagos&category=food", "").Expect(http.StatusOK)); len(l) != 1 {
			t.Fatalf("listing %d", len(l))
		}

		amara := buyer(t, e, "amara", 2_000_000)
		o := reserve(e, amara.AccessToken, id, general, "Amara Obi", "Tunde Obi").Expect(http.StatusCreated).Data()
		if o["status"] != "held" || o["total"].(float64) != 1_000_000 {
			t.Fatalf("order %v", o)
		}
		o = pay(e, amara.AccessToken, o["id"].(string)).Expect(http.StatusOK).Data()
		if o["status"] != "paid" || e.Balance(t, amara.UserID) != 1_000_000 {
			t.Fatalf("paid %v balance %d", o["status"], e.Balance(t, amara.UserID))
		}
		tickets := list(e.Get("/api/v1/event-tickets", amara.AccessToken).Expect(http.StatusOK))
		if len(tickets) != 2 {
			t.Fatalf("tickets %d", len(tickets))
		}
		code := tickets[0]["code"].(string)
		other := tickets[1]["code"].(string)

		scan := func(c string) string {
			return e.Post("/api/v1/admin/ticketing/events/"+id+"/check-in", admin.AccessToken,
				map[string]any{"code": c}).Expect(http.StatusOK).Data()["result"].(string)
		}
		if r := scan(code); r != "admitted" {
			t.Fatalf("first scan %s", r)
		}
		if r := scan(code); r != "already_used" {
			t.Fatalf("second scan %s", r)
		}
		parts := strings.Split(other, ".")
		if r := scan(parts[0] + "." + parts[1] + ".AAAAAAAAAAAAAAAAAAAAAA"); r != "forged" {
			t.Fatalf("forged scan %s", r)
		}
		if r := scan(parts[0] + ".2." + parts[2]); r != "forged" {
			t.Fatalf("forged version %s", r)
		}
		if r := scan("not a ticket"); r != "forged" {
			t.Fatalf("garbage %s", r)
		}
		// Another organiser's scanner never sees this event.
		guide := e.Register("guide1@example.com", "guide1")
		e.GrantRole(guide.UserID, "tour_guide")
		e.Post("/api/v1/organiser/events/"+id+"/check-in", guide.AccessToken, map[string]any{"code": other}).
			Expect(http.StatusNotFound)

		// Transfer: the old code stops working, the friend's works.
		friend := buyer(t, e, "chidi", 0)
		tid := tickets[1]["id"].(string)
		e.Post("/api/v1/event-tickets/"+tid+"/transfer", amara.AccessToken, map[string]any{"to": "chidi@example.com"}).
			Expect(http.StatusOK)
		if r := scan(other); r != "void" {
			t.Fatalf("old code after transfer %s", r)
		}
		ft := list(e.Get("/api/v1/event-tickets", friend.AccessToken).Expect(http.StatusOK))
		if len(ft) != 1 || ft[0]["code"] == other {
			t.Fatalf("friend's tickets %v", ft)
		}
		if r := scan(ft[0]["code"].(string)); r != "admitted" {
			t.Fatalf("friend's code %s", r)
		}
		if n := count(t, e, "SELECT COUNT(*) FROM tk_checkins WHERE event_id = ?", id); n != 7 {
			t.Fatalf("log %d", n)
		}
		csv := e.Get("/api/v1/admin/ticketing/events/"+id+"/attendees.csv", admin.AccessToken).Expect(http.StatusOK)
		if !strings.Contains(string(csv.Body), "Tunde Obi,General") {
			t.Fatalf("csv %s", csv.Body)
		}

		// Refund by policy: a second order cancelled in time is refunded in full.
		o2 := reserve(e, amara.AccessToken, id, general, "Ngozi").Expect(http.StatusCreated).Data()
		pay(e, amara.AccessToken, o2["id"].(string)).Expect(http.StatusOK)
		e.Post("/api/v1/event-orders/"+o2["id"].(string)+"/cancel", amara.AccessToken, nil).Expect(http.StatusOK)
		if b := e.Balance(t, amara.UserID); b != 1_000_000 {
			t.Fatalf("after the refund %d", b)
		}
		// Too late: within refund_days of the start.
		o3 := reserve(e, amara.AccessToken, id, general, "Bola").Expect(http.StatusCreated).Data()
		pay(e, amara.AccessToken, o3["id"].(string)).Expect(http.StatusOK)
		e.Clock.Advance(9 * 24 * time.Hour)
		amara.AccessToken = e.Login(amara.Email, amara.Password).AccessToken
		admin.AccessToken = e.Login(admin.Email, admin.Password).AccessToken
		e.Post("/api/v1/event-orders/"+o3["id"].(string)+"/cancel", amara.AccessToken, nil).Expect(http.StatusConflict)
		e.VerifyLedger(t)

		// The event ends: Sojourn keeps its escrow as revenue.
		e.Clock.Advance(2 * 24 * time.Hour)
		if _, err := e.App.Ticketing.Settle(ctx, id); err != nil {
			t.Fatal(err)
		}
		if n := count(t, e, "SELECT COUNT(*) FROM tk_orders WHERE event_id = ? AND settled = ?", id, true); n != 2 {
			t.Fatalf("settled %d", n)
		}
		e.VerifyLedger(t)
	})
}

func TestIntegrationTicketsEventCancelledRefundsEveryone(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		guide := e.Register("guide@example.com", "guide")
		e.GrantRole(guide.UserID, "tour_guide")
		id, types := create(t, e, "/api/v1/organiser/events", guide.AccessToken, eventBody(e, 20, 300_000,
			map[string]any{"title": "Lagos Island Walking Festival", "category": "culture"}))
		general := typeID(types, "General")
		var buyers []*testkit.Session
		for i := range 3 {
			b := buyer(t, e, fmt.Sprintf("walker%d", i), 1_000_000)
			o := reserve(e, b.AccessToken, id, general, "A", "B").Expect(http.StatusCreated).Data()
			pay(e, b.AccessToken, o["id"].(string)).Expect(http.StatusOK)
			buyers = append(buyers, b)
		}
		// A held order ends with the cancellation too.
		held := buyer(t, e, "holder", 0)
		reserve(e, held.AccessToken, id, general, "H").Expect(http.StatusCreated)
		e.Post("/api/v1/organiser/events/"+id+"/cancel", guide.AccessToken, map[string]any{"reason": "Storm warning"}).
			Expect(http.StatusOK)
		for _, b := range buyers {
			if bal := e.Balance(t, b.UserID); bal != 1_000_000 {
				t.Fatalf("refund: %d", bal)
			}
		}
		if n := count(t, e, "SELECT sold + held FROM tk_quotas WHERE event_id = ?", id); n != 0 {
			t.Fatalf("seats still taken: %d", n)
		}
		if l := list(e.Get("/api/v1/event-tickets", buyers[0].AccessToken).Expect(http.StatusOK)); len(l) != 0 {
			t.Fatalf("tickets after the cancel %d", len(l))
		}
		e.Post("/api/v1/organiser/events/"+id+"/cancel", guide.AccessToken, map[string]any{"reason": "Again"}).
			Expect(http.StatusConflict)
		e.VerifyLedger(t)
	})
}

func TestIntegrationTicketsProviderEventReleasedAfter(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		coach := e.Register("coach@example.com", "coach")
		e.GrantRole(coach.UserID, "coach")
		id, types := create(t, e, "/api/v1/organiser/events", coach.AccessToken, eventBody(e, 10, 200_000,
			map[string]any{"title": "Clarity workshop", "category": "workshop", "online": true, "venue": ""}))
		b := buyer(t, e, "learner", 1_000_000)
		o := reserve(e, b.AccessToken, id, typeID(types, "General"), "Learner").Expect(http.StatusCreated).Data()
		pay(e, b.AccessToken, o["id"].(string)).Expect(http.StatusOK)
		e.Clock.Advance(11 * 24 * time.Hour)
		if _, err := e.App.Ticketing.Settle(ctx, id); err != nil {
			t.Fatal(err)
		}
		if n := count(t, e, "SELECT COUNT(*) FROM ledger_accounts WHERE kind = 'earnings_pending' AND owner_id = ? AND balance > 0",
			coach.UserID); n != 1 {
			t.Fatalf("coach earnings %d", n)
		}
		// Another provider never sees the coach's event.
		other := e.Register("coach2@example.com", "coach2")
		e.GrantRole(other.UserID, "coach")
		e.Get("/api/v1/organiser/events/"+id, other.AccessToken).Expect(http.StatusNotFound)
		e.VerifyLedger(t)
	})
}

func TestIntegrationTicketsHoldExpiryReturnsSeats(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("ops@example.com", "ops")
		id, types := create(t, e, "/api/v1/admin/ticketing/events", admin.AccessToken, eventBody(e, 2, 100_000, nil))
		general := typeID(types, "General")
		a := buyer(t, e, "early", 1_000_000)
		o := reserve(e, a.AccessToken, id, general, "One", "Two").Expect(http.StatusCreated).Data()
		late := buyer(t, e, "late", 1_000_000)
		reserve(e, late.AccessToken, id, general, "Three").Expect(http.StatusConflict)
		if early, err := e.App.Ticketing.ExpireHold(ctx, o["id"].(string)); err != nil || early <= 0 {
			t.Fatalf("expired early: %v %v", early, err)
		}
		e.Clock.Advance(11 * time.Minute)
		a.AccessToken = e.Login(a.Email, a.Password).AccessToken
		late.AccessToken = e.Login(late.Email, late.Password).AccessToken
		pay(e, a.AccessToken, o["id"].(string)).Expect(http.StatusConflict)
		if _, err := e.App.Ticketing.ExpireHold(ctx, o["id"].(string)); err != nil {
			t.Fatal(err)
		}
		if n := count(t, e, "SELECT held FROM tk_quotas WHERE event_id = ?", id); n != 0 {
			t.Fatalf("held %d", n)
		}
		o2 := reserve(e, late.AccessToken, id, general, "Three").Expect(http.StatusCreated).Data()
		pay(e, late.AccessToken, o2["id"].(string)).Expect(http.StatusOK)
		if e.Balance(t, a.UserID) != 1_000_000 {
			t.Fatal("an expired hold moved money")
		}
		e.VerifyLedger(t)
	})
}

func TestIntegrationTicketsInputBounds(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("ops@example.com", "ops")
		base := "/api/v1/admin/ticketing/events"
		for name, ch := range map[string]map[string]any{
			"title":     {"title": strings.Repeat("x", 121)},
			"zone":      {"time_zone": "Mars/Olympus"},
			"category":  {"category": "rave"},
			"ends":      {"ends_at": e.Clock.Now().Add(time.Hour).Format(time.RFC3339)},
			"quota":     {"quotas": []any{map[string]any{"name": "Park", "size": 0}}},
			"price":     {"ticket_types": []any{map[string]any{"name": "G", "quota": "Park", "price": -1, "max_per_order": 1}}},
			"per order": {"ticket_types": []any{map[string]any{"name": "G", "quota": "Park", "price": 1, "max_per_order": 21}}},
			"venue":     {"venue": ""},
		} {
			if r := e.Post(base, admin.AccessToken, eventBody(e, 5, 100, ch)); r.Status != http.StatusUnprocessableEntity {
				t.Fatalf("%s: %d %s", name, r.Status, r.Body)
			}
		}
		if n := count(t, e, "SELECT COUNT(*) FROM tk_events"); n != 0 {
			t.Fatalf("events written: %d", n)
		}
		id, types := create(t, e, base, admin.AccessToken, eventBody(e, 5, 100, nil))
		u := buyer(t, e, "bounded", 1_000_000)
		general := typeID(types, "General")
		many := make([]string, 21)
		for i := range many {
			many[i] = "N"
		}
		reserve(e, u.AccessToken, id, general, many...).Expect(http.StatusUnprocessableEntity)
		reserve(e, u.AccessToken, id, general, strings.Repeat("n", 81)).Expect(http.StatusUnprocessableEntity)
		reserve(e, u.AccessToken, id, typeID(types, "Friends of Sojourn"), "Sneaky").Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/events/"+id+"/orders", u.AccessToken, map[string]any{"code": "FRIENDS", "items": []any{
			map[string]any{"type_id": typeID(types, "Friends of Sojourn"), "attendees": []string{"A", "B", "C"}}}}).
			Expect(http.StatusUnprocessableEntity)
		e.Post(base+"/"+id+"/check-in", admin.AccessToken, map[string]any{"code": strings.Repeat("x", 201)}).
			Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/events?category=rave", "").Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/events?from=yesterday", "").Expect(http.StatusUnprocessableEntity)
		if n := count(t, e, "SELECT COUNT(*) FROM tk_orders"); n != 0 {
			t.Fatalf("orders written: %d", n)
		}
		e.Patch(base+"/"+id+"/quotas/nope", admin.AccessToken, map[string]any{"size": 3}).Expect(http.StatusNotFound)
		e.VerifyLedger(t)
	})
}

// TestIntegrationTicketsLastTenInParallel fires 100 buyers at the last 10
// seats of a quota at once: exactly 10 hold and pay.
func TestIntegrationTicketsLastTenInParallel(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("ops@example.com", "ops")
		id, types := create(t, e, "/api/v1/admin/ticketing/events", admin.AccessToken, eventBody(e, 40, 100_000, nil))
		general := typeID(types, "General")
		// 30 of the 40 seats already sold.
		first := buyer(t, e, "bulk", 10_000_000)
		for range 3 {
			o := reserve(e, first.AccessToken, id, general, "1", "2", "3", "4", "5", "6", "7", "8", "9", "10").
				Expect(http.StatusCreated).Data()
			pay(e, first.AccessToken, o["id"].(string)).Expect(http.StatusOK)
		}
		var buyers []*testkit.Session
		for i := range 100 {
			buyers = append(buyers, buyer(t, e, fmt.Sprintf("fan%03d", i), 200_000))
		}
		var ok, out atomic.Int32
		var wg sync.WaitGroup
		for _, b := range buyers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := reserve(e, b.AccessToken, id, general, "Fan")
				switch r.Status {
				case http.StatusCreated:
					pay(e, b.AccessToken, r.Data()["id"].(string)).Expect(http.StatusOK)
					ok.Add(1)
				case http.StatusConflict:
					out.Add(1)
				default:
					t.Errorf("status %d %s", r.Status, r.Body)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 10 || out.Load() != 90 {
			t.Fatalf("%d bought, %d sold out", ok.Load(), out.Load())
		}
		if n := count(t, e, "SELECT sold FROM tk_quotas WHERE event_id = ?", id); n != 40 {
			t.Fatalf("sold %d", n)
		}
		if n := count(t, e, "SELECT COUNT(*) FROM tk_tickets WHERE event_id = ? AND status = 'valid'", id); n != 40 {
			t.Fatalf("tickets %d", n)
		}
		e.VerifyLedger(t)
	})
}

func list(r *testkit.Resp) []map[string]any {
	var out []map[string]any
	for _, x := range r.Map()["data"].([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}
