package dealers

import (
	"context"
	"encoding/json"
	"math"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/practice"
)

func (s *Service) maxYear() int { return s.now().Year() + 1 }

// dealership is the caller's car_dealer practice (errNoDealership when they
// have none).
func (s *Service) dealership(ctx context.Context, userID string) (practice.Provider, error) {
	p, err := s.c.Practice.ProviderOfUser(ctx, userID, Kind)
	if err != nil {
		if apperr.Is(err, apperr.CodeNotFound) {
			return practice.Provider{}, errNoDealership
		}
		return practice.Provider{}, err
	}
	return p, nil
}

func days(from, to time.Time) int {
	if to.Before(from) {
		return 0
	}
	return int(math.Floor(to.Sub(from).Hours() / 24))
}

func decodeFeatures(s string) []string {
	out := []string{}
	_ = json.Unmarshal([]byte(s), &out)
	return out
}

func encodeJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func (s *Service) daysOnMarket(r *listingRow) int {
	end := s.now()
	if r.SoldAt != nil {
		end = *r.SoldAt
	}
	return days(r.ListedAt, end)
}

// toListing builds the full view (photos and price history read by the caller).
func (s *Service) toListing(r *listingRow, photos []photoRow, prices []priceRow) Listing {
	l := Listing{ID: r.ID, ProviderID: r.ProviderID, VIN: r.VIN, WMI: DecodeWMI(r.VIN), Make: r.Make, Model: r.Model,
		Year: r.Year, Trim: r.Trim, Body: r.Body, MileageKm: r.MileageKm, Fuel: r.Fuel, Transmission: r.Transmission,
		Drivetrain: r.Drivetrain, Colour: r.Colour, Condition: r.Condition, Price: r.Price, Currency: r.Currency,
		Features: decodeFeatures(r.Features), Description: r.Description, City: r.City, Country: r.Country,
		Status: r.Status, Hidden: r.Hidden, HiddenReason: r.HiddenReason, Views: r.Views, Leads: r.Leads,
		DaysOnMarket: s.daysOnMarket(r), CoverURL: r.CoverURL, Photos: []Photo{}, PriceHistory: []PricePoint{},
		ListedAt: r.ListedAt, SoldAt: r.SoldAt, UpdatedAt: r.UpdatedAt}
	for _, p := range photos {
		l.Photos = append(l.Photos, Photo{ID: p.ID, URL: p.URL})
	}
	for _, p := range prices {
		l.PriceHistory = append(l.PriceHistory, PricePoint{Price: p.Price, Currency: p.Currency, ChangedAt: p.ChangedAt})
	}
	return l
}

func (s *Service) fullListing(ctx context.Context, r *listingRow) (Listing, error) {
	photos, err := s.st.photos(ctx, s.c.DB, r.ID)
	if err != nil {
		return Listing{}, err
	}
	prices, err := s.st.prices(ctx, r.ID)
	if err != nil {
		return Listing{}, err
	}
	return s.toListing(r, photos, prices), nil
}

// CreateListing lists a car of the caller's dealership (available at once;
// the first price opens the price history).
func (s *Service) CreateListing(ctx context.Context, userID string, in ListingInput) (Listing, error) {
	if err := in.validate(true, s.maxYear()); err != nil {
		return Listing{}, err
	}
	p, set, err := s.setup(ctx, userID)
	if err != nil {
		return Listing{}, err
	}
	now := s.now()
	r := &listingRow{ID: ids.New(), ProviderID: p.ID, DealerUserID: userID, VIN: *in.VIN, Make: *in.Make,
		Model: *in.Model, Year: *in.Year, Body: *in.Body, MileageKm: *in.MileageKm, Fuel: *in.Fuel,
		Transmission: *in.Transmission, Drivetrain: *in.Drivetrain, Condition: *in.Condition, Price: *in.Price,
		Currency: set.Currency, Features: "[]", City: p.City, Country: p.Country, Status: StatusAvailable,
		ListedAt: now, CreatedAt: now, UpdatedAt: now}
	in.apply(r)
	if r.City == "" {
		return Listing{}, apperr.Validation(map[string]string{"city": "is required (or set your dealership's city)"})
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.insertListing(ctx, tx, r); err != nil {
			return err
		}
		if err := s.st.insertPrice(ctx, tx, r.ID, r.Price, r.Currency, now); err != nil {
			return err
		}
		return s.st.insertEvent(ctx, tx, r.ID, "", StatusAvailable, ActorDealer, userID, "Listed", now)
	})
	if err != nil {
		return Listing{}, err
	}
	return s.fullListing(ctx, r)
}

// apply writes the optional fields of in onto r.
func (in *ListingInput) apply(r *listingRow) {
	set := func(p *string, dst *string) {
		if p != nil {
			*dst = *p
		}
	}
	set(in.VIN, &r.VIN)
	set(in.Make, &r.Make)
	set(in.Model, &r.Model)
	set(in.Trim, &r.Trim)
	set(in.Body, &r.Body)
	set(in.Fuel, &r.Fuel)
	set(in.Transmission, &r.Transmission)
	set(in.Drivetrain, &r.Drivetrain)
	set(in.Colour, &r.Colour)
	set(in.Condition, &r.Condition)
	set(in.Description, &r.Description)
	set(in.City, &r.City)
	if in.Year != nil {
		r.Year = *in.Year
	}
	if in.MileageKm != nil {
		r.MileageKm = *in.MileageKm
	}
	if in.Price != nil {
		r.Price = *in.Price
	}
	if in.Features != nil {
		r.Features = encodeJSON(*in.Features)
	}
}

// UpdateListing changes one of the caller's cars (not once sold); a new
// price is added to its history in the same transaction.
func (s *Service) UpdateListing(ctx context.Context, userID, id string, in ListingInput) (Listing, error) {
	if err := in.validate(false, s.maxYear()); err != nil {
		return Listing{}, err
	}
	var out *listingRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.ownListing(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		if r.Status == StatusSold {
			return errSoldFrozen
		}
		old := r.Price
		in.apply(r)
		if in.Year != nil && in.VIN == nil {
			// the year must still match the VIN already stored
			probe := ListingInput{VIN: &r.VIN, Year: &r.Year}
			if err := probe.validate(false, s.maxYear()); err != nil {
				return err
			}
		}
		r.UpdatedAt = s.now()
		if err := s.st.updateListing(ctx, tx, r); err != nil {
			return err
		}
		if r.Price != old {
			if err := s.st.insertPrice(ctx, tx, r.ID, r.Price, r.Currency, r.UpdatedAt); err != nil {
				return err
			}
		}
		out = r
		return nil
	})
	if err != nil {
		return Listing{}, err
	}
	return s.fullListing(ctx, out)
}

// MyListing is one of the caller's cars.
func (s *Service) MyListing(ctx context.Context, userID, id string) (Listing, error) {
	r, err := s.st.ownListing(ctx, s.c.DB, userID, id)
	if err != nil {
		return Listing{}, err
	}
	return s.fullListing(ctx, r)
}

// MyListings is a keyset page of the caller's cars, newest first, with an
// optional status filter.
func (s *Service) MyListings(ctx context.Context, userID, status string, c page.Cursor) ([]Listing, *page.Key, error) {
	if status != "" && !validStatus(status) {
		return nil, nil, apperr.Validation(map[string]string{"status": "must be available, reserved or sold"})
	}
	p, err := s.dealership(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	rows, err := s.st.dealerListings(ctx, p.ID, status, c)
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r listingRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out := make([]Listing, 0, len(rows))
	for i := range rows {
		out = append(out, s.toListing(&rows[i], nil, nil))
	}
	return out, next, nil
}

func validStatus(st string) bool {
	for _, v := range ListingStatuses {
		if v == st {
			return true
		}
	}
	return false
}

// MarkSold records a sale made without a reservation (an available car);
// a reserved car is sold through its reservation (sale completed), so its
// deposit is settled in the same step.
func (s *Service) MarkSold(ctx context.Context, userID, id string) (Listing, error) {
	var out *listingRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.ownListing(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		switch r.Status {
		case StatusReserved:
			return errReserveReserved
		case StatusSold:
			return errWrongMove
		}
		if err := s.move(ctx, tx, r, StatusSold, ActorDealer, userID, "Sold"); err != nil {
			return err
		}
		out = r
		return nil
	})
	if err != nil {
		return Listing{}, err
	}
	return s.fullListing(ctx, out)
}

// move changes a listing's status with a conditional update (from its
// current status, checked against the state map) and writes the event;
// errNotAvailable-like conflicts come back as errWrongMove.
func (s *Service) move(ctx context.Context, tx bun.Tx, r *listingRow, to, actor, actorID, note string) error {
	if !canMove(r.Status, to) {
		return errWrongMove
	}
	now := s.now()
	ok, err := s.st.setStatus(ctx, tx, r.ID, r.Status, to, now)
	if err != nil {
		return err
	}
	if !ok {
		return errWrongMove
	}
	if err := s.st.insertEvent(ctx, tx, r.ID, r.Status, to, actor, actorID, note, now); err != nil {
		return err
	}
	r.Status, r.UpdatedAt = to, now
	if to == StatusSold {
		r.SoldAt = &now
	}
	return nil
}
