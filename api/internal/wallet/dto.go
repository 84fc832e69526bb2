package wallet

import (
	"encoding/json"
	"time"

	"sojourn/api/internal/money"
)

// WalletDTO is GET /api/v1/wallet's data: Balance is null until activated.
type WalletDTO struct {
	Balance         *int64     `json:"balance"`
	Currency        string     `json:"currency,omitempty"`
	Available       *int64     `json:"available,omitempty"`
	Pending         *int64     `json:"pending,omitempty"`
	NextAvailableAt *time.Time `json:"next_available_at,omitempty"`
}

func toWallet(w *money.Wallet) WalletDTO {
	if w == nil {
		return WalletDTO{}
	}
	return WalletDTO{Balance: &w.Balance, Currency: w.Currency, Available: &w.Available, Pending: &w.Pending,
		NextAvailableAt: w.NextAvailableAt}
}

// Party is the other user of a transaction.
type Party struct {
	ID       string `json:"id"`
	Username string `json:"username"`
}

// PaidFor is what a transaction paid for.
type PaidFor struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

// TxnDTO is the API form of a history row.
type TxnDTO struct {
	ID           string     `json:"id"`
	Type         string     `json:"type"`
	Direction    string     `json:"direction"`
	Amount       int64      `json:"amount"`
	Fee          int64      `json:"fee"`
	Currency     string     `json:"currency"`
	Method       string     `json:"method"`
	Status       string     `json:"status"`
	Reference    string     `json:"reference"`
	Counterparty *Party     `json:"counterparty"`
	PaidFor      *PaidFor   `json:"paid_for"`
	EntryID      *string    `json:"entry_id"`
	Note         string     `json:"note"`
	AvailableAt  *time.Time `json:"available_at"`
	CreatedAt    time.Time  `json:"created_at"`
	UpdatedAt    time.Time  `json:"updated_at"`
}

func toTxn(t money.Txn, names map[string]string) TxnDTO {
	d := TxnDTO{ID: t.ID, Type: string(t.Type), Direction: t.Direction, Amount: t.Amount, Fee: t.Fee,
		Currency: t.Currency, Method: string(t.Method), Status: t.Status, Reference: t.Reference, EntryID: t.EntryID,
		Note: t.Note, AvailableAt: t.AvailableAt, CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt}
	if t.CounterpartyID != nil {
		d.Counterparty = &Party{ID: *t.CounterpartyID, Username: names[*t.CounterpartyID]}
	}
	if t.RefType != "" {
		d.PaidFor = &PaidFor{Type: t.RefType, ID: t.RefID}
	}
	return d
}

// TransferInput is the body of POST /api/v1/wallet/transfers. Amount is
// kept raw so that only a JSON integer is accepted (not 10.5, "100" or 1e3).
type TransferInput struct {
	To       string          `json:"to"`
	Amount   json.RawMessage `json:"amount"`
	Note     string          `json:"note"`
	Currency string          `json:"currency"`
}

// AdjustInput is the body of POST /api/v1/admin/ledger/adjustments.
type AdjustInput struct {
	UserID   string          `json:"user_id"`
	Account  string          `json:"account"`
	Amount   json.RawMessage `json:"amount"`
	Currency string          `json:"currency"`
	Reason   string          `json:"reason"`
}
