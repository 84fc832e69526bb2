package bookings

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

// List groups.
const (
	GroupUpcoming  = "upcoming"
	GroupPast      = "past"
	GroupCancelled = "cancelled"
	GroupRequests  = "requests"
)

// ListFilter narrows a booking list.
type ListFilter struct {
	Group string
	From  *time.Time
	To    *time.Time
}

// group applies a list group and says whether it runs oldest first.
func group(q *bun.SelectQuery, g string, now time.Time, forUser bool) (*bun.SelectQuery, bool, error) {
	switch g {
	case GroupUpcoming, "":
		st := []string{StatusPendingConfirmation, StatusConfirmed}
		if forUser {
			st = append(st, StatusAwaitingPayment)
		}
		return q.Where("status IN (?)", bun.In(st)).Where("end_at > ?", now), true, nil
	case GroupPast:
		return q.WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("status IN (?, ?)", StatusCompleted, StatusNoShow).
				WhereOr("status = ? AND end_at <= ?", StatusConfirmed, now)
		}), false, nil
	case GroupCancelled:
		return q.Where("status IN (?, ?, ?, ?)", StatusCancelledByUser, StatusCancelledByProvider, StatusDeclined,
			StatusCancelledByAdmin), false, nil
	case GroupRequests:
		if !forUser {
			return q.Where("status = ?", StatusPendingConfirmation), true, nil
		}
	}
	msg := "must be upcoming, past or cancelled"
	if !forUser {
		msg = "must be upcoming, past, cancelled or requests"
	}
	return nil, false, apperr.Validation(map[string]string{"status": msg})
}

// page runs a keyset page on (start_at, id) in the group's direction.
func pageOf(ctx context.Context, q *bun.SelectQuery, asc bool, c page.Cursor) ([]*bookingRow, *page.Key, error) {
	if asc {
		if c.After != nil {
			q = q.Where("(start_at, id) > (?, ?)", c.After.CreatedAt, c.After.ID)
		}
		q = q.OrderExpr("start_at ASC, id ASC")
	} else {
		if c.After != nil {
			q = q.Where("(start_at, id) < (?, ?)", c.After.CreatedAt, c.After.ID)
		}
		q = q.OrderExpr("start_at DESC, id DESC")
	}
	var rows []*bookingRow
	if err := q.Limit(int64(c.Fetch())).Scan(ctx, &rows); err != nil {
		return nil, nil, err
	}
	out, next := page.Trim(rows, c, func(r *bookingRow) page.Key { return page.Key{CreatedAt: r.StartAt, ID: r.ID} })
	return out, next, nil
}

// List is the user's own bookings of a group, by keyset.
func (s *Service) List(ctx context.Context, userID string, f ListFilter, c page.Cursor) ([]*bookingRow, *page.Key, error) {
	q := s.db.NewSelect().Model((*bookingRow)(nil)).Where("user_id = ?", userID)
	q, asc, err := group(q, f.Group, s.clock.Now().UTC(), true)
	if err != nil {
		return nil, nil, err
	}
	return pageOf(ctx, q, asc, c)
}

// Get is one of the user's own bookings (ErrNotFound for anyone else's).
func (s *Service) Get(ctx context.Context, userID, id string) (*bookingRow, error) {
	return s.own(ctx, s.db.DB, userID, id)
}

// Appointments is the bookings of the caller's practice of a kind
// (practiceOf) in a group, by keyset.
func (s *Service) Appointments(ctx context.Context, userID, kind string, f ListFilter, c page.Cursor) ([]*bookingRow, *page.Key, error) {
	p, err := s.practiceOf(ctx, userID, kind)
	if err != nil {
		return nil, nil, err
	}
	q := s.db.NewSelect().Model((*bookingRow)(nil)).Where("provider_id = ?", p.ID)
	q, asc, err := group(q, f.Group, s.clock.Now().UTC(), false)
	if err != nil {
		return nil, nil, err
	}
	if f.From != nil {
		q = q.Where("start_at >= ?", *f.From)
	}
	if f.To != nil {
		q = q.Where("start_at < ?", *f.To)
	}
	return pageOf(ctx, q, asc, c)
}

// Events is a booking's history, oldest first.
func (s *Service) Events(ctx context.Context, bookingID string) ([]eventRow, error) {
	var rows []eventRow
	err := s.db.NewSelect().Model(&rows).Where("booking_id = ?", bookingID).OrderExpr("created_at ASC, id ASC").
		Limit(200).Scan(ctx)
	return rows, err
}

// Calendar is every booking of the user starting in [from, to) (paid ones
// and those cancelled; not lapsed holds), at most 500.
func (s *Service) Calendar(ctx context.Context, userID string, from, to time.Time) ([]*bookingRow, error) {
	var rows []*bookingRow
	err := s.db.NewSelect().Model(&rows).Where("user_id = ?", userID).
		Where("status NOT IN (?, ?)", StatusHeld, StatusExpired).
		Where("start_at >= ? AND start_at < ?", from, to).OrderExpr("start_at ASC, id ASC").Limit(500).Scan(ctx)
	return rows, err
}
