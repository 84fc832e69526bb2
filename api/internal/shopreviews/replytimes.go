package shopreviews

import (
	"context"
	"time"

	"sojourn/api/internal/platform/db"
)

// ReplyTimes reads how promptly each store answers its published reviews,
// for the shop's vendor health score. It reads only the reviews table and
// needs nothing but the database, so the shop (built before this domain,
// which builds on it) can be handed one: NewReplyTimes(db).
type ReplyTimes struct{ db *db.DB }

// NewReplyTimes makes the reader.
func NewReplyTimes(d *db.DB) *ReplyTimes { return &ReplyTimes{db: d} }

// SlowReplies counts, per store, the reviews published since `since` whose
// answer took longer than `within` (answered late, or still unanswered with
// the time already gone), out of those whose time to answer has run out or
// that were answered: {slow, of}. A review published an hour ago and not
// yet answered counts in neither.
func (r *ReplyTimes) SlowReplies(ctx context.Context, since, now time.Time, within time.Duration) (map[string][2]int, error) {
	var rows []struct {
		StoreID   string     `bun:"store_id"`
		DecidedAt *time.Time `bun:"decided_at"`
		RepliedAt *time.Time `bun:"replied_at"`
	}
	if err := r.db.NewSelect().Table("shop_reviews").Column("store_id", "decided_at", "replied_at").
		Where("status = ? AND decided_at IS NOT NULL AND decided_at >= ?", StatusPublished, since).
		Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := map[string][2]int{}
	for _, x := range rows {
		due := x.DecidedAt.Add(within)
		var slow bool
		switch {
		case x.RepliedAt != nil:
			slow = x.RepliedAt.After(due)
		case now.After(due):
			slow = true
		default:
			continue // still within its time
		}
		c := out[x.StoreID]
		if slow {
			c[0]++
		}
		c[1]++
		out[x.StoreID] = c
	}
	return out, nil
}
