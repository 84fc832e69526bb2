package practice_test

import (
	"errors"
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

func errorsIsNotFound(err error) bool { return errors.Is(err, practice.ErrNotFound) }

func TestIntegrationScheduleOverridesAndAvailability(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := provider(e, "ada", "coach")
		bola := provider(e, "bola", "coach")
		const sched = "/api/v1/practice/schedule?kind=coach"
		const ovr = "/api/v1/practice/schedule/overrides?kind=coach"

		for name, body := range map[string]map[string]any{
			"overlap":   {"weekly": map[string]any{"monday": []map[string]string{{"start": "09:00", "end": "12:00"}, {"start": "11:00", "end": "13:00"}}}},
			"backwards": {"weekly": map[string]any{"friday": []map[string]string{{"start": "15:00", "end": "14:00"}}}},
			"format":    {"weekly": map[string]any{"friday": []map[string]string{{"start": "9:00", "end": "14:00"}}}},
			"24 start":  {"weekly": map[string]any{"friday": []map[string]string{{"start": "24:00", "end": "24:00"}}}},
			"limit":     {"weekly": map[string]any{}, "daily_limit": 51},
		} {
			if res := put(e, sched, ada.AccessToken, body); res.Status != http.StatusUnprocessableEntity {
				t.Fatalf("%s: %d %s", name, res.Status, res.Body)
			}
		}
		put(e, sched, ada.AccessToken, map[string]any{"weekly": map[string]any{"someday": []map[string]string{}}}).
			Expect(http.StatusUnprocessableEntity)
		s := put(e, sched, ada.AccessToken, map[string]any{"weekly": map[string]any{
			"monday":   []map[string]string{{"start": "13:00", "end": "17:00"}, {"start": "09:00", "end": "12:00"}},
			"saturday": []map[string]string{{"start": "20:00", "end": "24:00"}},
		}, "daily_limit": 4, "weekly_limit": 12}).Expect(http.StatusOK).Data()
		if mon := s["weekly"].(map[string]any)["monday"].([]any); mon[0].(map[string]any)["start"] != "09:00" {
			t.Fatalf("sorted: %v", mon)
		}

		for name, body := range map[string]map[string]any{
			"range":             {"date": "2101-01-01", "blocked": true},
			"not a date":        {"date": "2026-02-30", "blocked": true},
			"blocked+intervals": {"date": "2026-03-10", "blocked": true, "intervals": []map[string]string{{"start": "09:00", "end": "10:00"}}},
			"empty":             {"date": "2026-03-10"},
		} {
			if res := e.Post(ovr, ada.AccessToken, body); res.Status != http.StatusUnprocessableEntity {
				t.Fatalf("%s: %d %s", name, res.Status, res.Body)
			}
		}
		blocked := e.Post(ovr, ada.AccessToken, map[string]any{"date": "2026-03-09", "blocked": true}).Expect(http.StatusCreated).Data()
		e.Post(ovr, ada.AccessToken, map[string]any{"date": "2026-03-09", "blocked": true}).Expect(http.StatusConflict)
		e.Post(ovr, ada.AccessToken, map[string]any{"date": "2026-03-14",
			"intervals": []map[string]string{{"start": "08:00", "end": "10:30"}}}).Expect(http.StatusCreated)
		e.Post(ovr, ada.AccessToken, map[string]any{"date": "2026-05-01", "blocked": true}).Expect(http.StatusCreated)

		p, err := e.App.Practice.ProviderOfUser(testkit.Ctx(), ada.UserID, "coach")
		if err != nil {
			t.Fatal(err)
		}
		av, err := e.App.Practice.Availability(testkit.Ctx(), p.ID, "2026-03-02", "2026-03-31")
		if err != nil {
			t.Fatal(err)
		}
		if len(av.Overrides) != 2 || av.Overrides[0].Date != "2026-03-09" || !av.Overrides[0].Blocked ||
			av.Overrides[1].Date != "2026-03-14" || av.Overrides[1].Intervals[0] != (practice.Interval{Start: "08:00", End: "10:30"}) {
			t.Fatalf("overrides: %+v", av.Overrides)
		}
		if len(av.Weekly[time.Monday]) != 2 || av.Weekly[time.Saturday][0].End != "24:00" || len(av.Weekly[time.Sunday]) != 0 ||
			av.DailyLimit != 4 || av.WeeklyLimit != 12 || av.ProviderUserID != ada.UserID {
			t.Fatalf("availability: %+v", av)
		}
		if _, err := e.App.Practice.Availability(testkit.Ctx(), p.ID, "2026-03-31", "2026-03-01"); err == nil {
			t.Fatal("backwards range accepted")
		}
		if _, err := e.App.Practice.Availability(testkit.Ctx(), "nope", "2026-03-01", "2026-03-02"); !errorsIsNotFound(err) {
			t.Fatalf("unknown provider: %v", err)
		}

		var list struct{ Data []map[string]any }
		e.Get(ovr+"&from=2026-03-01&to=2026-03-31", ada.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 2 {
			t.Fatalf("list: %v", list.Data)
		}
		e.Get(ovr+"&from=1999-12-31", ada.AccessToken).Expect(http.StatusUnprocessableEntity)
		e.Get(ovr, bola.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 0 {
			t.Fatalf("bola sees %v", list.Data)
		}
		del(e, "/api/v1/practice/schedule/overrides/"+blocked["id"].(string), bola.AccessToken).Expect(http.StatusNotFound)
		del(e, "/api/v1/practice/schedule/overrides/"+blocked["id"].(string), ada.AccessToken).Expect(http.StatusNoContent)
		del(e, "/api/v1/practice/schedule/overrides/"+blocked["id"].(string), ada.AccessToken).Expect(http.StatusNotFound)
	})
}
