package speeddating_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"sojourn/api/internal/money"
	"sojourn/api/internal/testkit"
)

func schedule(t *testing.T, e *testkit.Env, token, id string) [][][2]string {
	t.Helper()
	var out [][][2]string
	for _, r := range adminEvent(t, e, token, id)["schedule"].([]any) {
		var round [][2]string
		for _, p := range r.(map[string]any)["pairs"].([]any) {
			pm := p.(map[string]any)
			round = append(round, pairOf(pm["a"].(map[string]any)["id"].(string), pm["b"].(map[string]any)["id"].(string)))
		}
		out = append(out, round)
	}
	return out
}

func vote(e *testkit.Env, token, id, partner string, yes bool) *testkit.Resp {
	return put(e, "/api/v1/speed-dating/events/"+id+"/votes/"+partner, token, map[string]any{"yes": yes})
}

// A whole event of four: check-in, start, two rounds rung by the host,
// private votes (two mutual yeses, a one-sided yes, a mutual no), voting
// closed early once everyone voted: exactly the mutual yeses become
// matches with a conversation; the tickets' money is Sojourn's.
func TestIntegrationSpeedFullEvent(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		host := e.Admin("host@example.com", "host")
		id := createEvent(t, e, host.AccessToken, eventBody(e, nil))
		people := []*testkit.Session{member(t, e, "ada", "woman"), member(t, e, "bola", "woman"),
			member(t, e, "tunde", "man"), member(t, e, "femi", "man")}
		byID := map[string]*testkit.Session{}
		for _, p := range people {
			e.Fund(t, p.UserID, 500_000)
			bought(t, buy(e, p.AccessToken, id, "wallet"))
			byID[p.UserID] = p
		}
		// Before the start: a preview of the schedule, not stored.
		if prev := schedule(t, e, host.AccessToken, id); len(prev) != 2 || len(prev[0]) != 2 || len(prev[1]) != 2 {
			t.Fatalf("preview %v", prev)
		}
		if n := count(t, e, "SELECT COUNT(*) FROM speed_pairs WHERE event_id = ?", id); n != 0 {
			t.Fatalf("the preview stored %d pairs", n)
		}
		e.Post("/api/v1/speed-dating/events/"+id+"/check-in", people[0].AccessToken, nil).Expect(http.StatusConflict)
		e.Post("/api/v1/admin/speed-dating/events/"+id+"/start", host.AccessToken, nil).Expect(http.StatusConflict)
		later(e, 48*time.Hour-10*time.Minute, append(people, host)...)
		e.Post("/api/v1/speed-dating/events/"+id+"/check-in", people[0].AccessToken, nil).Expect(http.StatusOK)
		e.Post("/api/v1/admin/speed-dating/events/"+id+"/start", host.AccessToken, nil).Expect(http.StatusConflict) // one present
		for _, p := range people[1:] {
			if l := e.Post("/api/v1/speed-dating/events/"+id+"/check-in", p.AccessToken, nil).Expect(http.StatusOK).Data(); l["phase"] != "waiting" {
				t.Fatalf("checked in: %v", l)
			}
		}
		outsider := member(t, e, "kola", "man")
		e.Get("/api/v1/speed-dating/events/"+id+"/live", outsider.AccessToken).Expect(http.StatusNotFound)

		e.Post("/api/v1/admin/speed-dating/events/"+id+"/start", host.AccessToken, nil).Expect(http.StatusOK)
		plan := schedule(t, e, host.AccessToken, id)
		if len(plan) != 2 || len(plan[0]) != 2 || len(plan[1]) != 2 || len(pairs(t, e, id)) != 4 {
			t.Fatalf("schedule %v", plan)
		}
		partner := func(r int, u string) string {
			for _, p := range plan[r] {
				if p[0] == u {
					return p[1]
				}
				if p[1] == u {
					return p[0]
				}
			}
			t.Fatalf("%s has no partner in round %d", u, r+1)
			return ""
		}
		for _, p := range people {
			l := live(t, e, p.AccessToken, id)
			if l["phase"] != "date" || l["round"].(float64) != 1 || l["room_id"] == nil ||
				l["partner"].(map[string]any)["id"] != partner(0, p.UserID) {
				t.Fatalf("%s's live %v", p.Username, l)
			}
			// The date's video room is the two's.
			e.Get("/api/v1/video/rooms/"+l["room_id"].(string), p.AccessToken).Expect(http.StatusOK)
		}
		ada := people[0]
		room := live(t, e, ada.AccessToken, id)["room_id"].(string)
		e.Get("/api/v1/video/rooms/"+room, outsider.AccessToken).Expect(http.StatusNotFound)
		// Nobody votes on someone they have not met yet.
		vote(e, ada.AccessToken, id, partner(1, ada.UserID), true).Expect(http.StatusNotFound)
		vote(e, ada.AccessToken, id, outsider.UserID, true).Expect(http.StatusNotFound)
		vote(e, outsider.AccessToken, id, ada.UserID, true).Expect(http.StatusNotFound)

		// The host rings the bell: round 2 at once, then voting.
		e.Post("/api/v1/admin/speed-dating/events/"+id+"/next", host.AccessToken, nil).Expect(http.StatusOK)
		if l := live(t, e, ada.AccessToken, id); l["round"].(float64) != 2 || l["partner"].(map[string]any)["id"] != partner(1, ada.UserID) {
			t.Fatalf("round 2: %v", l)
		}
		e.Post("/api/v1/admin/speed-dating/events/"+id+"/next", host.AccessToken, nil).Expect(http.StatusOK)
		if status(t, e, id) != "voting" {
			t.Fatalf("status %s", status(t, e, id))
		}

		// Votes: round 1's first pair both yes, its second pair one-sided;
		// round 2's first pair both yes, its second both no.
		want := map[[2]string]bool{}
		votes := map[[2]string]bool{} // (voter, partner) -> yes
		r1a, r1b, r2a, r2b := plan[0][0], plan[0][1], plan[1][0], plan[1][1]
		votes[[2]string{r1a[0], r1a[1]}], votes[[2]string{r1a[1], r1a[0]}] = true, true
		votes[[2]string{r1b[0], r1b[1]}], votes[[2]string{r1b[1], r1b[0]}] = true, false
		votes[[2]string{r2a[0], r2a[1]}], votes[[2]string{r2a[1], r2a[0]}] = true, true
		votes[[2]string{r2b[0], r2b[1]}], votes[[2]string{r2b[1], r2b[0]}] = false, false
		want[r1a], want[r2a] = true, true
		first := true
		for k, yes := range votes {
			if first { // a vote changes until voting closes
				vote(e, byID[k[0]].AccessToken, id, k[1], !yes).Expect(http.StatusOK)
				first = false
			}
			vote(e, byID[k[0]].AccessToken, id, k[1], yes).Expect(http.StatusOK)
		}
		if status(t, e, id) != "ended" {
			t.Fatalf("voting did not close once everyone voted: %s", status(t, e, id))
		}
		vote(e, ada.AccessToken, id, partner(0, ada.UserID), true).Expect(http.StatusConflict)

		// Exactly the mutual yeses are matches, with a conversation.
		matched := map[[2]string]bool{}
		for _, p := range people {
			l := live(t, e, p.AccessToken, id)
			if l["phase"] != "ended" {
				t.Fatalf("phase %v", l["phase"])
			}
			// Votes are private: each sees their own only.
			for _, m := range l["met"].([]any) {
				mm := m.(map[string]any)
				other := mm["partner"].(map[string]any)["id"].(string)
				wantVote := "no"
				if votes[[2]string{p.UserID, other}] {
					wantVote = "yes"
				}
				if mm["vote"] != wantVote {
					t.Fatalf("%s sees vote %v about %s, their own was %s", p.Username, mm["vote"], other, wantVote)
				}
			}
			for _, m := range l["matches"].([]any) {
				mm := m.(map[string]any)
				if mm["conversation_id"] == nil {
					t.Fatalf("match without a conversation %v", mm)
				}
				matched[pairOf(p.UserID, mm["person"].(map[string]any)["id"].(string))] = true
			}
		}
		if len(matched) != 2 || !matched[r1a] || !matched[r2a] {
			t.Fatalf("matches %v, want %v", matched, want)
		}
		adm := adminEvent(t, e, host.AccessToken, id)
		if adm["votes_cast"].(float64) != 8 || adm["matches_made"].(float64) != 2 {
			t.Fatalf("admin counts %v %v", adm["votes_cast"], adm["matches_made"])
		}
		if n := count(t, e, "SELECT COUNT(*) FROM mm_matches"); n != 2 {
			t.Fatalf("matchmaking matches %d", n)
		}
		// The closing job of a closed event changes nothing.
		if _, err := e.App.SpeedDating.CloseVoting(ctx, id, seq(t, e, id)); err != nil {
			t.Fatal(err)
		}
		// The tickets' money left escrow for Sojourn's revenue.
		rev, err := e.App.Money.Balance(ctx, nil, money.KindPlatformRevenue, "", "NGN")
		if err != nil || rev != 2_000_000 {
			t.Fatalf("revenue %d %v", rev, err)
		}
		clean(t, e)
	})
}

// A pause keeps the round's time; the bell set before the pause (and any
// other stale bell) changes nothing; the bell of the resumed round ends it.
func TestIntegrationSpeedPauseResumeStaleBell(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		host := e.Admin("host@example.com", "host")
		id := createEvent(t, e, host.AccessToken, eventBody(e, map[string]any{"price": map[string]any{"amount": 0, "currency": "NGN"}}))
		people := []*testkit.Session{member(t, e, "ada", "woman"), member(t, e, "tunde", "man"),
			member(t, e, "bola", "woman"), member(t, e, "femi", "man")}
		for _, p := range people {
			if pb := bought(t, buy(e, p.AccessToken, id, "card")); pb.Ticket.PayWith != "free" || pb.Payment != nil {
				t.Fatalf("free ticket %+v", pb)
			}
		}
		later(e, 48*time.Hour-5*time.Minute, append(people, host)...)
		for _, p := range people {
			e.Post("/api/v1/speed-dating/events/"+id+"/check-in", p.AccessToken, nil).Expect(http.StatusOK)
		}
		e.Post("/api/v1/admin/speed-dating/events/"+id+"/start", host.AccessToken, nil).Expect(http.StatusOK)
		first := seq(t, e, id)
		later(e, 2*time.Minute, append(people, host)...)
		e.Post("/api/v1/admin/speed-dating/events/"+id+"/resume", host.AccessToken, nil).Expect(http.StatusConflict)
		sock := e.OpenSocket(people[0].AccessToken)
		e.Post("/api/v1/admin/speed-dating/events/"+id+"/pause", host.AccessToken, nil).Expect(http.StatusOK)
		var pushed struct {
			EventID string `json:"event_id"`
			Status  string `json:"status"`
			Round   int    `json:"round"`
		}
		if err := json.Unmarshal(sock.Await("speed.state", 5*time.Second), &pushed); err != nil || pushed.EventID != id ||
			pushed.Status != "paused" || pushed.Round != 1 {
			t.Fatalf("speed.state %+v %v", pushed, err)
		}
		l := live(t, e, people[0].AccessToken, id)
		if l["phase"] != "paused" || l["remaining_seconds"].(float64) != 180 {
			t.Fatalf("paused %v", l)
		}
		// The first bell comes due while paused: nothing happens.
		later(e, 10*time.Minute, append(people, host)...)
		if early, err := e.App.SpeedDating.Bell(ctx, id, first); err != nil || early != 0 {
			t.Fatalf("stale bell %v %v", early, err)
		}
		if status(t, e, id) != "paused" || seq(t, e, id) != first+1 {
			t.Fatalf("a stale bell moved the event: %s %d", status(t, e, id), seq(t, e, id))
		}
		e.Post("/api/v1/admin/speed-dating/events/"+id+"/resume", host.AccessToken, nil).Expect(http.StatusOK)
		resumed := seq(t, e, id)
		if l := live(t, e, people[0].AccessToken, id); l["phase"] != "date" || l["remaining_seconds"].(float64) != 180 {
			t.Fatalf("resumed %v", l)
		}
		for _, s := range []int{first, first + 1} {
			if _, err := e.App.SpeedDating.Bell(ctx, id, s); err != nil {
				t.Fatal(err)
			}
		}
		if early, err := e.App.SpeedDating.Bell(ctx, id, resumed); err != nil || early <= 0 {
			t.Fatalf("early bell %v %v", early, err)
		}
		if l := live(t, e, people[0].AccessToken, id); l["phase"] != "date" || l["round"].(float64) != 1 {
			t.Fatalf("a stale or early bell moved the round: %v", l)
		}
		later(e, 3*time.Minute, append(people, host)...)
		if _, err := e.App.SpeedDating.Bell(ctx, id, resumed); err != nil {
			t.Fatal(err)
		}
		if l := live(t, e, people[0].AccessToken, id); l["phase"] != "changeover" {
			t.Fatalf("after the bell %v", l)
		}
		// Round 1's room closed at the bell.
		if n := count(t, e, "SELECT COUNT(*) FROM video_rooms WHERE kind = 'speed_date' AND ended_at IS NULL"); n != 0 {
			t.Fatalf("%d rooms still open", n)
		}
		later(e, time.Minute, append(people, host)...)
		if _, err := e.App.SpeedDating.Bell(ctx, id, seq(t, e, id)); err != nil {
			t.Fatal(err)
		}
		// Round 2: Ada meets the man she has not met yet.
		if l := live(t, e, people[0].AccessToken, id); l["round"].(float64) != 2 || l["phase"] != "date" {
			t.Fatalf("round 2 %v", l)
		}
		e.Post("/api/v1/admin/speed-dating/events/"+id+"/end", host.AccessToken, nil).Expect(http.StatusOK)
		later(e, 11*time.Minute, append(people, host)...)
		if _, err := e.App.SpeedDating.CloseVoting(ctx, id, seq(t, e, id)); err != nil {
			t.Fatal(err)
		}
		if status(t, e, id) != "ended" {
			t.Fatalf("voting did not close: %s", status(t, e, id))
		}
		clean(t, e)
	})
}

// Someone who leaves is taken out of the rounds not run yet; someone who
// checks in late joins from the next round; nobody meets anyone twice.
func TestIntegrationSpeedDropOutAndLateJoiner(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		host := e.Admin("host@example.com", "host")
		id := createEvent(t, e, host.AccessToken, eventBody(e, map[string]any{"capacity": 6, "rounds": 3}))
		women := []*testkit.Session{member(t, e, "ada", "woman"), member(t, e, "bola", "woman"), member(t, e, "chi", "woman")}
		men := []*testkit.Session{member(t, e, "tunde", "man"), member(t, e, "femi", "man"), member(t, e, "gbenga", "man")}
		all := append(append([]*testkit.Session{host}, women...), men...)
		for _, p := range all[1:] {
			e.Fund(t, p.UserID, 500_000)
			bought(t, buy(e, p.AccessToken, id, "wallet"))
		}
		later(e, 48*time.Hour-5*time.Minute, all...)
		late := men[2]
		for _, p := range all[1:] {
			if p != late {
				e.Post("/api/v1/speed-dating/events/"+id+"/check-in", p.AccessToken, nil).Expect(http.StatusOK)
			}
		}
		e.Post("/api/v1/admin/speed-dating/events/"+id+"/start", host.AccessToken, nil).Expect(http.StatusOK)
		before := pairs(t, e, id)
		for k := range before {
			if k[0] == late.UserID || k[1] == late.UserID {
				t.Fatal("someone not checked in was scheduled")
			}
		}
		// The late joiner checks in during round 1: from round 2 on.
		if l := e.Post("/api/v1/speed-dating/events/"+id+"/check-in", late.AccessToken, nil).Expect(http.StatusOK).Data(); l["phase"] != "break" {
			t.Fatalf("late joiner's live %v", l)
		}
		got := pairs(t, e, id)
		lateRounds := 0
		for k, r := range got {
			if k[0] == late.UserID || k[1] == late.UserID {
				if r < 2 {
					t.Fatalf("the late joiner is paired in round %d", r)
				}
				lateRounds++
			} else if r == 1 && before[k] != 1 {
				t.Fatal("round 1 changed")
			}
		}
		if lateRounds == 0 {
			t.Fatal("the late joiner was never paired")
		}
		// Tunde leaves during round 1: gone from rounds 2 and 3.
		leaver := men[0]
		e.Post("/api/v1/speed-dating/events/"+id+"/leave", leaver.AccessToken, nil).Expect(http.StatusOK)
		for k, r := range before {
			if r != 1 || (k[0] != leaver.UserID && k[1] != leaver.UserID) {
				continue
			}
			left := k[0]
			if left == leaver.UserID {
				left = k[1]
			}
			for _, w := range women {
				if w.UserID == left {
					if l := live(t, e, w.AccessToken, id); l["phase"] != "break" {
						t.Fatalf("the leaver's partner's live %v", l)
					}
				}
			}
		}
		for k, r := range pairs(t, e, id) {
			if (k[0] == leaver.UserID || k[1] == leaver.UserID) && r > 1 {
				t.Fatalf("the leaver is paired in round %d", r)
			}
		}
		if l := live(t, e, leaver.AccessToken, id); l["phase"] != "left" {
			t.Fatalf("leaver's live %v", l)
		}
		e.Post("/api/v1/speed-dating/events/"+id+"/check-in", leaver.AccessToken, nil).Expect(http.StatusConflict)
		e.Post("/api/v1/speed-dating/events/"+id+"/leave", leaver.AccessToken, nil).Expect(http.StatusConflict)
		// The rounds run on; nobody meets anyone twice (pairs() fails on a repeat).
		for range 3 {
			e.Post("/api/v1/admin/speed-dating/events/"+id+"/next", host.AccessToken, nil).Expect(http.StatusOK)
		}
		if status(t, e, id) != "voting" {
			t.Fatalf("status %s", status(t, e, id))
		}
		final := pairs(t, e, id)
		for k := range final {
			if k[0] == k[1] {
				t.Fatal("a person paired with themselves")
			}
		}
		e.Post("/api/v1/speed-dating/events/"+id+"/check-in", late.AccessToken, nil).Expect(http.StatusOK) // already in
		clean(t, e)
	})
}

// Blocked and hidden pairs never meet; someone who paused matchmaking after
// buying is left out of the schedule, and cannot buy while paused.
func TestIntegrationSpeedCompatibilityAndPause(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		host := e.Admin("host@example.com", "host")
		id := createEvent(t, e, host.AccessToken, eventBody(e, map[string]any{"capacity": 8, "rounds": 4,
			"price": map[string]any{"amount": 0, "currency": "NGN"}}))
		ada, bola, chi := member(t, e, "ada", "woman"), member(t, e, "bola", "woman"), member(t, e, "chi", "woman")
		tunde, femi, gbenga := member(t, e, "tunde", "man"), member(t, e, "femi", "man"), member(t, e, "gbenga", "man")
		all := []*testkit.Session{ada, bola, chi, tunde, femi, gbenga}
		for _, p := range all {
			bought(t, buy(e, p.AccessToken, id, "wallet"))
		}
		e.Post("/api/v1/social/blocks", tunde.AccessToken, map[string]any{"user_id": ada.UserID}).Expect(http.StatusOK)
		e.Post("/api/v1/matchmaking/hidden", femi.AccessToken, map[string]any{"user_id": bola.UserID}).Expect(http.StatusNoContent)
		put(e, "/api/v1/matchmaking/pause", chi.AccessToken, map[string]any{"paused": true}).Expect(http.StatusOK)
		paused := member(t, e, "dayo", "man")
		put(e, "/api/v1/matchmaking/pause", paused.AccessToken, map[string]any{"paused": true}).Expect(http.StatusOK)
		if res := buy(e, paused.AccessToken, id, "wallet"); res.Status != http.StatusConflict && res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("a paused person bought: %d %s", res.Status, res.Body)
		}
		later(e, 48*time.Hour-5*time.Minute, append(all, host)...)
		for _, p := range all {
			e.Post("/api/v1/speed-dating/events/"+id+"/check-in", p.AccessToken, nil).Expect(http.StatusOK)
		}
		e.Post("/api/v1/admin/speed-dating/events/"+id+"/start", host.AccessToken, nil).Expect(http.StatusOK)
		got := pairs(t, e, id)
		if len(got) == 0 {
			t.Fatal("nobody was paired")
		}
		for k := range got {
			switch {
			case k == pairOf(tunde.UserID, ada.UserID):
				t.Fatal("a blocked pair meets")
			case k == pairOf(femi.UserID, bola.UserID):
				t.Fatal("a hidden pair meets")
			case k[0] == chi.UserID || k[1] == chi.UserID:
				t.Fatal("someone who paused matchmaking is scheduled")
			}
		}
		women := map[string]bool{ada.UserID: true, bola.UserID: true, chi.UserID: true}
		for k := range got {
			if women[k[0]] == women[k[1]] {
				t.Fatalf("women_men paired two of one group: %v", k)
			}
		}
		clean(t, e)
	})
}

// Rounds end once nobody has a new date left: two women and two men meet in
// two rounds of a four-round event, and the bell after the second opens
// voting. The host cannot start an evening in which nobody checked in can
// meet anyone.
func TestIntegrationSpeedRoundsEndWhenEveryoneMet(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		host := e.Admin("host@example.com", "host")
		id := createEvent(t, e, host.AccessToken, eventBody(e, map[string]any{"rounds": 4, "capacity": 6}))
		ada, bola := member(t, e, "ada", "woman"), member(t, e, "bola", "woman")
		tunde, femi := member(t, e, "tunde", "man"), member(t, e, "femi", "man")
		people := []*testkit.Session{ada, bola, tunde, femi}
		for _, p := range people {
			e.Fund(t, p.UserID, 500_000)
			bought(t, buy(e, p.AccessToken, id, "wallet"))
		}
		// The preview runs two rounds with dates; the other two have none.
		prev := schedule(t, e, host.AccessToken, id)
		if len(prev) != 4 || len(prev[0]) != 2 || len(prev[1]) != 2 || len(prev[2]) != 0 || len(prev[3]) != 0 {
			t.Fatalf("preview %v", prev)
		}
		for _, p := range adminEvent(t, e, host.AccessToken, id)["participants"].([]any) {
			if b := p.(map[string]any)["breaks"].(float64); b != 0 {
				t.Fatalf("a never-run round counted as a break: %v", p)
			}
		}
		later(e, 48*time.Hour-10*time.Minute, append(people, host)...)
		// Only the two women are in: neither seeks women, so nobody can meet.
		for _, p := range []*testkit.Session{ada, bola} {
			e.Post("/api/v1/speed-dating/events/"+id+"/check-in", p.AccessToken, nil).Expect(http.StatusOK)
		}
		r := e.Post("/api/v1/admin/speed-dating/events/"+id+"/start", host.AccessToken, nil).Expect(http.StatusConflict).Map()
		if !strings.Contains(fmt.Sprint(r), "Nobody checked in can meet") {
			t.Fatalf("start with nobody to meet: %v", r)
		}
		if status(t, e, id) != "scheduled" {
			t.Fatal("a refused start changed the event")
		}
		for _, p := range []*testkit.Session{tunde, femi} {
			e.Post("/api/v1/speed-dating/events/"+id+"/check-in", p.AccessToken, nil).Expect(http.StatusOK)
		}
		e.Post("/api/v1/admin/speed-dating/events/"+id+"/start", host.AccessToken, nil).Expect(http.StatusOK)
		a := e.Post("/api/v1/admin/speed-dating/events/"+id+"/next", host.AccessToken, nil).Expect(http.StatusOK).Data()
		if ev := a["event"].(map[string]any); ev["status"] != "live" || ev["current_round"].(float64) != 2 {
			t.Fatalf("after the first bell: %v", ev)
		}
		a = e.Post("/api/v1/admin/speed-dating/events/"+id+"/next", host.AccessToken, nil).Expect(http.StatusOK).Data()
		if ev := a["event"].(map[string]any); ev["status"] != "voting" {
			t.Fatalf("after everyone met everyone: %v", ev)
		}
		clean(t, e)
	})
}
