package notifications

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/page"
)

type notificationRow struct {
	bun.BaseModel `bun:"table:notifications,alias:n"`
	ID            string     `bun:"id,pk"`
	UserID        string     `bun:"user_id"`
	EventID       string     `bun:"event_id"`
	Type          string     `bun:"type"`
	Category      string     `bun:"category"`
	Title         string     `bun:"title"`
	Body          string     `bun:"body"`
	Portal        string     `bun:"portal"`
	Link          string     `bun:"link"`
	SubjectType   string     `bun:"subject_type"`
	SubjectID     string     `bun:"subject_id"`
	GroupKey      string     `bun:"group_key"`
	GroupCount    int        `bun:"group_count"`
	FirstAt       time.Time  `bun:"first_at"`
	CreatedAt     time.Time  `bun:"created_at"`
	ReadAt        *time.Time `bun:"read_at"`
}

// Subject is what a notification is about.
type Subject struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

// Notification is one entry of the notification centre.
type Notification struct {
	ID        string     `json:"id"`
	Type      string     `json:"type"`
	Category  string     `json:"category"`
	Title     string     `json:"title"`
	Body      string     `json:"body"`
	Portal    string     `json:"portal"`
	Link      string     `json:"link"`
	Subject   *Subject   `json:"subject"`
	Count     int        `json:"count"`
	FirstAt   time.Time  `json:"first_at"`
	CreatedAt time.Time  `json:"created_at"`
	ReadAt    *time.Time `json:"read_at"`
}

func (r *notificationRow) view() Notification {
	n := Notification{ID: r.ID, Type: r.Type, Category: r.Category, Title: r.Title, Body: r.Body, Portal: r.Portal,
		Link: r.Link, Count: r.GroupCount, FirstAt: r.FirstAt.UTC(), CreatedAt: r.CreatedAt.UTC()}
	if n.Portal == "" {
		n.Portal = "user"
	}
	if r.SubjectType != "" {
		n.Subject = &Subject{Type: r.SubjectType, ID: r.SubjectID}
	}
	if r.ReadAt != nil {
		t := r.ReadAt.UTC()
		n.ReadAt = &t
	}
	return n
}

// Filter narrows the list.
type Filter struct {
	Portal     string // "" = every portal
	UnreadOnly bool
}

// List is the caller's notifications, newest first (keyset on created_at, id).
func (s *Service) List(ctx context.Context, userID string, f Filter, c page.Cursor) ([]Notification, *page.Key, error) {
	var rows []*notificationRow
	q := s.db.NewSelect().Model(&rows).Where("n.user_id = ?", userID)
	if f.Portal == "user" {
		q = q.Where("n.portal IN ('', 'user')")
	} else if f.Portal != "" {
		q = q.Where("n.portal = ?", f.Portal)
	}
	if f.UnreadOnly {
		q = q.Where("n.read_at IS NULL")
	}
	if c.After != nil {
		q = q.Where("(n.created_at, n.id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	if err := q.OrderExpr("n.created_at DESC, n.id DESC").Limit(int64(c.Fetch())).Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r *notificationRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out := make([]Notification, len(rows))
	for i, r := range rows {
		out[i] = r.view()
	}
	return out, next, nil
}

// Summary is what the bell shows.
type Summary struct {
	Unseen     int        `json:"unseen"`
	Unread     int        `json:"unread"`
	LastSeenAt *time.Time `json:"last_seen_at"`
	NewestAt   *time.Time `json:"newest_at"`
}

// Summary counts the caller's unseen (created after last-seen) and unread
// notifications. With no last-seen time and notifications present, the
// last-seen time becomes the newest notification's and nothing is unseen.
func (s *Service) Summary(ctx context.Context, userID string) (Summary, error) {
	var out Summary
	var newest struct {
		CreatedAt time.Time `bun:"created_at"`
	}
	err := s.db.NewSelect().Table("notifications").Column("created_at").Where("user_id = ?", userID).
		OrderExpr("created_at DESC, id DESC").Limit(1).Scan(ctx, &newest)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return out, err
	}
	if err == nil {
		t := newest.CreatedAt.UTC()
		out.NewestAt = &t
	}
	seen, err := s.lastSeen(ctx, userID)
	if err != nil {
		return out, err
	}
	if seen == nil && out.NewestAt != nil {
		if err := s.setLastSeen(ctx, userID, *out.NewestAt, true); err != nil {
			return out, err
		}
		if seen, err = s.lastSeen(ctx, userID); err != nil {
			return out, err
		}
	}
	if seen != nil {
		t := seen.UTC()
		out.LastSeenAt = &t
		n, err := s.db.NewSelect().Table("notifications").Where("user_id = ? AND created_at > ?", userID, t).Count(ctx)
		if err != nil {
			return out, err
		}
		out.Unseen = int(n)
	}
	n, err := s.db.NewSelect().Table("notifications").Where("user_id = ? AND read_at IS NULL", userID).Count(ctx)
	if err != nil {
		return out, err
	}
	out.Unread = int(n)
	return out, nil
}

// MarkSeen sets the caller's last-seen time to now (sign-in, opening the bell).
func (s *Service) MarkSeen(ctx context.Context, userID string) (Summary, error) {
	if err := s.setLastSeen(ctx, userID, s.c.Clock.Now(), false); err != nil {
		return Summary{}, err
	}
	return s.Summary(ctx, userID)
}

// Read marks one of the caller's notifications read (another's is 404).
func (s *Service) Read(ctx context.Context, userID, id string) (Notification, error) {
	if len(id) > 64 {
		return Notification{}, ErrNotFound
	}
	if _, err := s.db.NewRaw(`UPDATE notifications SET read_at = ? WHERE id = ? AND user_id = ? AND read_at IS NULL`,
		s.c.Clock.Now(), id, userID).Exec(ctx); err != nil {
		return Notification{}, err
	}
	var row notificationRow
	err := s.db.NewSelect().Model(&row).Where("n.id = ? AND n.user_id = ?", id, userID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return Notification{}, ErrNotFound
	}
	if err != nil {
		return Notification{}, err
	}
	return row.view(), nil
}

// ReadAll marks every unread notification of the caller read and answers
// how many it marked (two at once mark each one once).
func (s *Service) ReadAll(ctx context.Context, userID string) (int, error) {
	res, err := s.db.NewRaw(`UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL`,
		s.c.Clock.Now(), userID).Exec(ctx)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}
