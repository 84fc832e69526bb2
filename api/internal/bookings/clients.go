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

// Clients lists the people who booked the caller's practice of a kind
// (practiceOf), most recent booking first, by keyset (latest start, user
// id); q narrows by name.
func (s *Service) Clients(ctx context.Context, userID, kind, q string, c page.Cursor) ([]Client, *page.Key, error) {
	f := apperr.Fields{}
	f.Check(len(q) <= 100, "q", "must be at most 100 characters")
	if err := f.Err(); err != nil {
		return nil, nil, err
	}
	p, err := s.practiceOf(ctx, userID, kind)
	if err != nil {
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
		Where("provider_id = ?", p.ID).Where("status IN (?)", bun.In(paidStatuses)).
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

// ClientHistory is one client's bookings with the caller's practice of a
// kind (practiceOf), newest first (at most 200); not found when the person
// never booked that practice (a client of the caller's other practice
// included).
func (s *Service) ClientHistory(ctx context.Context, userID, kind, clientID string) ([]*bookingRow, error) {
	p, err := s.practiceOf(ctx, userID, kind)
	if err != nil {
		return nil, err
	}
	var rows []*bookingRow
	if err := s.db.NewSelect().Model(&rows).Where("provider_id = ?", p.ID).Where("user_id = ?", clientID).
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

// Dashboard gathers, for the caller's practice of a kind (practiceOf),
// today's sessions (in the practice's zone), waiting requests, counts,
// this month's earnings (the money core's earning lines of this practice's
// bookings) and the next free slot.
func (s *Service) Dashboard(ctx context.Context, userID, kind string) (Dashboard, error) {
	p, err := s.practiceOf(ctx, userID, kind)
	if err != nil {
		return Dashboard{}, err
	}
	loc, err := time.LoadLocation(p.TimeZone)
	if err != nil || p.TimeZone == "" {
		loc = time.UTC
	}
	now := s.clock.Now().UTC()
	day := startOfDay(now, loc)
	month := time.Date(day.Year(), day.Month(), 1, 0, 0, 0, 0, loc)
	d := Dashboard{TimeZone: loc.String(), Currency: money.DefaultCurrency}
	base := func() *bun.SelectQuery {
		return s.db.NewSelect().Model((*bookingRow)(nil)).Where("provider_id = ?", p.ID)
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
		Where("provider_id = ?", p.ID).Where("status IN (?)", bun.In(paidStatuses)).
		Scan(ctx, &d.Clients); err != nil {
		return d, err
	}
	if d.Cancellations, err = s.Cancellations(ctx, []string{p.ID}); err != nil {
		return d, err
	}
	if d.MonthEarnings, d.Currency, err = s.monthEarnings(ctx, userID, p.ID, month); err != nil {
		return d, err
	}
	if d.NextFree, err = s.nextFree(ctx, p.ID, userID); err != nil {
		return d, err
	}
	return d, nil
}

// monthEarnings sums the user's earning lines (net of the platform fee)
// since the month's start that paid for bookings of the practice
// providerID (a user's earnings are one account; the lines say which
// booking each came from), in the currency of the latest such line.
func (s *Service) monthEarnings(ctx context.Context, userID, providerID string, since time.Time) (int64, string, error) {
	var lines []money.Txn
	from := since.UTC()
	for p := 1; p <= 20; p++ {
		txns, total, err := s.money.Transactions(ctx, userID, money.TxnFilter{Type: money.TxnEarning, From: &from},
			page.Page{Page: p, PerPage: 100})
		if err != nil {
			return 0, money.DefaultCurrency, err
		}
		for _, t := range txns {
			if t.RefType == string(money.RefBooking) && t.Status != money.StatusReversed && t.Status != money.StatusFailed {
				lines = append(lines, t)
			}
		}
		if p*100 >= total {
			break
		}
	}
	ours, err := s.bookingsOf(ctx, providerID, lines)
	if err != nil {
		return 0, money.DefaultCurrency, err
	}
	var sum int64
	cur := ""
	for _, t := range lines { // newest first
		if !ours[t.RefID] {
			continue
		}
		if cur == "" {
			cur = t.Currency
		}
		if t.Currency == cur {
			sum += t.Amount
		}
	}
	if cur == "" {
		cur = money.DefaultCurrency
	}
	return sum, cur, nil
}

// bookingsOf is which of the lines' bookings belong to providerID.
func (s *Service) bookingsOf(ctx context.Context, providerID string, lines []money.Txn) (map[string]bool, error) {
	out := map[string]bool{}
	ids := make([]string, 0, len(lines))
	for _, t := range lines {
		ids = append(ids, t.RefID)
	}
	for len(ids) > 0 {
		n := min(len(ids), 500)
		var mine []string
		if err := s.db.NewSelect().Model((*bookingRow)(nil)).Column("id").Where("provider_id = ?", providerID).
			Where("id IN (?)", bun.In(ids[:n])).Scan(ctx, &mine); err != nil {
			return nil, err
		}
		for _, id := range mine {
			out[id] = true
		}
		ids = ids[n:]
	}
	return out, nil
}
