package duffel

import "time"

// The shapes of Duffel's Flights API (v2) that Sojourn reads and writes.
// Amounts are decimal strings in the currency's major unit, as Duffel sends
// them ("125000.00"); AmountMinor converts one.

// Cabin classes.
const (
	CabinEconomy        = "economy"
	CabinPremiumEconomy = "premium_economy"
	CabinBusiness       = "business"
	CabinFirst          = "first"
)

// Passenger types.
const (
	PassengerAdult  = "adult"
	PassengerChild  = "child"
	PassengerInfant = "infant_without_seat"
)

// Error codes the Flights API answers that Sojourn acts on.
const (
	CodeOfferNoLongerAvailable = "offer_no_longer_available"
	CodePriceChanged           = "price_changed"
	CodeNotFound               = "not_found"
	CodeValidation             = "validation_required"
	CodeAlreadyCancelled       = "already_cancelled"
	CodeCancellationExpired    = "order_cancellation_expired"
)

// EventAirlineInitiatedChange is the webhook event of a schedule change.
const EventAirlineInitiatedChange = "order.airline_initiated_change_detected"

// OfferRequestSlice is one journey of a search.
type OfferRequestSlice struct {
	Origin        string `json:"origin"`
	Destination   string `json:"destination"`
	DepartureDate string `json:"departure_date"` // YYYY-MM-DD
}

// OfferRequestPassenger is one traveller of a search, by type (or age).
type OfferRequestPassenger struct {
	ID   string `json:"id,omitempty"`
	Type string `json:"type,omitempty"`
	Age  *int   `json:"age,omitempty"`
}

// CreateOfferRequest is the body of POST /air/offer_requests.
type CreateOfferRequest struct {
	Slices         []OfferRequestSlice     `json:"slices"`
	Passengers     []OfferRequestPassenger `json:"passengers"`
	CabinClass     string                  `json:"cabin_class,omitempty"`
	MaxConnections *int                    `json:"max_connections,omitempty"`
}

// OfferRequest is a search with the offers it found.
type OfferRequest struct {
	ID         string                  `json:"id"`
	Slices     []OfferRequestSlice     `json:"slices"`
	Passengers []OfferRequestPassenger `json:"passengers"`
	CabinClass string                  `json:"cabin_class"`
	Offers     []Offer                 `json:"offers"`
	CreatedAt  time.Time               `json:"created_at"`
	LiveMode   bool                    `json:"live_mode"`
}

// Place is an airport as Duffel describes it (type "airport").
type Place struct {
	Type            string   `json:"type"`
	IATACode        string   `json:"iata_code"`
	Name            string   `json:"name"`
	CityName        string   `json:"city_name"`
	IATACountryCode string   `json:"iata_country_code"`
	TimeZone        string   `json:"time_zone"`
	Latitude        *float64 `json:"latitude"`
	Longitude       *float64 `json:"longitude"`
}

// Airline is a carrier.
type Airline struct {
	IATACode string `json:"iata_code"`
	Name     string `json:"name"`
	LogoURL  string `json:"logo_symbol_url,omitempty"`
}

// Aircraft names the plane.
type Aircraft struct {
	IATACode string `json:"iata_code"`
	Name     string `json:"name"`
}

// Baggage is an allowance included in a segment's fare.
type Baggage struct {
	Type     string `json:"type"` // checked | carry_on
	Quantity int    `json:"quantity"`
}

// SegmentPassenger is one passenger's cabin and bags on a segment.
type SegmentPassenger struct {
	PassengerID             string    `json:"passenger_id"`
	CabinClass              string    `json:"cabin_class"`
	CabinClassMarketingName string    `json:"cabin_class_marketing_name"`
	FareBasisCode           string    `json:"fare_basis_code"`
	Baggages                []Baggage `json:"baggages"`
}

// Stop is a technical stop inside a segment.
type Stop struct {
	ID          string `json:"id"`
	Airport     Place  `json:"airport"`
	ArrivingAt  string `json:"arriving_at"`
	DepartingAt string `json:"departing_at"`
	Duration    string `json:"duration"`
}

// Segment is one flight. DepartingAt and ArrivingAt are local times of the
// origin and destination airports without an offset ("2026-12-10T07:30:00"),
// as Duffel sends them.
type Segment struct {
	ID                           string             `json:"id"`
	Origin                       Place              `json:"origin"`
	Destination                  Place              `json:"destination"`
	DepartingAt                  string             `json:"departing_at"`
	ArrivingAt                   string             `json:"arriving_at"`
	Duration                     string             `json:"duration"` // ISO 8601, PT1H35M
	MarketingCarrier             Airline            `json:"marketing_carrier"`
	MarketingCarrierFlightNumber string             `json:"marketing_carrier_flight_number"`
	OperatingCarrier             Airline            `json:"operating_carrier"`
	OperatingCarrierFlightNumber string             `json:"operating_carrier_flight_number"`
	Aircraft                     *Aircraft          `json:"aircraft"`
	Distance                     string             `json:"distance"` // km
	Stops                        []Stop             `json:"stops"`
	Passengers                   []SegmentPassenger `json:"passengers"`
}

// Slice is one journey of an offer or order.
type Slice struct {
	ID            string    `json:"id"`
	Origin        Place     `json:"origin"`
	Destination   Place     `json:"destination"`
	Duration      string    `json:"duration"`
	FareBrandName string    `json:"fare_brand_name"`
	Segments      []Segment `json:"segments"`
	Changeable    bool      `json:"changeable"`
}

// Condition is one fare rule: whether it is allowed and its penalty.
type Condition struct {
	Allowed         bool   `json:"allowed"`
	PenaltyAmount   string `json:"penalty_amount,omitempty"`
	PenaltyCurrency string `json:"penalty_currency,omitempty"`
}

// Conditions are the fare's refund and change rules (null when unknown).
type Conditions struct {
	RefundBeforeDeparture *Condition `json:"refund_before_departure"`
	ChangeBeforeDeparture *Condition `json:"change_before_departure"`
}

// OfferPassenger is a passenger of an offer, whose id an order names.
type OfferPassenger struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Age  *int   `json:"age,omitempty"`
}

// ServiceMetadata describes a bag.
type ServiceMetadata struct {
	Type            string `json:"type"`
	MaximumWeightKg *int   `json:"maximum_weight_kg,omitempty"`
}

// AvailableService is an extra that may be bought with the offer (a bag).
type AvailableService struct {
	ID              string          `json:"id"`
	Type            string          `json:"type"` // baggage
	TotalAmount     string          `json:"total_amount"`
	TotalCurrency   string          `json:"total_currency"`
	MaximumQuantity int             `json:"maximum_quantity"`
	PassengerIDs    []string        `json:"passenger_ids"`
	SegmentIDs      []string        `json:"segment_ids"`
	Metadata        ServiceMetadata `json:"metadata"`
}

// PaymentRequirements say how long the price holds.
type PaymentRequirements struct {
	RequiresInstantPayment  bool       `json:"requires_instant_payment"`
	PriceGuaranteeExpiresAt *time.Time `json:"price_guarantee_expires_at"`
	PaymentRequiredBy       *time.Time `json:"payment_required_by"`
}

// Offer is a priced itinerary that may be ordered until ExpiresAt.
type Offer struct {
	ID                  string              `json:"id"`
	ExpiresAt           time.Time           `json:"expires_at"`
	CreatedAt           time.Time           `json:"created_at"`
	UpdatedAt           time.Time           `json:"updated_at"`
	TotalAmount         string              `json:"total_amount"`
	TotalCurrency       string              `json:"total_currency"`
	BaseAmount          string              `json:"base_amount"`
	TaxAmount           string              `json:"tax_amount"`
	Owner               Airline             `json:"owner"`
	Slices              []Slice             `json:"slices"`
	Passengers          []OfferPassenger    `json:"passengers"`
	Conditions          Conditions          `json:"conditions"`
	AvailableServices   []AvailableService  `json:"available_services,omitempty"`
	PaymentRequirements PaymentRequirements `json:"payment_requirements"`
	TotalEmissionsKg    string              `json:"total_emissions_kg"`
	LiveMode            bool                `json:"live_mode"`
}

// OrderPassenger is a traveller's details, named by the offer's passenger id.
type OrderPassenger struct {
	ID                string `json:"id"`
	Type              string `json:"type,omitempty"`
	Title             string `json:"title"` // mr | ms | mrs | miss | dr
	GivenName         string `json:"given_name"`
	FamilyName        string `json:"family_name"`
	BornOn            string `json:"born_on"` // YYYY-MM-DD
	Gender            string `json:"gender"`  // m | f
	Email             string `json:"email"`
	PhoneNumber       string `json:"phone_number"`
	InfantPassengerID string `json:"infant_passenger_id,omitempty"`
}

// OrderService buys an available service (a bag) with the order.
type OrderService struct {
	ID       string `json:"id"`
	Quantity int    `json:"quantity"`
}

// Payment pays an instant order from the Duffel balance.
type Payment struct {
	Type     string `json:"type"` // balance
	Amount   string `json:"amount"`
	Currency string `json:"currency"`
}

// CreateOrder is the body of POST /air/orders.
type CreateOrder struct {
	Type           string            `json:"type"` // instant
	SelectedOffers []string          `json:"selected_offers"`
	Passengers     []OrderPassenger  `json:"passengers"`
	Services       []OrderService    `json:"services,omitempty"`
	Payments       []Payment         `json:"payments"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

// PaymentStatus says whether the order is paid.
type PaymentStatus struct {
	AwaitingPayment bool       `json:"awaiting_payment"`
	PaidAt          *time.Time `json:"paid_at"`
}

// OrderServiceBought is a service on an order.
type OrderServiceBought struct {
	ID            string          `json:"id"`
	Type          string          `json:"type"`
	Quantity      int             `json:"quantity"`
	TotalAmount   string          `json:"total_amount"`
	TotalCurrency string          `json:"total_currency"`
	PassengerIDs  []string        `json:"passenger_ids"`
	SegmentIDs    []string        `json:"segment_ids"`
	Metadata      ServiceMetadata `json:"metadata"`
}

// Order is a booked itinerary.
type Order struct {
	ID               string               `json:"id"`
	BookingReference string               `json:"booking_reference"`
	TotalAmount      string               `json:"total_amount"`
	TotalCurrency    string               `json:"total_currency"`
	BaseAmount       string               `json:"base_amount"`
	TaxAmount        string               `json:"tax_amount"`
	Owner            Airline              `json:"owner"`
	Slices           []Slice              `json:"slices"`
	Passengers       []OrderPassenger     `json:"passengers"`
	Services         []OrderServiceBought `json:"services"`
	Conditions       Conditions           `json:"conditions"`
	PaymentStatus    PaymentStatus        `json:"payment_status"`
	Metadata         map[string]string    `json:"metadata"`
	CreatedAt        time.Time            `json:"created_at"`
	CancelledAt      *time.Time           `json:"cancelled_at"`
	LiveMode         bool                 `json:"live_mode"`
}

// OrderCancellation is a quote to cancel an order, confirmed before
// ExpiresAt.
type OrderCancellation struct {
	ID             string     `json:"id"`
	OrderID        string     `json:"order_id"`
	RefundAmount   string     `json:"refund_amount"`
	RefundCurrency string     `json:"refund_currency"`
	RefundTo       string     `json:"refund_to"` // balance | original_form_of_payment
	ExpiresAt      time.Time  `json:"expires_at"`
	ConfirmedAt    *time.Time `json:"confirmed_at"`
	CreatedAt      time.Time  `json:"created_at"`
	LiveMode       bool       `json:"live_mode"`
}

// AirlineInitiatedChange is the object of an
// order.airline_initiated_change_detected event: the slices the airline
// removed and the ones it put in their place.
type AirlineInitiatedChange struct {
	ID               string    `json:"id"`
	OrderID          string    `json:"order_id"`
	Added            []Slice   `json:"added"`
	Removed          []Slice   `json:"removed"`
	ActionTaken      *string   `json:"action_taken"`
	AvailableActions []string  `json:"available_actions"`
	CreatedAt        time.Time `json:"created_at"`
	UpdatedAt        time.Time `json:"updated_at"`
}
