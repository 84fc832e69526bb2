package rentals

import (
	"context"
	"encoding/json"
	"time"

	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/practice"
)

// Mine is one of the caller's rentals (as renter).
func (s *Service) Mine(ctx context.Context, userID, id string) (Booking, error) {
	b, err := s.load(ctx, s.c.DB, id)
	if err != nil {
		return Booking{}, err
	}
	if b.UserID != userID {
		return Booking{}, errNotFound
	}
	out, err := s.toBookings(ctx, []*bookingRow{b}, true)
	if err == nil {
		err = s.withReviews(ctx, userID, out)
	}
	if err != nil {
		return Booking{}, err
	}
	return out[0], nil
}

// CompanyRental is one rental of the caller's company.
func (s *Service) CompanyRental(ctx context.Context, userID, id string) (Booking, error) {
	b, err := s.load(ctx, s.c.DB, id)
	if err != nil {
		return Booking{}, err
	}
	if b.ProviderUserID != userID {
		return Booking{}, errNotFound
	}
	out, err := s.toBookings(ctx, []*bookingRow{b}, true)
	if err != nil {
		return Booking{}, err
	}
	return out[0], nil
}

// view is a rental by id, for the answer of an action already authorised.
func (s *Service) view(ctx context.Context, _ string, id string) (Booking, error) {
	b, err := s.load(ctx, s.c.DB, id)
	if err != nil {
		return Booking{}, err
	}
	out, err := s.toBookings(ctx, []*bookingRow{b}, true)
	if err != nil {
		return Booking{}, err
	}
	return out[0], nil
}

// MyRentals lists the caller's rentals, newest first (keyset on created_at, id).
func (s *Service) MyRentals(ctx context.Context, userID string, c page.Cursor) ([]Booking, *page.Key, error) {
	var rows []*bookingRow
	q := s.c.DB.NewSelect().Model(&rows).Where("b.user_id = ?", userID)
	if c.After != nil {
		q = q.Where("(b.created_at, b.id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	if err := q.OrderExpr("b.created_at DESC, b.id DESC").Limit(int64(c.Fetch())).Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(b *bookingRow) page.Key { return page.Key{CreatedAt: b.CreatedAt, ID: b.ID} })
	out, err := s.toBookings(ctx, rows, false)
	if err == nil {
		err = s.withReviews(ctx, userID, out)
	}
	return out, next, err
}

// CompanyFilter narrows the company's rental list.
type CompanyFilter struct {
	CarID  string
	Status string
}

// CompanyRentals lists the caller's company's rentals, newest first (keyset).
func (s *Service) CompanyRentals(ctx context.Context, userID string, f CompanyFilter, c page.Cursor) ([]Booking, *page.Key, error) {
	co, err := s.company(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	var rows []*bookingRow
	q := s.c.DB.NewSelect().Model(&rows).Where("b.provider_id = ?", co.ID)
	if f.CarID != "" {
		q = q.Where("b.car_id = ?", f.CarID)
	}
	if f.Status != "" {
		q = q.Where("b.status = ?", f.Status)
	}
	if c.After != nil {
		q = q.Where("(b.created_at, b.id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	if err := q.OrderExpr("b.created_at DESC, b.id DESC").Limit(int64(c.Fetch())).Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(b *bookingRow) page.Key { return page.Key{CreatedAt: b.CreatedAt, ID: b.ID} })
	out, err := s.toBookings(ctx, rows, false)
	return out, next, err
}

// CalendarEntry is one rental on the company's calendar.
type CalendarEntry struct {
	ID       string    `json:"id"`
	CarID    string    `json:"car_id"`
	Status   string    `json:"status"`
	Start    time.Time `json:"start"`
	End      time.Time `json:"end"`
	Renter   string    `json:"renter"`
	CarTitle string    `json:"car_title"`
}

// Calendar lists the company's rentals (not cancelled) overlapping [from, to)
// (at most 62 days, at most 1,000 rentals), by start.
func (s *Service) Calendar(ctx context.Context, userID string, from, to time.Time) ([]CalendarEntry, error) {
	co, err := s.company(ctx, userID)
	if err != nil {
		return nil, err
	}
	var rows []*bookingRow
	if err := s.c.DB.NewSelect().Model(&rows).Where("b.provider_id = ?", co.ID).
		Where("b.status <> ?", StatusCancelled).Where("b.starts_at < ?", to.UTC()).Where("b.ends_at > ?", from.UTC()).
		OrderExpr("b.starts_at, b.id").Limit(1000).Scan(ctx); err != nil {
		return nil, err
	}
	users := make([]string, 0, len(rows))
	for _, r := range rows {
		users = append(users, r.UserID)
	}
	people, err := s.c.Directory.Lookup(ctx, users)
	if err != nil {
		return nil, err
	}
	out := make([]CalendarEntry, 0, len(rows))
	for _, r := range rows {
		p := people[r.UserID]
		name := p.DisplayName
		if name == "" {
			name = p.Username
		}
		out = append(out, CalendarEntry{ID: r.ID, CarID: r.CarID, Status: r.Status, Start: r.StartsAt, End: r.EndsAt,
			Renter: name, CarTitle: r.CarTitle})
	}
	return out, nil
}

// toBookings builds the views of rows with a few batched reads.
func (s *Service) toBookings(ctx context.Context, rows []*bookingRow, events bool) ([]Booking, error) {
	out := make([]Booking, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	carIDs, branchIDs, users := []string{}, []string{}, []string{}
	refs := []string{}
	for _, r := range rows {
		carIDs = append(carIDs, r.CarID)
		branchIDs = append(branchIDs, r.PickupBranchID, r.DropoffBranchID)
		users = append(users, r.UserID)
		refs = append(refs, r.ID)
	}
	var cars []*carRow
	if err := s.c.DB.NewSelect().Model(&cars).Where("c.id IN (?)", bunIn(carIDs)).Scan(ctx); err != nil {
		return nil, err
	}
	carByID := map[string]*carRow{}
	for _, c := range cars {
		carByID[c.ID] = c
	}
	var branches []*branchRow
	if err := s.c.DB.NewSelect().Model(&branches).Where("id IN (?)", bunIn(branchIDs)).Scan(ctx); err != nil {
		return nil, err
	}
	brByID := map[string]Branch{}
	for _, b := range branches {
		brByID[b.ID] = toBranch(b)
	}
	people, err := s.c.Directory.Lookup(ctx, users)
	if err != nil {
		return nil, err
	}
	deps, err := s.c.Deposits.ByRefs(ctx, "rental", refs)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		co, err := s.companyOf(ctx, r.ProviderID)
		if err != nil {
			co = practice.Provider{ID: r.ProviderID}
		}
		car := Car{}
		if c := carByID[r.CarID]; c != nil {
			car = toCar(c, co)
		}
		p := people[r.UserID]
		b := Booking{ID: r.ID, Status: r.Status, Car: car, Renter: Person{ID: r.UserID, DisplayName: p.DisplayName,
			Username: p.Username}, PickupBranch: brByID[r.PickupBranchID], DropoffBranch: brByID[r.DropoffBranchID],
			Start: r.StartsAt, End: r.EndsAt, Days: r.Days, Driver: Driver{Name: r.DriverName, BirthDate: r.DriverBirthDate,
				LicenceNumber: r.DriverLicence, Phone: r.DriverPhone}, Extras: []string{},
			PayWith: r.PayWith, CompletedAt: r.CompletedAt, Total: MoneyDTO{r.Price, r.Currency}, Paid: MoneyDTO{r.PaidAmount, r.Currency},
			Refunded: MoneyDTO{r.RefundedAmount, r.Currency}, Pickup: decodeHandover(r.PickupHandover),
			Return: decodeHandover(r.ReturnHandover), HoldExpiresAt: r.HoldExpiresAt, CancelReason: r.CancelReason,
			FreeCancelUntil: r.StartsAt.Add(-time.Duration(r.FreeCancelHours) * time.Hour), Events: []Event{},
			CreatedAt: r.CreatedAt}
		_ = json.Unmarshal([]byte(r.Extras), &b.Extras)
		_ = json.Unmarshal([]byte(r.Breakdown), &b.Breakdown)
		if b.Breakdown.Lines == nil {
			b.Breakdown.Lines = []Line{}
		}
		b.DepositAmount = MoneyDTO{r.Deposit, r.Currency}
		if d, ok := deps[r.ID]; ok {
			v := d.View()
			b.Deposit = &v
		}
		if events {
			var evs []*eventRow
			if err := s.c.DB.NewSelect().Model(&evs).Where("booking_id = ?", r.ID).Order("created_at", "id").
				Limit(200).Scan(ctx); err != nil {
				return nil, err
			}
			for _, e := range evs {
				b.Events = append(b.Events, Event{From: e.FromStatus, To: e.ToStatus, Actor: e.Actor, Note: e.Note,
					At: e.CreatedAt})
			}
		}
		out = append(out, b)
	}
	return out, nil
}
