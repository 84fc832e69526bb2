package giftcards

import (
	"encoding/json"
	"time"

	"sojourn/api/internal/payments"
)

// Product is the API form of a gift-card product. AmountType is "fixed"
// (Denominations lists the amounts on sale) or "custom" (any amount from
// MinAmount to MaxAmount). Amounts are minor units.
type Product struct {
	ID            string    `json:"id"`
	Name          string    `json:"name"`
	Description   string    `json:"description"`
	ImageURL      *string   `json:"image_url"`
	Currency      string    `json:"currency"`
	AmountType    string    `json:"amount_type"`
	Denominations []int64   `json:"denominations"`
	MinAmount     *int64    `json:"min_amount"`
	MaxAmount     *int64    `json:"max_amount"`
	Active        bool      `json:"active"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
}

func toProduct(r *productRow) Product {
	p := Product{ID: r.ID, Name: r.Name, Description: r.Description, Currency: r.Currency, Active: r.Active,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt, Denominations: denominationsOf(r)}
	if r.ImageURL != "" {
		u := r.ImageURL
		p.ImageURL = &u
	}
	if len(p.Denominations) > 0 {
		p.AmountType = "fixed"
	} else {
		p.AmountType = "custom"
		lo, hi := r.MinAmount, r.MaxAmount
		p.MinAmount, p.MaxAmount = &lo, &hi
	}
	return p
}

// denominationsOf decodes the stored list (written only by this package).
func denominationsOf(r *productRow) []int64 {
	out := []int64{}
	_ = json.Unmarshal([]byte(r.Denominations), &out)
	return out
}

// ProductInput is the body of POST /api/v1/admin/gift-cards/products: either
// Denominations or MinAmount and MaxAmount.
type ProductInput struct {
	Name          string  `json:"name"`
	Description   string  `json:"description"`
	Currency      string  `json:"currency"`
	Denominations []int64 `json:"denominations"`
	MinAmount     *int64  `json:"min_amount"`
	MaxAmount     *int64  `json:"max_amount"`
	Active        *bool   `json:"active"`
}

// ProductPatch is the body of PATCH /api/v1/admin/gift-cards/products/{id};
// absent fields stay as they are. Sending denominations makes the product
// fixed-amount, sending min_amount and max_amount makes it custom.
type ProductPatch struct {
	Name          *string  `json:"name"`
	Description   *string  `json:"description"`
	Currency      *string  `json:"currency"`
	Denominations *[]int64 `json:"denominations"`
	MinAmount     *int64   `json:"min_amount"`
	MaxAmount     *int64   `json:"max_amount"`
	Active        *bool    `json:"active"`
}

// PurchaseInput is the body of POST /api/v1/gift-cards/purchases.
type PurchaseInput struct {
	ProductID      string `json:"product_id"`
	Amount         *int64 `json:"amount"`
	RecipientEmail string `json:"recipient_email"`
	RecipientName  string `json:"recipient_name"`
	Message        string `json:"message"`
	PayWith        string `json:"pay_with"`
}

// ProductRef names a card's product.
type ProductRef struct {
	ID       string  `json:"id"`
	Name     string  `json:"name"`
	ImageURL *string `json:"image_url"`
}

// Actor is the user behind an event (null for the system).
type Actor struct {
	ID       string `json:"id"`
	Username string `json:"username"`
}

// Event is one line of a card's history.
type Event struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	Amount    int64     `json:"amount"`
	Actor     *Actor    `json:"actor"`
	Details   string    `json:"details"`
	CreatedAt time.Time `json:"created_at"`
}

// Card is the API form of a gift card. Code is present only in the answer
// to the wallet purchase that issued it, or to the one reveal of a card
// paid by card (CodeRevealable says that reveal is still to come); every
// other read shows CodeLast4 only.
type Card struct {
	ID             string     `json:"id"`
	Product        ProductRef `json:"product"`
	Code           *string    `json:"code,omitempty"`
	CodeLast4      string     `json:"code_last4"`
	CodeRevealable bool       `json:"code_revealable"`
	Amount         int64      `json:"amount"`
	Balance        int64      `json:"balance"`
	Currency       string     `json:"currency"`
	Status         string     `json:"status"`
	ExpiresAt      *time.Time `json:"expires_at"`
	PurchaserID    string     `json:"purchaser_id"`
	RecipientEmail string     `json:"recipient_email"`
	RecipientName  string     `json:"recipient_name"`
	Message        string     `json:"message"`
	PayWith        string     `json:"pay_with"`
	RedeemedAt     *time.Time `json:"redeemed_at"`
	CreatedAt      time.Time  `json:"created_at"`
	Events         []Event    `json:"events,omitempty"`
}

func toCard(r *cardRow, p *productRow) Card {
	c := Card{ID: r.ID, Product: ProductRef{ID: r.ProductID}, CodeLast4: r.CodeLast4,
		CodeRevealable: r.SealedCode != nil, Amount: r.Amount,
		Balance: r.Balance, Currency: r.Currency, Status: r.Status, ExpiresAt: r.ExpiresAt, PurchaserID: r.PurchaserID,
		RecipientEmail: r.RecipientEmail, RecipientName: r.RecipientName, Message: r.Message, PayWith: r.PayWith,
		RedeemedAt: r.RedeemedAt, CreatedAt: r.CreatedAt}
	if p != nil {
		c.Product.Name = p.Name
		if p.ImageURL != "" {
			u := p.ImageURL
			c.Product.ImageURL = &u
		}
	}
	return c
}

// Sender is the person who bought a received card.
type Sender struct {
	Username    string `json:"username"`
	DisplayName string `json:"display_name"`
}

// ReceivedCard is a card on its recipient's received list: the card, when
// they received it, who it is from, and what they may do with it.
// AddressedToYou says it was bought for their verified email (and
// CanRedeem that they can add it to their wallet from the list, without
// its code); RedeemedByYou that it went into their wallet (a card addressed
// to them but redeemed by someone else with its code shows redeemed, not
// by them).
type ReceivedCard struct {
	Card
	ReceivedAt     time.Time `json:"received_at"`
	From           *Sender   `json:"from"`
	AddressedToYou bool      `json:"addressed_to_you"`
	RedeemedByYou  bool      `json:"redeemed_by_you"`
	CanRedeem      bool      `json:"can_redeem"`
}

// Payment is the card payment a Paystack purchase starts (the payments
// domain's answer, so both purchase paths answer alike).
type Payment = payments.StartedDTO

// PurchaseResult is the data of a purchase's answer: the card (paid from
// the wallet) or the payment to complete (paid by card).
type PurchaseResult struct {
	Card    *Card    `json:"card,omitempty"`
	Payment *Payment `json:"payment,omitempty"`
}

// RedeemInput is the body of POST /api/v1/gift-cards/redeem.
type RedeemInput struct {
	Code string `json:"code"`
}

// Redemption is the answer to a redeem: what was credited and the wallet's
// new balance.
type Redemption struct {
	CardID        string `json:"card_id"`
	CodeLast4     string `json:"code_last4"`
	Amount        int64  `json:"amount"`
	Currency      string `json:"currency"`
	Reference     string `json:"reference"`
	WalletBalance int64  `json:"wallet_balance"`
}
