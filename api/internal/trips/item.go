package trips

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// The kinds of booking a trip holds.
const (
	KindFlight  = "flight"
	KindStay    = "stay"
	KindRental  = "rental"
	KindTour    = "tour"
	KindSession = "session"
)

// Place is where an item starts or ends. Lat and Lng are nil when the
// booking does not know its coordinates.
type Place struct {
	Name    string   `json:"name"`
	City    string   `json:"city"`
	Country string   `json:"country"`
	IATA    string   `json:"iata,omitempty"`
	Lat     *float64 `json:"lat,omitempty"`
	Lng     *float64 `json:"lng,omitempty"`
}

// Segment is one leg of an item that moves (a flight's legs), with the time
// zones of both ends so the timeline shows each in its place's local time.
type Segment struct {
	From      Place     `json:"from"`
	To        Place     `json:"to"`
	DepartsAt time.Time `json:"departs_at"`
	ArrivesAt time.Time `json:"arrives_at"`
	FromZone  string    `json:"from_zone"`
	ToZone    string    `json:"to_zone"`
	Label     string    `json:"label"`
}

// Item is one booking as a trip shows it. The booking domain that owns it
// describes it (trips never reads another domain's tables); StartZone and
// EndZone are IANA zones of Start and End.
type Item struct {
	Kind      string
	RefID     string
	UserID    string
	Title     string
	Subtitle  string
	Status    string
	Link      string
	StartsAt  time.Time
	EndsAt    time.Time
	StartZone string
	EndZone   string
	Start     Place
	End       Place
	Segments  []Segment
}

// Source is a booking domain offering its bookings to trips; app.New
// registers one per kind.
type Source interface {
	Kind() string
	// Items are the user's own bookings among refIDs (others' are skipped).
	Items(ctx context.Context, userID string, refIDs []string) ([]Item, error)
	// Upcoming are the user's live bookings starting after from.
	Upcoming(ctx context.Context, userID string, from time.Time, limit int) ([]Item, error)
}

// Attacher puts a new booking in a trip inside the booking's own
// transaction.
type Attacher interface {
	Attach(ctx context.Context, db bun.IDB, in Attach) (tripID string, err error)
}

// Attach names the booking and the trip it joins: TripID, when set, must be
// one of the user's trips; when empty the booking joins the user's trip
// overlapping [StartsAt-1d, EndsAt+1d] in City, else a new trip called Name.
type Attach struct {
	UserID   string
	TripID   string
	Kind     string
	RefID    string
	City     string
	StartsAt time.Time
	EndsAt   time.Time
	Name     string
}
