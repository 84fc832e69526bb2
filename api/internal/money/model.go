package money

import (
	"time"

	"github.com/uptrace/bun"
)

// accountRow is a row of ledger_accounts.
type accountRow struct {
	bun.BaseModel `bun:"table:ledger_accounts"`
	ID            string    `bun:"id,pk"`
	Kind          string    `bun:"kind"`
	OwnerID       string    `bun:"owner_id"`
	Currency      string    `bun:"currency"`
	Balance       int64     `bun:"balance"`
	AllowNegative bool      `bun:"allow_negative"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

// entryRow is a row of journal_entries.
type entryRow struct {
	bun.BaseModel  `bun:"table:journal_entries"`
	ID             string    `bun:"id,pk"`
	Kind           string    `bun:"kind"`
	IdempotencyKey string    `bun:"idempotency_key"`
	Reason         string    `bun:"reason"`
	RefType        string    `bun:"ref_type"`
	RefID          string    `bun:"ref_id"`
	ActorID        string    `bun:"actor_id"`
	CreatedAt      time.Time `bun:"created_at"`
}

// postingRow is a row of postings.
type postingRow struct {
	bun.BaseModel `bun:"table:postings"`
	ID            string    `bun:"id,pk"`
	EntryID       string    `bun:"entry_id"`
	AccountID     string    `bun:"account_id"`
	Amount        int64     `bun:"amount"`
	Currency      string    `bun:"currency"`
	CreatedAt     time.Time `bun:"created_at"`
}

// txnRow is a row of wallet_transactions.
type txnRow struct {
	bun.BaseModel  `bun:"table:wallet_transactions"`
	ID             string     `bun:"id,pk"`
	UserID         string     `bun:"user_id"`
	EntryID        *string    `bun:"entry_id"`
	Type           string     `bun:"type"`
	Direction      string     `bun:"direction"`
	Amount         int64      `bun:"amount"`
	Fee            int64      `bun:"fee"`
	Currency       string     `bun:"currency"`
	Method         string     `bun:"method"`
	Status         string     `bun:"status"`
	Reference      string     `bun:"reference"`
	CounterpartyID *string    `bun:"counterparty_user_id"`
	RefType        string     `bun:"ref_type"`
	RefID          string     `bun:"ref_id"`
	Note           string     `bun:"note"`
	AvailableAt    *time.Time `bun:"available_at"`
	CreatedAt      time.Time  `bun:"created_at"`
	UpdatedAt      time.Time  `bun:"updated_at"`
}

func (r *txnRow) txn() Txn {
	t := Txn{ID: r.ID, UserID: r.UserID, EntryID: r.EntryID, Type: TxnType(r.Type), Direction: r.Direction,
		Amount: r.Amount, Fee: r.Fee, Currency: r.Currency, Method: Method(r.Method), Status: r.Status,
		Reference: r.Reference, CounterpartyID: r.CounterpartyID, RefType: r.RefType, RefID: r.RefID, Note: r.Note,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
	if r.AvailableAt != nil {
		a := r.AvailableAt.UTC()
		t.AvailableAt = &a
	}
	return t
}
