package bookings

import (
	"context"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/db"
)

// Companions is a small reader for other domains (the social domain's friend
// suggestions): the people who share a session with someone, such as the
// same tour departure or group class. It reads only the bookings table and is
// built before the services that use it.
type Companions struct{ db bun.IDB }

// NewCompanions makes the reader.
func NewCompanions(d *db.DB) *Companions { return &Companions{db: d.DB} }

// Of answers the people (other than userID) with a confirmed or completed
// booking in a session userID has a confirmed or completed booking in,
// mapped to the title of one such session, at most limit people (1 to 200).
func (c *Companions) Of(ctx context.Context, userID string, limit int) (map[string]string, error) {
	limit = min(max(limit, 1), 200)
	var rows []struct {
		UserID string `bun:"user_id"`
		Title  string `bun:"title"`
	}
	err := c.db.NewRaw(`SELECT b2.user_id, MIN(b2.title) AS title
		FROM bookings b1 JOIN bookings b2
		  ON b2.session_key = b1.session_key AND b2.provider_user_id = b1.provider_user_id
		WHERE b1.user_id = ? AND b2.user_id <> ?
		  AND b1.status IN (?, ?) AND b2.status IN (?, ?)
		GROUP BY b2.user_id ORDER BY b2.user_id LIMIT ?`,
		userID, userID, StatusConfirmed, StatusCompleted, StatusConfirmed, StatusCompleted, limit).Scan(ctx, &rows)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[r.UserID] = r.Title
	}
	return out, nil
}
