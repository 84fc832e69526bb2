package duffel

import "time"

// Duffel Stays shapes (https://duffel.com/docs/api/v2/accommodation, search-result,
// quotes, bookings). Amounts are decimal strings in the currency beside them.

// Coordinates are a point on the map.
type Coordinates struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

// StaysLocation is a search area: a point and a radius in kilometres.
type StaysLocation struct {
	Radius                float64     `json:"radius"`
	GeographicCoordinates Coordinates `json:"geographic_coordinates"`
}

// StaysGuest is one guest of a search ("adult" or "child" with an age).
type StaysGuest struct {
	Type string `json:"type"`
	Age  int    `json:"age,omitempty"`
}

// StaysSearchRequest is POST /stays/search: by Location or by Accommodation ids.
type StaysSearchRequest struct {
	Location      *StaysLocation `json:"location,omitempty"`
	Accommodation *struct {
		IDs []string `json:"ids"`
	} `json:"accommodation,omitempty"`
	CheckInDate  string       `json:"check_in_date"`
	CheckOutDate string       `json:"check_out_date"`
	Rooms        int          `json:"rooms"`
	Guests       []StaysGuest `json:"guests"`
}

// StaysSearchResponse is the search's answer.
type StaysSearchResponse struct {
	CreatedAt time.Time           `json:"created_at"`
	Results   []StaysSearchResult `json:"results"`
}

// StaysSearchResult is one accommodation available for the search's dates.
type StaysSearchResult struct {
	ID                      string        `json:"id"`
	CheckInDate             string        `json:"check_in_date"`
	CheckOutDate            string        `json:"check_out_date"`
	Rooms                   int           `json:"rooms"`
	Guests                  []StaysGuest  `json:"guests"`
	ExpiresAt               time.Time     `json:"expires_at"`
	CheapestRateTotalAmount string        `json:"cheapest_rate_total_amount"`
	CheapestRateCurrency    string        `json:"cheapest_rate_currency"`
	Accommodation           Accommodation `json:"accommodation"`
}

// Accommodation is a property; Rooms are filled by fetch_all_rates, quotes and bookings.
type Accommodation struct {
	ID                 string                         `json:"id"`
	Name               string                         `json:"name"`
	Description        string                         `json:"description"`
	Rating             *int                           `json:"rating"`       // stars, 1-5
	ReviewScore        *float64                       `json:"review_score"` // out of 10
	ReviewCount        int                            `json:"review_count"`
	Photos             []Photo                        `json:"photos"`
	Amenities          []Amenity                      `json:"amenities"`
	Location           AccommodationLocation          `json:"location"`
	CheckInInformation *CheckInInformation            `json:"check_in_information"`
	PhoneNumber        string                         `json:"phone_number,omitempty"`
	Email              string                         `json:"email,omitempty"`
	Chain              *struct{ Name string }         `json:"chain,omitempty"`
	Rooms              []AccommodationRoom            `json:"rooms"`
	KeyCollection      *struct{ Instructions string } `json:"key_collection,omitempty"`
}

// Photo is one picture.
type Photo struct {
	URL string `json:"url"`
}

// Amenity is one facility (type e.g. "pool", "wifi").
type Amenity struct {
	Type        string `json:"type"`
	Description string `json:"description"`
}

// AccommodationLocation is where the property is.
type AccommodationLocation struct {
	Address               Address     `json:"address"`
	GeographicCoordinates Coordinates `json:"geographic_coordinates"`
	TimeZone              string      `json:"time_zone,omitempty"`
}

// Address is a postal address.
type Address struct {
	LineOne     string `json:"line_one"`
	CityName    string `json:"city_name"`
	PostalCode  string `json:"postal_code"`
	Region      string `json:"region"`
	CountryCode string `json:"country_code"`
}

// CheckInInformation is the property's check-in and check-out times ("15:00").
type CheckInInformation struct {
	CheckInAfterTime   string `json:"check_in_after_time"`
	CheckOutBeforeTime string `json:"check_out_before_time"`
}

// AccommodationRoom is a room type with its rates.
type AccommodationRoom struct {
	Name   string      `json:"name"`
	Beds   []Bed       `json:"beds"`
	Photos []Photo     `json:"photos"`
	Rates  []StaysRate `json:"rates"`
}

// Bed is a kind of bed and how many.
type Bed struct {
	Type  string `json:"type"`
	Count int    `json:"count"`
}

// StaysRate is one bookable price of a room for the search's dates and guests.
type StaysRate struct {
	ID                   string              `json:"id"`
	TotalAmount          string              `json:"total_amount"`
	TotalCurrency        string              `json:"total_currency"`
	BaseAmount           string              `json:"base_amount"`
	TaxAmount            string              `json:"tax_amount"`
	FeeAmount            string              `json:"fee_amount"`
	BoardType            string              `json:"board_type"` // room_only | breakfast | half_board | full_board | all_inclusive
	PaymentType          string              `json:"payment_type"`
	QuantityAvailable    int                 `json:"quantity_available"`
	CancellationTimeline []CancellationEntry `json:"cancellation_timeline"` // empty = non-refundable
	Conditions           []RateCondition     `json:"conditions"`
	ExpiresAt            time.Time           `json:"expires_at"`
}

// CancellationEntry: cancelling before Before refunds RefundAmount.
type CancellationEntry struct {
	RefundAmount string    `json:"refund_amount"`
	Currency     string    `json:"currency"`
	Before       time.Time `json:"before"`
}

// RateCondition is a rule of the rate in words.
type RateCondition struct {
	Title       string `json:"title"`
	Description string `json:"description"`
}

// StaysQuote is POST /stays/quotes: the rate re-checked, possibly re-priced.
type StaysQuote struct {
	ID            string        `json:"id"`
	TotalAmount   string        `json:"total_amount"`
	TotalCurrency string        `json:"total_currency"`
	BaseAmount    string        `json:"base_amount"`
	TaxAmount     string        `json:"tax_amount"`
	CheckInDate   string        `json:"check_in_date"`
	CheckOutDate  string        `json:"check_out_date"`
	Rooms         int           `json:"rooms"`
	Guests        []StaysGuest  `json:"guests"`
	Accommodation Accommodation `json:"accommodation"` // with the one room and rate quoted
	ExpiresAt     time.Time     `json:"expires_at"`
}

// StaysBookingGuest is a guest named on a booking.
type StaysBookingGuest struct {
	GivenName  string `json:"given_name"`
	FamilyName string `json:"family_name"`
}

// StaysBookingRequest is POST /stays/bookings.
type StaysBookingRequest struct {
	QuoteID             string              `json:"quote_id"`
	Guests              []StaysBookingGuest `json:"guests"`
	Email               string              `json:"email"`
	PhoneNumber         string              `json:"phone_number"`
	StaySpecialRequests string              `json:"stay_special_requests,omitempty"`
}

// StaysBooking is a confirmed (or cancelled) booking.
type StaysBooking struct {
	ID            string              `json:"id"`
	Reference     string              `json:"reference"`
	Status        string              `json:"status"` // confirmed | cancelled
	CheckInDate   string              `json:"check_in_date"`
	CheckOutDate  string              `json:"check_out_date"`
	Rooms         int                 `json:"rooms"`
	Guests        []StaysBookingGuest `json:"guests"`
	Email         string              `json:"email"`
	PhoneNumber   string              `json:"phone_number"`
	TotalAmount   string              `json:"total_amount"`
	TotalCurrency string              `json:"total_currency"`
	RefundAmount  string              `json:"refund_amount,omitempty"` // set when cancelled
	Accommodation Accommodation       `json:"accommodation"`
	ConfirmedAt   *time.Time          `json:"confirmed_at"`
	CancelledAt   *time.Time          `json:"cancelled_at"`
}
