package seed_test

import (
	"context"
	"testing"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

// checkDemoMatchmaking: Amara takes part with every step and question
// answered, has candidates (three of whom liked her) and one match with a
// conversation (and those of her speed-dating event); every demo member is 21 to 55 and opted in.
func checkDemoMatchmaking(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	users, _, err := e.App.Accounts.ListUsers(ctx, accounts.UserFilter{Q: "user@example.com"}, 5, 0)
	if err != nil || len(users) != 1 {
		t.Fatalf("user@: %v %v", users, err)
	}
	me := struct{ UserID string }{users[0].ID}
	st, err := e.App.Matchmaking.Me(ctx, me.UserID)
	if err != nil || !st.OptedIn || !st.Complete {
		t.Fatalf("amara's matchmaking %+v (%v)", st, err)
	}
	cands, _, err := e.App.Matchmaking.Candidates(ctx, me.UserID, page.Cursor{Limit: 100})
	if err != nil || len(cands) < 7 {
		t.Fatalf("amara has %d candidates (%v)", len(cands), err)
	}
	for _, c := range cands {
		if c.Person.Age == nil || *c.Person.Age < 21 || *c.Person.Age > 55 || len(c.Why) == 0 || c.Person.AvatarURL == "" {
			t.Fatalf("candidate %+v", c)
		}
	}
	// One match from likes, and her mutual yeses at last week's speed dating.
	var fromEvents int
	if err := e.DB.NewRaw(`SELECT COUNT(*) FROM speed_matches WHERE a_id = ? OR b_id = ?`, me.UserID, me.UserID).
		Scan(ctx, &fromEvents); err != nil {
		t.Fatal(err)
	}
	ms, _, err := e.App.Matchmaking.Matches(ctx, me.UserID, page.Cursor{Limit: 20})
	if err != nil || len(ms) != 1+fromEvents {
		t.Fatalf("amara's matches %+v (%v), %d from speed dating", ms, err, fromEvents)
	}
	for _, m := range ms {
		if m.ConversationID == nil {
			t.Fatalf("match without a conversation %+v", m)
		}
	}
	var likedHer, members int
	if err := e.DB.NewRaw(`SELECT COUNT(*) FROM mm_decisions WHERE to_id = ? AND decision = 'like'`, me.UserID).Scan(ctx, &likedHer); err != nil {
		t.Fatal(err)
	}
	if err := e.DB.NewRaw(`SELECT COUNT(*) FROM mm_members WHERE opted_in`).Scan(ctx, &members); err != nil {
		t.Fatal(err)
	}
	if likedHer != 4 || members != len(seed.MatchPeople)+1 {
		t.Fatalf("%d liked amara, %d members opted in", likedHer, members)
	}
	hidden, _, err := e.App.Matchmaking.Hidden(ctx, me.UserID, page.Cursor{Limit: 10})
	if err != nil || len(hidden) != 1 {
		t.Fatalf("amara hid %+v (%v)", hidden, err)
	}
	// The moderators' queue has two open reports and one dismissed.
	open, _, err := e.App.Matchmaking.Reports(ctx, "open", page.Cursor{Limit: 10})
	if err != nil || len(open) != 2 {
		t.Fatalf("open reports %+v (%v)", open, err)
	}
	done, _, err := e.App.Matchmaking.Reports(ctx, "dismissed", page.Cursor{Limit: 10})
	if err != nil || len(done) != 1 {
		t.Fatalf("dismissed reports %+v (%v)", done, err)
	}
}
