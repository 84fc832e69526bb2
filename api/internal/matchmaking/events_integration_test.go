package matchmaking_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/testkit"
	"sojourn/api/internal/video"
)

// What an event asks of matchmaking: who takes part, who may meet whom
// (hard filters both ways, blocks and hiding; distance ignored), and the
// match two mutual yeses make, with its conversation, once.
func TestIntegrationEventHooks(t *testing.T) {
	ctx := context.Background()
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		mm := e.App.Matchmaking
		amara := join(t, e, who{"amara", "woman", "1995-04-10", "Lagos", "NG", "man", true})
		ben := join(t, e, who{"ben", "man", "1990-01-01", "Lagos", "NG", "woman", true})
		kofi := join(t, e, who{"kofi", "man", "1990-01-01", "Accra", "GH", "woman", true}) // far: fine online
		femi := join(t, e, who{"femi", "man", "1988-05-05", "Lagos", "NG", "woman", true})
		gbenga := join(t, e, who{"gbenga", "man", "1987-07-07", "Lagos", "NG", "woman", true})
		chidi := join(t, e, who{"chidi", "man", "1991-02-02", "Lagos", "NG", "woman", false})
		dayo := join(t, e, who{"dayo", "man", "1989-03-03", "Lagos", "NG", "man", true}) // seeks men

		p, err := mm.EventParticipant(ctx, amara.UserID)
		if err != nil || p.Gender != "woman" || p.Age < 18 {
			t.Fatalf("participant: %+v %v", p, err)
		}
		if _, err := mm.EventParticipant(ctx, chidi.UserID); err == nil {
			t.Fatal("a person who did not opt in takes part")
		}
		put(e, "/api/v1/matchmaking/pause", ben.AccessToken, map[string]any{"paused": true}).Expect(http.StatusOK)
		if _, err := mm.EventParticipant(ctx, ben.UserID); err == nil {
			t.Fatal("a paused person takes part")
		}
		put(e, "/api/v1/matchmaking/pause", ben.AccessToken, map[string]any{"paused": false}).Expect(http.StatusOK)

		e.Post("/api/v1/social/blocks", femi.AccessToken, map[string]any{"user_id": amara.UserID}).Expect(http.StatusOK)
		e.Post("/api/v1/matchmaking/hidden", gbenga.AccessToken, map[string]any{"user_id": amara.UserID}).Expect(http.StatusNoContent)
		ok, err := mm.Compatibility(ctx, []string{amara.UserID, ben.UserID, kofi.UserID, femi.UserID, gbenga.UserID,
			chidi.UserID, dayo.UserID})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			a, b string
			want bool
			why  string
		}{
			{amara.UserID, ben.UserID, true, "compatible"},
			{ben.UserID, amara.UserID, true, "symmetric"},
			{amara.UserID, kofi.UserID, true, "distance is ignored online"},
			{amara.UserID, femi.UserID, false, "blocked"},
			{amara.UserID, gbenga.UserID, false, "hidden"},
			{amara.UserID, chidi.UserID, false, "not taking part"},
			{amara.UserID, dayo.UserID, false, "genders sought"},
			{ben.UserID, kofi.UserID, false, "two men seeking women"},
			{amara.UserID, amara.UserID, false, "oneself"},
		} {
			if got := ok(c.a, c.b); got != c.want {
				t.Errorf("%s: compatible = %v", c.why, got)
			}
		}

		m1, err := mm.MatchFromEvent(ctx, amara.UserID, ben.UserID, "Friday Speed Dating")
		if err != nil || m1.ID == "" || m1.ConversationID == "" {
			t.Fatalf("match: %+v %v", m1, err)
		}
		m2, err := mm.MatchFromEvent(ctx, ben.UserID, amara.UserID, "Friday Speed Dating")
		if err != nil || m2 != m1 {
			t.Fatalf("second call made another match: %+v %v", m2, err)
		}
		ms := e.Get("/api/v1/matchmaking/matches", ben.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(ms) != 1 {
			t.Fatalf("ben's matches: %v", ms)
		}

		// A speed date's room: open to the two at once (no lobby), 404 to others, closed at the bell.
		now := e.Clock.Now()
		room := video.PairRoom{ID: "sd-room-1", HostID: amara.UserID, GuestID: kofi.UserID, Title: "Round 1",
			OpensAt: now, ClosesAt: now.Add(5 * time.Minute)}
		if err := e.App.Video.OpenPairRoom(ctx, nil, room); err != nil {
			t.Fatal(err)
		}
		if err := e.App.Video.OpenPairRoom(ctx, nil, room); err != nil {
			t.Fatal("opening twice:", err)
		}
		r := e.Post("/api/v1/video/rooms/sd-room-1/join", kofi.AccessToken, nil).Expect(http.StatusOK).Map()["data"].(map[string]any)
		if r["kind"] != "speed_date" || r["status"] != "open" || r["lobby"].(map[string]any)["guest_admitted"] != true {
			t.Fatalf("pair room: %v", r)
		}
		e.Get("/api/v1/video/rooms/sd-room-1", ben.AccessToken).Expect(http.StatusNotFound)
		if err := e.App.Video.ClosePairRooms(ctx, nil, []string{"sd-room-1"}, now); err != nil {
			t.Fatal(err)
		}
		e.Post("/api/v1/video/rooms/sd-room-1/join", amara.AccessToken, nil).Expect(http.StatusConflict)
	})
}

// The people one hid are listed, newest first by keyset, and unhiding takes
// them off the list (and shows them again).
func TestIntegrationHiddenList(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		amara := join(t, e, who{"amara", "woman", "1995-04-10", "Lagos", "NG", "man", true})
		ben := join(t, e, who{"ben", "man", "1990-01-01", "Lagos", "NG", "woman", true})
		kofi := join(t, e, who{"kofi", "man", "1991-01-01", "Lagos", "NG", "woman", true})
		e.Get("/api/v1/matchmaking/hidden", amara.AccessToken).Expect(http.StatusOK)
		e.Post("/api/v1/matchmaking/hidden", amara.AccessToken, map[string]any{"user_id": ben.UserID}).Expect(http.StatusNoContent)
		e.Clock.Advance(time.Minute)
		e.Post("/api/v1/matchmaking/hidden", amara.AccessToken, map[string]any{"user_id": kofi.UserID}).Expect(http.StatusNoContent)
		first := e.Get("/api/v1/matchmaking/hidden?limit=1", amara.AccessToken).Expect(http.StatusOK).Map()
		rows := first["data"].([]any)
		next, _ := first["meta"].(map[string]any)["next_cursor"].(string)
		if len(rows) != 1 || rows[0].(map[string]any)["person"].(map[string]any)["id"] != kofi.UserID || next == "" {
			t.Fatalf("first page: %v", first)
		}
		second := e.Get("/api/v1/matchmaking/hidden?limit=1&cursor="+next, amara.AccessToken).Expect(http.StatusOK).Map()
		if rows := second["data"].([]any); len(rows) != 1 || rows[0].(map[string]any)["person"].(map[string]any)["id"] != ben.UserID {
			t.Fatalf("second page: %v", second)
		}
		// Nobody else sees the caller's list.
		if rows := e.Get("/api/v1/matchmaking/hidden", ben.AccessToken).Expect(http.StatusOK).Map()["data"].([]any); len(rows) != 0 {
			t.Fatalf("ben's list: %v", rows)
		}
		del(e, "/api/v1/matchmaking/hidden/"+ben.UserID, amara.AccessToken).Expect(http.StatusNoContent)
		if rows := e.Get("/api/v1/matchmaking/hidden", amara.AccessToken).Expect(http.StatusOK).Map()["data"].([]any); len(rows) != 1 {
			t.Fatalf("after unhiding: %v", rows)
		}
	})
}
