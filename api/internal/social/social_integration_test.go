package social_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/social"
	"sojourn/api/internal/testkit"
)

func del(e *testkit.Env, path, token string) *testkit.Resp {
	return e.Do(testkit.Req{Method: http.MethodDelete, Path: path, Token: token})
}

func put(e *testkit.Env, path, token string, body any) *testkit.Resp {
	return e.Do(testkit.Req{Method: http.MethodPut, Path: path, Token: token, Body: body})
}

func friends(t *testing.T, e *testkit.Env, s *testkit.Session) []string {
	t.Helper()
	var out []string
	for _, f := range e.Get("/api/v1/social/friends", s.AccessToken).Expect(http.StatusOK).Map()["data"].([]any) {
		out = append(out, f.(map[string]any)["person"].(map[string]any)["id"].(string))
	}
	return out
}

func befriend(t *testing.T, e *testkit.Env, a, b *testkit.Session) {
	t.Helper()
	r := e.Post("/api/v1/social/requests", a.AccessToken, map[string]any{"user_id": b.UserID}).Expect(http.StatusOK).Data()
	id := r["request"].(map[string]any)["id"].(string)
	e.Post("/api/v1/social/requests/"+id+"/accept", b.AccessToken, nil).Expect(http.StatusOK)
}

func count(t *testing.T, e *testkit.Env, q string, args ...any) int {
	t.Helper()
	var n int
	if err := e.DB.NewRaw(q, args...).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestIntegrationFriendRequests(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := e.Register("ada@example.com", "ada")
		bola := e.Register("bola@example.com", "bola")
		chi := e.Register("chi@example.com", "chi")
		dayo := e.Register("dayo@example.com", "dayo")

		// Send; the other side sees it received, the sender sent.
		r := e.Post("/api/v1/social/requests", ada.AccessToken, map[string]any{"user_id": bola.UserID}).Expect(http.StatusOK).Data()
		if r["status"] != "pending" {
			t.Fatalf("send: %v", r)
		}
		reqID := r["request"].(map[string]any)["id"].(string)
		got := e.Get("/api/v1/social/requests?box=received", bola.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(got) != 1 || got[0].(map[string]any)["id"] != reqID {
			t.Fatalf("received: %v", got)
		}
		if n := len(e.Get("/api/v1/social/requests?box=sent", ada.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)); n != 1 {
			t.Fatalf("sent: %d", n)
		}
		// Twice is 409; to oneself 409; a stranger id 404; bad box 422.
		e.Post("/api/v1/social/requests", ada.AccessToken, map[string]any{"user_id": bola.UserID}).Expect(http.StatusConflict)
		e.Post("/api/v1/social/requests", ada.AccessToken, map[string]any{"user_id": ada.UserID}).Expect(http.StatusConflict)
		e.Post("/api/v1/social/requests", ada.AccessToken, map[string]any{"user_id": "nobody"}).Expect(http.StatusNotFound)
		e.Get("/api/v1/social/requests?box=spam", ada.AccessToken).Expect(http.StatusUnprocessableEntity)
		// Ownership: only the recipient accepts or declines, only the sender cancels (404 otherwise).
		e.Post("/api/v1/social/requests/"+reqID+"/accept", ada.AccessToken, nil).Expect(http.StatusNotFound)
		e.Post("/api/v1/social/requests/"+reqID+"/accept", chi.AccessToken, nil).Expect(http.StatusNotFound)
		del(e, "/api/v1/social/requests/"+reqID, bola.AccessToken).Expect(http.StatusNotFound)
		e.Post("/api/v1/social/requests/"+reqID+"/accept", bola.AccessToken, nil).Expect(http.StatusOK)
		if f := friends(t, e, ada); len(f) != 1 || f[0] != bola.UserID {
			t.Fatalf("ada's friends: %v", f)
		}
		e.Post("/api/v1/social/requests", bola.AccessToken, map[string]any{"user_id": ada.UserID}).Expect(http.StatusConflict)

		// Decline and cancel.
		r = e.Post("/api/v1/social/requests", chi.AccessToken, map[string]any{"user_id": ada.UserID}).Expect(http.StatusOK).Data()
		e.Post("/api/v1/social/requests/"+r["request"].(map[string]any)["id"].(string)+"/decline", ada.AccessToken, nil).Expect(http.StatusNoContent)
		r = e.Post("/api/v1/social/requests", chi.AccessToken, map[string]any{"user_id": ada.UserID}).Expect(http.StatusOK).Data()
		del(e, "/api/v1/social/requests/"+r["request"].(map[string]any)["id"].(string), chi.AccessToken).Expect(http.StatusNoContent)
		if n := count(t, e, `SELECT COUNT(*) FROM friend_requests`); n != 0 {
			t.Fatalf("requests left: %d", n)
		}

		// Asking someone who asked you makes you friends.
		e.Post("/api/v1/social/requests", dayo.AccessToken, map[string]any{"user_id": chi.UserID}).Expect(http.StatusOK)
		r = e.Post("/api/v1/social/requests", chi.AccessToken, map[string]any{"user_id": dayo.UserID}).Expect(http.StatusOK).Data()
		if r["status"] != "friends" {
			t.Fatalf("mutual: %v", r)
		}

		// Privacy: nobody may send requests; friends of friends only.
		put(e, "/api/v1/social/privacy", dayo.AccessToken, map[string]any{"who_can_message": "everyone",
			"who_can_request": "nobody", "posts_audience": "friends"}).Expect(http.StatusOK)
		e.Post("/api/v1/social/requests", ada.AccessToken, map[string]any{"user_id": dayo.UserID}).Expect(http.StatusForbidden)
		put(e, "/api/v1/social/privacy", dayo.AccessToken, map[string]any{"who_can_message": "everyone",
			"who_can_request": "friends_of_friends", "posts_audience": "friends"}).Expect(http.StatusOK)
		e.Post("/api/v1/social/requests", ada.AccessToken, map[string]any{"user_id": dayo.UserID}).Expect(http.StatusForbidden)
		befriend(t, e, ada, chi) // now ada and dayo share chi
		e.Post("/api/v1/social/requests", ada.AccessToken, map[string]any{"user_id": dayo.UserID}).Expect(http.StatusOK)
		put(e, "/api/v1/social/privacy", dayo.AccessToken, map[string]any{"who_can_message": "sometimes",
			"who_can_request": "x", "posts_audience": "friends"}).Expect(http.StatusUnprocessableEntity)

		// Block: removes the friendship and pending requests, refuses new ones both ways, and messages.
		e.Post("/api/v1/social/requests", bola.AccessToken, map[string]any{"user_id": chi.UserID}).Expect(http.StatusOK)
		e.Post("/api/v1/social/blocks", chi.AccessToken, map[string]any{"user_id": bola.UserID}).Expect(http.StatusOK)
		e.Post("/api/v1/social/blocks", chi.AccessToken, map[string]any{"user_id": bola.UserID}).Expect(http.StatusOK)
		e.Post("/api/v1/social/requests", bola.AccessToken, map[string]any{"user_id": chi.UserID}).Expect(http.StatusForbidden)
		e.Post("/api/v1/social/requests", chi.AccessToken, map[string]any{"user_id": bola.UserID}).Expect(http.StatusForbidden)
		e.Post("/api/v1/social/blocks", ada.AccessToken, map[string]any{"user_id": chi.UserID}).Expect(http.StatusOK)
		if f := friends(t, e, ada); len(f) != 1 || f[0] != bola.UserID {
			t.Fatalf("after block, ada's friends: %v", f)
		}
		g := social.NewGate(e.DB)
		if err := g.CanMessage(context.Background(), chi.UserID, ada.UserID); err != social.ErrBlocked {
			t.Fatalf("gate after block: %v", err)
		}
		e.Get("/api/v1/social/people/"+ada.UserID, chi.AccessToken).Expect(http.StatusNotFound)
		if rel := e.Get("/api/v1/social/people/"+chi.UserID, ada.AccessToken).Expect(http.StatusOK).Data(); rel["status"] != "blocked" {
			t.Fatalf("relation: %v", rel)
		}
		bl := e.Get("/api/v1/social/blocks", ada.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(bl) != 1 {
			t.Fatalf("blocks: %v", bl)
		}
		del(e, "/api/v1/social/blocks/"+chi.UserID, bola.AccessToken).Expect(http.StatusNotFound)
		del(e, "/api/v1/social/blocks/"+chi.UserID, ada.AccessToken).Expect(http.StatusNoContent)
		e.Post("/api/v1/social/requests", ada.AccessToken, map[string]any{"user_id": chi.UserID}).Expect(http.StatusOK)

		// Unfriend.
		del(e, "/api/v1/social/friends/"+bola.UserID, ada.AccessToken).Expect(http.StatusNoContent)
		del(e, "/api/v1/social/friends/"+bola.UserID, ada.AccessToken).Expect(http.StatusNotFound)
		if f := friends(t, e, bola); len(f) != 0 {
			t.Fatalf("bola's friends: %v", f)
		}
	})
}

// Two people asking each other at the same moment end as friends (one
// request, accepted by the other ask) or one pending request: never two rows.
func TestIntegrationParallelMutualRequests(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		const pairs = 8
		var as, bs []*testkit.Session
		for i := range pairs {
			as = append(as, e.Register(fmt.Sprintf("pa%d@example.com", i), fmt.Sprintf("pa%d", i)))
			bs = append(bs, e.Register(fmt.Sprintf("pb%d@example.com", i), fmt.Sprintf("pb%d", i)))
		}
		var wg sync.WaitGroup
		codes := make([][2]int, pairs)
		for i := range pairs {
			for side := range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					from, to := as[i], bs[i]
					if side == 1 {
						from, to = bs[i], as[i]
					}
					codes[i][side] = e.Post("/api/v1/social/requests", from.AccessToken, map[string]any{"user_id": to.UserID}).Status
				}()
			}
		}
		wg.Wait()
		for i := range pairs {
			if codes[i][0] != http.StatusOK || codes[i][1] != http.StatusOK {
				t.Fatalf("pair %d answered %v", i, codes[i])
			}
			reqs := count(t, e, `SELECT COUNT(*) FROM friend_requests WHERE from_id IN (?, ?)`, as[i].UserID, bs[i].UserID)
			fr := count(t, e, `SELECT COUNT(*) FROM friendships WHERE user_id IN (?, ?)`, as[i].UserID, bs[i].UserID)
			if !(reqs == 0 && fr == 2) {
				t.Fatalf("pair %d: %d requests, %d friendship rows", i, reqs, fr)
			}
		}
	})
}

func pngBytes(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 60, 40))
	for x := range 60 {
		for y := range 40 {
			img.Set(x, y, color.RGBA{uint8(x * 4), uint8(y * 6), 120, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func post(t *testing.T, e *testkit.Env, s *testkit.Session, body, audience string) string {
	t.Helper()
	return e.Post("/api/v1/social/posts", s.AccessToken, map[string]any{"body": body, "audience": audience}).
		Expect(http.StatusCreated).Data()["id"].(string)
}

func feedIDs(t *testing.T, e *testkit.Env, s *testkit.Session, query string) ([]string, string) {
	t.Helper()
	m := e.Get("/api/v1/social/feed"+query, s.AccessToken).Expect(http.StatusOK).Map()
	var ids []string
	for _, p := range m["data"].([]any) {
		ids = append(ids, p.(map[string]any)["id"].(string))
	}
	next, _ := m["meta"].(map[string]any)["next_cursor"].(string)
	return ids, next
}

func TestIntegrationFeed(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := e.Register("ada@example.com", "ada")
		bola := e.Register("bola@example.com", "bola")
		chi := e.Register("chi@example.com", "chi")
		guide := e.Register("guide@example.com", "guide")
		e.GrantRole(guide.UserID, "tour_guide")
		admin := e.Admin("root@example.com", "root")
		befriend(t, e, ada, bola)

		pub := post(t, e, bola, "Sunrise over Lagos lagoon", "public")
		fr := post(t, e, bola, "Friends only: dinner plans", "friends")
		me := post(t, e, bola, "Note to self", "only_me")
		gpub := post(t, e, guide, "New walking tour of Accra", "public")
		gfr := post(t, e, guide, "Guide's friends-only post", "friends")
		e.Post("/api/v1/social/posts", ada.AccessToken, map[string]any{"body": ""}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/social/posts", ada.AccessToken, map[string]any{"body": "x", "audience": "world"}).Expect(http.StatusUnprocessableEntity)

		// Privacy: a non-friend cannot see friends-only posts (404); nobody else sees only_me.
		e.Get("/api/v1/social/posts/"+fr, chi.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/social/posts/"+fr, ada.AccessToken).Expect(http.StatusOK)
		e.Get("/api/v1/social/posts/"+me, ada.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/social/posts/"+me, bola.AccessToken).Expect(http.StatusOK)
		e.Get("/api/v1/social/posts/"+pub, chi.AccessToken).Expect(http.StatusOK)
		e.Post("/api/v1/social/posts/"+fr+"/like", chi.AccessToken, nil).Expect(http.StatusNotFound)
		e.Get("/api/v1/social/posts/"+fr+"/comments", chi.AccessToken).Expect(http.StatusNotFound)
		if n := len(e.Get("/api/v1/social/people/"+bola.UserID+"/posts", chi.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)); n != 1 {
			t.Fatalf("chi sees %d of bola's posts", n)
		}

		// Ada's feed: her friend's public and friends posts; not the guide's until she follows.
		ids, _ := feedIDs(t, e, ada, "")
		if fmt.Sprint(ids) != fmt.Sprint([]string{fr, pub}) {
			t.Fatalf("feed before follow: %v", ids)
		}
		e.Post("/api/v1/social/follows", ada.AccessToken, map[string]any{"provider_id": bola.UserID}).Expect(http.StatusNotFound)
		sugg := e.Get("/api/v1/social/follows/suggestions", ada.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(sugg) != 1 || sugg[0].(map[string]any)["id"] != guide.UserID {
			t.Fatalf("providers to follow: %v", sugg)
		}
		e.Post("/api/v1/social/follows", ada.AccessToken, map[string]any{"provider_id": guide.UserID}).Expect(http.StatusOK)
		ids, _ = feedIDs(t, e, ada, "")
		if fmt.Sprint(ids) != fmt.Sprint([]string{gpub, fr, pub}) {
			t.Fatalf("feed after follow: %v (guide's friends-only %s must not show)", ids, gfr)
		}

		// Photos through the image guard, at most 4, only the author's.
		e.Upload("/api/v1/social/posts/"+pub+"/photos", ada.AccessToken, "file", "a.png", pngBytes(t)).Expect(http.StatusNotFound)
		e.Upload("/api/v1/social/posts/"+pub+"/photos", bola.AccessToken, "file", "a.txt", []byte("not an image")).Expect(http.StatusUnprocessableEntity)
		for range 4 {
			e.Upload("/api/v1/social/posts/"+pub+"/photos", bola.AccessToken, "file", "a.png", pngBytes(t)).Expect(http.StatusOK)
		}
		e.Upload("/api/v1/social/posts/"+pub+"/photos", bola.AccessToken, "file", "a.png", pngBytes(t)).Expect(http.StatusConflict)
		p := e.Get("/api/v1/social/posts/"+pub, ada.AccessToken).Expect(http.StatusOK).Data()
		if len(p["photos"].([]any)) != 4 {
			t.Fatalf("photos: %v", p["photos"])
		}
		exec(t, e, `UPDATE social_posts SET created_at = ? WHERE id = ?`, e.Clock.Now().Add(-20*time.Minute), fr)
		e.Upload("/api/v1/social/posts/"+fr+"/photos", bola.AccessToken, "file", "a.png", pngBytes(t)).Expect(http.StatusConflict)

		// Comments: bounded, keyset, deletable by their author or the post's.
		e.Post("/api/v1/social/posts/"+pub+"/comments", ada.AccessToken, map[string]any{"body": ""}).Expect(http.StatusUnprocessableEntity)
		var cids []string
		for i := range 3 {
			c := e.Post("/api/v1/social/posts/"+pub+"/comments", chi.AccessToken, map[string]any{"body": fmt.Sprintf("Lovely %d", i)}).
				Expect(http.StatusCreated).Data()
			cids = append(cids, c["id"].(string))
			e.Clock.Advance(time.Second)
		}
		m := e.Get("/api/v1/social/posts/"+pub+"/comments?limit=2", ada.AccessToken).Expect(http.StatusOK).Map()
		next := m["meta"].(map[string]any)["next_cursor"].(string)
		m2 := e.Get("/api/v1/social/posts/"+pub+"/comments?limit=2&cursor="+next, ada.AccessToken).Expect(http.StatusOK).Map()
		if len(m["data"].([]any)) != 2 || len(m2["data"].([]any)) != 1 || m2["data"].([]any)[0].(map[string]any)["id"] != cids[0] {
			t.Fatalf("comment pages: %v / %v", m["data"], m2["data"])
		}
		del(e, "/api/v1/social/comments/"+cids[0], ada.AccessToken).Expect(http.StatusNotFound)
		del(e, "/api/v1/social/comments/"+cids[0], bola.AccessToken).Expect(http.StatusNoContent)
		if c := e.Get("/api/v1/social/posts/"+pub, bola.AccessToken).Expect(http.StatusOK).Data()["comment_count"]; c != float64(2) {
			t.Fatalf("comment_count: %v", c)
		}

		// Reports: once per person; an admin removes the post, which then answers 404 to everyone.
		e.Post("/api/v1/social/posts/"+pub+"/report", ada.AccessToken, map[string]any{"reason": "Spam"}).Expect(http.StatusNoContent)
		e.Post("/api/v1/social/posts/"+pub+"/report", ada.AccessToken, map[string]any{"reason": "Spam"}).Expect(http.StatusConflict)
		e.Post("/api/v1/social/posts/"+pub+"/report", bola.AccessToken, map[string]any{"reason": "Mine"}).Expect(http.StatusConflict)
		e.Post("/api/v1/social/posts/"+pub+"/report", chi.AccessToken, map[string]any{"reason": "Rude"}).Expect(http.StatusNoContent)
		e.Get("/api/v1/admin/social/reports", ada.AccessToken).Expect(http.StatusForbidden)
		reps := e.Get("/api/v1/admin/social/reports", admin.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(reps) != 2 {
			t.Fatalf("reports: %v", reps)
		}
		rid := reps[0].(map[string]any)["id"].(string)
		e.Post("/api/v1/admin/social/reports/"+rid+"/remove", admin.AccessToken, nil).Expect(http.StatusOK)
		e.Post("/api/v1/admin/social/reports/"+reps[1].(map[string]any)["id"].(string)+"/dismiss", admin.AccessToken, nil).Expect(http.StatusConflict)
		e.Get("/api/v1/social/posts/"+pub, ada.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/social/posts/"+pub, bola.AccessToken).Expect(http.StatusNotFound)
		if n := len(e.Get("/api/v1/admin/social/reports", admin.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)); n != 0 {
			t.Fatalf("open reports after removal: %d", n)
		}

		// A block hides each other's posts.
		e.Post("/api/v1/social/blocks", guide.AccessToken, map[string]any{"user_id": ada.UserID}).Expect(http.StatusOK)
		ids, _ = feedIDs(t, e, ada, "")
		if fmt.Sprint(ids) != fmt.Sprint([]string{fr}) {
			t.Fatalf("feed after the guide blocked ada: %v", ids)
		}
		e.Get("/api/v1/social/posts/"+gpub, ada.AccessToken).Expect(http.StatusNotFound)
		// Deleting: only the author.
		del(e, "/api/v1/social/posts/"+fr, ada.AccessToken).Expect(http.StatusNotFound)
		del(e, "/api/v1/social/posts/"+fr, bola.AccessToken).Expect(http.StatusNoContent)
	})
}

func TestIntegrationParallelLikes(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		author := e.Register("author@example.com", "author")
		id := post(t, e, author, "Like me", "public")
		const n = 12
		var fans []*testkit.Session
		for i := range n {
			fans = append(fans, e.Register(fmt.Sprintf("fan%d@example.com", i), fmt.Sprintf("fan%d", i)))
		}
		var wg sync.WaitGroup
		for _, f := range fans {
			for range 2 { // every fan likes twice at once
				wg.Add(1)
				go func() {
					defer wg.Done()
					e.Post("/api/v1/social/posts/"+id+"/like", f.AccessToken, nil).Expect(http.StatusOK)
				}()
			}
		}
		wg.Wait()
		p := e.Get("/api/v1/social/posts/"+id, author.AccessToken).Expect(http.StatusOK).Data()
		if p["like_count"] != float64(n) || count(t, e, `SELECT COUNT(*) FROM social_post_likes WHERE post_id = ?`, id) != n {
			t.Fatalf("like_count %v after %d fans liked twice", p["like_count"], n)
		}
		for _, f := range fans[:5] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				del(e, "/api/v1/social/posts/"+id+"/like", f.AccessToken).Expect(http.StatusOK)
			}()
		}
		wg.Wait()
		l := del(e, "/api/v1/social/posts/"+id+"/like", fans[0].AccessToken).Expect(http.StatusOK).Data()
		if l["like_count"] != float64(n-5) {
			t.Fatalf("after unlikes: %v", l)
		}
	})
}

// The feed's keyset pages neither repeat nor skip posts while new ones arrive.
func TestIntegrationFeedKeyset(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := e.Register("ada@example.com", "ada")
		bola := e.Register("bola@example.com", "bola")
		befriend(t, e, ada, bola)
		var want []string
		for i := range 25 {
			want = append([]string{post(t, e, bola, fmt.Sprintf("Post %d", i), "friends")}, want...)
			if i%3 != 0 { // several posts share a timestamp: the id breaks the tie
				e.Clock.Advance(time.Second)
			}
		}
		var got []string
		ids, next := feedIDs(t, e, ada, "?limit=10")
		got = append(got, ids...)
		post(t, e, bola, "Newer, arrives while paging", "friends")
		for next != "" {
			ids, next = feedIDs(t, e, ada, "?limit=10&cursor="+next)
			got = append(got, ids...)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("pages:\n got %v\nwant %v", got, want)
		}
		e.Get("/api/v1/social/feed?cursor=garbage", ada.AccessToken).Expect(http.StatusUnprocessableEntity)
	})
}
