package tours

import (
	"time"

	"github.com/uptrace/bun"
)

// tourRow is a row of tour_details (never serialised).
type tourRow struct {
	bun.BaseModel  `bun:"table:tour_details,alias:t"`
	OfferingID     string     `bun:"offering_id,pk"`
	ProviderID     string     `bun:"provider_id"`
	UserID         string     `bun:"user_id"`
	Title          string     `bun:"title"`
	City           string     `bun:"city"`
	CityKey        string     `bun:"city_key"`
	Country        string     `bun:"country"`
	MeetingAddress string     `bun:"meeting_address"`
	MeetingLat     float64    `bun:"meeting_lat"`
	MeetingLng     float64    `bun:"meeting_lng"`
	Itinerary      string     `bun:"itinerary"`
	Included       string     `bun:"included"`
	Excluded       string     `bun:"excluded"`
	Private        bool       `bun:"private"`
	Accessible     bool       `bun:"accessible"`
	KidFriendly    bool       `bun:"kid_friendly"`
	Price          int64      `bun:"price"`
	Currency       string     `bun:"currency"`
	Pricing        string     `bun:"pricing"`
	DurationMin    int        `bun:"duration_min"`
	Capacity       int        `bun:"capacity"`
	Active         bool       `bun:"active"`
	Hidden         bool       `bun:"hidden"`
	HiddenReason   string     `bun:"hidden_reason"`
	HiddenAt       *time.Time `bun:"hidden_at"`
	CreatedAt      time.Time  `bun:"created_at"`
	UpdatedAt      time.Time  `bun:"updated_at"`
}

// languageRow is a row of tour_languages.
type languageRow struct {
	bun.BaseModel `bun:"table:tour_languages"`
	OfferingID    string `bun:"offering_id,pk"`
	Language      string `bun:"language,pk"`
}

// photoRow is a row of tour_photos.
type photoRow struct {
	bun.BaseModel `bun:"table:tour_photos"`
	ID            string    `bun:"id,pk"`
	OfferingID    string    `bun:"offering_id"`
	URL           string    `bun:"url"`
	Position      int       `bun:"position"`
	CreatedAt     time.Time `bun:"created_at"`
}
