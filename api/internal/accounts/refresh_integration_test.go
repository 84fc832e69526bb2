package accounts_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

// The reuse grace of refresh tokens (accounts.Service.Refresh): a spent token
// presented again within Settings.RefreshReuseGrace of its spend, while its
// successor is unused, gets a new successor in place of the old one; any other
// presentation of a spent or superseded token revokes the session.

func refreshed(t *testing.T, r *testkit.Resp) string {
	t.Helper()
	tok, _ := r.Expect(http.StatusOK).Map()["refresh_token"].(string)
	if tok == "" {
		t.Fatalf("no refresh token in %s", r.Body)
	}
	return tok
}

// liveTokens counts the refresh tokens of a token's session that could still
// be spent.
func liveTokens(t *testing.T, e *testkit.Env, anyToken string) int {
	t.Helper()
	var n int
	err := e.DB.NewRaw(`SELECT count(*) FROM refresh_tokens WHERE session_id =
		(SELECT session_id FROM refresh_tokens WHERE token_hash = ?)
		AND used_at IS NULL AND superseded_at IS NULL`, ids.Hash(anyToken)).Scan(context.Background(), &n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestIntegrationRefreshRotationAndReuse(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := e.Register("femi@example.com", "femi")
		r1 := refresh(e, s.RefreshToken).Expect(http.StatusOK).Map()
		rt1, _ := r1["refresh_token"].(string)
		at1, _ := r1["access_token"].(string)
		if rt1 == "" || rt1 == s.RefreshToken || at1 == "" {
			t.Fatalf("no rotation: %v", r1)
		}
		e.Get("/api/auth/user", at1).Expect(http.StatusOK)
		victimNewest := refreshed(t, refresh(e, rt1))

		// An attacker replays the first token after its successor was used
		// (still within the grace): refused, and the family is revoked.
		refresh(e, s.RefreshToken).Expect(http.StatusUnauthorized)
		refresh(e, victimNewest).Expect(http.StatusUnauthorized)
		refresh(e, rt1).Expect(http.StatusUnauthorized)

		// Another sign-in of the same user is a separate family and still works.
		other := e.Login("femi@example.com", testkit.DefaultPassword)
		refresh(e, other.RefreshToken).Expect(http.StatusOK)

		refresh(e, "not-a-token").Expect(http.StatusUnauthorized)
		e.Post("/api/auth/refresh", "", map[string]any{}).Expect(http.StatusUnprocessableEntity)
	})
}

func TestIntegrationRefreshReuseGrace(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		grace := e.Config.RefreshReuseGrace
		if grace != 30*time.Second {
			t.Fatalf("test grace %s", grace)
		}

		// The reply to a refresh is lost (the page reloaded); the spent token
		// comes again within the grace while its successor is unused: a new
		// pair, and the lost successor is replaced.
		s := e.Register("gozie@example.com", "gozie")
		lost := refreshed(t, refresh(e, s.RefreshToken))
		e.Clock.Advance(10 * time.Second)
		r := refresh(e, s.RefreshToken).Expect(http.StatusOK).Map()
		again, _ := r["refresh_token"].(string)
		access, _ := r["access_token"].(string)
		if again == "" || again == lost || again == s.RefreshToken {
			t.Fatalf("no new successor: %v", r)
		}
		e.Get("/api/auth/user", access).Expect(http.StatusOK)
		if n := liveTokens(t, e, again); n != 1 {
			t.Fatalf("%d live refresh tokens, want 1", n)
		}
		// Within the grace it may happen more than once; the window is not extended.
		e.Clock.Advance(10 * time.Second)
		again2 := refreshed(t, refresh(e, s.RefreshToken))
		if n := liveTokens(t, e, again2); n != 1 {
			t.Fatalf("%d live refresh tokens, want 1", n)
		}
		newest := refreshed(t, refresh(e, again2))
		// The replaced successors no longer work: someone else holds them,
		// so presenting one is reuse and ends the session.
		refresh(e, lost).Expect(http.StatusUnauthorized)
		refresh(e, newest).Expect(http.StatusUnauthorized)
		e.Get("/api/auth/user", access).Expect(http.StatusUnauthorized)

		// Re-presented after the grace: reuse, the session is revoked.
		s2 := e.Login("gozie@example.com", testkit.DefaultPassword)
		lost2 := refreshed(t, refresh(e, s2.RefreshToken))
		e.Clock.Advance(grace)
		refresh(e, s2.RefreshToken).Expect(http.StatusUnauthorized)
		refresh(e, lost2).Expect(http.StatusUnauthorized)

		// The grace runs from the first spend: replacing a successor does not extend it.
		s3 := e.Login("gozie@example.com", testkit.DefaultPassword)
		refreshed(t, refresh(e, s3.RefreshToken))
		e.Clock.Advance(grace - time.Second)
		latest := refreshed(t, refresh(e, s3.RefreshToken))
		e.Clock.Advance(time.Second)
		refresh(e, s3.RefreshToken).Expect(http.StatusUnauthorized)
		refresh(e, latest).Expect(http.StatusUnauthorized)

		// Re-presented after the successor was used (within the grace): reuse.
		s4 := e.Login("gozie@example.com", testkit.DefaultPassword)
		next := refreshed(t, refresh(e, s4.RefreshToken))
		e.Clock.Advance(time.Second)
		used := refreshed(t, refresh(e, next))
		refresh(e, s4.RefreshToken).Expect(http.StatusUnauthorized)
		refresh(e, used).Expect(http.StatusUnauthorized)

		// A replaced successor presented while its replacement is unused is
		// reuse too (a thief re-presenting the spent token within the grace
		// loses the session as soon as the owner's token comes back).
		s5 := e.Login("gozie@example.com", testkit.DefaultPassword)
		owners := refreshed(t, refresh(e, s5.RefreshToken))
		thiefs := refreshed(t, refresh(e, s5.RefreshToken))
		refresh(e, owners).Expect(http.StatusUnauthorized)
		refresh(e, thiefs).Expect(http.StatusUnauthorized)

		// A session that ended in the meantime is not revived.
		s6 := e.Login("gozie@example.com", testkit.DefaultPassword)
		refreshed(t, refresh(e, s6.RefreshToken))
		e.Post("/api/auth/logout", "", map[string]any{"refresh_token": s6.RefreshToken}).Expect(http.StatusNoContent)
		refresh(e, s6.RefreshToken).Expect(http.StatusUnauthorized)
	})
}

func TestIntegrationRefreshReuseGraceOff(t *testing.T) {
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			e := testkit.New(t, d, func(c *config.Config) { c.RefreshReuseGrace = 0 })
			s := e.Register("halima@example.com", "halima")
			next := refreshed(t, refresh(e, s.RefreshToken))
			refresh(e, s.RefreshToken).Expect(http.StatusUnauthorized)
			refresh(e, next).Expect(http.StatusUnauthorized)
		})
	}
}

// parallelRefresh presents one token n times at once and returns the answers.
func parallelRefresh(e *testkit.Env, token string, n int) []*testkit.Resp {
	out := make([]*testkit.Resp, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			out[i] = e.Post("/api/auth/refresh", "", map[string]any{"refresh_token": token})
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// TestIntegrationConcurrentRefresh: parallel refreshes with one token run one
// after the other in the database. Within the grace each one succeeds and
// replaces the successor the previous one issued, so exactly one refresh
// token is live at the end: the last one's. The others are superseded, and
// presenting one of them is reuse.
func TestIntegrationConcurrentRefresh(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		const n = 6
		check := func(t *testing.T, token string) {
			t.Helper()
			var tokens []string
			for _, r := range parallelRefresh(e, token, n) {
				if r.Status != http.StatusOK {
					t.Fatalf("status %d: %s", r.Status, r.Body)
				}
				tokens = append(tokens, refreshed(t, r))
			}
			if live := liveTokens(t, e, token); live != 1 {
				t.Fatalf("%d live refresh tokens after %d parallel refreshes, want 1", live, n)
			}
			var live []string
			for _, tok := range tokens {
				var superseded int
				if err := e.DB.NewRaw("SELECT CASE WHEN superseded_at IS NULL THEN 0 ELSE 1 END FROM refresh_tokens "+
					"WHERE token_hash = ?", ids.Hash(tok)).Scan(context.Background(), &superseded); err != nil {
					t.Fatal(err)
				}
				if superseded == 0 {
					live = append(live, tok)
				}
			}
			if len(live) != 1 {
				t.Fatalf("%d of the answers hold a live token, want 1", len(live))
			}
			next := refreshed(t, refresh(e, live[0]))
			for _, tok := range tokens {
				if tok != live[0] {
					refresh(e, tok).Expect(http.StatusUnauthorized) // superseded: reuse
					break
				}
			}
			refresh(e, next).Expect(http.StatusUnauthorized)
		}

		// A fresh token, presented n times at once.
		s := e.Register("hauwa@example.com", "hauwa")
		check(t, s.RefreshToken)

		// A spent token whose reply was lost, presented n times at once.
		s2 := e.Login("hauwa@example.com", testkit.DefaultPassword)
		lost := refreshed(t, refresh(e, s2.RefreshToken))
		check(t, s2.RefreshToken)
		refresh(e, lost).Expect(http.StatusUnauthorized)

		// After the grace, parallel presentations of a spent token are all reuse.
		s3 := e.Login("hauwa@example.com", testkit.DefaultPassword)
		lost3 := refreshed(t, refresh(e, s3.RefreshToken))
		e.Clock.Advance(e.Config.RefreshReuseGrace)
		for _, r := range parallelRefresh(e, s3.RefreshToken, n) {
			r.Expect(http.StatusUnauthorized)
		}
		refresh(e, lost3).Expect(http.StatusUnauthorized)
	})
}

// TestIntegrationRefreshRaceWithSuccessor: the successor is spent at the same
// time as its parent is presented again within the grace. The database lets
// exactly one of them through, and either way two holders of the session's
// tokens showed up: the session ends.
func TestIntegrationRefreshRaceWithSuccessor(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		e.Register("ifeoma@example.com", "ifeoma")
		for round := 0; round < 4; round++ {
			s := e.Login("ifeoma@example.com", testkit.DefaultPassword)
			next := refreshed(t, refresh(e, s.RefreshToken))
			var wg sync.WaitGroup
			var parent, child *testkit.Resp
			start := make(chan struct{})
			wg.Add(2)
			go func() { defer wg.Done(); <-start; parent = refresh(e, s.RefreshToken) }()
			go func() { defer wg.Done(); <-start; child = refresh(e, next) }()
			close(start)
			wg.Wait()
			var winner *testkit.Resp
			switch {
			case parent.Status == http.StatusOK && child.Status == http.StatusUnauthorized:
				winner = parent
			case child.Status == http.StatusOK && parent.Status == http.StatusUnauthorized:
				winner = child
			default:
				t.Fatalf("round %d: parent %d, successor %d; want one 200 and one 401", round, parent.Status, child.Status)
			}
			tok, _ := winner.Map()["refresh_token"].(string)
			refresh(e, tok).Expect(http.StatusUnauthorized)
		}
	})
}
