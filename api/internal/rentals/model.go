package rentals

import (
	"time"

	"github.com/uptrace/bun"
)

type branchRow struct {
	bun.BaseModel `bun:"table:rental_branches"`
	ID            string    `bun:"id,pk"`
	ProviderID    string    `bun:"provider_id"`
	UserID        string    `bun:"user_id"`
	Name          string    `bun:"name"`
	Address       string    `bun:"address"`
	City          string    `bun:"city"`
	Country       string    `bun:"country"`
	Lat           *float64  `bun:"lat"`
	Lng           *float64  `bun:"lng"`
	Phone         string    `bun:"phone"`
	Hours         string    `bun:"hours"`
	TimeZone      string    `bun:"time_zone"`
	Active        bool      `bun:"active"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

type carRow struct {
	bun.BaseModel    `bun:"table:rental_cars,alias:c"`
	ID               string    `bun:"id,pk"`
	ProviderID       string    `bun:"provider_id"`
	UserID           string    `bun:"user_id"`
	BranchID         string    `bun:"branch_id"`
	City             string    `bun:"city"`
	Make             string    `bun:"make"`
	Model            string    `bun:"model"`
	Year             int       `bun:"year"`
	Category         string    `bun:"category"`
	Seats            int       `bun:"seats"`
	Doors            int       `bun:"doors"`
	Transmission     string    `bun:"transmission"`
	Fuel             string    `bun:"fuel"`
	AirConditioning  bool      `bun:"air_conditioning"`
	Description      string    `bun:"description"`
	MinDriverAge     int       `bun:"min_driver_age"`
	Deposit          int64     `bun:"deposit"`
	MileageLimitKm   int       `bun:"mileage_limit_km"`
	FuelPolicy       string    `bun:"fuel_policy"`
	DayRate          int64     `bun:"day_rate"`
	Currency         string    `bun:"currency"`
	Seasons          string    `bun:"seasons"`
	Extras           string    `bun:"extras"`
	Photos           string    `bun:"photos"`
	OneWayAllowed    bool      `bun:"one_way_allowed"`
	OneWayFee        int64     `bun:"one_way_fee"`
	FreeCancelHours  int       `bun:"free_cancel_hours"`
	LateCancelFeePct int       `bun:"late_cancel_fee_pct"`
	Status           string    `bun:"status"`
	ModerationNote   string    `bun:"moderation_note"`
	CreatedAt        time.Time `bun:"created_at"`
	UpdatedAt        time.Time `bun:"updated_at"`
}

func (c *carRow) title() string { return c.Make + " " + c.Model + " (" + itoa(c.Year) + ")" }

type bookingRow struct {
	bun.BaseModel     `bun:"table:rental_bookings,alias:b"`
	ID                string     `bun:"id,pk"`
	CarID             string     `bun:"car_id"`
	ProviderID        string     `bun:"provider_id"`
	ProviderUserID    string     `bun:"provider_user_id"`
	UserID            string     `bun:"user_id"`
	CarTitle          string     `bun:"car_title"`
	Status            string     `bun:"status"`
	PickupBranchID    string     `bun:"pickup_branch_id"`
	DropoffBranchID   string     `bun:"dropoff_branch_id"`
	StartsAt          time.Time  `bun:"starts_at"`
	EndsAt            time.Time  `bun:"ends_at"`
	Days              int        `bun:"days"`
	DriverName        string     `bun:"driver_name"`
	DriverBirthDate   string     `bun:"driver_birth_date"`
	DriverLicence     string     `bun:"driver_licence"`
	DriverPhone       string     `bun:"driver_phone"`
	Extras            string     `bun:"extras"`
	Breakdown         string     `bun:"breakdown"`
	Price             int64      `bun:"price"`
	Deposit           int64      `bun:"deposit"`
	Currency          string     `bun:"currency"`
	PayWith           string     `bun:"pay_with"`
	PaymentReference  string     `bun:"payment_reference"`
	PaidAmount        int64      `bun:"paid_amount"`
	RefundedAmount    int64      `bun:"refunded_amount"`
	FeeKept           int64      `bun:"fee_kept"`
	FreeCancelHours   int        `bun:"free_cancel_hours"`
	LateCancelFeePct  int        `bun:"late_cancel_fee_pct"`
	PickupHandover    *string    `bun:"pickup_handover"`
	ReturnHandover    *string    `bun:"return_handover"`
	PickupConfirmedAt *time.Time `bun:"pickup_confirmed_at"`
	ReturnConfirmedAt *time.Time `bun:"return_confirmed_at"`
	CancelReason      string     `bun:"cancel_reason"`
	HoldExpiresAt     *time.Time `bun:"hold_expires_at"`
	PickedUpAt        *time.Time `bun:"picked_up_at"`
	ReturnedAt        *time.Time `bun:"returned_at"`
	CompletedAt       *time.Time `bun:"completed_at"`
	CancelledAt       *time.Time `bun:"cancelled_at"`
	CreatedAt         time.Time  `bun:"created_at"`
	UpdatedAt         time.Time  `bun:"updated_at"`
}

type eventRow struct {
	bun.BaseModel `bun:"table:rental_booking_events"`
	ID            string    `bun:"id,pk"`
	BookingID     string    `bun:"booking_id"`
	FromStatus    string    `bun:"from_status"`
	ToStatus      string    `bun:"to_status"`
	Actor         string    `bun:"actor"`
	ActorID       string    `bun:"actor_id"`
	Note          string    `bun:"note"`
	CreatedAt     time.Time `bun:"created_at"`
}
