package ticketing

import (
	"time"

	"github.com/uptrace/bun"
)

// States (TEXT columns, validated here).
const (
	StatusOnSale    = "on_sale"
	StatusCancelled = "cancelled"
	StatusSettled   = "settled"

	OrganiserSojourn  = "sojourn"
	OrganiserProvider = "provider"

	OrderHeld      = "held"
	OrderPaid      = "paid"
	OrderExpired   = "expired"
	OrderCancelled = "cancelled"
	OrderRefunded  = "refunded"

	TicketHeld  = "held"
	TicketValid = "valid"
	TicketVoid  = "void"

	PayWallet = "wallet"
	PayFree   = "free"

	ScanAdmitted   = "admitted"
	ScanUsed       = "already_used"
	ScanForged     = "forged"
	ScanVoid       = "void"
	ScanWrongEvent = "wrong_event"
)

// Limits of the input and timing.
const (
	HoldFor        = 10 * time.Minute
	MaxPerOrder    = 20
	MaxQuota       = 100_000
	MaxPrice       = 100_000_000
	MaxTypes       = 20
	MaxRefundDays  = 365
	MaxEventLength = 31 * 24 * time.Hour
	MaxLeadStart   = 2 * 365 * 24 * time.Hour
	SojournName    = "Sojourn"
)

// Categories an event may have.
var Categories = []string{"food", "music", "culture", "wellness", "outdoors", "workshop", "nightlife", "business", "other"}

type eventRow struct {
	bun.BaseModel `bun:"table:tk_events,alias:e"`

	ID            string    `bun:"id,pk"`
	OrganiserKind string    `bun:"organiser_kind"`
	OrganiserID   string    `bun:"organiser_id"`
	OrganiserName string    `bun:"organiser_name"`
	Title         string    `bun:"title"`
	Description   string    `bun:"description"`
	Category      string    `bun:"category"`
	Online        bool      `bun:"online"`
	Venue         string    `bun:"venue"`
	Address       string    `bun:"address"`
	City          string    `bun:"city"`
	StartsAt      time.Time `bun:"starts_at"`
	EndsAt        time.Time `bun:"ends_at"`
	TimeZone      string    `bun:"time_zone"`
	RefundDays    int       `bun:"refund_days"`
	Status        string    `bun:"status"`
	MinPrice      int64     `bun:"min_price"`
	CancelReason  *string   `bun:"cancel_reason"`
	CreatedBy     string    `bun:"created_by"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

type quotaRow struct {
	bun.BaseModel `bun:"table:tk_quotas,alias:q"`

	ID      string `bun:"id,pk"`
	EventID string `bun:"event_id"`
	Name    string `bun:"name"`
	Size    int    `bun:"size"`
	Sold    int    `bun:"sold"`
	Held    int    `bun:"held"`
}

type typeRow struct {
	bun.BaseModel `bun:"table:tk_ticket_types,alias:tt"`

	ID          string     `bun:"id,pk"`
	EventID     string     `bun:"event_id"`
	QuotaID     string     `bun:"quota_id"`
	Name        string     `bun:"name"`
	Price       int64      `bun:"price"`
	Currency    string     `bun:"currency"`
	MaxPerOrder int        `bun:"max_per_order"`
	SalesStart  *time.Time `bun:"sales_start"`
	SalesEnd    *time.Time `bun:"sales_end"`
	UnlockCode  *string    `bun:"unlock_code"`
	CreatedAt   time.Time  `bun:"created_at"`
}

type orderRow struct {
	bun.BaseModel `bun:"table:tk_orders,alias:o"`

	ID        string    `bun:"id,pk"`
	EventID   string    `bun:"event_id"`
	UserID    string    `bun:"user_id"`
	Status    string    `bun:"status"`
	PayWith   string    `bun:"pay_with"`
	Total     int64     `bun:"total"`
	Currency  string    `bun:"currency"`
	HoldUntil time.Time `bun:"hold_until"`
	BuyKey    string    `bun:"buy_key"`
	Settled   bool      `bun:"settled"`
	CreatedAt time.Time `bun:"created_at"`
	UpdatedAt time.Time `bun:"updated_at"`
}

type ticketRow struct {
	bun.BaseModel `bun:"table:tk_tickets,alias:t"`

	ID           string     `bun:"id,pk"`
	OrderID      string     `bun:"order_id"`
	EventID      string     `bun:"event_id"`
	TypeID       string     `bun:"type_id"`
	QuotaID      string     `bun:"quota_id"`
	HolderID     string     `bun:"holder_id"`
	AttendeeName string     `bun:"attendee_name"`
	Price        int64      `bun:"price"`
	Status       string     `bun:"status"`
	Version      int        `bun:"version"`
	CheckedInAt  *time.Time `bun:"checked_in_at"`
	CreatedAt    time.Time  `bun:"created_at"`
	UpdatedAt    time.Time  `bun:"updated_at"`
}

type checkinRow struct {
	bun.BaseModel `bun:"table:tk_checkins,alias:c"`

	ID        string    `bun:"id,pk"`
	EventID   string    `bun:"event_id"`
	TicketID  *string   `bun:"ticket_id"`
	ScannedBy string    `bun:"scanned_by"`
	Result    string    `bun:"result"`
	CreatedAt time.Time `bun:"created_at"`
}
