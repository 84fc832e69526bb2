package matchmaking_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"sojourn/api/internal/testkit"
)

func put(e *testkit.Env, path, token string, body any) *testkit.Resp {
	return e.Do(testkit.Req{Method: http.MethodPut, Path: path, Token: token, Body: body})
}

func del(e *testkit.Env, path, token string) *testkit.Resp {
	return e.Do(testkit.Req{Method: http.MethodDelete, Path: path, Token: token})
}

func count(t *testing.T, e *testkit.Env, q string, args ...any) int {
	t.Helper()
	var n int
	if err := e.DB.NewRaw(q, args...).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// who describes a test person; the clock is 2026-03-02.
type who struct {
	name, gender, dob, city, country, seek string
	optIn                                  bool
}

// join registers a person, fills their profile and preferences and opts
// them in (when asked).
func join(t *testing.T, e *testkit.Env, w who) *testkit.Session {
	t.Helper()
	s := e.Register(w.name+"@example.com", w.name)
	e.Patch("/api/v1/profile", s.AccessToken, map[string]any{"display_name": strings.ToUpper(w.name[:1]) + w.name[1:],
		"date_of_birth": w.dob, "gender": w.gender, "city": w.city, "country": w.country,
		"languages": []string{"English"}, "interests": []string{"hiking"}}).Expect(http.StatusOK)
	steps := map[string]map[string]any{
		"intent":    {"intent": "long_term"},
		"age":       {"age_min": 21, "age_max": 50},
		"distance":  {"max_distance_km": 100},
		"genders":   {"genders": []string{w.seek}},
		"travel":    {"travel_style": "light", "travel_frequency": "quarterly"},
		"children":  {"has_children": false, "wants_children": "yes"},
		"interests": {"interests": []string{"hiking", "jazz"}},
	}
	for step, body := range steps {
		put(e, "/api/v1/matchmaking/preferences/"+step, s.AccessToken, body).Expect(http.StatusOK)
	}
	put(e, "/api/v1/matchmaking/questions/planning", s.AccessToken,
		map[string]any{"answer": "rough_plan", "accepted": []string{"rough_plan", "plan_all"}, "importance": "very"}).Expect(http.StatusOK)
	if w.optIn {
		e.Post("/api/v1/matchmaking/opt-in", s.AccessToken, nil).Expect(http.StatusOK)
	}
	return s
}

func candidates(t *testing.T, e *testkit.Env, s *testkit.Session) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	cursor := ""
	for range 20 {
		path := "/api/v1/matchmaking/candidates?limit=2"
		if cursor != "" {
			path += "&cursor=" + cursor
		}
		res := e.Get(path, s.AccessToken).Expect(http.StatusOK).Map()
		for _, c := range res["data"].([]any) {
			m := c.(map[string]any)
			id := m["person"].(map[string]any)["id"].(string)
			if _, seen := out[id]; seen {
				t.Fatalf("candidate %s on two pages", id)
			}
			out[id] = m
		}
		next, _ := res["meta"].(map[string]any)["next_cursor"].(string)
		if next == "" {
			return out
		}
		cursor = next
	}
	t.Fatal("too many pages")
	return nil
}

// Opted-out, paused, under-18, blocked and hidden people never appear; the
// accuracy is the same from both sides; preferences save step by step.
func TestIntegrationCandidates(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		amara := join(t, e, who{"amara", "woman", "1995-04-10", "Lagos", "NG", "man", true})
		ben := join(t, e, who{"ben", "man", "1990-01-01", "Lagos", "NG", "woman", true})
		ikeja := join(t, e, who{"ikeja", "man", "1992-06-01", "Ibadan", "NG", "woman", true}) // about 110 km: too far
		out := join(t, e, who{"chidi", "man", "1991-02-02", "Lagos", "NG", "woman", false})
		paused := join(t, e, who{"dayo", "man", "1989-03-03", "Lagos", "NG", "woman", true})
		blocked := join(t, e, who{"femi", "man", "1988-05-05", "Lagos", "NG", "woman", true})
		hider := join(t, e, who{"gbenga", "man", "1987-07-07", "Lagos", "NG", "woman", true})
		young := join(t, e, who{"kola", "man", "2009-01-01", "Lagos", "NG", "woman", false})
		accra := join(t, e, who{"kofi", "man", "1990-01-01", "Accra", "GH", "woman", true})
		_ = accra

		// Under 18: opting in is refused with a clear message.
		r := e.Post("/api/v1/matchmaking/opt-in", young.AccessToken, nil).Expect(http.StatusUnprocessableEntity).Map()
		if !strings.Contains(fmt.Sprint(r), "18 or older") {
			t.Fatalf("under-18 refusal: %v", r)
		}
		// Even a row that says otherwise (an old opt-in) never shows them.
		if _, err := e.DB.NewRaw(`UPDATE mm_members SET opted_in = TRUE, birth_date = '2009-01-01', gender = 'man', lat = 6.5244, lng = 3.3792 WHERE user_id = ?`, young.UserID).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		put(e, "/api/v1/matchmaking/pause", paused.AccessToken, map[string]any{"paused": true}).Expect(http.StatusOK)
		e.Post("/api/v1/social/blocks", blocked.AccessToken, map[string]any{"user_id": amara.UserID}).Expect(http.StatusOK)
		e.Post("/api/v1/matchmaking/hidden", hider.AccessToken, map[string]any{"user_id": amara.UserID}).Expect(http.StatusNoContent)

		got := candidates(t, e, amara)
		if len(got) != 1 || got[ben.UserID] == nil {
			ids := []string{}
			for id := range got {
				ids = append(ids, id)
			}
			t.Fatalf("amara's candidates %v, want only ben (%s); out %s paused %s blocked %s hider %s young %s far %s",
				ids, ben.UserID, out.UserID, paused.UserID, blocked.UserID, hider.UserID, young.UserID, ikeja.UserID)
		}
		c := got[ben.UserID]
		back := candidates(t, e, ben)[amara.UserID]
		if back == nil || back["accuracy"] != c["accuracy"] || c["accuracy"] != float64(100) {
			t.Fatalf("accuracy %v from amara, %v from ben", c["accuracy"], back)
		}
		why := fmt.Sprint(c["why"])
		for _, w := range []string{"You both travel light", "You both want children", "1 of 1 important answers agree"} {
			if !strings.Contains(why, w) {
				t.Fatalf("why %s lacks %q", why, w)
			}
		}
		if c["distance"] != "In Lagos" || strings.Contains(why, "In Lagos") {
			t.Fatalf("distance %v apart from why %s", c["distance"], why)
		}
		if p := c["person"].(map[string]any); p["place"] != "Lagos, Nigeria" || p["age"] != float64(36) {
			t.Fatalf("person %v", p)
		}
		// Unhiding and unblocking bring them back.
		del(e, "/api/v1/matchmaking/hidden/"+amara.UserID, hider.AccessToken).Expect(http.StatusNoContent)
		del(e, "/api/v1/social/blocks/"+amara.UserID, blocked.AccessToken).Expect(http.StatusNoContent)
		if got := candidates(t, e, amara); len(got) != 3 {
			t.Fatalf("after unhide and unblock: %d candidates", len(got))
		}
		// A pass removes someone from the list.
		e.Post("/api/v1/matchmaking/passes", amara.AccessToken, map[string]any{"user_id": hider.UserID}).Expect(http.StatusOK)
		if got := candidates(t, e, amara); got[hider.UserID] != nil {
			t.Fatal("passed person still listed")
		}
		e.Post("/api/v1/matchmaking/passes", amara.AccessToken, map[string]any{"user_id": hider.UserID}).Expect(http.StatusConflict)
	})
}

// Preferences save step by step and resume; another person never reads them.
func TestIntegrationPreferences(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		a := e.Register("ada@example.com", "ada")
		b := e.Register("bisi@example.com", "bisi")
		me := e.Get("/api/v1/matchmaking/me", a.AccessToken).Expect(http.StatusOK).Data()
		if me["next_step"] != "intent" || me["opted_in"] != false {
			t.Fatalf("fresh state %v", me)
		}
		put(e, "/api/v1/matchmaking/preferences/intent", a.AccessToken, map[string]any{"intent": "marriage"}).Expect(http.StatusOK)
		me = put(e, "/api/v1/matchmaking/preferences/age", a.AccessToken, map[string]any{"age_min": 30, "age_max": 45}).Expect(http.StatusOK).Data()
		if me["next_step"] != "distance" {
			t.Fatalf("next step %v", me["next_step"])
		}
		// Resumed elsewhere: the same answers.
		again := e.Login("ada@example.com", testkit.DefaultPassword)
		me = e.Get("/api/v1/matchmaking/me", again.AccessToken).Expect(http.StatusOK).Data()
		step := me["steps"].([]any)[1].(map[string]any)
		if me["next_step"] != "distance" || step["answer"].(map[string]any)["age_min"] != float64(30) {
			t.Fatalf("resumed %v", me)
		}
		// Bounded input: a field of another step, a reversed range, an unknown
		// step or question, a bad answer, control characters.
		for _, c := range []struct {
			path string
			body any
			want int
		}{
			{"/api/v1/matchmaking/preferences/age", map[string]any{"age_min": 30, "age_max": 45, "intent": "dating"}, 422},
			{"/api/v1/matchmaking/preferences/age", map[string]any{"age_min": 50, "age_max": 45}, 422},
			{"/api/v1/matchmaking/preferences/distance", map[string]any{"max_distance_km": 0}, 422},
			{"/api/v1/matchmaking/preferences/interests", map[string]any{"interests": []string{"ok", "bad\x01"}}, 422},
			{"/api/v1/matchmaking/preferences/nope", map[string]any{"intent": "dating"}, 404},
			{"/api/v1/matchmaking/questions/nope", map[string]any{"answer": "x", "accepted": []string{"x"}, "importance": "very"}, 404},
			{"/api/v1/matchmaking/questions/pets", map[string]any{"answer": "cat", "accepted": []string{"have"}, "importance": "very"}, 422},
			{"/api/v1/matchmaking/questions/pets", map[string]any{"answer": "have", "accepted": []string{"have"}, "importance": "huge"}, 422},
		} {
			put(e, c.path, a.AccessToken, c.body).Expect(c.want)
		}
		// Nothing of a's shows to b.
		other := e.Get("/api/v1/matchmaking/me", b.AccessToken).Expect(http.StatusOK).Data()
		if other["next_step"] != "intent" || fmt.Sprint(other["preferences"]) != "map[]" {
			t.Fatalf("b sees %v", other)
		}
		q := e.Get("/api/v1/matchmaking/questions", b.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(q) != 8 || q[0].(map[string]any)["answer"] != nil {
			t.Fatalf("questions %v", q)
		}
		// No date of birth: opting in says what is missing.
		r := e.Post("/api/v1/matchmaking/opt-in", b.AccessToken, nil).Expect(http.StatusUnprocessableEntity).Map()
		if !strings.Contains(fmt.Sprint(r), "date of birth") {
			t.Fatalf("refusal %v", r)
		}
		e.Get("/api/v1/matchmaking/candidates", b.AccessToken).Expect(http.StatusConflict)
	})
}

// Two people liking each other at the same moment make exactly one match and
// one conversation, on both databases; unmatching ends it.
func TestIntegrationParallelMutualLikes(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		const pairs = 4
		var as, bs []*testkit.Session
		for i := range pairs {
			as = append(as, join(t, e, who{fmt.Sprintf("ama%d", i), "woman", "1994-01-01", "Nairobi", "KE", "man", true}))
			bs = append(bs, join(t, e, who{fmt.Sprintf("baraka%d", i), "man", "1993-01-01", "Nairobi", "KE", "woman", true}))
		}
		// One of them lets nobody new message them: the match still opens a
		// conversation both may write in.
		put(e, "/api/v1/social/privacy", bs[1].AccessToken, map[string]any{"who_can_message": "nobody",
			"who_can_request": "everyone", "posts_audience": "friends"}).Expect(http.StatusOK)
		var wg sync.WaitGroup
		matched := make([]int, pairs)
		var mu sync.Mutex
		for i := range pairs {
			for _, p := range [][2]*testkit.Session{{as[i], bs[i]}, {bs[i], as[i]}} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					d := e.Post("/api/v1/matchmaking/likes", p[0].AccessToken, map[string]any{"user_id": p[1].UserID}).Expect(http.StatusOK).Data()
					if d["matched"] == true {
						mu.Lock()
						matched[i]++
						mu.Unlock()
					}
				}()
			}
		}
		wg.Wait()
		for i := range pairs {
			if matched[i] != 1 {
				t.Fatalf("pair %d: %d answers said matched", i, matched[i])
			}
		}
		if n := count(t, e, `SELECT COUNT(*) FROM mm_matches`); n != pairs {
			t.Fatalf("%d matches for %d pairs", n, pairs)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM messaging_conversations WHERE subject_type = 'match'`); n != pairs {
			t.Fatalf("%d conversations for %d pairs", n, pairs)
		}
		ms := e.Get("/api/v1/matchmaking/matches", as[0].AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(ms) != 1 {
			t.Fatalf("matches %v", ms)
		}
		m := ms[0].(map[string]any)
		conv, _ := m["conversation_id"].(string)
		if conv == "" || m["person"].(map[string]any)["id"] != bs[0].UserID {
			t.Fatalf("match %v", m)
		}
		// The conversation is about the match, and both may write in it.
		c := e.Get("/api/v1/messaging/conversations/"+conv, bs[0].AccessToken).Expect(http.StatusOK).Data()
		if c["subject"].(map[string]any)["status"] != "matched" {
			t.Fatalf("conversation %v", c)
		}
		e.Post("/api/v1/messaging/conversations/"+conv+"/messages", bs[0].AccessToken, map[string]any{"body": "Hello!"}).Expect(http.StatusCreated)
		ms1 := e.Get("/api/v1/matchmaking/matches", as[1].AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		conv1 := ms1[0].(map[string]any)["conversation_id"].(string)
		e.Post("/api/v1/messaging/conversations/"+conv1+"/messages", as[1].AccessToken, map[string]any{"body": "Hi!"}).Expect(http.StatusCreated)
		// Unmatch: gone from both lists; the conversation says it ended.
		del(e, "/api/v1/matchmaking/matches/"+m["id"].(string), as[0].AccessToken).Expect(http.StatusNoContent)
		del(e, "/api/v1/matchmaking/matches/"+m["id"].(string), as[0].AccessToken).Expect(http.StatusNotFound)
		if ms := e.Get("/api/v1/matchmaking/matches", bs[0].AccessToken).Expect(http.StatusOK).Map()["data"].([]any); len(ms) != 0 {
			t.Fatalf("after unmatch %v", ms)
		}
		c = e.Get("/api/v1/messaging/conversations/"+conv, bs[0].AccessToken).Expect(http.StatusOK).Data()
		if c["subject"].(map[string]any)["status"] != "ended" {
			t.Fatalf("conversation after unmatch %v", c["subject"])
		}
		// Someone else cannot end another's match.
		del(e, "/api/v1/matchmaking/matches/"+ms[0].(map[string]any)["id"].(string), as[1].AccessToken).Expect(http.StatusNotFound)
		// Learning moved the likers' weights, explained, and resets.
		w := e.Get("/api/v1/matchmaking/weights", as[1].AccessToken).Expect(http.StatusOK).Data()
		if w["decisions"] != float64(1) {
			t.Fatalf("weights %v", w)
		}
		w = del(e, "/api/v1/matchmaking/weights", as[1].AccessToken).Expect(http.StatusOK).Data()
		if w["decisions"] != float64(0) {
			t.Fatalf("reset weights %v", w)
		}
	})
}

// Likes are limited to 100 a day, then 429 with Retry-After.
func TestIntegrationLikeRateLimit(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		a := join(t, e, who{"zola", "woman", "1994-01-01", "Durban", "ZA", "man", true})
		for i := range 100 {
			e.Post("/api/v1/matchmaking/likes", a.AccessToken, map[string]any{"user_id": fmt.Sprintf("nobody-%d", i)}).Expect(http.StatusNotFound)
		}
		r := e.Post("/api/v1/matchmaking/likes", a.AccessToken, map[string]any{"user_id": "nobody-x"}).Expect(http.StatusTooManyRequests)
		if r.Header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
		// Passes are not limited.
		e.Post("/api/v1/matchmaking/passes", a.AccessToken, map[string]any{"user_id": "nobody-x"}).Expect(http.StatusNotFound)
	})
}

// A report reaches the admin queue; removing the person takes them out of
// matchmaking, audited; a second decision is 409.
func TestIntegrationReports(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		a := join(t, e, who{"akua", "woman", "1994-01-01", "Accra", "GH", "man", true})
		b := join(t, e, who{"kwame", "man", "1992-01-01", "Accra", "GH", "woman", true})
		c := join(t, e, who{"esi", "woman", "1996-01-01", "Accra", "GH", "man", true})
		admin := e.Admin("admin@example.com", "admin")
		e.Post("/api/v1/matchmaking/reports", a.AccessToken, map[string]any{"user_id": b.UserID, "reason": "rude"}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/matchmaking/reports", a.AccessToken, map[string]any{"user_id": b.UserID, "reason": "harassment",
			"details": strings.Repeat("x", 1001)}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/matchmaking/reports", a.AccessToken, map[string]any{"user_id": b.UserID, "reason": "harassment",
			"details": "Rude messages"}).Expect(http.StatusCreated)
		e.Post("/api/v1/matchmaking/reports", a.AccessToken, map[string]any{"user_id": b.UserID, "reason": "scam"}).Expect(http.StatusConflict)
		e.Post("/api/v1/matchmaking/reports", c.AccessToken, map[string]any{"user_id": b.UserID, "reason": "scam"}).Expect(http.StatusCreated)
		// The reporter no longer sees the person.
		if got := candidates(t, e, a); got[b.UserID] != nil {
			t.Fatal("reported person still a candidate")
		}
		e.Get("/api/v1/admin/matchmaking/reports", a.AccessToken).Expect(http.StatusForbidden)
		q := e.Get("/api/v1/admin/matchmaking/reports?limit=1", admin.AccessToken).Expect(http.StatusOK).Map()
		rows := q["data"].([]any)
		first := rows[0].(map[string]any)
		if len(rows) != 1 || first["reason"] != "harassment" || q["meta"].(map[string]any)["next_cursor"] == nil {
			t.Fatalf("queue %v", q)
		}
		id := first["id"].(string)
		r := e.Post("/api/v1/admin/matchmaking/reports/"+id+"/resolve", admin.AccessToken,
			map[string]any{"action": "remove", "note": "Confirmed by messages"}).Expect(http.StatusOK).Data()
		if r["status"] != "removed" || r["note"] != "Confirmed by messages" {
			t.Fatalf("resolved %v", r)
		}
		e.Post("/api/v1/admin/matchmaking/reports/"+id+"/resolve", admin.AccessToken, map[string]any{"action": "dismiss"}).Expect(http.StatusConflict)
		e.Post("/api/v1/admin/matchmaking/reports/nope/resolve", admin.AccessToken, map[string]any{"action": "dismiss"}).Expect(http.StatusNotFound)
		if q := e.Get("/api/v1/admin/matchmaking/reports", admin.AccessToken).Expect(http.StatusOK).Map()["data"].([]any); len(q) != 0 {
			t.Fatalf("open reports after removal %v", q)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM audit_log WHERE action = 'matchmaking_report.remove'`); n != 1 {
			t.Fatalf("%d audit rows", n)
		}
		me := e.Get("/api/v1/matchmaking/me", b.AccessToken).Expect(http.StatusOK).Data()
		if me["removed"] != true || me["opted_in"] != false {
			t.Fatalf("removed person %v", me)
		}
		e.Post("/api/v1/matchmaking/opt-in", b.AccessToken, nil).Expect(http.StatusForbidden)
		if got := candidates(t, e, c); got[b.UserID] != nil {
			t.Fatal("removed person still a candidate")
		}
	})
}
