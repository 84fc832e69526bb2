package stays

import "time"

// Money is an amount in minor units.
type Money struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// Amenity is a facility of a property.
type Amenity struct {
	Type  string `json:"type"`
	Label string `json:"label"`
}

// PropertyCard is one search result.
type PropertyCard struct {
	ID               string    `json:"id"`
	Name             string    `json:"name"`
	Stars            int       `json:"stars"`
	ReviewScore      float64   `json:"review_score"`
	ReviewCount      int       `json:"review_count"`
	Address          string    `json:"address"`
	City             string    `json:"city"`
	Country          string    `json:"country"`
	Lat              float64   `json:"lat"`
	Lng              float64   `json:"lng"`
	DistanceKM       float64   `json:"distance_km"`
	Photo            string    `json:"photo"`
	Amenities        []Amenity `json:"amenities"`
	Price            Money     `json:"price"`   // the cheapest rate for the whole stay
	Nightly          Money     `json:"nightly"` // Price per night
	Nights           int       `json:"nights"`
	FreeCancellation *bool     `json:"free_cancellation"` // known when asked for (the filter)
}

// SearchResult is the search's answer: the matching properties and what
// the search was.
type SearchResult struct {
	Data  []PropertyCard `json:"data"`
	Query SearchQuery    `json:"query"`
}

// SearchQuery echoes the search as understood.
type SearchQuery struct {
	City     string  `json:"city"`
	Lat      float64 `json:"lat"`
	Lng      float64 `json:"lng"`
	RadiusKM float64 `json:"radius_km"`
	CheckIn  string  `json:"check_in"`
	CheckOut string  `json:"check_out"`
	Rooms    int     `json:"rooms"`
	Adults   int     `json:"adults"`
	Nights   int     `json:"nights"`
	Total    int     `json:"total"` // properties before filters
}

// Property is one property with its rooms and rates for the dates.
type Property struct {
	PropertyCard
	Description string   `json:"description"`
	Photos      []string `json:"photos"`
	Phone       string   `json:"phone"`
	TimeZone    string   `json:"time_zone"`
	CheckInAt   string   `json:"check_in_after"`   // local time, "15:00"
	CheckOutAt  string   `json:"check_out_before"` // local time, "11:00"
	CheckIn     string   `json:"check_in"`
	CheckOut    string   `json:"check_out"`
	Rooms       int      `json:"rooms"`
	Adults      int      `json:"adults"`
	RoomTypes   []Room   `json:"room_types"`
}

// Room is a room type with its rates.
type Room struct {
	Name  string `json:"name"`
	Beds  string `json:"beds"`
	Photo string `json:"photo"`
	Rates []Rate `json:"rates"`
}

// Rate is one bookable price.
type Rate struct {
	ID                    string       `json:"id"`
	BoardType             string       `json:"board_type"`
	Price                 Money        `json:"price"`
	Nightly               Money        `json:"nightly"`
	Refundable            bool         `json:"refundable"`
	FreeCancellationUntil *time.Time   `json:"free_cancellation_until"`
	Cancellation          []CancelStep `json:"cancellation"`
	Conditions            []string     `json:"conditions"`
	RoomsLeft             int          `json:"rooms_left"`
}

// CancelStep: cancelling before Before gives Refund back.
type CancelStep struct {
	Refund Money     `json:"refund"`
	Before time.Time `json:"before"`
}

// Guest is a guest named on a booking.
type Guest struct {
	GivenName  string `json:"given_name"`
	FamilyName string `json:"family_name"`
}

// Stay is one of the traveller's stays (a quote until paid).
type Stay struct {
	ID                string       `json:"id"`
	Status            string       `json:"status"`
	PropertyID        string       `json:"property_id"`
	PropertyName      string       `json:"property_name"`
	Address           string       `json:"address"`
	City              string       `json:"city"`
	Country           string       `json:"country"`
	TimeZone          string       `json:"time_zone"`
	Photo             string       `json:"photo"`
	Stars             int          `json:"stars"`
	RoomName          string       `json:"room_name"`
	BoardType         string       `json:"board_type"`
	Rooms             int          `json:"rooms"`
	Adults            int          `json:"adults"`
	CheckIn           string       `json:"check_in"`
	CheckOut          string       `json:"check_out"`
	Nights            int          `json:"nights"`
	StartsAt          time.Time    `json:"starts_at"`
	EndsAt            time.Time    `json:"ends_at"`
	Price             Money        `json:"price"`
	RatePrice         Money        `json:"rate_price"` // the price shown before the quote
	PriceChanged      bool         `json:"price_changed"`
	QuoteExpiresAt    time.Time    `json:"quote_expires_at"`
	Refundable        bool         `json:"refundable"`
	Cancellation      []CancelStep `json:"cancellation"`
	RefundIfCancelled Money        `json:"refund_if_cancelled"` // now, by the policy
	Guests            []Guest      `json:"guests"`
	Email             string       `json:"email"`
	Phone             string       `json:"phone"`
	PayWith           string       `json:"pay_with"`
	Reference         string       `json:"reference"`
	FailureReason     string       `json:"failure_reason"`
	Refunded          Money        `json:"refunded"`
	TripID            string       `json:"trip_id"`
	CreatedAt         time.Time    `json:"created_at"`
	ConfirmedAt       *time.Time   `json:"confirmed_at"`
	CancelledAt       *time.Time   `json:"cancelled_at"`
}
