package shop

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/page"
)

// Sales answers the vendor's figures: today's orders and revenue, revenue
// per day (UTC) over the last 7 and 30 days (paid orders less refunds),
// what sits in escrow awaiting release, the released earnings still in the
// refund window (payouts due) and the orders waiting to ship.
func (s *Service) Sales(ctx context.Context, vendorID string) (Sales, error) {
	now := s.now()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	from := today.AddDate(0, 0, -29)
	var rows []orderRow
	if err := s.c.DB.NewSelect().Model(&rows).Column("id", "payment_status", "fulfilment_status", "total", "refunded",
		"currency", "created_at").Where("vendor_id = ? AND created_at >= ?", vendorID, from).
		Where("payment_status IN (?)", bun.In([]string{PayPaid, PayPartiallyRefunded, PayRefunded})).Scan(ctx); err != nil {
		return Sales{}, err
	}
	cur := "NGN"
	days := map[string]*DayRevenue{}
	out := Sales{Week: []DayRevenue{}, Month: []DayRevenue{}}
	for _, o := range rows {
		cur = o.Currency
		d := o.CreatedAt.UTC().Format(time.DateOnly)
		if days[d] == nil {
			days[d] = &DayRevenue{Date: d}
		}
		days[d].Orders++
		days[d].Revenue.Amount += o.Total - o.Refunded
	}
	var week, month int64
	for i := 29; i >= 0; i-- {
		d := today.AddDate(0, 0, -i).Format(time.DateOnly)
		day := DayRevenue{Date: d, Revenue: m(0, cur)}
		if v := days[d]; v != nil {
			day.Orders, day.Revenue.Amount = v.Orders, v.Revenue.Amount
		}
		out.Month = append(out.Month, day)
		month += day.Revenue.Amount
		if i < 7 {
			out.Week = append(out.Week, day)
			week += day.Revenue.Amount
		}
		if i == 0 {
			out.TodayOrders, out.TodayRevenue = day.Orders, day.Revenue
		}
	}
	out.WeekRevenue, out.MonthRevenue = m(week, cur), m(month, cur)
	var pending struct {
		Sum    int64 `bun:"s"`
		ToShip int   `bun:"n"`
	}
	if err := s.c.DB.NewSelect().TableExpr("shop_orders").
		ColumnExpr("COALESCE(SUM(total - refunded), 0) AS s").
		ColumnExpr("COALESCE(SUM(CASE WHEN fulfilment_status IN (?) THEN 1 ELSE 0 END), 0) AS n",
			bun.In([]string{FulUnfulfilled, FulProcessing})).
		Where("vendor_id = ? AND released_at IS NULL", vendorID).
		Where("payment_status IN (?)", bun.In([]string{PayPaid, PayPartiallyRefunded})).
		Where("fulfilment_status <> ?", FulCancelled).Scan(ctx, &pending); err != nil {
		return Sales{}, err
	}
	out.EscrowPending, out.ToShip = m(pending.Sum, cur), pending.ToShip
	due, err := s.c.Money.Balance(ctx, s.c.DB, money.KindEarningsPending, vendorID, cur)
	if err != nil {
		return Sales{}, err
	}
	out.PayoutsDue = m(due, cur)
	return out, nil
}

// Clients lists the shoppers who bought from the vendor (paid orders),
// most recent order first, keyset on (last order, shopper id).
func (s *Service) Clients(ctx context.Context, vendorID string, c page.Cursor) ([]Client, *page.Key, error) {
	type row struct {
		UserID string    `bun:"user_id"`
		N      int       `bun:"n"`
		Spent  int64     `bun:"spent"`
		Last   time.Time `bun:"last"`
	}
	var rows []row
	q := s.c.DB.NewSelect().TableExpr("shop_orders").
		ColumnExpr("user_id, COUNT(*) AS n, SUM(total - refunded) AS spent, MAX(created_at) AS last").
		Where("vendor_id = ?", vendorID).
		Where("payment_status IN (?)", bun.In([]string{PayPaid, PayPartiallyRefunded, PayRefunded})).
		GroupExpr("user_id")
	if c.After != nil {
		q = q.Having("(MAX(created_at) < ?) OR (MAX(created_at) = ? AND user_id < ?)", c.After.CreatedAt, c.After.CreatedAt,
			c.After.ID)
	}
	if err := q.OrderExpr("last DESC, user_id DESC").Limit(int64(c.Fetch())).Scan(ctx, &rows); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r row) page.Key { return page.Key{CreatedAt: r.Last, ID: r.UserID} })
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.UserID
	}
	people, err := s.c.Directory.Lookup(ctx, ids)
	if err != nil {
		return nil, nil, err
	}
	out := make([]Client, 0, len(rows))
	for _, r := range rows {
		p := people[r.UserID]
		out = append(out, Client{ID: r.UserID, Name: nameOf(p.DisplayName, p.Username), Orders: r.N, Spent: m(r.Spent, "NGN"),
			LastOrderAt: r.Last.UTC()})
	}
	return out, next, nil
}
