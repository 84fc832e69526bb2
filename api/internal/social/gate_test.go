package social_test

import (
	"context"
	"errors"
	"testing"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/social"
	"sojourn/api/internal/testkit"
)

func exec(t *testing.T, e *testkit.Env, q string, args ...any) {
	t.Helper()
	if _, err := e.DB.NewRaw(q, args...).Exec(context.Background()); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func TestIntegrationGate(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		g := social.NewGate(e.DB)
		a := e.Register("gate-a@example.com", "gatea").UserID
		b := e.Register("gate-b@example.com", "gateb").UserID
		c := e.Register("gate-c@example.com", "gatec").UserID
		now := e.Clock.Now()

		// Defaults: everyone may message everyone; nobody is blocked or a friend.
		if err := g.CanMessage(ctx, a, b); err != nil {
			t.Fatalf("default CanMessage: %v", err)
		}
		if f, err := g.AreFriends(ctx, a, b); err != nil || f {
			t.Fatalf("AreFriends before: %v %v", f, err)
		}

		// b accepts messages from friends only: a (a friend) passes, c does not.
		exec(t, e, `INSERT INTO social_privacy (user_id, who_can_message, who_can_request, posts_audience, updated_at)
			VALUES (?, 'friends', 'everyone', 'friends', ?)`, b, now)
		exec(t, e, `INSERT INTO friendships (user_id, friend_id, created_at) VALUES (?, ?, ?), (?, ?, ?)`, a, b, now, b, a, now)
		if f, err := g.AreFriends(ctx, b, a); err != nil || !f {
			t.Fatalf("AreFriends after: %v %v", f, err)
		}
		if err := g.CanMessage(ctx, a, b); err != nil {
			t.Fatalf("friend CanMessage: %v", err)
		}
		err := g.CanMessage(ctx, c, b)
		if !errors.Is(err, social.ErrNotAllowed) {
			t.Fatalf("stranger to friends-only: %v", err)
		}
		if ae, ok := apperr.As(err); !ok || ae.Status() != 403 {
			t.Fatalf("not a 403: %v", err)
		}
		// c on the other hand accepts everyone, so b may write to c.
		if err := g.CanMessage(ctx, b, c); err != nil {
			t.Fatalf("to c: %v", err)
		}

		// nobody new: even a friend is refused a new conversation.
		exec(t, e, `UPDATE social_privacy SET who_can_message = 'nobody' WHERE user_id = ?`, b)
		if err := g.CanMessage(ctx, a, b); !errors.Is(err, social.ErrNobodyNew) {
			t.Fatalf("nobody new: %v", err)
		}

		// A block in either direction refuses both ways.
		exec(t, e, `INSERT INTO user_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)`, c, a, now)
		for _, pair := range [][2]string{{a, c}, {c, a}} {
			if bl, err := g.Blocked(ctx, pair[0], pair[1]); err != nil || !bl {
				t.Fatalf("Blocked %v: %v %v", pair, bl, err)
			}
			if err := g.CanMessage(ctx, pair[0], pair[1]); !errors.Is(err, social.ErrBlocked) {
				t.Fatalf("CanMessage blocked %v: %v", pair, err)
			}
		}
		if bl, err := g.Blocked(ctx, a, b); err != nil || bl {
			t.Fatalf("Blocked a,b: %v %v", bl, err)
		}
	})
}
