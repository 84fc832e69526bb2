package payments

import (
	"time"

	"github.com/uptrace/bun"
)

// paymentRow is a row of payments.
type paymentRow struct {
	bun.BaseModel    `bun:"table:payments,alias:p"`
	ID               string     `bun:"id,pk"`
	Reference        string     `bun:"reference"`
	UserID           string     `bun:"user_id"`
	Purpose          string     `bun:"purpose"`
	PurposeID        string     `bun:"purpose_id"`
	Amount           int64      `bun:"amount"`
	Currency         string     `bun:"currency"`
	Status           string     `bun:"status"`
	AccessCode       string     `bun:"access_code"`
	AuthorizationURL string     `bun:"authorization_url"`
	PaystackID       int64      `bun:"paystack_id"`
	Channel          string     `bun:"channel"`
	PaidAt           *time.Time `bun:"paid_at"`
	RefundedAmount   int64      `bun:"refunded_amount"`
	Mismatch         bool       `bun:"mismatch"`
	FailureReason    string     `bun:"failure_reason"`
	CreatedAt        time.Time  `bun:"created_at"`
	UpdatedAt        time.Time  `bun:"updated_at"`
}

func (r *paymentRow) payment() Payment {
	p := Payment{ID: r.ID, Reference: r.Reference, UserID: r.UserID, Purpose: r.Purpose, PurposeID: r.PurposeID,
		Amount: r.Amount, Currency: r.Currency, Status: r.Status, AccessCode: r.AccessCode,
		AuthorizationURL: r.AuthorizationURL, PaystackID: r.PaystackID, Channel: r.Channel,
		RefundedAmount: r.RefundedAmount, FailureReason: r.FailureReason, CreatedAt: r.CreatedAt.UTC(),
		UpdatedAt: r.UpdatedAt.UTC()}
	if r.PaidAt != nil {
		t := r.PaidAt.UTC()
		p.PaidAt = &t
	}
	return p
}

// refundRow is a row of payment_refunds.
type refundRow struct {
	bun.BaseModel    `bun:"table:payment_refunds"`
	ID               string    `bun:"id,pk"`
	PaymentID        string    `bun:"payment_id"`
	Reference        string    `bun:"reference"`
	Amount           int64     `bun:"amount"`
	Currency         string    `bun:"currency"`
	Status           string    `bun:"status"`
	Reason           string    `bun:"reason"`
	ActorID          string    `bun:"actor_id"`
	RequestKey       string    `bun:"request_key"`
	PaystackRefundID int64     `bun:"paystack_refund_id"`
	FailureReason    string    `bun:"failure_reason"`
	CreatedAt        time.Time `bun:"created_at"`
	UpdatedAt        time.Time `bun:"updated_at"`
}

// accountRow is a row of payout_accounts.
type accountRow struct {
	bun.BaseModel `bun:"table:payout_accounts"`
	ID            string    `bun:"id,pk"`
	UserID        string    `bun:"user_id"`
	Currency      string    `bun:"currency"`
	BankCode      string    `bun:"bank_code"`
	BankName      string    `bun:"bank_name"`
	AccountNumber string    `bun:"account_number"`
	AccountName   string    `bun:"account_name"`
	RecipientCode string    `bun:"recipient_code"`
	Active        bool      `bun:"active"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

// payoutRow is a row of payouts.
type payoutRow struct {
	bun.BaseModel   `bun:"table:payouts,alias:po"`
	ID              string     `bun:"id,pk"`
	Reference       string     `bun:"reference"`
	UserID          string     `bun:"user_id"`
	PayoutAccountID string     `bun:"payout_account_id"`
	RequestKey      string     `bun:"request_key"`
	Amount          int64      `bun:"amount"`
	Fee             int64      `bun:"fee"`
	NetAmount       int64      `bun:"net_amount"`
	Currency        string     `bun:"currency"`
	Status          string     `bun:"status"`
	TransferCode    string     `bun:"transfer_code"`
	PaystackID      int64      `bun:"paystack_id"`
	FailureReason   string     `bun:"failure_reason"`
	SettledAt       *time.Time `bun:"settled_at"`
	CreatedAt       time.Time  `bun:"created_at"`
	UpdatedAt       time.Time  `bun:"updated_at"`
}

// payoutWithAccount is a payout with the bank account it went to.
type payoutWithAccount struct {
	payoutRow     `bun:",extend"`
	BankName      string `bun:"bank_name"`
	AccountNumber string `bun:"account_number"`
	AccountName   string `bun:"account_name"`
}
