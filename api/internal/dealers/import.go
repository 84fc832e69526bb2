package dealers

import (
	"context"
	"time"

	"github.com/uptrace/bun"

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
