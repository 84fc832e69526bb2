package dealers

import (
	"context"
	"time"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

// TestDriveInput is the slot a buyer picked (from the kernel's slot search
// of the car's test_drive_offering_id).
type TestDriveInput struct {
	Start time.Time `json:"start"`
}

// BookTestDrive books a test drive of a car through the booking kernel: a
// booking of the dealer's free "Test drive" offering at start, held and
// confirmed in one call (BookWallet; nothing is charged at price 0), in the
// dealer's weekly hours with the kernel's rules (notice, no double
// booking of the dealer's time). The row tying the booking to the car is
// written after it.
func (s *Service) BookTestDrive(ctx context.Context, buyerID, listingID string, in TestDriveInput) (TestDrive, error) {
	if in.Start.IsZero() || in.Start.Year() < 2000 || in.Start.Year() > 2100 {
		return TestDrive{}, apperr.Validation(map[string]string{"start": "must be a time between 2000 and 2100"})
	}
	r, err := s.st.listing(ctx, s.c.DB, listingID)
	if err != nil {
		return TestDrive{}, err
	}
	if r.Hidden {
		return TestDrive{}, ErrNotFound
	}
	if r.DealerUserID == buyerID {
		return TestDrive{}, errOwnCar
	}
	if r.Status == StatusSold {
		return TestDrive{}, ErrNotAvailable
	}
	set, err := s.st.settings(ctx, s.c.DB, r.ProviderID)
	if err != nil || set.TestDriveOfferingID == "" {
		return TestDrive{}, errNotBookable
	}
	car := title(r.Year, r.Make, r.Model, r.Trim)
	b, err := s.c.Bookings.BookWallet(ctx, buyerID, set.TestDriveOfferingID, in.Start.UTC(), nil,
		"Test drive: "+car+" (VIN "+r.VIN+")")
	if err != nil {
		return TestDrive{}, err
	}
	row := &testDriveRow{BookingID: b.ID, ListingID: r.ID, ProviderID: r.ProviderID, BuyerID: buyerID,
		StartsAt: b.Start, CreatedAt: s.now()}
	if _, err := s.c.DB.NewInsert().Model(row).Exec(ctx); err != nil {
		return TestDrive{}, err
	}
	return TestDrive{BookingID: b.ID, Car: carRef(r), Start: b.Start, End: b.End, Status: b.Status,
		CreatedAt: row.CreatedAt}, nil
}

// DealerTestDrives is a keyset page of the test drives booked with the
// caller's dealership, newest booking first, with each booking's status
// from the kernel.
func (s *Service) DealerTestDrives(ctx context.Context, userID string, c page.Cursor) ([]TestDrive, *page.Key, error) {
	p, err := s.dealership(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	rows := make([]testDriveRow, 0, c.Fetch())
	q := s.c.DB.NewSelect().Model(&rows).Where("provider_id = ?", p.ID).
		OrderExpr("created_at DESC, booking_id DESC").Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(created_at, booking_id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r testDriveRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.BookingID} })
	lids, buyers := make([]string, 0, len(rows)), make([]string, 0, len(rows))
	for _, r := range rows {
		lids, buyers = append(lids, r.ListingID), append(buyers, r.BuyerID)
	}
	cars, err := s.st.listingsByIDs(ctx, lids)
	if err != nil {
		return nil, nil, err
	}
	people, err := s.people(ctx, buyers)
	if err != nil {
		return nil, nil, err
	}
	out := make([]TestDrive, 0, len(rows))
	for _, r := range rows {
		b, err := s.c.Bookings.Booking(ctx, r.BookingID)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, TestDrive{BookingID: r.BookingID, Car: carRef(cars[r.ListingID]), Buyer: people[r.BuyerID],
			Start: b.Start, End: b.End, Status: b.Status, CreatedAt: r.CreatedAt})
	}
	return out, next, nil
}

// people looks buyers up for the dealer's lists.
func (s *Service) people(ctx context.Context, idList []string) (map[string]*Person, error) {
	m, err := s.c.Directory.Lookup(ctx, idList)
	if err != nil {
		return nil, err
	}
	out := make(map[string]*Person, len(m))
	for id, p := range m {
		out[id] = &Person{ID: p.ID, DisplayName: p.DisplayName, Username: p.Username, Email: p.Email,
			AvatarURL: p.AvatarURL}
	}
	return out, nil
}
