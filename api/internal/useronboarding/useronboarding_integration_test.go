package useronboarding_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"testing"

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/testkit"
	"sojourn/api/internal/useronboarding"
	"sojourn/migrations"
)

type personalisation struct {
	Data useronboarding.Personalisation
}

type progress struct {
	Data struct {
		NextStep    *string `json:"next_step"`
		SubmittedAt *string `json:"submitted_at"`
		Steps       []struct {
			Step  string         `json:"step"`
			Saved bool           `json:"saved"`
			Data  map[string]any `json:"data"`
		} `json:"steps"`
	}
}

func testPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	img.Set(1, 1, color.RGBA{R: 10, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// answers are a valid journey, step by step.
func answers(avatar string) []struct {
	step string
	data map[string]any
} {
	return []struct {
		step string
		data map[string]any
	}{
		{"intent", map[string]any{"intents": []string{"wellness", "meeting_people"}}},
		{"one", map[string]any{"display_name": "  Ada Obi ", "avatar_url": avatar}},
		{"two", map[string]any{"date_of_birth": "1995-04-02"}},
		{"three", map[string]any{"gender": "woman"}},
		{"four", map[string]any{"city": "Accra", "country": "gh", "time_zone": "Africa/Accra"}},
		{"five", map[string]any{"languages": []string{"English", "Twi"}}},
		{"six", map[string]any{"interests": []string{"yoga", "hiking"}}},
		{"seven", map[string]any{"travel_styles": []string{"nature", "relaxation"}}},
		{"eight", map[string]any{"wellness_goals": []string{"sleep", "mindfulness"}}},
		{"nine", map[string]any{"email": []string{"bookings", "messages"}}},
		{"ten", map[string]any{"who_can_message": "friends", "who_can_request": "friends_of_friends", "posts_audience": "only_me"}},
		{"eleven", map[string]any{"confirmed": true}},
	}
}

func TestIntegrationUserOnboardingJourney(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada.obi")
		put := func(token, step string, data any) *testkit.Resp {
			return e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/onboarding/user/steps/" + step,
				Token: token, Body: map[string]any{"data": data}})
		}
		// A new member must finish it, from the intent step.
		var pers personalisation
		e.Get("/api/v1/personalisation", u.AccessToken).Expect(http.StatusOK).JSON(&pers)
		if !pers.Data.OnboardingRequired || pers.Data.OnboardingStep == nil || *pers.Data.OnboardingStep != "intent" ||
			len(pers.Data.Intents) != 0 {
			t.Fatalf("fresh: %+v", pers.Data)
		}
		e.Get("/api/v1/personalisation", "").Expect(http.StatusUnauthorized)

		// The photo goes through the profile's own upload route; the step keeps its address.
		var prof struct {
			Data struct {
				AvatarURL *string `json:"avatar_url"`
			}
		}
		e.Upload("/api/v1/profile/avatar", u.AccessToken, "avatar", "me.png", testPNG(t)).Expect(http.StatusOK).JSON(&prof)
		if prof.Data.AvatarURL == nil {
			t.Fatal("no avatar url")
		}
		steps := answers(*prof.Data.AvatarURL)

		// Check refuses bad input with 422 and saves nothing.
		bad := []struct {
			step  string
			data  map[string]any
			field string
		}{
			{"intent", map[string]any{"intents": []string{}}, "intents"},
			{"intent", map[string]any{"intents": []string{"dating"}}, "intents[0]"},
			{"intent", map[string]any{"intents": []string{"travel"}, "extra": 1}, "extra"},
			{"one", map[string]any{"display_name": " "}, "display_name"},
			{"one", map[string]any{"display_name": strings.Repeat("a", 81)}, "display_name"},
			{"one", map[string]any{"display_name": "Ada", "avatar_url": "/media/avatars/someone-else.png"}, "avatar_url"},
			{"two", map[string]any{"date_of_birth": "2020-01-01"}, "date_of_birth"},
			{"two", map[string]any{"date_of_birth": "1995-02-30"}, "date_of_birth"},
			{"two", map[string]any{"date_of_birth": "1850-01-01"}, "date_of_birth"},
			{"three", map[string]any{"gender": "robot"}, "gender"},
			{"four", map[string]any{"city": "Accra", "country": "GH", "time_zone": "Mars/Olympus"}, "time_zone"},
			{"four", map[string]any{"city": "Accra", "country": "XX", "time_zone": "Africa/Accra"}, "country"},
			{"four", map[string]any{"city": "Accra", "country": "GH", "time_zone": "Local"}, "time_zone"},
			{"five", map[string]any{"languages": []string{}}, "languages"},
			{"six", map[string]any{"interests": []string{strings.Repeat("x", 41)}}, "interests"},
			{"seven", map[string]any{"travel_styles": []string{"nature", "nature"}}, "travel_styles"},
			{"eight", map[string]any{"wellness_goals": []string{"levitation"}}, "wellness_goals[0]"},
			{"nine", map[string]any{"email": []string{"spam"}}, "email[0]"},
			{"ten", map[string]any{"who_can_message": "all", "who_can_request": "everyone", "posts_audience": "public"}, "who_can_message"},
			{"eleven", map[string]any{"confirmed": false}, "confirmed"},
			{"seven", map[string]any{"travel_styles": "nature"}, "travel_styles"},
		}
		for _, b := range bad {
			r := put(u.AccessToken, b.step, b.data).Expect(http.StatusUnprocessableEntity)
			if !strings.Contains(string(r.Body), `"`+b.field+`"`) {
				t.Errorf("%s %v: want field %s, got %s", b.step, b.data, b.field, r.Body)
			}
		}
		var pr progress
		e.Get("/api/v1/onboarding/user", u.AccessToken).Expect(http.StatusOK).JSON(&pr)
		if pr.Data.NextStep == nil || *pr.Data.NextStep != "intent" || slices.ContainsFunc(pr.Data.Steps, func(s struct {
			Step  string         `json:"step"`
			Saved bool           `json:"saved"`
			Data  map[string]any `json:"data"`
		}) bool {
			return s.Saved
		}) {
			t.Fatalf("bad input saved something: %+v", pr.Data)
		}

		// The first five steps on one device...
		for _, s := range steps[:5] {
			put(u.AccessToken, s.step, s.data).Expect(http.StatusOK)
		}
		// ...another device (another session) resumes at the sixth with the answers kept.
		other := e.Login(u.Email, u.Password)
		e.Get("/api/v1/onboarding/user", other.AccessToken).Expect(http.StatusOK).JSON(&pr)
		if pr.Data.NextStep == nil || *pr.Data.NextStep != "five" || pr.Data.Steps[1].Data["display_name"] != "  Ada Obi " {
			t.Fatalf("other device: %+v", pr.Data)
		}
		e.Get("/api/v1/personalisation", other.AccessToken).Expect(http.StatusOK).JSON(&pers)
		if !pers.Data.OnboardingRequired || *pers.Data.OnboardingStep != "five" {
			t.Fatalf("other device personalisation: %+v", pers.Data)
		}
		for _, s := range steps[5:] {
			put(other.AccessToken, s.step, s.data).Expect(http.StatusOK)
		}
		e.Get("/api/v1/personalisation", u.AccessToken).Expect(http.StatusOK).JSON(&pers)
		if !pers.Data.OnboardingRequired || *pers.Data.OnboardingStep != "eleven" {
			t.Fatalf("all saved, not submitted: %+v", pers.Data)
		}

		// Submit applies through the profile, notification and privacy services.
		e.Post("/api/v1/onboarding/user/submit", u.AccessToken, nil).Expect(http.StatusOK)
		e.Post("/api/v1/onboarding/user/submit", other.AccessToken, nil).Expect(http.StatusConflict)

		var p struct {
			Data map[string]any
		}
		e.Get("/api/v1/profile", u.AccessToken).Expect(http.StatusOK).JSON(&p)
		for k, want := range map[string]any{"display_name": "Ada Obi", "date_of_birth": "1995-04-02", "gender": "woman",
			"city": "Accra", "country": "GH", "avatar_url": *prof.Data.AvatarURL} {
			if p.Data[k] != want {
				t.Errorf("profile %s = %v, want %v", k, p.Data[k], want)
			}
		}
		if langs, _ := p.Data["languages"].([]any); len(langs) != 2 || langs[1] != "Twi" {
			t.Errorf("languages %v", p.Data["languages"])
		}
		var prefs struct {
			Data struct {
				TimeZone   string `json:"time_zone"`
				Categories map[string]struct {
					InApp bool `json:"in_app"`
					Email bool `json:"email"`
				} `json:"categories"`
			}
		}
		e.Get("/api/v1/notifications/preferences", u.AccessToken).Expect(http.StatusOK).JSON(&prefs)
		if prefs.Data.TimeZone != "Africa/Accra" || !prefs.Data.Categories["bookings"].Email ||
			prefs.Data.Categories["payments"].Email || !prefs.Data.Categories["payments"].InApp {
			t.Errorf("notification preferences: %+v", prefs.Data)
		}
		var priv struct{ Data map[string]string }
		e.Get("/api/v1/social/privacy", u.AccessToken).Expect(http.StatusOK).JSON(&priv)
		if priv.Data["who_can_message"] != "friends" || priv.Data["who_can_request"] != "friends_of_friends" ||
			priv.Data["posts_audience"] != "only_me" {
			t.Errorf("privacy: %v", priv.Data)
		}
		e.Get("/api/v1/personalisation", u.AccessToken).Expect(http.StatusOK).JSON(&pers)
		if pers.Data.OnboardingRequired || pers.Data.OnboardingStep != nil ||
			!slices.Equal(pers.Data.Intents, []string{"wellness", "meeting_people"}) ||
			!slices.Equal(pers.Data.WellnessGoals, []string{"sleep", "mindfulness"}) ||
			!slices.Equal(pers.Data.TravelStyles, []string{"nature", "relaxation"}) {
			t.Fatalf("after submit: %+v", pers.Data)
		}

		// Another person's answers are their own.
		v := e.Register("bea@example.com", "bea.b")
		e.Get("/api/v1/personalisation", v.AccessToken).Expect(http.StatusOK).JSON(&pers)
		if !pers.Data.OnboardingRequired || len(pers.Data.Intents) != 0 {
			t.Fatalf("second person: %+v", pers.Data)
		}
	})
}

func TestIntegrationUserOnboardingNotRequired(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		// An account made before the onboarding existed: the migration records it as submitted.
		old := e.Register("old@example.com", "old.timer")
		fsys, name := fs.FS(migrations.SQLite), "sqlite/0056_user_onboarding.tx.up.sql"
		if e.Dialect == db.Postgres {
			fsys, name = migrations.Postgres, "postgres/0056_user_onboarding.tx.up.sql"
		}
		sqlText, err := fs.ReadFile(fsys, name)
		if err != nil {
			t.Fatal(err)
		}
		stmt := string(sqlText[strings.Index(string(sqlText), "INSERT INTO onboarding_submissions"):])
		if _, err := e.DB.ExecContext(context.Background(), stmt); err != nil {
			t.Fatal(err)
		}
		var pers personalisation
		e.Get("/api/v1/personalisation", old.AccessToken).Expect(http.StatusOK).JSON(&pers)
		if pers.Data.OnboardingRequired || pers.Data.OnboardingStep != nil {
			t.Fatalf("pre-existing user: %+v", pers.Data)
		}
		e.Post("/api/v1/onboarding/user/submit", old.AccessToken, nil).Expect(http.StatusConflict)

		// A provider is never asked, even when registered afterwards.
		guide := e.Register("guide@example.com", "guide.g")
		e.GrantRole(guide.UserID, "tour_guide")
		guide = e.Login(guide.Email, guide.Password)
		e.Get("/api/v1/personalisation", guide.AccessToken).Expect(http.StatusOK).JSON(&pers)
		if pers.Data.OnboardingRequired || pers.Data.OnboardingStep != nil {
			t.Fatalf("provider: %+v", pers.Data)
		}
	})
}
