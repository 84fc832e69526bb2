package flights

import (
	"time"

	"github.com/uptrace/bun"
)

// Order statuses: awaiting_payment (a card payment under way) -> placing
// (paid into escrow; the place_order job books it) -> confirmed | failed
// (refunded); confirmed -> cancelled (the supplier's refund returned).
const (
	StatusAwaitingPayment = "awaiting_payment"
	StatusPlacing         = "placing"
	StatusConfirmed       = "confirmed"
	StatusFailed          = "failed"
	StatusCancelled       = "cancelled"
)

var transitions = map[string][]string{
	StatusAwaitingPayment: {StatusPlacing, StatusFailed},
	StatusPlacing:         {StatusConfirmed, StatusFailed},
	StatusConfirmed:       {StatusCancelled},
}

// CanTransition tells whether an order may move from one status to another.
func CanTransition(from, to string) bool {
	for _, t := range transitions[from] {
		if t == to {
			return true
		}
	}
	return false
}

// Ways to pay.
const (
	PayWallet = "wallet"
	PayCard   = "card"
)

type orderRow struct {
	bun.BaseModel `bun:"table:flight_orders,alias:o"`

	ID                   string     `bun:"id,pk"`
	UserID               string     `bun:"user_id"`
	Status               string     `bun:"status"`
	OfferID              string     `bun:"offer_id"`
	SupplierOrderID      string     `bun:"supplier_order_id"`
	BookingReference     string     `bun:"booking_reference"`
	OwnerCode            string     `bun:"owner_code"`
	OwnerName            string     `bun:"owner_name"`
	Origin               string     `bun:"origin"`
	Destination          string     `bun:"destination"`
	OriginCity           string     `bun:"origin_city"`
	DestinationCity      string     `bun:"destination_city"`
	DepartsAt            time.Time  `bun:"departs_at"`
	EndsAt               time.Time  `bun:"ends_at"`
	Itinerary            string     `bun:"itinerary"`
	Passengers           string     `bun:"passengers"`
	Conditions           string     `bun:"conditions"`
	Bags                 int        `bun:"bags"`
	Cost                 int64      `bun:"cost"`
	Margin               int64      `bun:"margin"`
	Price                int64      `bun:"price"`
	Currency             string     `bun:"currency"`
	PayWith              string     `bun:"pay_with"`
	PaymentReference     string     `bun:"payment_reference"`
	FailureReason        string     `bun:"failure_reason"`
	CancelQuoteID        string     `bun:"cancel_quote_id"`
	CancelSupplierRefund int64      `bun:"cancel_supplier_refund"`
	CancelRefund         int64      `bun:"cancel_refund"`
	CancelQuoteExpiresAt *time.Time `bun:"cancel_quote_expires_at"`
	RefundedAmount       int64      `bun:"refunded_amount"`
	ScheduleChange       string     `bun:"schedule_change"`
	ScheduleChangedAt    *time.Time `bun:"schedule_changed_at"`
	TripID               string     `bun:"trip_id"`
	CreatedAt            time.Time  `bun:"created_at"`
	UpdatedAt            time.Time  `bun:"updated_at"`
	ConfirmedAt          *time.Time `bun:"confirmed_at"`
	CancelledAt          *time.Time `bun:"cancelled_at"`
}

type eventRow struct {
	bun.BaseModel `bun:"table:flight_order_events"`

	ID         string    `bun:"id,pk"`
	OrderID    string    `bun:"order_id"`
	FromStatus string    `bun:"from_status"`
	ToStatus   string    `bun:"to_status"`
	Note       string    `bun:"note"`
	CreatedAt  time.Time `bun:"created_at"`
}

type webhookRow struct {
	bun.BaseModel `bun:"table:flight_webhook_events"`

	ID         string    `bun:"id,pk"`
	Type       string    `bun:"type"`
	ReceivedAt time.Time `bun:"received_at"`
}
