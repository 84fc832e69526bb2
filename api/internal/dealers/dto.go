package dealers

import (
	"time"

	"sojourn/api/internal/deposits"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/practice"
)

// ListingInput creates (every required field set) or changes (only the
// fields present) a listing. A price change is recorded in the price
// history.
type ListingInput struct {
	VIN          *string   `json:"vin"`
	Make         *string   `json:"make"`
	Model        *string   `json:"model"`
	Year         *int      `json:"year"`
	Trim         *string   `json:"trim"`
	Body         *string   `json:"body"`
	MileageKm    *int      `json:"mileage_km"`
	Fuel         *string   `json:"fuel"`
	Transmission *string   `json:"transmission"`
	Drivetrain   *string   `json:"drivetrain"`
	Colour       *string   `json:"colour"`
	Condition    *string   `json:"condition"`
	Price        *int64    `json:"price"`
	Features     *[]string `json:"features"`
	Description  *string   `json:"description"`
	City         *string   `json:"city"`
}

// Photo is one photo of a car.
type Photo struct {
	ID  string `json:"id"`
	URL string `json:"url"`
}

// PricePoint is one price a car had.
type PricePoint struct {
	Price     int64     `json:"price"`
	Currency  string    `json:"currency"`
	ChangedAt time.Time `json:"changed_at"`
}

// Listing is a car as its dealer sees it (and, through Car, buyers).
type Listing struct {
	ID           string       `json:"id"`
	ProviderID   string       `json:"provider_id"`
	VIN          string       `json:"vin"`
	WMI          WMI          `json:"wmi"`
	Make         string       `json:"make"`
	Model        string       `json:"model"`
	Year         int          `json:"year"`
	Trim         string       `json:"trim"`
	Body         string       `json:"body"`
	MileageKm    int          `json:"mileage_km"`
	Fuel         string       `json:"fuel"`
	Transmission string       `json:"transmission"`
	Drivetrain   string       `json:"drivetrain"`
	Colour       string       `json:"colour"`
	Condition    string       `json:"condition"`
	Price        int64        `json:"price"`
	Currency     string       `json:"currency"`
	Features     []string     `json:"features"`
	Description  string       `json:"description"`
	City         string       `json:"city"`
	Country      string       `json:"country"`
	Status       string       `json:"status"`
	Hidden       bool         `json:"hidden"`
	HiddenReason string       `json:"hidden_reason"`
	Views        int64        `json:"views"`
	Leads        int          `json:"leads"`
	DaysOnMarket int          `json:"days_on_market"`
	CoverURL     string       `json:"cover_url"`
	Photos       []Photo      `json:"photos"`
	PriceHistory []PricePoint `json:"price_history"`
	ListedAt     time.Time    `json:"listed_at"`
	SoldAt       *time.Time   `json:"sold_at"`
	UpdatedAt    time.Time    `json:"updated_at"`
}

// CarCard is a car in the buyers' search results.
type CarCard struct {
	ID           string    `json:"id"`
	Make         string    `json:"make"`
	Model        string    `json:"model"`
	Year         int       `json:"year"`
	Trim         string    `json:"trim"`
	Body         string    `json:"body"`
	MileageKm    int       `json:"mileage_km"`
	Fuel         string    `json:"fuel"`
	Transmission string    `json:"transmission"`
	Condition    string    `json:"condition"`
	Price        int64     `json:"price"`
	Currency     string    `json:"currency"`
	City         string    `json:"city"`
	Status       string    `json:"status"`
	CoverURL     string    `json:"cover_url"`
	DaysOnMarket int       `json:"days_on_market"`
	PriceDropped bool      `json:"price_dropped"`
	ListedAt     time.Time `json:"listed_at"`
}

// Dealer is the dealership on a car's page.
type Dealer struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	AvatarURL   string `json:"avatar_url"`
	City        string `json:"city"`
	Verified    bool   `json:"verified"`
	TimeZone    string `json:"time_zone"`
	DepositDays int    `json:"reservation_days"`
	// Branches are the dealership's other addresses besides its showroom.
	Branches []Branch `json:"branches"`
	// Rating is the dealership's review aggregate (reviews of completed
	// test drives, GET /providers/{id}/reviews).
	Rating practice.Rating `json:"rating"`
}

// Car is one car's page for buyers.
type Car struct {
	Listing
	Dealer              Dealer       `json:"dealer"`
	Market              Market       `json:"market"`
	Deposit             DepositTerms `json:"deposit"`
	TestDriveOfferingID *string      `json:"test_drive_offering_id"`
	MyReservation       *Reservation `json:"my_reservation"`
	// Own is true when the viewer is the car's dealer.
	Own bool `json:"own"`
}

// DepositTerms is what reserving the car costs and for how long.
type DepositTerms struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
	Days     int    `json:"days"`
}

// Facet is one value of a facet and how many cars have it.
type Facet struct {
	Value string `json:"value"`
	Count int    `json:"count"`
}

// Facets are the counts of the search's facets: each counts the cars
// matching every other filter (so choosing one make still shows the
// others' counts).
type Facets struct {
	Make         []Facet `json:"make"`
	Model        []Facet `json:"model"`
	Body         []Facet `json:"body"`
	Fuel         []Facet `json:"fuel"`
	Transmission []Facet `json:"transmission"`
	City         []Facet `json:"city"`
}

// Branch is one of a dealership's addresses besides its showroom.
type Branch struct {
	Name    string `json:"name"`
	Address string `json:"address"`
}

// Settings are a dealership's terms and its branches.
type Settings struct {
	ProviderID          string   `json:"provider_id"`
	ReservationDays     int      `json:"reservation_days"`
	DepositAmount       int64    `json:"deposit_amount"`
	Currency            string   `json:"currency"`
	TestDriveOfferingID string   `json:"test_drive_offering_id"`
	Branches            []Branch `json:"branches"`
}

// SettingsInput changes them; Branches, when given, replaces the list
// (at most MaxBranches).
type SettingsInput struct {
	ReservationDays *int      `json:"reservation_days"`
	DepositAmount   *int64    `json:"deposit_amount"`
	Branches        *[]Branch `json:"branches"`
}

// Person is a buyer as the dealer sees them.
type Person struct {
	ID          string `json:"id"`
	DisplayName string `json:"display_name"`
	Username    string `json:"username"`
	Email       string `json:"email"`
	AvatarURL   string `json:"avatar_url"`
}

// CarRef is the car a reservation, lead or test drive is about.
type CarRef struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	CoverURL string `json:"cover_url"`
	Price    int64  `json:"price"`
	Currency string `json:"currency"`
	Status   string `json:"status"`
}

// DealerRef is the dealership a reservation is with.
type DealerRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Reservation is a car reserved with a refundable deposit.
type Reservation struct {
	ID        string      `json:"id"`
	Car       CarRef      `json:"car"`
	Dealer    DealerRef   `json:"dealer"`
	Buyer     *Person     `json:"buyer"`
	Status    string      `json:"status"`
	PayWith   string      `json:"pay_with"`
	PayBy     *time.Time  `json:"pay_by"`
	ReleaseAt time.Time   `json:"release_at"`
	SettledAt *time.Time  `json:"settled_at"`
	Note      string      `json:"note"`
	Deposit   DepositView `json:"deposit"`
	// Payment is where the buyer pays a reservation awaiting its card
	// payment (the buyer's views only; nil otherwise).
	Payment   *payments.StartedDTO `json:"payment"`
	CreatedAt time.Time            `json:"created_at"`
}

// DepositUnpaid is the deposit of a reservation by card before (or
// without) its payment: nothing is held.
const DepositUnpaid = "unpaid"

// DepositView is the contract's Deposit.
type DepositView struct {
	Status         string     `json:"status"`
	Amount         int64      `json:"amount"`
	Currency       string     `json:"currency"`
	CapturedAmount int64      `json:"captured_amount"`
	RefundedAmount int64      `json:"refunded_amount"`
	Reason         string     `json:"reason"`
	ReleaseAt      *time.Time `json:"release_at"`
	SettledAt      *time.Time `json:"settled_at"`
}

func depositView(d deposits.Deposit, r *reservationRow) DepositView {
	if d.ID == "" && (r.Status == ReservationAwaitingPayment || r.Status == ReservationExpired) {
		return DepositView{Status: DepositUnpaid, Amount: r.DepositAmount, Currency: r.Currency}
	}
	if d.ID == "" { // not found: the reservation's own record
		at := r.ReleaseAt
		return DepositView{Status: deposits.StatusHeld, Amount: r.DepositAmount, Currency: r.Currency, ReleaseAt: &at}
	}
	v := DepositView{Status: d.Status, Amount: d.Amount, Currency: d.Currency, CapturedAmount: d.CapturedAmount,
		RefundedAmount: d.Refunded(), Reason: d.Reason, ReleaseAt: d.ReleaseAt, SettledAt: d.SettledAt}
	if v.ReleaseAt == nil && d.Status == deposits.StatusHeld {
		at := r.ReleaseAt // released by this domain's job at the reservation's release_at
		v.ReleaseAt = &at
	}
	return v
}

// TestDrive is a test drive booked through the kernel.
type TestDrive struct {
	BookingID string    `json:"booking_id"`
	Car       CarRef    `json:"car"`
	Buyer     *Person   `json:"buyer"`
	Start     time.Time `json:"start"`
	End       time.Time `json:"end"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

// LeadInput is a buyer's enquiry.
type LeadInput struct {
	Message     string `json:"message"`
	ContactPref string `json:"contact_pref"`
	Phone       string `json:"phone"`
}

// Lead is an enquiry as the dealer (or the buyer) sees it.
type Lead struct {
	ID          string    `json:"id"`
	Car         CarRef    `json:"car"`
	Buyer       *Person   `json:"buyer"`
	Message     string    `json:"message"`
	ContactPref string    `json:"contact_pref"`
	Phone       string    `json:"phone"`
	Status      string    `json:"status"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// Dashboard is the dealer's figures.
type Dashboard struct {
	Available        int     `json:"available"`
	Reserved         int     `json:"reserved"`
	Sold             int     `json:"sold"`
	Views            int64   `json:"views"`
	Leads            int     `json:"leads"`
	NewLeads         int     `json:"new_leads"`
	AvgDaysOnMarket  float64 `json:"avg_days_on_market"`
	UpcomingDrives   int     `json:"upcoming_test_drives"`
	HeldReservations int     `json:"held_reservations"`
	// Rating is the dealership's review aggregate (reviews of test drives).
	Rating practice.Rating `json:"rating"`
}
