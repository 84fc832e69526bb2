package tours_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

const guideFlow = "/api/v1/onboarding/tour_guide"

func saveStep(e *testkit.Env, token, step string, data any) *testkit.Resp {
	e.T.Helper()
	return e.Do(testkit.Req{Method: http.MethodPut, Path: guideFlow + "/steps/" + step, Token: token,
		Body: map[string]any{"data": data}})
}

func fieldsOf(t *testing.T, r *testkit.Resp) map[string]string {
	t.Helper()
	var body struct {
		Error struct {
			Fields map[string]string `json:"fields"`
		} `json:"error"`
	}
	r.JSON(&body)
	return body.Error.Fields
}

type progress struct {
	NextStep    *string `json:"next_step"`
	SubmittedAt *string `json:"submitted_at"`
	Steps       []struct {
		Step  string          `json:"step"`
		Saved bool            `json:"saved"`
		Data  json.RawMessage `json:"data"`
	} `json:"steps"`
}

func TestIntegrationGuideWizardResumesChecksAndSubmits(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		g := e.Register("newguide@example.com", "newguide")
		e.GrantRole(g.UserID, practice.KindTourGuide)
		plain := e.Register("plain@example.com", "plain")
		e.Get(guideFlow, plain.AccessToken).Expect(http.StatusForbidden)

		steps := []struct {
			step string
			data map[string]any
		}{
			{"one", map[string]any{"headline": "Lagos Island on foot, with its stories", "bio": "I grew up in Idumota and have walked its markets all my life."}},
			{"two", map[string]any{"languages": []string{"English", "Yoruba", "english"}}},
			{"three", map[string]any{"city": "Lagos", "country": "ng", "time_zone": "Africa/Lagos", "other_cities": []string{"Badagry", "Abeokuta"}}},
			{"four", map[string]any{"years": 6, "specialties": []string{"History", "Food"}, "experience": "Six years with the Lagos heritage walks."}},
		}
		// Check: each step's bounded fields, named in the 422.
		for _, c := range []struct {
			step  string
			data  map[string]any
			field string
		}{
			{"one", map[string]any{"headline": "", "bio": "short"}, "headline"},
			{"one", map[string]any{"headline": "Two\nlines", "bio": strings.Repeat("b", 40)}, "headline"},
			{"one", map[string]any{"headline": "ok", "bio": strings.Repeat("b", 2801)}, "bio"},
			{"one", map[string]any{"headline": "ok", "bio": strings.Repeat("b", 40), "age": 3}, "age"},
			{"two", map[string]any{"languages": []string{}}, "languages"},
			{"two", map[string]any{"languages": "English"}, "languages"},
			{"three", map[string]any{"city": "Lagos", "country": "XX", "time_zone": "Africa/Lagos"}, "country"},
			{"three", map[string]any{"city": "Lagos", "country": "NG", "time_zone": "Mars/Base"}, "time_zone"},
			{"four", map[string]any{"years": 200, "specialties": []string{"History"}}, "years"},
			{"five", map[string]any{"licence_number": "LSTB-1", "issuing_body": "Lagos State Tourism Board", "document_ids": []string{"nope"}}, "document_ids"},
			{"six", map[string]any{"media_ids": []string{}}, "media_ids"},
			{"seven", map[string]any{"title": "Walk"}, "city"},
			{"eight", map[string]any{"departures": map[string]any{"weekly": map[string]any{}}}, "departures"},
			{"eight", map[string]any{"departures": map[string]any{"weekly": map[string]any{"monday": []string{"25:00"}}}}, "departures.weekly.monday"},
			{"nine", map[string]any{"bank_code": "058", "account_number": "12", "account_name": "Ada Obi", "currency": "NGN"}, "account_number"},
			{"nine", map[string]any{"bank_code": "999999", "account_number": "0123456789", "account_name": "Ada Obi", "currency": "NGN"}, "bank_code"},
			{"ten", map[string]any{"confirm": false}, "confirm"},
		} {
			r := saveStep(e, g.AccessToken, c.step, c.data).Expect(http.StatusUnprocessableEntity)
			if f := fieldsOf(t, r); f[c.field] == "" {
				t.Fatalf("step %s %v: want a message on %s, got %s", c.step, c.data, c.field, r.Body)
			}
		}
		for _, s := range steps[:2] {
			saveStep(e, g.AccessToken, s.step, s.data).Expect(http.StatusOK)
		}

		// Sign out, sign in again: the answers are on the server.
		e.Post("/api/auth/logout", "", map[string]any{"refresh_token": g.RefreshToken}).Expect(http.StatusNoContent)
		g = e.Login(g.Email, g.Password)
		var p progress
		e.Get(guideFlow, g.AccessToken).Expect(http.StatusOK).JSON(&struct{ Data *progress }{&p})
		if p.NextStep == nil || *p.NextStep != "three" || !p.Steps[0].Saved || !p.Steps[1].Saved || p.Steps[2].Saved {
			t.Fatalf("resume: %+v", p)
		}
		if !strings.Contains(string(p.Steps[0].Data), "Idumota") || !strings.Contains(string(p.Steps[1].Data), "Yoruba") {
			t.Fatalf("answers lost: %s %s", p.Steps[0].Data, p.Steps[1].Data)
		}
		for _, s := range steps[2:] {
			saveStep(e, g.AccessToken, s.step, s.data).Expect(http.StatusOK)
		}

		// Uploads go through practice's routes; the steps keep their ids.
		doc := e.Upload("/api/v1/practice/licence/documents?kind=tour_guide", g.AccessToken, "file", "licence.png",
			pngBytes(t, 40, 30)).Expect(http.StatusCreated).Data()["id"].(string)
		photo := e.Upload("/api/v1/practice/media?kind=tour_guide", g.AccessToken, "file", "me.png",
			pngBytes(t, 64, 48)).Expect(http.StatusCreated).Data()["id"].(string)
		other := e.Register("otherguide@example.com", "otherguide")
		e.GrantRole(other.UserID, practice.KindTourGuide)
		saveStep(e, other.AccessToken, "five", map[string]any{"licence_number": "X-1", "issuing_body": "Board",
			"document_ids": []string{doc}}).Expect(http.StatusUnprocessableEntity)

		saveStep(e, g.AccessToken, "five", map[string]any{"licence_number": "LSTB-TG-7781",
			"issuing_body": "Lagos State Tourism Board", "document_ids": []string{doc}}).Expect(http.StatusOK)
		saveStep(e, g.AccessToken, "six", map[string]any{"media_ids": []string{photo}}).Expect(http.StatusOK)
		tour := tourBody("Lagos Island heritage walk", "Lagos", 1500000, "NGN", 180, "English", "Yoruba")
		delete(tour, "departures")
		saveStep(e, g.AccessToken, "seven", tour).Expect(http.StatusOK)
		saveStep(e, g.AccessToken, "eight", map[string]any{"departures": map[string]any{
			"weekly": map[string]any{"saturday": []string{"09:00", "14:00"}},
			"added":  []map[string]any{{"date": "2031-01-02", "time": "10:00"}}},
			"cutoff_hours": 12, "min_participants": 2}).Expect(http.StatusOK)
		saveStep(e, g.AccessToken, "nine", map[string]any{"bank_code": "058", "account_number": "0123456789",
			"account_name": "Ada  Obi", "currency": "NGN"}).Expect(http.StatusOK)

		// Submitting before the review is saved names the step.
		r := e.Post(guideFlow+"/submit", g.AccessToken, nil).Expect(http.StatusUnprocessableEntity)
		if !strings.Contains(string(r.Body), "ten") {
			t.Fatalf("submit early: %s", r.Body)
		}
		saveStep(e, g.AccessToken, "ten", map[string]any{"confirm": true}).Expect(http.StatusOK)
		e.Post(guideFlow+"/submit", g.AccessToken, nil).Expect(http.StatusOK)
		e.Post(guideFlow+"/submit", g.AccessToken, nil).Expect(http.StatusConflict)

		prof, err := e.App.Practice.MyProfile(ctx, g.UserID, practice.KindTourGuide)
		if err != nil {
			t.Fatal(err)
		}
		if prof.Credentials.Verification != practice.VerificationPending || prof.Credentials.LicenceNumber != "LSTB-TG-7781" ||
			prof.City != "Lagos" || prof.Country != "NG" || len(prof.Languages) != 2 || prof.Headline == "" ||
			!strings.Contains(prof.Bio, "guiding for 6 years") || len(prof.Formats) != 1 ||
			!strings.Contains(prof.Formats[0].Address, "Badagry") {
			t.Fatalf("profile: %+v", prof)
		}
		sched, err := e.App.Practice.MySchedule(ctx, g.UserID, practice.KindTourGuide)
		if err != nil {
			t.Fatal(err)
		}
		if sat := sched.Weekly["saturday"]; len(sat) != 1 || sat[0].Start != "09:00" || sat[0].End != "17:00" {
			t.Fatalf("hours: %+v", sched.Weekly)
		}
		mine := e.Get("/api/v1/tour-guide/tours", g.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(mine) != 1 {
			t.Fatalf("tours: %v", mine)
		}
		tr := mine[0].(map[string]any)
		deps := tr["departures"].(map[string]any)
		if tr["title"] != "Lagos Island heritage walk" || tr["country"] != "NG" || tr["min_participants"].(float64) != 2 ||
			len(deps["weekly"].(map[string]any)["saturday"].([]any)) != 2 || len(deps["added"].([]any)) != 1 {
			t.Fatalf("tour: %v", tr)
		}
		accts := e.Get("/api/v1/payout-accounts", g.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(accts) != 1 || accts[0].(map[string]any)["account_name"] != "Ada Obi" {
			t.Fatalf("payout accounts: %v", accts)
		}
		e.Get(guideFlow, g.AccessToken).Expect(http.StatusOK).JSON(&struct{ Data *progress }{&p})
		if p.SubmittedAt == nil {
			t.Fatal("not marked submitted")
		}
	})
}
