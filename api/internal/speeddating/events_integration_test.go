package speeddating_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"sojourn/api/internal/testkit"
)

// Bad input is a 4xx and changes nothing; edits only while scheduled, the
// price only before a sale, the capacity never below the seats taken.
func TestIntegrationSpeedEventValidation(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		host := e.Admin("host@example.com", "host")
		someone := e.Register("someone@example.com", "someone")
		e.Post("/api/v1/admin/speed-dating/events", someone.AccessToken, eventBody(e, nil)).Expect(http.StatusForbidden)
		now := e.Clock.Now()
		bad := []map[string]any{
			{"starts_at": now.Add(2 * time.Minute).Format(time.RFC3339)},
			{"starts_at": now.Add(400 * 24 * time.Hour).Format(time.RFC3339)},
			{"time_zone": "Mars/Olympus"},
			{"time_zone": "Local"},
			{"age_min": 40, "age_max": 30},
			{"age_min": 17},
			{"capacity": 5, "audience": "women_men"},
			{"capacity": 41},
			{"min_participants": 10, "capacity": 6},
			{"price": map[string]any{"amount": 10_000_001, "currency": "NGN"}},
			{"price": map[string]any{"amount": -1, "currency": "NGN"}},
			{"price": map[string]any{"amount": 100, "currency": "EUR"}},
			{"rounds": 0},
			{"rounds": 13},
			{"round_seconds": 59},
			{"changeover_seconds": 301},
			{"audience": "couples"},
			{"title": "ab"},
			{"title": strings.Repeat("x", 121)},
			{"description": strings.Repeat("x", 2001)},
		}
		for _, b := range bad {
			res := e.Post("/api/v1/admin/speed-dating/events", host.AccessToken, eventBody(e, b))
			if res.Status != http.StatusUnprocessableEntity && res.Status != http.StatusBadRequest {
				t.Fatalf("%v: status %d %s", b, res.Status, res.Body)
			}
		}
		if n := count(t, e, "SELECT COUNT(*) FROM speed_events"); n != 0 {
			t.Fatalf("bad input made %d events", n)
		}

		id := createEvent(t, e, host.AccessToken, eventBody(e, map[string]any{"audience": "everyone", "capacity": 3}))
		ev := event(t, e, "", id)
		if ev["seats_left"].(float64) != 3 || ev["can_buy"] != false || ev["status"] != "scheduled" {
			t.Fatalf("event %v", ev)
		}
		for _, b := range bad {
			res := put(e, "/api/v1/admin/speed-dating/events/"+id, host.AccessToken, eventBody(e,
				merge(map[string]any{"audience": "everyone", "capacity": 3}, b)))
			if res.Status != http.StatusUnprocessableEntity && res.Status != http.StatusBadRequest {
				t.Fatalf("edit %v: status %d %s", b, res.Status, res.Body)
			}
		}
		if got := event(t, e, "", id); got["title"] != "Lagos Friday Speed Dating" || got["capacity"].(float64) != 3 {
			t.Fatalf("a refused edit changed the event: %v", got)
		}
		// A valid edit: the seats follow the capacity.
		put(e, "/api/v1/admin/speed-dating/events/"+id, host.AccessToken, eventBody(e,
			map[string]any{"audience": "everyone", "capacity": 6, "title": "Travellers' Coffee Dates"})).Expect(http.StatusOK)
		if got := event(t, e, "", id); got["title"] != "Travellers' Coffee Dates" || got["seats_left"].(float64) != 6 {
			t.Fatalf("edit %v", got)
		}
		// A sale: the price and the audience are frozen, the capacity never below the seats taken.
		ada := member(t, e, "ada", "woman", "man", "woman")
		e.Fund(t, ada.UserID, 1_000_000)
		buy(e, ada.AccessToken, id, "wallet").Expect(http.StatusCreated)
		put(e, "/api/v1/admin/speed-dating/events/"+id, host.AccessToken, eventBody(e,
			map[string]any{"audience": "everyone", "capacity": 6, "price": map[string]any{"amount": 1000, "currency": "NGN"}})).
			Expect(http.StatusConflict)
		put(e, "/api/v1/admin/speed-dating/events/"+id, host.AccessToken, eventBody(e,
			map[string]any{"audience": "women_men", "capacity": 6})).Expect(http.StatusConflict)
		list := e.Get("/api/v1/speed-dating/events", "").Expect(http.StatusOK).Map()["data"].([]any)
		if len(list) != 1 {
			t.Fatalf("public list %v", list)
		}
		adm := e.Get("/api/v1/admin/speed-dating/events?status=scheduled", host.AccessToken).Expect(http.StatusOK).Map()
		if adm["meta"].(map[string]any)["total"].(float64) != 1 {
			t.Fatalf("admin list %v", adm)
		}
		e.Get("/api/v1/admin/speed-dating/events?status=nope", host.AccessToken).Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/speed-dating/events/nope", "").Expect(http.StatusNotFound)
		clean(t, e)
	})
}

func merge(a, b map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}
