package paystack

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
)

// The sandbox's rows. They are never serialised directly: sandbox.go turns
// them into the JSON shapes Paystack answers with.

type sbTransaction struct {
	bun.BaseModel `bun:"table:paystack_sandbox_transactions"`

	ID              string     `bun:"id,pk"`
	PaystackID      int64      `bun:"paystack_id"`
	Reference       string     `bun:"reference"`
	AccessCode      string     `bun:"access_code"`
	Email           string     `bun:"email"`
	Amount          int64      `bun:"amount"`
	Currency        string     `bun:"currency"`
	CallbackURL     string     `bun:"callback_url"`
	Metadata        string     `bun:"metadata"`
	Status          string     `bun:"status"`
	GatewayResponse string     `bun:"gateway_response"`
	CheckoutState   string     `bun:"checkout_state"`
	RefundedAmount  int64      `bun:"refunded_amount"`
	IPAddress       string     `bun:"ip_address"`
	PaidAt          *time.Time `bun:"paid_at,nullzero"`
	CreatedAt       time.Time  `bun:"created_at"`
	UpdatedAt       time.Time  `bun:"updated_at"`
}

type sbRecipient struct {
	bun.BaseModel `bun:"table:paystack_sandbox_recipients"`

	ID            string    `bun:"id,pk"`
	PaystackID    int64     `bun:"paystack_id"`
	RecipientCode string    `bun:"recipient_code"`
	Type          string    `bun:"type"`
	Name          string    `bun:"name"`
	AccountNumber string    `bun:"account_number"`
	BankCode      string    `bun:"bank_code"`
	BankName      string    `bun:"bank_name"`
	Currency      string    `bun:"currency"`
	Description   string    `bun:"description"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

type sbTransfer struct {
	bun.BaseModel `bun:"table:paystack_sandbox_transfers"`

	ID            string     `bun:"id,pk"`
	PaystackID    int64      `bun:"paystack_id"`
	TransferCode  string     `bun:"transfer_code"`
	Reference     string     `bun:"reference"`
	RecipientID   string     `bun:"recipient_id"`
	Amount        int64      `bun:"amount"`
	Currency      string     `bun:"currency"`
	Source        string     `bun:"source"`
	Reason        string     `bun:"reason"`
	Status        string     `bun:"status"`
	TransferredAt *time.Time `bun:"transferred_at,nullzero"`
	CreatedAt     time.Time  `bun:"created_at"`
	UpdatedAt     time.Time  `bun:"updated_at"`
}

type sbRefund struct {
	bun.BaseModel `bun:"table:paystack_sandbox_refunds"`

	ID              string     `bun:"id,pk"`
	PaystackID      int64      `bun:"paystack_id"`
	RefundReference string     `bun:"refund_reference"`
	TransactionID   string     `bun:"transaction_id"`
	Amount          int64      `bun:"amount"`
	Currency        string     `bun:"currency"`
	Status          string     `bun:"status"`
	CustomerNote    string     `bun:"customer_note"`
	MerchantNote    string     `bun:"merchant_note"`
	ProcessedAt     *time.Time `bun:"processed_at,nullzero"`
	CreatedAt       time.Time  `bun:"created_at"`
	UpdatedAt       time.Time  `bun:"updated_at"`
}

var (
	errNotFound  = errors.New("paystack sandbox: not found")
	errDuplicate = errors.New("paystack sandbox: duplicate reference")
	// errRefundTooLarge: the charge is not refundable for that amount (not
	// paid, or the refunds would exceed what was paid).
	errRefundTooLarge = errors.New("paystack sandbox: refund exceeds the refundable amount")
)

// sbStore holds the sandbox's queries.
type sbStore struct{ db bun.IDB }

// insertUnique inserts a row that carries a caller-chosen unique reference and
// a random numeric Paystack id. A unique violation is a duplicate reference
// when exists says so; otherwise the random id collided and another is drawn.
func insertUnique(ctx context.Context, idb bun.IDB, row any, setID func(int64), exists func() (bool, error)) error {
	for range 5 {
		setID(paystackID())
		_, err := idb.NewInsert().Model(row).Exec(ctx)
		if err == nil {
			return nil
		}
		if !db.IsUniqueViolation(err) {
			return err
		}
		dup, xerr := exists()
		if xerr != nil {
			return xerr
		}
		if dup {
			return errDuplicate
		}
	}
	return errors.New("paystack sandbox: could not draw a free id")
}

func (s sbStore) createTransaction(ctx context.Context, t *sbTransaction) error {
	return insertUnique(ctx, s.db, t, func(id int64) { t.PaystackID = id }, func() (bool, error) {
		return s.db.NewSelect().Model((*sbTransaction)(nil)).Where("reference = ?", t.Reference).Exists(ctx)
	})
}

func (s sbStore) transactionBy(ctx context.Context, column, value string) (*sbTransaction, error) {
	var t sbTransaction
	err := s.db.NewSelect().Model(&t).Where("? = ?", bun.Ident(column), value).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound
	}
	return &t, err
}

func (s sbStore) transactionByReference(ctx context.Context, ref string) (*sbTransaction, error) {
	return s.transactionBy(ctx, "reference", ref)
}

func (s sbStore) transactionByAccessCode(ctx context.Context, code string) (*sbTransaction, error) {
	return s.transactionBy(ctx, "access_code", code)
}

// transactionForRefund finds a charge by reference, or by its numeric id as
// Paystack's refund endpoint also accepts.
func (s sbStore) transactionForRefund(ctx context.Context, key string) (*sbTransaction, error) {
	t, err := s.transactionByReference(ctx, key)
	if !errors.Is(err, errNotFound) {
		return t, err
	}
	n, perr := strconv.ParseInt(key, 10, 64)
	if perr != nil {
		return nil, errNotFound
	}
	var byID sbTransaction
	err = s.db.NewSelect().Model(&byID).Where("paystack_id = ?", n).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound
	}
	return &byID, err
}

// finishCheckout records the tester's outcome once: the update matches only
// an open checkout, so a second post (or a race of two) changes nothing and
// reports false.
func (s sbStore) finishCheckout(ctx context.Context, id, state, status, gateway, ip string, paidAt *time.Time, now time.Time) (bool, error) {
	q := s.db.NewUpdate().Model((*sbTransaction)(nil)).
		Set("checkout_state = ?", state).
		Set("status = ?", status).
		Set("gateway_response = ?", gateway).
		Set("ip_address = ?", ip).
		Set("updated_at = ?", now).
		Where("id = ?", id).
		Where("checkout_state = ?", "open")
	if paidAt != nil {
		q = q.Set("paid_at = ?", *paidAt)
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s sbStore) createRecipient(ctx context.Context, r *sbRecipient) error {
	return insertUnique(ctx, s.db, r, func(id int64) { r.PaystackID = id }, func() (bool, error) {
		return s.db.NewSelect().Model((*sbRecipient)(nil)).Where("recipient_code = ?", r.RecipientCode).Exists(ctx)
	})
}

func (s sbStore) recipientBy(ctx context.Context, column, value string) (*sbRecipient, error) {
	var r sbRecipient
	err := s.db.NewSelect().Model(&r).Where("? = ?", bun.Ident(column), value).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound
	}
	return &r, err
}

func (s sbStore) createTransfer(ctx context.Context, t *sbTransfer) error {
	return insertUnique(ctx, s.db, t, func(id int64) { t.PaystackID = id }, func() (bool, error) {
		return s.db.NewSelect().Model((*sbTransfer)(nil)).Where("reference = ?", t.Reference).Exists(ctx)
	})
}

func (s sbStore) transferByID(ctx context.Context, id string) (*sbTransfer, error) {
	var t sbTransfer
	err := s.db.NewSelect().Model(&t).Where("id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound
	}
	return &t, err
}

// moveTransfer changes a transfer's status only from the expected one, so a
// replayed settlement cannot move it twice.
func (s sbStore) moveTransfer(ctx context.Context, id, from, to string, transferredAt *time.Time, now time.Time) (bool, error) {
	q := s.db.NewUpdate().Model((*sbTransfer)(nil)).
		Set("status = ?", to).
		Set("updated_at = ?", now).
		Where("id = ?", id).
		Where("status = ?", from)
	if transferredAt != nil {
		q = q.Set("transferred_at = ?", *transferredAt)
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// createRefund reserves the amount on the charge and records the refund in
// one transaction. The reservation is a conditional update (paid, and the
// refunds never exceeding the amount), so concurrent refunds cannot
// over-refund.
func (s sbStore) createRefund(ctx context.Context, r *sbRefund, now time.Time) error {
	return s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*sbTransaction)(nil)).
			Set("refunded_amount = refunded_amount + ?", r.Amount).
			Set("updated_at = ?", now).
			Where("id = ?", r.TransactionID).
			Where("status = ?", StatusSuccess).
			Where("refunded_amount + ? <= amount", r.Amount).
			Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 {
			return errRefundTooLarge
		}
		return insertUnique(ctx, tx, r, func(id int64) { r.PaystackID = id }, func() (bool, error) { return false, nil })
	})
}

// processRefund marks a pending refund processed and, when the charge is now
// fully refunded, the charge reversed (as Paystack reports it).
func (s sbStore) processRefund(ctx context.Context, r *sbRefund, now time.Time) (bool, error) {
	moved := false
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*sbRefund)(nil)).
			Set("status = ?", "processed").
			Set("processed_at = ?", now).
			Set("updated_at = ?", now).
			Where("id = ?", r.ID).
			Where("status = ?", "pending").
			Exec(ctx)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil || n != 1 {
			return err
		}
		moved = true
		_, err = tx.NewUpdate().Model((*sbTransaction)(nil)).
			Set("status = ?", StatusReversed).
			Set("updated_at = ?", now).
			Where("id = ?", r.TransactionID).
			Where("refunded_amount = amount").
			Exec(ctx)
		return err
	})
	return moved, err
}

// paystackID draws a ten-digit numeric id, the size Paystack's ids have.
func paystackID() int64 {
	n, err := rand.Int(rand.Reader, big.NewInt(9_000_000_000))
	if err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err)) // never fails on supported platforms
	}
	return 1_000_000_000 + n.Int64()
}

// code draws n characters of [a-z0-9]: Paystack's codes and references look
// like this, and 16 of them carry about 82 bits, enough to make checkout
// links unguessable.
func code(n int) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, n)
	for i := range b {
		k, err := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))
		if err != nil {
			panic(fmt.Sprintf("crypto/rand: %v", err))
		}
		b[i] = alphabet[k.Int64()]
	}
	return string(b)
}

// newID is the TEXT key of a sandbox row.
func newID() string { return ids.New() }
