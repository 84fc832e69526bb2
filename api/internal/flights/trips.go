package flights

import (
	"context"
	"encoding/json"
	"time"

	dbx "sojourn/api/internal/platform/db"
	"sojourn/api/internal/trips"
)

// TripSource offers flight orders to trips (trips.Source). It needs only
// the database, so trips can be built before the flights service (which
// attaches new orders to trips).
type TripSource struct{ db *dbx.DB }

// NewTripSource is flights' trips.Source.
func NewTripSource(db *dbx.DB) trips.Source { return TripSource{db: db} }

// Kind is "flight".
func (TripSource) Kind() string { return trips.KindFlight }

// Items are the user's own orders among refIDs.
func (t TripSource) Items(ctx context.Context, userID string, refIDs []string) ([]trips.Item, error) {
	if len(refIDs) == 0 {
		return nil, nil
	}
	var rows []*orderRow
	if err := t.db.NewSelect().Model(&rows).Where("o.user_id = ?", userID).Where("o.id IN (?)", bunIn(refIDs)).
		OrderExpr("o.departs_at").Scan(ctx); err != nil {
		return nil, err
	}
	return t.items(rows), nil
}

// Upcoming are the user's live orders departing after from.
func (t TripSource) Upcoming(ctx context.Context, userID string, from time.Time, limit int) ([]trips.Item, error) {
	var rows []*orderRow
	if err := t.db.NewSelect().Model(&rows).Where("o.user_id = ?", userID).
		Where("o.status IN (?)", bunIn([]string{StatusPlacing, StatusConfirmed})).Where("o.departs_at >= ?", from).
		OrderExpr("o.departs_at").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, err
	}
	return t.items(rows), nil
}

func (t TripSource) items(rows []*orderRow) []trips.Item {
	out := make([]trips.Item, 0, len(rows))
	for _, o := range rows {
		out = append(out, itemOf(o))
	}
	return out
}

func itemOf(o *orderRow) trips.Item {
	var slices []Slice
	_ = json.Unmarshal([]byte(o.Itinerary), &slices)
	it := trips.Item{Kind: trips.KindFlight, RefID: o.ID, UserID: o.UserID, Title: title(o),
		Subtitle: o.OwnerName, Status: o.Status, Link: "/booking/FlightDetails?order=" + o.ID,
		StartsAt: o.DepartsAt.UTC(), EndsAt: o.EndsAt.UTC()}
	if o.BookingReference != "" {
		it.Subtitle += " · " + o.BookingReference
	}
	if len(slices) > 0 {
		first, last := slices[0], slices[len(slices)-1]
		it.Start, it.StartZone = first.Origin.trip(), first.Origin.Zone
		it.End, it.EndZone = last.Destination.trip(), last.Destination.Zone
	}
	for _, sl := range slices {
		for _, sg := range sl.Segments {
			it.Segments = append(it.Segments, trips.Segment{From: sg.Origin.trip(), To: sg.Destination.trip(),
				DepartsAt: sg.DepartsAt, ArrivesAt: sg.ArrivesAt, FromZone: sg.Origin.Zone, ToZone: sg.Destination.Zone,
				Label: sg.FlightNumber})
		}
	}
	return it
}

// attachOf names the order for trips: it joins a trip to its first
// destination for its dates.
func (s *Service) attachOf(o *orderRow) trips.Attach {
	return trips.Attach{UserID: o.UserID, TripID: o.TripID, Kind: trips.KindFlight, RefID: o.ID,
		City: o.DestinationCity, StartsAt: o.DepartsAt, EndsAt: o.EndsAt, Name: title(o)}
}
