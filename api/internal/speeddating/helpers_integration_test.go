package speeddating_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"sojourn/api/internal/testkit"
)

var ctx = context.Background()

func clean(t *testing.T, e *testkit.Env) {
	t.Helper()
	e.VerifyLedger(t)
}

func put(e *testkit.Env, path, token string, body any) *testkit.Resp {
	return e.Do(testkit.Req{Method: http.MethodPut, Path: path, Token: token, Body: body})
}

func del(e *testkit.Env, path, token string) *testkit.Resp {
	return e.Do(testkit.Req{Method: http.MethodDelete, Path: path, Token: token})
}

// member registers someone who takes part in matchmaking: a woman seeks
// men and a man women (seek overrides); born in 1995 (31 on the test clock).
func member(t *testing.T, e *testkit.Env, name, gender string, seek ...string) *testkit.Session {
	t.Helper()
	return memberBorn(t, e, name, gender, "1995-05-10", seek...)
}

func memberBorn(t *testing.T, e *testkit.Env, name, gender, dob string, seek ...string) *testkit.Session {
	t.Helper()
	s := e.Register(name+"@example.com", name)
	e.Patch("/api/v1/profile", s.AccessToken, map[string]any{"display_name": strings.ToUpper(name[:1]) + name[1:],
		"date_of_birth": dob, "gender": gender, "city": "Lagos", "country": "NG"}).Expect(http.StatusOK)
	if len(seek) == 0 {
		seek = []string{"man"}
		if gender == "man" {
			seek = []string{"woman"}
		}
	}
	put(e, "/api/v1/matchmaking/preferences/genders", s.AccessToken, map[string]any{"genders": seek}).Expect(http.StatusOK)
	put(e, "/api/v1/matchmaking/preferences/age", s.AccessToken, map[string]any{"age_min": 21, "age_max": 60}).
		Expect(http.StatusOK)
	e.Post("/api/v1/matchmaking/opt-in", s.AccessToken, nil).Expect(http.StatusOK)
	return s
}

// eventBody is a valid event two days after the test clock's start.
func eventBody(e *testkit.Env, changes map[string]any) map[string]any {
	b := map[string]any{"title": "Lagos Friday Speed Dating", "description": "Six short dates over video.",
		"starts_at": e.Clock.Now().Add(48 * time.Hour).Format(time.RFC3339), "time_zone": "Africa/Lagos",
		"rounds": 2, "round_seconds": 300, "changeover_seconds": 60, "audience": "women_men", "age_min": 21,
		"age_max": 45, "capacity": 4, "min_participants": 2, "price": map[string]any{"amount": 500_000, "currency": "NGN"}}
	for k, v := range changes {
		b[k] = v
	}
	return b
}

func createEvent(t *testing.T, e *testkit.Env, token string, body map[string]any) string {
	t.Helper()
	d := e.Post("/api/v1/admin/speed-dating/events", token, body).Expect(http.StatusCreated).Data()
	return d["event"].(map[string]any)["id"].(string)
}

func buy(e *testkit.Env, token, id, payWith string) *testkit.Resp {
	return e.Post("/api/v1/speed-dating/events/"+id+"/tickets", token, map[string]any{"pay_with": payWith})
}

func adminEvent(t *testing.T, e *testkit.Env, token, id string) map[string]any {
	t.Helper()
	return e.Get("/api/v1/admin/speed-dating/events/"+id, token).Expect(http.StatusOK).Data()
}

func event(t *testing.T, e *testkit.Env, token, id string) map[string]any {
	t.Helper()
	return e.Get("/api/v1/speed-dating/events/"+id, token).Expect(http.StatusOK).Data()
}

func live(t *testing.T, e *testkit.Env, token, id string) map[string]any {
	t.Helper()
	return e.Get("/api/v1/speed-dating/events/"+id+"/live", token).Expect(http.StatusOK).Data()
}

func count(t *testing.T, e *testkit.Env, q string, args ...any) int {
	t.Helper()
	var n int
	if err := e.DB.NewRaw(q, args...).Scan(ctx, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// seq is the event's timing version (what its newest bell job names).
func seq(t *testing.T, e *testkit.Env, id string) int {
	t.Helper()
	return count(t, e, "SELECT seq FROM speed_events WHERE id = ?", id)
}

func status(t *testing.T, e *testkit.Env, id string) string {
	t.Helper()
	var s string
	if err := e.DB.NewRaw("SELECT status FROM speed_events WHERE id = ?", id).Scan(ctx, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// pairs are the stored schedule's pairs as "round:a|b".
func pairs(t *testing.T, e *testkit.Env, id string) map[[2]string]int {
	t.Helper()
	var rows []struct {
		Round int    `bun:"round"`
		A     string `bun:"a_id"`
		B     string `bun:"b_id"`
	}
	if err := e.DB.NewRaw("SELECT round, a_id, b_id FROM speed_pairs WHERE event_id = ? ORDER BY round", id).
		Scan(ctx, &rows); err != nil {
		t.Fatal(err)
	}
	out := map[[2]string]int{}
	for _, r := range rows {
		k := [2]string{r.A, r.B}
		if _, dup := out[k]; dup {
			t.Fatalf("pair %v scheduled twice", k)
		}
		out[k] = r.Round
	}
	return out
}

func pairOf(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

// later moves the clock on and signs everyone in again (access tokens last
// 15 minutes).
func later(e *testkit.Env, d time.Duration, ss ...*testkit.Session) {
	e.T.Helper()
	e.Clock.Advance(d)
	for _, s := range ss {
		s.AccessToken = e.Login(s.Email, s.Password).AccessToken
	}
}
