package giftcards

import (
	"time"

	"github.com/uptrace/bun"
)

// Card states. A card paid by card is pending (with no code yet) until the
// payment settles, and cancelled when the payment fails or is abandoned
// (a payment that still succeeds later issues it after all); pending and
// cancelled cards are not shown anywhere and never redeem. A refunded card
// was returned to the card it was paid with before any redemption.
const (
	StatusPending   = "pending"
	StatusActive    = "active"
	StatusRedeemed  = "redeemed"
	StatusExpired   = "expired"
	StatusCancelled = "cancelled"
	StatusRefunded  = "refunded"
)

// Payment methods of a purchase.
const (
	PayWallet   = "wallet"
	PayPaystack = "paystack"
)

// Event types of a card's history.
const (
	EventIssued    = "issued"
	EventSent      = "sent"
	EventRedeemed  = "redeemed"
	EventExpired   = "expired"
	EventRevealed  = "revealed"
	EventCancelled = "cancelled"
	EventRefunded  = "refunded"
)

// productRow is a row of gift_card_products.
type productRow struct {
	bun.BaseModel `bun:"table:gift_card_products"`
	ID            string    `bun:"id,pk"`
	Name          string    `bun:"name"`
	Description   string    `bun:"description"`
	ImageURL      string    `bun:"image_url"`
	Currency      string    `bun:"currency"`
	Denominations string    `bun:"denominations"` // JSON array of minor units
	MinAmount     int64     `bun:"min_amount"`
	MaxAmount     int64     `bun:"max_amount"`
	Active        bool      `bun:"active"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

// cardRow is a row of gift_cards.
type cardRow struct {
	bun.BaseModel  `bun:"table:gift_cards"`
	ID             string     `bun:"id,pk"`
	ProductID      string     `bun:"product_id"`
	CodeHash       *string    `bun:"code_hash"`
	CodeLast4      string     `bun:"code_last4"`
	Amount         int64      `bun:"amount"`
	Balance        int64      `bun:"balance"`
	Currency       string     `bun:"currency"`
	Status         string     `bun:"status"`
	ExpiresAt      *time.Time `bun:"expires_at"`
	PurchaserID    string     `bun:"purchaser_id"`
	RecipientEmail string     `bun:"recipient_email"`
	// RecipientEmailKey is RecipientEmail as accounts compares addresses
	// (accounts.FoldHandle): the received list and the one-click redeem
	// match it against the caller's verified email.
	RecipientEmailKey string     `bun:"recipient_email_key"`
	RecipientName     string     `bun:"recipient_name"`
	Message           string     `bun:"message"`
	PayWith           string     `bun:"pay_with"`
	PaymentReference  string     `bun:"payment_reference"`
	PurchaseKey       string     `bun:"purchase_key"`
	RedeemedBy        *string    `bun:"redeemed_by"`
	RedeemedAt        *time.Time `bun:"redeemed_at"`
	// IssuedAt is when the card was issued (nil while its card payment is
	// pending, and for cancelled cards): its recipient received it then.
	IssuedAt  *time.Time `bun:"issued_at"`
	CreatedAt time.Time  `bun:"created_at"`
	UpdatedAt time.Time  `bun:"updated_at"`
	// SealedCode is the code of a card paid by card, sealed (revealBox)
	// until its buyer reveals it once; nil for wallet purchases (shown in
	// the purchase answer) and after the reveal.
	SealedCode *string `bun:"sealed_code"`
}

// eventRow is a row of gift_card_events (insert only).
type eventRow struct {
	bun.BaseModel `bun:"table:gift_card_events"`
	ID            string    `bun:"id,pk"`
	CardID        string    `bun:"card_id"`
	Type          string    `bun:"type"`
	ActorID       *string   `bun:"actor_id"`
	Amount        int64     `bun:"amount"`
	Details       string    `bun:"details"`
	CreatedAt     time.Time `bun:"created_at"`
}

// deliveryRow is a row of gift_card_deliveries: a sealed code waiting to be
// emailed.
type deliveryRow struct {
	bun.BaseModel `bun:"table:gift_card_deliveries"`
	CardID        string     `bun:"card_id,pk"`
	SealedCode    string     `bun:"sealed_code"`
	Attempts      int        `bun:"attempts"`
	ClaimedAt     *time.Time `bun:"claimed_at"`
	CreatedAt     time.Time  `bun:"created_at"`
}
