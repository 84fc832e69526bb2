package rentals

import (
	"context"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

// AdminCarFilter narrows the admins' fleet table.
type AdminCarFilter struct {
	Status     string
	ProviderID string
	Q          string // make or model, case-insensitive prefix
}

// AdminCars is the admins' numbered table of every company's cars.
func (s *Service) AdminCars(ctx context.Context, f AdminCarFilter, p page.Page) ([]Car, int, error) {
	fs := apperr.Fields{}
	fs.Check(f.Status == "" || f.Status == CarDraft || f.Status == CarPublished || f.Status == CarHidden, "status",
		"must be draft, published or hidden")
	fs.Check(len(f.Q) <= 100, "q", "must be at most 100 characters")
	if err := fs.Err(); err != nil {
		return nil, 0, err
	}
	var rows []*carRow
	q := s.c.DB.NewSelect().Model(&rows)
	if f.Status != "" {
		q = q.Where("c.status = ?", f.Status)
	}
	if f.ProviderID != "" {
		q = q.Where("c.provider_id = ?", f.ProviderID)
	}
	if t := strings.ToLower(strings.TrimSpace(f.Q)); t != "" {
		q = q.Where("(lower(c.make) LIKE ? OR lower(c.model) LIKE ?)", t+"%", t+"%")
	}
	n, err := q.OrderExpr("c.created_at DESC, c.id DESC").Offset(p.Offset()).Limit(p.Limit()).ScanAndCount(ctx)
	if err != nil {
		return nil, 0, err
	}
	out := make([]Car, 0, len(rows))
	for _, r := range rows {
		co, err := s.companyOf(ctx, r.ProviderID)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, toCar(r, co))
	}
	return out, int(n), nil
}

// Moderate hides a car from renters with a note its company sees (hide) or
// gives it back to its company as a draft (restore); audited.
func (s *Service) Moderate(ctx context.Context, adminID, ip, carID, action, note string) (Car, error) {
	f := apperr.Fields{}
	f.Check(action == "hide" || action == "restore", "action", "must be hide or restore")
	f.Check(action != "hide" || len(strings.TrimSpace(note)) >= 3, "reason", "say why (3 to 500 characters)")
	f.Check(len([]rune(note)) <= 500, "reason", "must be at most 500 characters")
	if err := f.Err(); err != nil {
		return Car{}, err
	}
	row := new(carRow)
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := tx.NewSelect().Model(row).Where("id = ?", carID).Scan(ctx); err != nil {
			return errCarNotFound
		}
		to, from := CarHidden, row.Status
		if action == "restore" {
			if from != CarHidden {
				return apperr.Conflict("This car is not hidden.")
			}
			to, note = CarDraft, ""
		} else if from == CarHidden {
			return apperr.Conflict("This car is hidden already.")
		}
		if _, err := tx.NewUpdate().Model(row).Set("status = ?", to).Set("moderation_note = ?", note).
			Set("updated_at = ?", time.Now().UTC()).Where("id = ?", carID).Where("status = ?", from).Exec(ctx); err != nil {
			return err
		}
		row.Status, row.ModerationNote = to, note
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "rental_car." + action,
			TargetType: "rental_car", TargetID: carID, SubjectID: row.UserID, IP: ip,
			Details: map[string]any{"reason": note, "car": row.title()}})
	})
	if err != nil {
		return Car{}, err
	}
	co, err := s.companyOf(ctx, row.ProviderID)
	if err != nil {
		return Car{}, err
	}
	return toCar(row, co), nil
}

// Dashboard is the company's overview.
type Dashboard struct {
	Cars               int      `json:"cars"`
	PublishedCars      int      `json:"published_cars"`
	Branches           int      `json:"branches"`
	UtilisationPct     int      `json:"utilisation_pct"` // booked car-days of the next 30 days over published cars x 30
	UpcomingPickups    int      `json:"upcoming_pickups"`
	OnTheRoad          int      `json:"on_the_road"`
	AwaitingSettlement int      `json:"awaiting_settlement"`
	MonthRevenue       MoneyDTO `json:"month_revenue"`
}

// Dashboard answers the caller's company's overview.
func (s *Service) Dashboard(ctx context.Context, userID string) (Dashboard, error) {
	co, err := s.company(ctx, userID)
	if err != nil {
		return Dashboard{}, err
	}
	d := Dashboard{MonthRevenue: MoneyDTO{0, "NGN"}}
	db := s.c.DB
	counts := []struct {
		q   *bun.SelectQuery
		dst *int
	}{
		{db.NewSelect().Model((*carRow)(nil)).Where("provider_id = ?", co.ID), &d.Cars},
		{db.NewSelect().Model((*carRow)(nil)).Where("provider_id = ?", co.ID).Where("status = ?", CarPublished), &d.PublishedCars},
		{db.NewSelect().Model((*branchRow)(nil)).Where("provider_id = ?", co.ID), &d.Branches},
	}
	for _, c := range counts {
		n, err := c.q.Count(ctx)
		if err != nil {
			return d, err
		}
		*c.dst = int(n)
	}
	now := s.now()
	horizon := now.Add(30 * 24 * time.Hour)
	var rows []*bookingRow
	if err := db.NewSelect().Model(&rows).Column("status", "starts_at", "ends_at", "paid_amount", "currency",
		"completed_at").Where("b.provider_id = ?", co.ID).Where("b.status <> ?", StatusCancelled).
		Where("b.ends_at > ?", now.Add(-31*24*time.Hour)).Where("b.starts_at < ?", horizon).Limit(20000).Scan(ctx); err != nil {
		return d, err
	}
	var booked time.Duration
	monthStart := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	for _, r := range rows {
		st, en := r.StartsAt, r.EndsAt
		if st.Before(now) {
			st = now
		}
		if en.After(horizon) {
			en = horizon
		}
		if en.After(st) && r.Status != StatusCompleted && r.Status != StatusReturned {
			booked += en.Sub(st)
		}
		switch r.Status {
		case StatusConfirmed:
			if r.StartsAt.Before(now.Add(7 * 24 * time.Hour)) {
				d.UpcomingPickups++
			}
		case StatusPickedUp:
			d.OnTheRoad++
		case StatusReturned:
			d.AwaitingSettlement++
		case StatusCompleted:
			if r.CompletedAt != nil && !r.CompletedAt.Before(monthStart) {
				d.MonthRevenue = MoneyDTO{d.MonthRevenue.Amount + r.PaidAmount, r.Currency}
			}
		}
	}
	if d.PublishedCars > 0 {
		d.UtilisationPct = int(100 * booked / (time.Duration(d.PublishedCars) * 30 * 24 * time.Hour))
	}
	return d, nil
}

// Client is a renter of the company.
type Client struct {
	Person   Person    `json:"person"`
	Rentals  int       `json:"rentals"`
	LastAt   time.Time `json:"last_rental_at"`
	LastCar  string    `json:"last_car"`
	Statuses []string  `json:"-"`
}

type clientRow struct {
	UserID string    `bun:"user_id"`
	N      int       `bun:"n"`
	LastAt time.Time `bun:"last_at"`
}

// Clients lists the renters of the caller's company (rentals not
// cancelled), most recent first, keyset on (last rental, user id).
func (s *Service) Clients(ctx context.Context, userID string, c page.Cursor) ([]Client, *page.Key, error) {
	co, err := s.company(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	var rows []clientRow
	q := s.c.DB.NewSelect().TableExpr("rental_bookings").ColumnExpr("user_id, count(*) AS n, max(created_at) AS last_at").
		Where("provider_id = ?", co.ID).Where("status <> ?", StatusCancelled).Group("user_id")
	if c.After != nil {
		q = q.Having("max(created_at) < ? OR (max(created_at) = ? AND user_id < ?)", c.After.CreatedAt,
			c.After.CreatedAt, c.After.ID)
	}
	if err := q.OrderExpr("last_at DESC, user_id DESC").Limit(int64(c.Fetch())).Scan(ctx, &rows); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r clientRow) page.Key { return page.Key{CreatedAt: r.LastAt, ID: r.UserID} })
	ids := make([]string, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.UserID)
	}
	people, err := s.c.Directory.Lookup(ctx, ids)
	if err != nil {
		return nil, nil, err
	}
	out := make([]Client, 0, len(rows))
	for _, r := range rows {
		p := people[r.UserID]
		out = append(out, Client{Person: Person{ID: r.UserID, DisplayName: p.DisplayName, Username: p.Username},
			Rentals: r.N, LastAt: r.LastAt})
	}
	return out, next, nil
}
