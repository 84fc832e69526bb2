package bookings

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

// Client is one person who booked the caller's practice.
type Client struct {
	UserID   string
	Sessions int // completed sessions
	Bookings int
	Last     *time.Time
	Next     *time.Time
	Latest   time.Time
}

// paidStatuses are the statuses of bookings someone paid for.
var paidStatuses = []string{StatusPendingConfirmation, StatusConfirmed, StatusCompleted, StatusNoShow,
	StatusCancelledByUser, StatusCancelledByProvider, StatusDeclined, StatusCancelledByAdmin}

// Clients lists the people who booked the caller's practice, most recent
// booking first, by keyset (latest start, user id); q narrows by name.
func (s *Service) Clients(ctx context.Context, userID, q string, c page.Cursor) ([]Client, *page.Key, error) {
	f := apperr.Fields{}
	f.Check(len(q) <= 100, "q", "must be at most 100 characters")
	if err := f.Err(); err != nil {
		return nil, nil, err
	}
	_, mine, err := s.providerIDs(ctx, userID)
	if err != nil || len(mine) == 0 {
		return nil, nil, err
	}
	now := s.clock.Now().UTC()
	sel := s.db.NewSelect().Table("bookings").Column("user_id").
		ColumnExpr("SUM(CASE WHEN status = ? THEN 1 ELSE 0 END) AS sessions", StatusCompleted).
		ColumnExpr("COUNT(*) AS bookings").
		ColumnExpr("MAX(CASE WHEN start_at <= ? AND status IN (?, ?) THEN start_at END) AS last", now,
			StatusCompleted, StatusConfirmed).
		ColumnExpr("MIN(CASE WHEN start_at > ? AND status IN (?, ?) THEN start_at END) AS next", now,
			StatusConfirmed, StatusPendingConfirmation).
		ColumnExpr("MAX(start_at) AS latest").
		Where("provider_id IN (?)", bun.In(mine)).Where("status IN (?)", bun.In(paidStatuses)).
		Group("user_id").OrderExpr("MAX(start_at) DESC, user_id DESC").Limit(int64(c.Fetch()))
	if q != "" {
		people, err := s.c.Directory.Search(ctx, q, 100)
		if err != nil {
			return nil, nil, err
		}
		ids := make([]string, 0, len(people))
		for _, p := range people {
			ids = append(ids, p.ID)
		}
		if len(ids) == 0 {
			return nil, nil, nil
		}
		sel = sel.Where("user_id IN (?)", bun.In(ids))
	}
	if c.After != nil {
		sel = sel.Having("(MAX(start_at), user_id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	var rows []struct {
		UserID   string     `bun:"user_id"`
		Sessions int        `bun:"sessions"`
		Bookings int        `bun:"bookings"`
		Last     *time.Time `bun:"last"`
		Next     *time.Time `bun:"next"`
		Latest   time.Time  `bun:"latest"`
	}
	if err := sel.Scan(ctx, &rows); err != nil {
		return nil, nil, err
	}
	out := make([]Client, 0, len(rows))
	for _, r := range rows {
		out = append(out, Client(r))
	}
	items, next := page.Trim(out, c, func(c Client) page.Key { return page.Key{CreatedAt: c.Latest, ID: c.UserID} })
	return items, next, nil
}

// ClientHistory is one client's bookings with the caller's practice, newest
// first (at most 200); ErrNotFound when the person never booked it.
func (s *Service) ClientHistory(ctx context.Context, userID, clientID string) ([]*bookingRow, error) {
	_, mine, err := s.providerIDs(ctx, userID)
	if err != nil {
		return nil, err
	}
	if len(mine) == 0 {
		return nil, apperr.NotFound("Client")
	}
	var rows []*bookingRow
	if err := s.db.NewSelect().Model(&rows).Where("provider_id IN (?)", bun.In(mine)).Where("user_id = ?", clientID).
		Where("status IN (?)", bun.In(paidStatuses)).OrderExpr("start_at DESC, id DESC").Limit(200).
		Scan(ctx); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, apperr.NotFound("Client")
	}
	return rows, nil
}

// Dashboard is the provider's day at a glance.
type Dashboard struct {
	TimeZone        string
	Today           []*bookingRow
	Requests        []*bookingRow
	RequestsWaiting int
	Upcoming        int
	CompletedMonth  int
	Clients         int
	Cancellations   int
	MonthEarnings   int64
	Currency        string
	NextFree        *time.Time
}

// Dashboard gathers today's sessions (in the provider's zone), waiting
// requests, counts, this month's earnings (the money core's earning lines)
// and the next free slot.
func (s *Service) Dashboard(ctx context.Context, userID string) (Dashboard, error) {
	ps, mine, err := s.providerIDs(ctx, userID)
	if err != nil {
		return Dashboard{}, err
	}
	if len(ps) == 0 {
		return Dashboard{}, ErrNotProvider
	}
	loc, err := time.LoadLocation(ps[0].TimeZone)
	if err != nil || ps[0].TimeZone == "" {
		loc = time.UTC
	}
	now := s.clock.Now().UTC()
	day := startOfDay(now, loc)
	month := time.Date(day.Year(), day.Month(), 1, 0, 0, 0, 0, loc)
	d := Dashboard{TimeZone: loc.String(), Currency: money.DefaultCurrency}
	base := func() *bun.SelectQuery {
		return s.db.NewSelect().Model((*bookingRow)(nil)).Where("provider_id IN (?)", bun.In(mine))
	}
	if err := base().Where("start_at >= ? AND start_at < ?", day, day.AddDate(0, 0, 1)).
		Where("status IN (?)", bun.In([]string{StatusConfirmed, StatusPendingConfirmation, StatusCompleted, StatusNoShow})).
		OrderExpr("start_at ASC").Limit(50).Scan(ctx, &d.Today); err != nil {
		return d, err
	}
	if err := base().Where("status = ?", StatusPendingConfirmation).OrderExpr("start_at ASC").Limit(5).
		Scan(ctx, &d.Requests); err != nil {
		return d, err
	}
	counts := []struct {
		n *int
		q *bun.SelectQuery
	}{
		{&d.RequestsWaiting, base().Where("status = ?", StatusPendingConfirmation)},
		{&d.Upcoming, base().Where("status = ? AND end_at > ?", StatusConfirmed, now)},
		{&d.CompletedMonth, base().Where("status = ? AND start_at >= ?", StatusCompleted, month)},
	}
	for _, c := range counts {
		n, err := c.q.Count(ctx)
		if err != nil {
			return d, err
		}
		*c.n = int(n)
	}
	if err := s.db.NewSelect().Table("bookings").ColumnExpr("COUNT(DISTINCT user_id)").
		Where("provider_id IN (?)", bun.In(mine)).Where("status IN (?)", bun.In(paidStatuses)).
		Scan(ctx, &d.Clients); err != nil {
		return d, err
	}
	if d.Cancellations, err = s.Cancellations(ctx, mine); err != nil {
		return d, err
	}
	if d.MonthEarnings, d.Currency, err = s.monthEarnings(ctx, userID, month); err != nil {
		return d, err
	}
	for _, p := range ps {
		t, err := s.NextFree(ctx, p.ID)
		if err != nil {
			return d, err
		}
		if t != nil && (d.NextFree == nil || t.Before(*d.NextFree)) {
			d.NextFree = t
		}
	}
	return d, nil
}

// monthEarnings sums the provider's earning lines (net of the platform
// fee) since the month's start, in the currency of the latest line.
func (s *Service) monthEarnings(ctx context.Context, userID string, since time.Time) (int64, string, error) {
	var sum int64
	cur := money.DefaultCurrency
	from := since.UTC()
	for p := 1; p <= 20; p++ {
		txns, total, err := s.money.Transactions(ctx, userID, money.TxnFilter{Type: money.TxnEarning, From: &from},
			page.Page{Page: p, PerPage: 100})
		if err != nil {
			return 0, cur, err
		}
		for i, t := range txns {
			if p == 1 && i == 0 {
				cur = t.Currency
			}
			if t.Currency == cur && t.Status != money.StatusReversed && t.Status != money.StatusFailed {
				sum += t.Amount
			}
		}
		if p*100 >= total {
			break
		}
	}
	return sum, cur, nil
}
