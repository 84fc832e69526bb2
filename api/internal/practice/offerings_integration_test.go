package practice_test

import (
	"net/http"
	"strings"
	"testing"

	"sojourn/api/internal/testkit"
)

func TestIntegrationOfferingBoundsAndOwnership(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := provider(e, "ada", "therapist")
		bola := provider(e, "bola", "therapist")
		coach := provider(e, "chi", "coach")
		const list = "/api/v1/practice/offerings?kind=therapist"

		bad := map[string]map[string]any{
			"duration_min":                {"duration_min": 14},
			"capacity":                    {"capacity": 51},
			"buffer_before_min":           {"buffer_before_min": 121},
			"buffer_after_min":            {"buffer_after_min": -1},
			"min_notice_min":              {"min_notice_min": 10081},
			"max_advance_days":            {"max_advance_days": 0},
			"free_cancel_hours":           {"free_cancel_hours": 721},
			"late_cancel_fee_pct":         {"late_cancel_fee_pct": 101},
			"title":                       {"title": strings.Repeat("t", 121)},
			"description":                 {"description": strings.Repeat("d", 4001)},
			"price.amount":                {"price": map[string]any{"amount": 1_000_000_000_001, "currency": "NGN"}},
			"price.currency":              {"price": map[string]any{"amount": 100, "currency": "GBP"}},
			"format":                      {"format": "telepathy"},
			"intake_questions":            {"intake_questions": make([]map[string]any, 11)},
			"intake_questions[0].choices": {"intake_questions": []map[string]any{{"label": "Pick", "kind": "choice", "choices": []string{"only"}}}},
			"intake_questions[0].kind":    {"intake_questions": []map[string]any{{"label": "Pick", "kind": "essay"}}},
		}
		for field, patch := range bad {
			body := offering(1500000)
			for k, v := range patch {
				body[k] = v
			}
			res := e.Post(list, ada.AccessToken, body).Expect(http.StatusUnprocessableEntity)
			if _, ok := res.Map()["error"].(map[string]any)["fields"].(map[string]any)[field]; !ok {
				t.Fatalf("%s: %s", field, res.Body)
			}
		}
		// The edges are accepted.
		edge := offering(1_000_000_000_000)
		edge["duration_min"], edge["capacity"], edge["buffer_before_min"], edge["min_notice_min"] = 240, 50, 120, 10080
		edge["max_advance_days"], edge["free_cancel_hours"], edge["late_cancel_fee_pct"] = 365, 720, 100
		edge["intake_questions"] = []map[string]any{{"label": "What brings you here?", "kind": "text", "required": true},
			{"label": "Preferred time", "kind": "choice", "choices": []string{"Morning", "Evening"}}}
		o := e.Post(list, ada.AccessToken, edge).Expect(http.StatusCreated).Data()
		id := o["id"].(string)
		qs := o["intake_questions"].([]any)
		if len(qs) != 2 || qs[0].(map[string]any)["id"] == "" {
			t.Fatalf("questions: %v", qs)
		}
		// Nothing was stored by the refused requests.
		var mine struct{ Data []map[string]any }
		e.Get(list, ada.AccessToken).Expect(http.StatusOK).JSON(&mine)
		if len(mine.Data) != 1 {
			t.Fatalf("offerings: %d", len(mine.Data))
		}

		// Another provider, and another kind, see nothing of it.
		item := "/api/v1/practice/offerings/" + id
		e.Get(item, bola.AccessToken).Expect(http.StatusNotFound)
		e.Patch(item, bola.AccessToken, map[string]any{"title": "Mine now"}).Expect(http.StatusNotFound)
		del(e, item, bola.AccessToken).Expect(http.StatusNotFound)
		e.Get(item, coach.AccessToken).Expect(http.StatusNotFound)
		e.Post(list, coach.AccessToken, offering(100)).Expect(http.StatusForbidden)
		e.Get(list, bola.AccessToken).Expect(http.StatusOK).JSON(&mine)
		if len(mine.Data) != 0 {
			t.Fatalf("bola sees %d offerings", len(mine.Data))
		}
		plain := e.Register("plain@example.com", "plain")
		e.Get(item, plain.AccessToken).Expect(http.StatusForbidden)

		// PATCH changes only what it names; a bad PATCH changes nothing.
		e.Patch(item, ada.AccessToken, map[string]any{"duration_min": 241}).Expect(http.StatusUnprocessableEntity)
		p := e.Patch(item, ada.AccessToken, map[string]any{"title": "Couples session", "capacity": 2}).Expect(http.StatusOK).Data()
		if p["title"] != "Couples session" || p["capacity"].(float64) != 2 || p["duration_min"].(float64) != 240 {
			t.Fatalf("patched: %v", p)
		}
		// DELETE archives: the row stays, inactive, for bookings that name it.
		a := del(e, item, ada.AccessToken).Expect(http.StatusOK).Data()
		if a["active"] != false {
			t.Fatalf("archived: %v", a)
		}
		got, err := e.App.Practice.Offering(testkit.Ctx(), id)
		if err != nil || got.Active || got.ProviderUserID != ada.UserID || got.Kind != "therapist" || len(got.IntakeQuestions) != 2 {
			t.Fatalf("kernel offering: %+v %v", got, err)
		}
	})
}
