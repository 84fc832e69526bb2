package rentals

import (
	"context"
	"time"

	dbx "sojourn/api/internal/platform/db"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/trips"
)

// TripSource offers the renter's rentals to trips (kind "rental"): the
// pick-up and drop-off at their branches, in each branch's zone (its own,
// else the company's). Trips never read the rental tables. It needs only
// the database and the companies' profiles, so app builds it before trips,
// and trips before the rentals service (which joins new rentals to trips).
type TripSource struct {
	db        *dbx.DB
	companies interface {
		Provider(ctx context.Context, providerID string) (practice.Provider, error)
	}
}

// NewTripSource is the rentals' trips.Source.
func NewTripSource(db *dbx.DB, companies interface {
	Provider(ctx context.Context, providerID string) (practice.Provider, error)
}) *TripSource {
	return &TripSource{db: db, companies: companies}
}

// Kind is "rental".
func (t *TripSource) Kind() string { return trips.KindRental }

// Items are the user's own rentals among ids.
func (t *TripSource) Items(ctx context.Context, userID string, ids []string) ([]trips.Item, error) {
	if len(ids) == 0 {
		return []trips.Item{}, nil
	}
	var rows []*bookingRow
	if err := t.db.NewSelect().Model(&rows).Where("b.user_id = ?", userID).Where("b.id IN (?)", bunIn(ids)).
		Scan(ctx); err != nil {
		return nil, err
	}
	return t.items(ctx, rows)
}

// Upcoming are the user's live rentals picked up after from, soonest first.
func (t *TripSource) Upcoming(ctx context.Context, userID string, from time.Time, limit int) ([]trips.Item, error) {
	var rows []*bookingRow
	if err := t.db.NewSelect().Model(&rows).Where("b.user_id = ?", userID).
		Where("b.status IN (?)", bunIn([]string{StatusPending, StatusConfirmed})).Where("b.starts_at > ?", from.UTC()).
		OrderExpr("b.starts_at, b.id").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, err
	}
	return t.items(ctx, rows)
}

func (t *TripSource) items(ctx context.Context, rows []*bookingRow) ([]trips.Item, error) {
	out := make([]trips.Item, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	branchIDs := []string{}
	for _, r := range rows {
		branchIDs = append(branchIDs, r.PickupBranchID, r.DropoffBranchID)
	}
	var branches []*branchRow
	if err := t.db.NewSelect().Model(&branches).Where("id IN (?)", bunIn(branchIDs)).Scan(ctx); err != nil {
		return nil, err
	}
	byID := map[string]*branchRow{}
	for _, b := range branches {
		byID[b.ID] = b
	}
	zones := map[string]string{}
	for _, r := range rows {
		zone, ok := zones[r.ProviderID]
		if !ok {
			if co, err := t.companies.Provider(ctx, r.ProviderID); err == nil {
				zone = co.TimeZone
			}
			zones[r.ProviderID] = zone
		}
		place := func(id string) (trips.Place, string) {
			b := byID[id]
			if b == nil {
				return trips.Place{}, zone
			}
			z := b.TimeZone
			if z == "" {
				z = zone
			}
			return trips.Place{Name: b.Name, City: b.City, Country: b.Country, Lat: b.Lat, Lng: b.Lng}, z
		}
		start, sz := place(r.PickupBranchID)
		end, ez := place(r.DropoffBranchID)
		sub := "Pick-up at " + start.Name
		if end.Name != start.Name {
			sub += ", drop-off at " + end.Name
		}
		out = append(out, trips.Item{Kind: trips.KindRental, RefID: r.ID, UserID: r.UserID, Title: r.CarTitle,
			Subtitle: sub, Status: r.Status, Link: "/booking/car-rentals/my-rentals?id=" + r.ID,
			StartsAt: r.StartsAt, EndsAt: r.EndsAt, StartZone: sz, EndZone: ez, Start: start, End: end})
	}
	return out, nil
}
