package ticketing

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/trips"
)

// KindEvent is the trips kind of a ticket order.
const KindEvent = "event"

// Trips joins a paid order to the buyer's trip it falls in.
type Trips interface {
	Join(ctx context.Context, db bun.IDB, in trips.Attach) (string, error)
}

// TripSource offers paid ticket orders to trips (it reads only tk_*).
type TripSource struct{ db bun.IDB }

// NewTripSource makes the trips Source of event tickets.
func NewTripSource(db bun.IDB) TripSource { return TripSource{db: db} }

// Kind is "event".
func (TripSource) Kind() string { return KindEvent }

type tripRow struct {
	bun.BaseModel `bun:"table:tk_orders,alias:o"`

	ID        string    `bun:"id"`
	UserID    string    `bun:"user_id"`
	Status    string    `bun:"status"`
	EventID   string    `bun:"event_id"`
	Title     string    `bun:"title"`
	Venue     string    `bun:"venue"`
	City      string    `bun:"city"`
	Online    bool      `bun:"online"`
	StartsAt  time.Time `bun:"starts_at"`
	EndsAt    time.Time `bun:"ends_at"`
	TimeZone  string    `bun:"time_zone"`
	Cancelled bool      `bun:"-"`
}

func (s TripSource) query(userID string) *bun.SelectQuery {
	return s.db.NewSelect().Model((*tripRow)(nil)).
		ColumnExpr("o.id, o.user_id, o.status, o.event_id, e.title, e.venue, e.city, e.online, e.starts_at, e.ends_at, e.time_zone").
		Join("JOIN tk_events AS e ON e.id = o.event_id").Where("o.user_id = ?", userID)
}

// Items are the user's own orders among refIDs.
func (s TripSource) Items(ctx context.Context, userID string, refIDs []string) ([]trips.Item, error) {
	if len(refIDs) == 0 {
		return nil, nil
	}
	var rows []tripRow
	if err := s.query(userID).Where("o.id IN (?)", bun.In(refIDs)).OrderExpr("e.starts_at, o.id").Scan(ctx, &rows); err != nil {
		return nil, err
	}
	return tripItems(rows), nil
}

// Upcoming are the user's paid orders for events starting after from.
func (s TripSource) Upcoming(ctx context.Context, userID string, from time.Time, limit int) ([]trips.Item, error) {
	var rows []tripRow
	if err := s.query(userID).Where("o.status = ? AND e.starts_at > ? AND e.status = ?", OrderPaid, from, StatusOnSale).
		OrderExpr("e.starts_at, o.id").Limit(int64(limit)).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	return tripItems(rows), nil
}

func tripItems(rows []tripRow) []trips.Item {
	out := make([]trips.Item, 0, len(rows))
	for _, r := range rows {
		place := trips.Place{Name: r.Venue, City: r.City}
		if r.Online {
			place = trips.Place{Name: "Online"}
		}
		sub := r.Venue
		if r.City != "" {
			sub += " · " + r.City
		}
		if r.Online {
			sub = "Online event"
		}
		out = append(out, trips.Item{Kind: KindEvent, RefID: r.ID, UserID: r.UserID, Title: r.Title, Subtitle: sub,
			Status: r.Status, Link: "/events/" + r.EventID, StartsAt: r.StartsAt.UTC(), EndsAt: r.EndsAt.UTC(),
			StartZone: r.TimeZone, EndZone: r.TimeZone, Start: place, End: place})
	}
	return out
}
