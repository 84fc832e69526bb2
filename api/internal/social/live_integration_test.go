package social_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/social"
	"sojourn/api/internal/testkit"
)

// TestIntegrationFeedPostsLive: a new post is announced at once to the
// connected readers whose feed it enters (a friend; a provider's follower
// for a public post), with its id and author only, and to nobody else: not to
// a stranger, not for a friends-only post to a follower, not for only_me.
// Absence is shown by order: the next frame a reader gets is a later event.
func TestIntegrationFeedPostsLive(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := e.Register("ada@example.com", "ada")
		bola := e.Register("bola@example.com", "bola")
		chi := e.Register("chi@example.com", "chi")
		guide := e.Register("guide@example.com", "guide")
		e.GrantRole(guide.UserID, "tour_guide")
		befriend(t, e, ada, bola)
		e.Post("/api/v1/social/follows", chi.AccessToken, map[string]any{"provider_id": guide.UserID}).Expect(http.StatusOK)

		adaLive, chiLive := e.OpenSocket(ada.AccessToken), e.OpenSocket(chi.AccessToken)
		announced := func(s *testkit.Socket) map[string]string {
			t.Helper()
			var d map[string]string
			if err := json.Unmarshal(s.Await(social.EventFeedPost, 5*time.Second), &d); err != nil {
				t.Fatal(err)
			}
			return d
		}

		// A friend's post reaches Ada; Chi (a stranger to Bola) hears nothing of it.
		p := post(t, e, bola, "Lagoon at sunrise", "friends")
		if d := announced(adaLive); d["post_id"] != p || d["author_id"] != bola.UserID || len(d) != 2 {
			t.Fatalf("ada's feed.post %v", d)
		}
		post(t, e, bola, "Note to self", "only_me")
		// The guide's friends-only post does not reach the follower Chi; the public one does.
		post(t, e, guide, "Friends only", "friends")
		pub := post(t, e, guide, "New walking tour of Accra", "public")
		if d := announced(chiLive); d["post_id"] != pub {
			t.Fatalf("chi's first feed.post is %v, want the guide's public post %s", d, pub)
		}
		// Ada follows nobody and is not the guide's friend: her next frame is Bola's next post.
		next := post(t, e, bola, "Dinner on Friday?", "public")
		if d := announced(adaLive); d["post_id"] != next {
			t.Fatalf("ada's next feed.post %v, want %s", d, next)
		}
	})
}
