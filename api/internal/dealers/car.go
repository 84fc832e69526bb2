package dealers

import (
	"context"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/practice"
)

// Car answers one car's page for buyers (counting a view): hidden cars and
// cars of dealerships that are not published are not found; a sold car
// still shows, marked sold. viewerID ("" anonymous) sees their own held
// reservation of it.
func (s *Service) Car(ctx context.Context, viewerID, id string) (Car, error) {
	r, err := s.st.listing(ctx, s.c.DB, id)
	if err != nil {
		return Car{}, err
	}
	if r.Hidden {
		return Car{}, ErrNotFound
	}
	p, err := s.c.Practice.Provider(ctx, r.ProviderID)
	if err != nil {
		if apperr.Is(err, apperr.CodeNotFound) {
			return Car{}, ErrNotFound
		}
		return Car{}, err
	}
	if p.Status != "published" && viewerID != r.DealerUserID {
		return Car{}, ErrNotFound
	}
	if viewerID != r.DealerUserID {
		if err := s.st.addView(ctx, r.ID); err != nil {
			return Car{}, err
		}
		r.Views++
	}
	l, err := s.fullListing(ctx, r)
	if err != nil {
		return Car{}, err
	}
	set, err := s.st.settings(ctx, s.c.DB, r.ProviderID)
	if err != nil {
		return Car{}, err
	}
	m, err := s.market(ctx, r)
	if err != nil {
		return Car{}, err
	}
	car := Car{Listing: l, Dealer: dealerCard(p, set), Market: m,
		Deposit: DepositTerms{Amount: set.DepositAmount, Currency: set.Currency, Days: set.ReservationDays},
		Own:     viewerID != "" && viewerID == r.DealerUserID}
	if set.TestDriveOfferingID != "" && p.Status == "published" && r.Status != StatusSold {
		off := set.TestDriveOfferingID
		car.TestDriveOfferingID = &off
	}
	if viewerID != "" {
		res, err := s.st.heldReservationOf(ctx, r.ID, viewerID)
		if err != nil {
			return Car{}, err
		}
		if res != nil {
			views, err := s.reservationViews(ctx, []reservationRow{*res}, false)
			if err != nil {
				return Car{}, err
			}
			car.MyReservation = &views[0]
		}
	}
	return car, nil
}

func dealerCard(p practice.Provider, set *settingsRow) Dealer {
	return Dealer{ID: p.ID, Name: p.DisplayName, AvatarURL: p.AvatarURL, City: p.City, Verified: p.Verified,
		TimeZone: p.TimeZone, DepositDays: set.ReservationDays, Branches: decodeBranches(set.Branches), Rating: p.Rating}
}
