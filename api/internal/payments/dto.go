package payments

import (
	"strconv"
	"time"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/money"
)

func formatMinor(n int64) string { return strconv.FormatInt(n, 10) }

// StartedDTO is the answer to a started card payment: where to send the
// browser (authorization_url), or the access code for the Paystack popup.
type StartedDTO struct {
	Reference        string  `json:"reference"`
	AuthorizationURL string  `json:"authorization_url"`
	AccessCode       string  `json:"access_code"`
	PublicKey        *string `json:"public_key"`
}

// ToStarted is the API form of a started payment.
func ToStarted(p Payment) StartedDTO {
	d := StartedDTO{Reference: p.Reference, AuthorizationURL: p.AuthorizationURL, AccessCode: p.AccessCode}
	if p.PublicKey != "" {
		d.PublicKey = &p.PublicKey
	}
	return d
}

// PaymentDTO is a payment as its payer sees it (the verify answer).
type PaymentDTO struct {
	Reference     string     `json:"reference"`
	Status        string     `json:"status"`
	Amount        int64      `json:"amount"`
	Currency      string     `json:"currency"`
	Purpose       string     `json:"purpose"`
	PurposeID     string     `json:"purpose_id"`
	PaidAt        *time.Time `json:"paid_at"`
	FailureReason string     `json:"failure_reason"`
}

func toPaymentDTO(p Payment) PaymentDTO {
	return PaymentDTO{Reference: p.Reference, Status: p.Status, Amount: p.Amount, Currency: p.Currency,
		Purpose: p.Purpose, PurposeID: p.PurposeID, PaidAt: p.PaidAt, FailureReason: p.FailureReason}
}

// BankDTO is a bank payouts can go to.
type BankDTO struct {
	Name     string `json:"name"`
	Code     string `json:"code"`
	Slug     string `json:"slug"`
	Currency string `json:"currency"`
	Type     string `json:"type"`
}

// Account is a payout bank account.
type Account struct {
	ID            string    `json:"id"`
	Currency      string    `json:"currency"`
	BankCode      string    `json:"bank_code"`
	BankName      string    `json:"bank_name"`
	AccountNumber string    `json:"account_number"`
	AccountName   string    `json:"account_name"`
	CreatedAt     time.Time `json:"created_at"`
}

func toAccount(r *accountRow) Account {
	return Account{ID: r.ID, Currency: r.Currency, BankCode: r.BankCode, BankName: r.BankName,
		AccountNumber: r.AccountNumber, AccountName: r.AccountName, CreatedAt: r.CreatedAt.UTC()}
}

// Payout is a withdrawal of earnings to a bank account: Amount leaves the
// available earnings, Fee is kept, NetAmount reaches the bank.
type Payout struct {
	ID            string     `json:"id"`
	Reference     string     `json:"reference"`
	Amount        int64      `json:"amount"`
	Fee           int64      `json:"fee"`
	NetAmount     int64      `json:"net_amount"`
	Currency      string     `json:"currency"`
	Status        string     `json:"status"`
	BankName      string     `json:"bank_name"`
	AccountNumber string     `json:"account_number"`
	AccountName   string     `json:"account_name"`
	FailureReason string     `json:"failure_reason"`
	SettledAt     *time.Time `json:"settled_at"`
	CreatedAt     time.Time  `json:"created_at"`
	UpdatedAt     time.Time  `json:"updated_at"`
}

func toPayout(r *payoutWithAccount) Payout {
	p := Payout{ID: r.ID, Reference: r.Reference, Amount: r.Amount, Fee: r.Fee, NetAmount: r.NetAmount,
		Currency: r.Currency, Status: r.Status, BankName: r.BankName, AccountNumber: lastFour(r.AccountNumber),
		AccountName: r.AccountName, FailureReason: r.FailureReason, CreatedAt: r.CreatedAt.UTC(),
		UpdatedAt: r.UpdatedAt.UTC()}
	if r.SettledAt != nil {
		t := r.SettledAt.UTC()
		p.SettledAt = &t
	}
	return p
}

// Earnings is a provider's earnings: Pending becomes Available line by line
// (each line's available_at; the soonest is NextAvailableAt); MinPayout and
// PayoutFee are what a withdrawal needs and costs.
type Earnings struct {
	Currency        string        `json:"currency"`
	Pending         int64         `json:"pending"`
	Available       int64         `json:"available"`
	NextAvailableAt *time.Time    `json:"next_available_at"`
	MinPayout       int64         `json:"min_payout"`
	PayoutFee       int64         `json:"payout_fee"`
	Lines           []EarningLine `json:"lines"`
}

// PaidFor names what an earning was for.
type PaidFor struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

// EarningLine is one released payment: Amount (after the platform's Fee)
// is pending until AvailableAt, then available (status completed).
type EarningLine struct {
	ID          string     `json:"id"`
	Amount      int64      `json:"amount"`
	Fee         int64      `json:"fee"`
	Currency    string     `json:"currency"`
	Status      string     `json:"status"`
	Reference   string     `json:"reference"`
	PaidFor     *PaidFor   `json:"paid_for"`
	Note        string     `json:"note"`
	AvailableAt *time.Time `json:"available_at"`
	CreatedAt   time.Time  `json:"created_at"`
}

func toEarningLine(t money.Txn) EarningLine {
	l := EarningLine{ID: t.ID, Amount: t.Amount, Fee: t.Fee, Currency: t.Currency, Status: t.Status,
		Reference: t.Reference, Note: t.Note, AvailableAt: t.AvailableAt, CreatedAt: t.CreatedAt}
	if t.RefType != "" {
		l.PaidFor = &PaidFor{Type: t.RefType, ID: t.RefID}
	}
	return l
}

// Payer is the user who paid.
type Payer struct {
	ID       string `json:"id"`
	Email    string `json:"email"`
	Username string `json:"username"`
}

// RefundDTO is one refund of a payment.
type RefundDTO struct {
	ID            string    `json:"id"`
	Reference     string    `json:"reference"`
	Amount        int64     `json:"amount"`
	Currency      string    `json:"currency"`
	Status        string    `json:"status"`
	Reason        string    `json:"reason"`
	FailureReason string    `json:"failure_reason"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
}

// AdminPayment is a payment as admins see it.
type AdminPayment struct {
	Reference      string      `json:"reference"`
	User           Payer       `json:"user"`
	Purpose        string      `json:"purpose"`
	PurposeID      string      `json:"purpose_id"`
	Amount         int64       `json:"amount"`
	Currency       string      `json:"currency"`
	Status         string      `json:"status"`
	Channel        string      `json:"channel"`
	PaidAt         *time.Time  `json:"paid_at"`
	RefundedAmount int64       `json:"refunded_amount"`
	FailureReason  string      `json:"failure_reason"`
	Refunds        []RefundDTO `json:"refunds"`
	CreatedAt      time.Time   `json:"created_at"`
	UpdatedAt      time.Time   `json:"updated_at"`
}

func toAdminPayment(r *paymentRow, payer accounts.Person, refunds []refundRow) AdminPayment {
	p := r.payment()
	out := AdminPayment{Reference: p.Reference, User: Payer{ID: p.UserID, Email: payer.Email, Username: payer.Username},
		Purpose: p.Purpose, PurposeID: p.PurposeID, Amount: p.Amount, Currency: p.Currency, Status: p.Status,
		Channel: p.Channel, PaidAt: p.PaidAt, RefundedAmount: p.RefundedAmount, FailureReason: p.FailureReason,
		Refunds: make([]RefundDTO, 0, len(refunds)), CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
	for _, rf := range refunds {
		out.Refunds = append(out.Refunds, RefundDTO{ID: rf.ID, Reference: rf.Reference, Amount: rf.Amount,
			Currency: rf.Currency, Status: rf.Status, Reason: rf.Reason, FailureReason: rf.FailureReason,
			CreatedAt: rf.CreatedAt.UTC(), UpdatedAt: rf.UpdatedAt.UTC()})
	}
	return out
}
