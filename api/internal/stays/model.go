package stays

import (
	"time"

	"github.com/uptrace/bun"
)

// States of a stay (states: quoted -> awaiting_payment -> booking ->
// confirmed -> cancelled; booking -> failed; quoted | awaiting_payment ->
// expired is implicit: a quote past quote_expires_at cannot be paid).
const (
	StatusQuoted          = "quoted"
	StatusAwaitingPayment = "awaiting_payment" // a card payment is under way
	StatusBooking         = "booking"          // paid; the supplier booking is being made
	StatusConfirmed       = "confirmed"
	StatusFailed          = "failed" // the supplier refused; the payment was refunded
	StatusCancelled       = "cancelled"
)

// Ways to pay.
const (
	PayWallet = "wallet"
	PayCard   = "card"
)

type bookingRow struct {
	bun.BaseModel     `bun:"table:stay_bookings,alias:b"`
	ID                string     `bun:"id,pk"`
	UserID            string     `bun:"user_id"`
	Status            string     `bun:"status"`
	AccommodationID   string     `bun:"accommodation_id"`
	PropertyName      string     `bun:"property_name"`
	Address           string     `bun:"address"`
	City              string     `bun:"city"`
	Country           string     `bun:"country"`
	TimeZone          string     `bun:"time_zone"`
	Lat               *float64   `bun:"lat"`
	Lng               *float64   `bun:"lng"`
	PhotoURL          string     `bun:"photo_url"`
	Stars             int        `bun:"stars"`
	RoomName          string     `bun:"room_name"`
	BoardType         string     `bun:"board_type"`
	Rooms             int        `bun:"rooms"`
	Adults            int        `bun:"adults"`
	CheckInDate       string     `bun:"check_in_date"`
	CheckOutDate      string     `bun:"check_out_date"`
	StartsAt          time.Time  `bun:"starts_at"`
	EndsAt            time.Time  `bun:"ends_at"`
	RateID            string     `bun:"rate_id"`
	QuoteID           string     `bun:"quote_id"`
	QuoteExpiresAt    time.Time  `bun:"quote_expires_at"`
	SupplierTotal     int64      `bun:"supplier_total"`
	Markup            int64      `bun:"markup"`
	Price             int64      `bun:"price"`
	RatePrice         int64      `bun:"rate_price"`
	Currency          string     `bun:"currency"`
	Cancellation      string     `bun:"cancellation"` // JSON []duffel.CancellationEntry (supplier amounts)
	Guests            string     `bun:"guests"`       // JSON []Guest
	Email             string     `bun:"email"`
	Phone             string     `bun:"phone"`
	PayWith           string     `bun:"pay_with"`
	PaymentReference  string     `bun:"payment_reference"`
	SupplierBookingID string     `bun:"supplier_booking_id"`
	SupplierReference string     `bun:"supplier_reference"`
	FailureReason     string     `bun:"failure_reason"`
	RefundedAmount    int64      `bun:"refunded_amount"`
	TripID            string     `bun:"trip_id"`
	CreatedAt         time.Time  `bun:"created_at"`
	UpdatedAt         time.Time  `bun:"updated_at"`
	PaidAt            *time.Time `bun:"paid_at"`
	ConfirmedAt       *time.Time `bun:"confirmed_at"`
	CancelledAt       *time.Time `bun:"cancelled_at"`
}
