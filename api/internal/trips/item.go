package trips

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// Place is where an item starts or ends.
type Place struct {
	Name, City, Country, IATA string
	Lat, Lng                  *float64
}

// Segment is one leg of a flight.
type Segment struct {
	From, To             Place
	DepartsAt, ArrivesAt time.Time
	FromZone, ToZone     string
	Label                string
}

// Item is one booking as a trip shows it, read live from its domain.
type Item struct {
	Kind                          string // flight|stay|rental|tour|session
	RefID, UserID                 string
	Title, Subtitle, Status, Link string
	StartsAt, EndsAt              time.Time
	StartZone, EndZone            string
	Start, End                    Place
	Segments                      []Segment
}

// Source is a booking domain offering its bookings to trips.
type Source interface {
	Kind() string
	Items(ctx context.Context, userID string, refIDs []string) ([]Item, error)
	Upcoming(ctx context.Context, userID string, from time.Time, limit int) ([]Item, error)
}

// Attacher puts a new booking in a trip, in the caller's transaction.
type Attacher interface {
	Attach(ctx context.Context, db bun.IDB, in Attach) (tripID string, err error)
}

// Attach is a booking to put in a trip.
type Attach struct {
	UserID, TripID, Kind, RefID, City string
	StartsAt, EndsAt                  time.Time
	Name                              string
}
