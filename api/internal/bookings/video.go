package bookings

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/practice"
)

// Session is a therapy or coaching session as the video rooms see it: who
// meets (the client and the practice's person) and when.
type Session struct {
	ID, Kind, Title, Format, Status string
	UserID                          string // the client
	ProviderID                      string // the practice
	ProviderUserID                  string // the practice's person
	Start, End                      time.Time
}

// SessionReader reads the sessions of therapists and coaches for the video
// rooms (package video): it needs only the database and reads only the
// bookings table, so it is built before (and without) the bookings service.
type SessionReader struct{ db bun.IDB }

// NewSessionReader makes the reader.
func NewSessionReader(d *db.DB) *SessionReader { return &SessionReader{db: d.DB} }

var videoKinds = []string{practice.KindTherapist, practice.KindCoach}

func (r *bookingRow) session() Session {
	return Session{ID: r.ID, Kind: r.Kind, Title: r.Title, Format: r.Format, Status: r.Status, UserID: r.UserID,
		ProviderID: r.ProviderID, ProviderUserID: r.ProviderUserID, Start: r.StartAt, End: r.EndAt}
}

// Session is one therapy or coaching booking by id (ErrNotFound for
// another kind or none).
func (s *SessionReader) Session(ctx context.Context, id string) (Session, error) {
	r := new(bookingRow)
	err := s.db.NewSelect().Model(r).Where("id = ?", id).Where("kind IN (?)", bun.In(videoKinds)).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return Session{}, ErrNotFound
	}
	if err != nil {
		return Session{}, err
	}
	return r.session(), nil
}

// Upcoming are the confirmed sessions of the given format not yet ended at
// from, soonest first, at most limit: the client's own (kind "") or, with a
// kind, those of the caller's practice of that kind.
func (s *SessionReader) Upcoming(ctx context.Context, userID, kind, format string, from, to time.Time,
	limit int) ([]Session, error) {
	var rows []*bookingRow
	q := s.db.NewSelect().Model(&rows).Where("status = ?", StatusConfirmed).Where("format = ?", format).
		Where("end_at > ?", from.UTC()).Where("start_at < ?", to.UTC())
	if kind == "" {
		q = q.Where("user_id = ?", userID).Where("kind IN (?)", bun.In(videoKinds))
	} else {
		q = q.Where("provider_user_id = ?", userID).Where("kind = ?", kind)
	}
	if err := q.OrderExpr("start_at, id").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, err
	}
	out := make([]Session, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.session())
	}
	return out, nil
}
