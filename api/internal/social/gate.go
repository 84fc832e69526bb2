package social

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/db"
)

// Message privacy values (social_privacy.who_can_message).
const (
	MessageEveryone  = "everyone"
	MessageFriends   = "friends"
	MessageNobodyNew = "nobody"
)

// Gate answers, from social's own tables only, whether two people may
// exchange messages or calls. It is built before messaging and video, which
// take it in their Config (social.NewGate(db)).
type Gate struct{ db bun.IDB }

// NewGate makes the gate over the database.
func NewGate(d *db.DB) *Gate { return &Gate{db: d.DB} }

// Blocked reports whether either of a and b blocked the other.
func (g *Gate) Blocked(ctx context.Context, a, b string) (bool, error) {
	return blocked(ctx, g.db, a, b)
}

// MaxBlocks bounds the block list BlockedWith reads.
const MaxBlocks = 10000

// BlockedWith answers everyone a block separates from userID, whichever side
// blocked (at most MaxBlocks): for lists filtered in bulk (matchmaking).
func (g *Gate) BlockedWith(ctx context.Context, userID string) (map[string]bool, error) {
	var a, b []string
	if err := g.db.NewSelect().Table("user_blocks").Column("blocked_id").Where("blocker_id = ?", userID).
		Limit(int64(MaxBlocks)).Scan(ctx, &a); err != nil {
		return nil, err
	}
	if err := g.db.NewSelect().Table("user_blocks").Column("blocker_id").Where("blocked_id = ?", userID).
		Limit(int64(MaxBlocks)).Scan(ctx, &b); err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(a)+len(b))
	for _, id := range append(a, b...) {
		out[id] = true
	}
	return out, nil
}

// AreFriends reports whether a and b are friends.
func (g *Gate) AreFriends(ctx context.Context, a, b string) (bool, error) {
	return areFriends(ctx, g.db, a, b)
}

// CanMessage answers nil when from may message to: neither blocked the
// other, and to's "who can message me" lets from through (everyone; friends:
// from is a friend; nobody new: refused here, and messaging lets the
// conversations that already exist go on without asking). Otherwise
// ErrBlocked, ErrNotAllowed or ErrNobodyNew (403).
func (g *Gate) CanMessage(ctx context.Context, from, to string) error {
	if from == to {
		return nil
	}
	b, err := blocked(ctx, g.db, from, to)
	if err != nil {
		return err
	}
	if b {
		return ErrBlocked
	}
	p, err := privacyOf(ctx, g.db, to)
	if err != nil {
		return err
	}
	switch p.WhoCanMessage {
	case MessageEveryone:
		return nil
	case MessageNobodyNew:
		return ErrNobodyNew
	default:
		f, err := areFriends(ctx, g.db, from, to)
		if err != nil {
			return err
		}
		if !f {
			return ErrNotAllowed
		}
		return nil
	}
}

func blocked(ctx context.Context, idb bun.IDB, a, b string) (bool, error) {
	n, err := idb.NewSelect().Table("user_blocks").
		Where("(blocker_id = ? AND blocked_id = ?) OR (blocker_id = ? AND blocked_id = ?)", a, b, b, a).
		Count(ctx)
	return n > 0, err
}

func areFriends(ctx context.Context, idb bun.IDB, a, b string) (bool, error) {
	n, err := idb.NewSelect().Table("friendships").Where("user_id = ? AND friend_id = ?", a, b).Count(ctx)
	return n > 0, err
}

// privacyOf reads a person's settings, the defaults when they never changed them.
func privacyOf(ctx context.Context, idb bun.IDB, userID string) (Privacy, error) {
	var row privacyRow
	err := idb.NewSelect().Model(&row).Where("user_id = ?", userID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return DefaultPrivacy, nil
	}
	if err != nil {
		return Privacy{}, err
	}
	return Privacy{WhoCanMessage: row.WhoCanMessage, WhoCanRequest: row.WhoCanRequest, PostsAudience: row.PostsAudience}, nil
}
