package packages

import (
	"time"

	"sojourn/api/internal/payments"
)

// Package is a bundle of sessions as the API shows it.
type Package struct {
	ID            string `json:"id"`
	ProviderID    string `json:"provider_id"`
	OfferingID    string `json:"offering_id"`
	OfferingTitle string `json:"offering_title"`
	Kind          string `json:"kind"`
	Title         string `json:"title"`
	Description   string `json:"description"`
	Sessions      int    `json:"sessions"`
	ValidDays     int    `json:"valid_days"`
	Price         int64  `json:"price"`
	Currency      string `json:"currency"`
	// RegularPrice is sessions × the offering's price; SavingsPct what the
	// package saves against it (whole percent, rounded down).
	RegularPrice int64     `json:"regular_price"`
	SavingsPct   int       `json:"savings_pct"`
	Active       bool      `json:"active"`
	CreatedAt    time.Time `json:"created_at"`
	UpdatedAt    time.Time `json:"updated_at"`
}

// PackageInput creates a package.
type PackageInput struct {
	OfferingID  string `json:"offering_id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Sessions    int    `json:"sessions"`
	ValidDays   int    `json:"valid_days"`
	Price       int64  `json:"price"`
	Active      *bool  `json:"active"`
}

// PackagePatch changes a package; absent fields stay. The offering cannot
// change (bought credits name it).
type PackagePatch struct {
	Title       *string `json:"title"`
	Description *string `json:"description"`
	Sessions    *int    `json:"sessions"`
	ValidDays   *int    `json:"valid_days"`
	Price       *int64  `json:"price"`
	Active      *bool   `json:"active"`
}

// PurchaseInput buys a package.
type PurchaseInput struct {
	PayWith string `json:"pay_with"`
}

// Purchase is one bought package: its credits and their state.
type Purchase struct {
	ID               string     `json:"id"`
	PackageID        string     `json:"package_id"`
	ProviderID       string     `json:"provider_id"`
	OfferingID       string     `json:"offering_id"`
	Title            string     `json:"title"`
	CreditsTotal     int        `json:"credits_total"`
	CreditsUsed      int        `json:"credits_used"`
	CreditsRemaining int        `json:"credits_remaining"`
	Price            int64      `json:"price"`
	Currency         string     `json:"currency"`
	Status           string     `json:"status"`
	PayWith          string     `json:"pay_with"`
	ValidUntil       *time.Time `json:"valid_until"`
	// RefundableAmount is what a refund now would return (the unused
	// credits' share of the price); 0 unless active.
	RefundableAmount int64     `json:"refundable_amount"`
	RefundedAmount   int64     `json:"refunded_amount"`
	CreatedAt        time.Time `json:"created_at"`
}

// PurchaseResult is a purchase paid from the wallet, or the card payment
// to complete.
type PurchaseResult struct {
	Purchase Purchase             `json:"purchase"`
	Payment  *payments.StartedDTO `json:"payment,omitempty"`
}
