package packages

import (
	"context"
	"errors"
	"slices"
	"strings"
	"unicode/utf8"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/practice"
)

// Bounds of a package.
const (
	MinSessions = 2
	MaxSessions = 50
	MinDays     = 7
	MaxDays     = 365
	// MinPricePerSession keeps every credit's share of the price at least
	// one naira (100 minor units), so each credit moves real money.
	MinPricePerSession = 100
	// MaxPrice bounds a package's price (minor units: NGN 100,000,000).
	MaxPrice = 10_000_000_000
	// MaxPerProvider bounds a provider's packages (so their lists need no
	// paging).
	MaxPerProvider = 50
	maxTitle       = 120
	maxDescription = 1000
)

// checkFields validates a package's fields against its offering.
func checkFields(f apperr.Fields, title, desc string, sessions, days int, price int64, o practice.Offering) {
	title = strings.TrimSpace(title)
	f.Check(title != "" && utf8.RuneCountInString(title) <= maxTitle, "title", "must be 1-120 characters")
	f.Check(utf8.RuneCountInString(desc) <= maxDescription, "description", "must be at most 1000 characters")
	f.Check(sessions >= MinSessions && sessions <= MaxSessions, "sessions", "must be 2-50")
	f.Check(days >= MinDays && days <= MaxDays, "valid_days", "must be 7-365")
	switch {
	case price <= 0 || price > MaxPrice:
		f.Add("price", "must be 1 to 10000000000 minor units")
	case sessions >= MinSessions && price < int64(sessions)*MinPricePerSession:
		f.Add("price", "must be at least 100 minor units per session")
	case sessions >= MinSessions && o.Price > 0 && price > int64(sessions)*o.Price:
		f.Add("price", "must not be more than the sessions cost one by one")
	}
}

// ownOffering is the caller's offering (404 for anyone else's).
func (s *Service) ownOffering(ctx context.Context, userID, offeringID string) (practice.Offering, error) {
	o, err := s.c.Practice.Offering(ctx, offeringID)
	if errors.Is(err, practice.ErrNotFound) || (err == nil && o.ProviderUserID != userID) {
		return practice.Offering{}, apperr.Validation(map[string]string{"offering_id": "is not one of your offerings"})
	}
	return o, err
}

// Create adds a package of one of the caller's offerings.
func (s *Service) Create(ctx context.Context, userID string, in PackageInput) (Package, error) {
	f := apperr.Fields{}
	f.Check(in.OfferingID != "" && len(in.OfferingID) <= 64, "offering_id", "is required")
	if err := f.Err(); err != nil {
		return Package{}, err
	}
	o, err := s.ownOffering(ctx, userID, in.OfferingID)
	if err != nil {
		return Package{}, err
	}
	checkFields(f, in.Title, in.Description, in.Sessions, in.ValidDays, in.Price, o)
	if err := f.Err(); err != nil {
		return Package{}, err
	}
	n, err := s.st.countOwn(ctx, userID)
	if err != nil {
		return Package{}, err
	}
	if n >= MaxPerProvider {
		return Package{}, errTooMany
	}
	now := s.c.Clock.Now()
	r := &offerRow{ID: ids.New(), ProviderID: o.ProviderID, ProviderUserID: userID, OfferingID: o.ID, Kind: o.Kind,
		Title: strings.TrimSpace(in.Title), Description: strings.TrimSpace(in.Description), Sessions: in.Sessions,
		ValidDays: in.ValidDays, Price: in.Price, Currency: o.Currency, Active: in.Active == nil || *in.Active,
		CreatedAt: now, UpdatedAt: now}
	if err := s.st.insertOffer(ctx, r); err != nil {
		return Package{}, err
	}
	return toPackage(r, o), nil
}

// Update changes one of the caller's packages. Bought credits keep what
// they were bought with.
func (s *Service) Update(ctx context.Context, userID, id string, in PackagePatch) (Package, error) {
	r, err := s.st.offer(ctx, s.c.DB, id)
	if err != nil || r.ProviderUserID != userID {
		return Package{}, ErrNotFound
	}
	o, err := s.c.Practice.Offering(ctx, r.OfferingID)
	if err != nil {
		return Package{}, err
	}
	if in.Title != nil {
		r.Title = strings.TrimSpace(*in.Title)
	}
	if in.Description != nil {
		r.Description = strings.TrimSpace(*in.Description)
	}
	if in.Sessions != nil {
		r.Sessions = *in.Sessions
	}
	if in.ValidDays != nil {
		r.ValidDays = *in.ValidDays
	}
	if in.Price != nil {
		r.Price = *in.Price
	}
	if in.Active != nil {
		r.Active = *in.Active
	}
	f := apperr.Fields{}
	checkFields(f, r.Title, r.Description, r.Sessions, r.ValidDays, r.Price, o)
	if err := f.Err(); err != nil {
		return Package{}, err
	}
	r.UpdatedAt = s.c.Clock.Now()
	if err := s.st.updateOffer(ctx, r); err != nil {
		return Package{}, err
	}
	return toPackage(r, o), nil
}

// Own lists the caller's packages, newest first (at most MaxPerProvider):
// those of their practice of kind (a provider portal shows its own; 422
// for a kind practice does not have, not found when the caller has no
// practice of it), or with kind "" those of every practice they have.
func (s *Service) Own(ctx context.Context, userID, kind string) ([]Package, error) {
	col, val := "provider_user_id", userID
	if kind != "" {
		if !slices.Contains(practice.Kinds, kind) {
			return nil, apperr.Validation(map[string]string{"kind": "must be " + strings.Join(practice.Kinds, " or ")})
		}
		p, err := s.c.Practice.ProviderOfUser(ctx, userID, kind)
		if err != nil {
			return nil, err
		}
		col, val = "provider_id", p.ID
	}
	rows, err := s.st.offersOf(ctx, col, val, false)
	if err != nil {
		return nil, err
	}
	return s.withOfferings(ctx, rows)
}

// OfProvider lists a provider's packages on sale (public); an unknown
// provider is 404.
func (s *Service) OfProvider(ctx context.Context, providerID string) ([]Package, error) {
	if len(providerID) > 64 {
		return nil, ErrNotFound
	}
	pr, err := s.c.Practice.Provider(ctx, providerID)
	if err != nil {
		if errors.Is(err, practice.ErrNotFound) {
			return nil, apperr.NotFound("Provider")
		}
		return nil, err
	}
	if pr.Status != practice.StatusPublished { // a draft or suspended practice sells nothing
		return []Package{}, nil
	}
	rows, err := s.st.offersOf(ctx, "provider_id", providerID, true)
	if err != nil {
		return nil, err
	}
	out, err := s.withOfferings(ctx, rows)
	if err != nil {
		return nil, err
	}
	live := out[:0]
	for _, p := range out {
		if p.Active {
			live = append(live, p)
		}
	}
	return live, nil
}

// withOfferings maps rows to packages with their offerings' titles and
// prices; a package whose offering is inactive shows inactive.
func (s *Service) withOfferings(ctx context.Context, rows []offerRow) ([]Package, error) {
	cache := map[string]practice.Offering{}
	out := make([]Package, 0, len(rows))
	for i := range rows {
		o, ok := cache[rows[i].OfferingID]
		if !ok {
			var err error
			o, err = s.c.Practice.Offering(ctx, rows[i].OfferingID)
			if err != nil && !errors.Is(err, practice.ErrNotFound) {
				return nil, err
			}
			cache[rows[i].OfferingID] = o
		}
		out = append(out, toPackage(&rows[i], o))
	}
	return out, nil
}

func toPackage(r *offerRow, o practice.Offering) Package {
	p := Package{ID: r.ID, ProviderID: r.ProviderID, OfferingID: r.OfferingID, OfferingTitle: o.Title, Kind: r.Kind,
		Title: r.Title, Description: r.Description, Sessions: r.Sessions, ValidDays: r.ValidDays, Price: r.Price,
		Currency: r.Currency, Active: r.Active && o.Active, CreatedAt: r.CreatedAt.UTC(),
		UpdatedAt: r.UpdatedAt.UTC()}
	p.RegularPrice = int64(r.Sessions) * o.Price
	if p.RegularPrice > r.Price && p.RegularPrice > 0 {
		p.SavingsPct = int((p.RegularPrice - r.Price) * 100 / p.RegularPrice)
	}
	return p
}
