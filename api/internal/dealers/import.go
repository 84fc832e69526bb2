package dealers

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// ImportListing lists a car as if it had been listed at listedAt (in the
// past) and asked earlier prices before in.Price, spread evenly between
// then and now: the demo data's days on market and price history. It
// validates like CreateListing.
func (s *Service) ImportListing(ctx context.Context, userID string, in ListingInput, listedAt time.Time,
	earlier []int64) (Listing, error) {
	if err := in.validate(true, s.maxYear()); err != nil {
		return Listing{}, err
	}
	now := s.now()
	if !listedAt.Before(now) {
		return Listing{}, apperr.Validation(map[string]string{"listed_at": "must be in the past"})
	}
	p, set, err := s.setup(ctx, userID)
	if err != nil {
		return Listing{}, err
	}
	r := &listingRow{ID: ids.New(), ProviderID: p.ID, DealerUserID: userID, Currency: set.Currency, Features: "[]",
		City: p.City, Country: p.Country, Status: StatusAvailable, ListedAt: listedAt, CreatedAt: listedAt,
		UpdatedAt: now}
	in.apply(r)
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.insertListing(ctx, tx, r); err != nil {
			return err
		}
		step := now.Sub(listedAt) / time.Duration(len(earlier)+1)
		at := listedAt
		for _, p := range append(earlier, r.Price) {
			if err := s.st.insertPrice(ctx, tx, r.ID, p, r.Currency, at); err != nil {
				return err
			}
			at = at.Add(step)
		}
		return s.st.insertEvent(ctx, tx, r.ID, "", StatusAvailable, ActorDealer, userID, "Listed", listedAt)
	})
	if err != nil {
		return Listing{}, err
	}
	return s.fullListing(ctx, r)
}

// ImportPastTestDrive records a test drive of a car that took place at
// start (in the past): a completed kernel booking of the dealership's
// "Test drive" offering (so its buyer may review the dealer) tied to the
// car. The demo data's; the kernel checks that it has ended.
func (s *Service) ImportPastTestDrive(ctx context.Context, buyerID, listingID string, start time.Time) (TestDrive, error) {
	r, err := s.st.listing(ctx, s.c.DB, listingID)
	if err != nil {
		return TestDrive{}, err
	}
	if r.DealerUserID == buyerID {
		return TestDrive{}, errOwnCar
	}
	set, err := s.st.settings(ctx, s.c.DB, r.ProviderID)
	if err != nil || set.TestDriveOfferingID == "" {
		return TestDrive{}, errNotBookable
	}
	b, err := s.c.Bookings.ImportPast(ctx, bookings.PastBooking{OfferingID: set.TestDriveOfferingID, UserID: buyerID,
		Start: start.UTC(), Status: bookings.StatusCompleted,
		Note: "Test drive: " + title(r.Year, r.Make, r.Model, r.Trim) + " (VIN " + r.VIN + ")"})
	if err != nil {
		return TestDrive{}, err
	}
	row := &testDriveRow{BookingID: b.ID, ListingID: r.ID, ProviderID: r.ProviderID, BuyerID: buyerID,
		StartsAt: b.Start, CreatedAt: b.Start}
	if _, err := s.c.DB.NewInsert().Model(row).Exec(ctx); err != nil {
		return TestDrive{}, err
	}
	return TestDrive{BookingID: b.ID, Car: carRef(r), Start: b.Start, End: b.End, Status: b.Status,
		CreatedAt: row.CreatedAt}, nil
}
