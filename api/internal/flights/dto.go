package flights

import (
	"time"

	"sojourn/api/internal/platform/duffel"
	"sojourn/api/internal/trips"
)

// Amount is money in minor units.
type Amount struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// Place is an airport.
type Place struct {
	IATA    string   `json:"iata"`
	Name    string   `json:"name"`
	City    string   `json:"city"`
	Country string   `json:"country"`
	Zone    string   `json:"zone"`
	Lat     *float64 `json:"lat"`
	Lng     *float64 `json:"lng"`
}

// Carrier is an airline.
type Carrier struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// Segment is one flight; times are UTC, the *_local fields the wall-clock
// time at each airport (its zone in the place).
type Segment struct {
	Origin          Place     `json:"origin"`
	Destination     Place     `json:"destination"`
	DepartsAt       time.Time `json:"departs_at"`
	ArrivesAt       time.Time `json:"arrives_at"`
	DepartsLocal    string    `json:"departs_local"`
	ArrivesLocal    string    `json:"arrives_local"`
	DurationMinutes int       `json:"duration_minutes"`
	Carrier         Carrier   `json:"carrier"`
	FlightNumber    string    `json:"flight_number"`
	Aircraft        string    `json:"aircraft"`
	Cabin           string    `json:"cabin"`
}

// Slice is one journey of an offer or order.
type Slice struct {
	Origin          Place     `json:"origin"`
	Destination     Place     `json:"destination"`
	DepartsAt       time.Time `json:"departs_at"`
	ArrivesAt       time.Time `json:"arrives_at"`
	DepartsLocal    string    `json:"departs_local"`
	ArrivesLocal    string    `json:"arrives_local"`
	DurationMinutes int       `json:"duration_minutes"`
	Stops           int       `json:"stops"`
	FareBrand       string    `json:"fare_brand"`
	Segments        []Segment `json:"segments"`
}

// Conditions are the fare's rules.
type Conditions struct {
	Refundable    bool    `json:"refundable"`
	RefundPenalty *Amount `json:"refund_penalty"`
	Changeable    bool    `json:"changeable"`
	ChangePenalty *Amount `json:"change_penalty"`
}

// Baggage is what the fare includes per passenger.
type Baggage struct {
	CarryOn int `json:"carry_on"`
	Checked int `json:"checked"`
}

// BagOffer is an extra checked bag, priced per bag per passenger.
type BagOffer struct {
	Price           Amount `json:"price"`
	MaxPerPassenger int    `json:"max_per_passenger"`
	WeightKg        int    `json:"weight_kg"`
}

// OfferPassenger is a passenger of an offer.
type OfferPassenger struct {
	ID   string `json:"id"`
	Type string `json:"type"`
}

// Offer is a priced itinerary (the traveller's price: supplier total plus
// Sojourn's markup).
type Offer struct {
	ID              string           `json:"id"`
	ExpiresAt       time.Time        `json:"expires_at"`
	Price           Amount           `json:"price"`
	Owner           Carrier          `json:"owner"`
	Slices          []Slice          `json:"slices"`
	Passengers      []OfferPassenger `json:"passengers"`
	Conditions      Conditions       `json:"conditions"`
	Baggage         Baggage          `json:"baggage"`
	Bag             *BagOffer        `json:"bag"`
	DurationMinutes int              `json:"duration_minutes"`
	EmissionsKg     int              `json:"emissions_kg"`
}

// SearchResult is a search's offers, cheapest first.
type SearchResult struct {
	RequestID string  `json:"request_id"`
	Offers    []Offer `json:"offers"`
}

// OfferDetail is an offer fetched again (the re-price): PreviousPrice is
// the price the traveller saw when it differs from today's.
type OfferDetail struct {
	Offer
	PreviousPrice *Amount `json:"previous_price"`
	PriceChanged  bool    `json:"price_changed"`
}

// Passenger is a traveller on an order.
type Passenger struct {
	ID         string `json:"id"`
	Type       string `json:"type"`
	Title      string `json:"title"`
	GivenName  string `json:"given_name"`
	FamilyName string `json:"family_name"`
	BornOn     string `json:"born_on"`
	Gender     string `json:"gender"`
	Email      string `json:"email"`
	Phone      string `json:"phone"`
	Bags       int    `json:"bags"`
}

// CancellationQuote is what cancelling refunds, until ExpiresAt.
type CancellationQuote struct {
	Refund    Amount    `json:"refund"`
	ExpiresAt time.Time `json:"expires_at"`
}

// ScheduleChange is the airline's latest change to the order's flights.
type ScheduleChange struct {
	DetectedAt time.Time `json:"detected_at"`
	Removed    []Slice   `json:"removed"`
	Added      []Slice   `json:"added"`
}

// Order is a traveller's flight order.
type Order struct {
	ID                string             `json:"id"`
	Status            string             `json:"status"`
	BookingReference  string             `json:"booking_reference"`
	Owner             Carrier            `json:"owner"`
	Origin            Place              `json:"origin"`
	Destination       Place              `json:"destination"`
	DepartsAt         time.Time          `json:"departs_at"`
	EndsAt            time.Time          `json:"ends_at"`
	Slices            []Slice            `json:"slices"`
	Passengers        []Passenger        `json:"passengers"`
	Conditions        Conditions         `json:"conditions"`
	Bags              int                `json:"bags"`
	Price             Amount             `json:"price"`
	PayWith           string             `json:"pay_with"`
	FailureReason     string             `json:"failure_reason"`
	Refunded          Amount             `json:"refunded"`
	CancellationQuote *CancellationQuote `json:"cancellation_quote"`
	ScheduleChange    *ScheduleChange    `json:"schedule_change"`
	TripID            string             `json:"trip_id"`
	CreatedAt         time.Time          `json:"created_at"`
	ConfirmedAt       *time.Time         `json:"confirmed_at"`
	CancelledAt       *time.Time         `json:"cancelled_at"`
}

// AdminOrder is an order with what only admins see: the supplier's cost
// and Sojourn's margin.
type AdminOrder struct {
	Order
	UserID          string `json:"user_id"`
	SupplierOrderID string `json:"supplier_order_id"`
	Cost            Amount `json:"cost"`
	Margin          Amount `json:"margin"`
}

// placeOf maps a Duffel place.
func placeOf(p duffel.Place) Place {
	return Place{IATA: p.IATACode, Name: p.Name, City: p.CityName, Country: p.IATACountryCode, Zone: p.TimeZone,
		Lat: p.Latitude, Lng: p.Longitude}
}

func (p Place) trip() trips.Place {
	return trips.Place{Name: p.Name, City: p.City, Country: p.Country, IATA: p.IATA, Lat: p.Lat, Lng: p.Lng}
}
