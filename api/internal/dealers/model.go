package dealers

import (
	"time"

	"github.com/uptrace/bun"
)

// settingsRow is a dealership's settings (one per car_dealer practice).
type settingsRow struct {
	bun.BaseModel `bun:"table:dealer_settings"`

	ProviderID          string    `bun:"provider_id,pk"`
	UserID              string    `bun:"user_id"`
	ReservationDays     int       `bun:"reservation_days"`
	DepositAmount       int64     `bun:"deposit_amount"`
	Currency            string    `bun:"currency"`
	TestDriveOfferingID string    `bun:"test_drive_offering_id"`
	Branches            string    `bun:"branches"` // JSON array of Branch
	CreatedAt           time.Time `bun:"created_at"`
	UpdatedAt           time.Time `bun:"updated_at"`
}

// listingRow is a car for sale.
type listingRow struct {
	bun.BaseModel `bun:"table:car_listings,alias:l"`

	ID           string     `bun:"id,pk"`
	ProviderID   string     `bun:"provider_id"`
	DealerUserID string     `bun:"dealer_user_id"`
	VIN          string     `bun:"vin"`
	Make         string     `bun:"make"`
	Model        string     `bun:"model"`
	Year         int        `bun:"year"`
	Trim         string     `bun:"trim"`
	Body         string     `bun:"body"`
	MileageKm    int        `bun:"mileage_km"`
	Fuel         string     `bun:"fuel"`
	Transmission string     `bun:"transmission"`
	Drivetrain   string     `bun:"drivetrain"`
	Colour       string     `bun:"colour"`
	Condition    string     `bun:"condition"`
	Price        int64      `bun:"price"`
	Currency     string     `bun:"currency"`
	Features     string     `bun:"features"`
	Description  string     `bun:"description"`
	City         string     `bun:"city"`
	Country      string     `bun:"country"`
	Status       string     `bun:"status"`
	Hidden       bool       `bun:"hidden"`
	HiddenReason string     `bun:"hidden_reason"`
	Views        int64      `bun:"views"`
	Leads        int        `bun:"leads"`
	CoverURL     string     `bun:"cover_url"`
	ListedAt     time.Time  `bun:"listed_at"`
	SoldAt       *time.Time `bun:"sold_at"`
	CreatedAt    time.Time  `bun:"created_at"`
	UpdatedAt    time.Time  `bun:"updated_at"`
}

type photoRow struct {
	bun.BaseModel `bun:"table:car_listing_photos"`

	ID        string    `bun:"id,pk"`
	ListingID string    `bun:"listing_id"`
	URL       string    `bun:"url"`
	Position  int       `bun:"position"`
	CreatedAt time.Time `bun:"created_at"`
}

type priceRow struct {
	bun.BaseModel `bun:"table:car_price_changes"`

	ID        string    `bun:"id,pk"`
	ListingID string    `bun:"listing_id"`
	Price     int64     `bun:"price"`
	Currency  string    `bun:"currency"`
	ChangedAt time.Time `bun:"changed_at"`
}

type eventRow struct {
	bun.BaseModel `bun:"table:car_listing_events"`

	ID         string    `bun:"id,pk"`
	ListingID  string    `bun:"listing_id"`
	FromStatus string    `bun:"from_status"`
	ToStatus   string    `bun:"to_status"`
	Actor      string    `bun:"actor"`
	ActorID    string    `bun:"actor_id"`
	Note       string    `bun:"note"`
	CreatedAt  time.Time `bun:"created_at"`
}

type reservationRow struct {
	bun.BaseModel `bun:"table:car_reservations"`

	ID            string     `bun:"id,pk"`
	ListingID     string     `bun:"listing_id"`
	ProviderID    string     `bun:"provider_id"`
	DealerUserID  string     `bun:"dealer_user_id"`
	BuyerID       string     `bun:"buyer_id"`
	DepositAmount int64      `bun:"deposit_amount"`
	Currency      string     `bun:"currency"`
	Status        string     `bun:"status"`
	ReleaseAt     time.Time  `bun:"release_at"`
	SettledAt     *time.Time `bun:"settled_at"`
	SettledBy     string     `bun:"settled_by"`
	Note          string     `bun:"note"`
	ReserveKey    string     `bun:"reserve_key"`
	PayWith       string     `bun:"pay_with"`
	PaymentRef    string     `bun:"payment_reference"`
	PayBy         *time.Time `bun:"pay_by"`
	CreatedAt     time.Time  `bun:"created_at"`
	UpdatedAt     time.Time  `bun:"updated_at"`
}

type testDriveRow struct {
	bun.BaseModel `bun:"table:car_test_drives"`

	BookingID  string    `bun:"booking_id,pk"`
	ListingID  string    `bun:"listing_id"`
	ProviderID string    `bun:"provider_id"`
	BuyerID    string    `bun:"buyer_id"`
	StartsAt   time.Time `bun:"starts_at"`
	CreatedAt  time.Time `bun:"created_at"`
}

type leadRow struct {
	bun.BaseModel `bun:"table:car_leads"`

	ID          string    `bun:"id,pk"`
	ListingID   string    `bun:"listing_id"`
	ProviderID  string    `bun:"provider_id"`
	BuyerID     string    `bun:"buyer_id"`
	Message     string    `bun:"message"`
	ContactPref string    `bun:"contact_pref"`
	Phone       string    `bun:"phone"`
	Status      string    `bun:"status"`
	CreatedAt   time.Time `bun:"created_at"`
	UpdatedAt   time.Time `bun:"updated_at"`
}
