package packages

import (
	"time"

	"github.com/uptrace/bun"
)

// offerRow is a row of packages: what a provider sells.
type offerRow struct {
	bun.BaseModel `bun:"table:packages"`

	ID             string    `bun:"id,pk"`
	ProviderID     string    `bun:"provider_id"`
	ProviderUserID string    `bun:"provider_user_id"`
	OfferingID     string    `bun:"offering_id"`
	Kind           string    `bun:"kind"`
	Title          string    `bun:"title"`
	Description    string    `bun:"description"`
	Sessions       int       `bun:"sessions"`
	ValidDays      int       `bun:"valid_days"`
	Price          int64     `bun:"price"`
	Currency       string    `bun:"currency"`
	Active         bool      `bun:"active"`
	CreatedAt      time.Time `bun:"created_at"`
	UpdatedAt      time.Time `bun:"updated_at"`
}

// purchaseRow is a row of package_purchases: one buyer's credits.
type purchaseRow struct {
	bun.BaseModel `bun:"table:package_purchases"`

	ID               string     `bun:"id,pk"`
	PackageID        string     `bun:"package_id"`
	BuyerID          string     `bun:"buyer_id"`
	ProviderID       string     `bun:"provider_id"`
	ProviderUserID   string     `bun:"provider_user_id"`
	OfferingID       string     `bun:"offering_id"`
	Title            string     `bun:"title"`
	CreditsTotal     int        `bun:"credits_total"`
	CreditsUsed      int        `bun:"credits_used"`
	ValidDays        int        `bun:"valid_days"`
	Price            int64      `bun:"price"`
	Currency         string     `bun:"currency"`
	Status           string     `bun:"status"`
	PayWith          string     `bun:"pay_with"`
	PaymentReference string     `bun:"payment_reference"`
	PurchaseKey      string     `bun:"purchase_key"`
	ValidUntil       *time.Time `bun:"valid_until"`
	RefundedAmount   int64      `bun:"refunded_amount"`
	ClosedAt         *time.Time `bun:"closed_at"`
	CreatedAt        time.Time  `bun:"created_at"`
	UpdatedAt        time.Time  `bun:"updated_at"`
}

// useRow is a row of package_credit_uses: one credit spent on a booking.
type useRow struct {
	bun.BaseModel `bun:"table:package_credit_uses"`

	ID         string    `bun:"id,pk"`
	PurchaseID string    `bun:"purchase_id"`
	BookingID  string    `bun:"booking_id"`
	Amount     int64     `bun:"amount"`
	Status     string    `bun:"status"`
	CreatedAt  time.Time `bun:"created_at"`
	UpdatedAt  time.Time `bun:"updated_at"`
}

// Purchase statuses.
const (
	StatusPending   = "pending"   // a card payment is under way
	StatusActive    = "active"    // paid; credits may be spent until valid_until
	StatusExpired   = "expired"   // valid_until passed; unused credits were refunded to the wallet
	StatusRefunded  = "refunded"  // the buyer asked for the unused credits' refund
	StatusCancelled = "cancelled" // the card payment failed or was abandoned
)

// Statuses lists every purchase status (the contract's enum).
var Statuses = []string{StatusPending, StatusActive, StatusExpired, StatusRefunded, StatusCancelled}

// Credit use statuses.
const (
	UseConsumed = "consumed"
	UseReturned = "returned"
)

// Ways to pay.
const (
	PayWallet   = "wallet"
	PayPaystack = "paystack"
)

// PurposePackage is the payment purpose of packages paid by card.
const PurposePackage = "package"
