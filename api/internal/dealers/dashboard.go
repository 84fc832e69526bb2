package dealers

import (
	"context"
	"math"
)

// Dashboard answers the dealer's figures: cars by status, views and
// enquiries of every car, the average days on market of the cars for sale,
// upcoming test drives, held reservations and the dealership's rating.
func (s *Service) Dashboard(ctx context.Context, userID string) (Dashboard, error) {
	p, err := s.dealership(ctx, userID)
	if err != nil {
		return Dashboard{}, err
	}
	out := Dashboard{Rating: p.Rating}
	var byStatus []struct {
		Status string `bun:"status"`
		N      int    `bun:"n"`
		Views  int64  `bun:"views"`
	}
	if err := s.c.DB.NewSelect().Model((*listingRow)(nil)).Column("status").ColumnExpr("COUNT(*) AS n").
		ColumnExpr("COALESCE(SUM(views), 0) AS views").Where("provider_id = ?", p.ID).Group("status").
		Scan(ctx, &byStatus); err != nil {
		return Dashboard{}, err
	}
	for _, b := range byStatus {
		out.Views += b.Views
		switch b.Status {
		case StatusAvailable:
			out.Available = b.N
		case StatusReserved:
			out.Reserved = b.N
		case StatusSold:
			out.Sold = b.N
		}
	}
	now := s.now()
	var listed []listingRow
	if err := s.c.DB.NewSelect().Model(&listed).Column("listed_at").Where("l.provider_id = ? AND l.status <> ?", p.ID,
		StatusSold).Limit(5000).Scan(ctx); err != nil {
		return Dashboard{}, err
	}
	if len(listed) > 0 {
		sum := 0
		for _, r := range listed {
			sum += days(r.ListedAt, now)
		}
		out.AvgDaysOnMarket = math.Round(float64(sum)/float64(len(listed))*10) / 10
	}
	count := func(n int64, e error) (int, error) { return int(n), e }
	if out.Leads, err = count(s.c.DB.NewSelect().Model((*leadRow)(nil)).Where("provider_id = ?", p.ID).Count(ctx)); err != nil {
		return Dashboard{}, err
	}
	if out.NewLeads, err = count(s.c.DB.NewSelect().Model((*leadRow)(nil)).Where("provider_id = ? AND status = ?", p.ID,
		LeadNew).Count(ctx)); err != nil {
		return Dashboard{}, err
	}
	// The test drives' state is the kernel's: cancelled (and declined) ones are not upcoming.
	bd, err := s.c.Bookings.Dashboard(ctx, userID, Kind)
	if err != nil {
		return Dashboard{}, err
	}
	out.UpcomingDrives = bd.Upcoming
	if out.HeldReservations, err = count(s.c.DB.NewSelect().Model((*reservationRow)(nil)).
		Where("provider_id = ? AND status = ?", p.ID, ReservationHeld).Count(ctx)); err != nil {
		return Dashboard{}, err
	}
	return out, nil
}
