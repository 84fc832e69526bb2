package money

import (
	"context"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// Activate opens userID's wallet in currency ("" = NGN). created is false
// when it was already open; nothing changes then.
func (s *Service) Activate(ctx context.Context, db bun.IDB, userID, currency string) (Wallet, bool, error) {
	cur, err := checkCurrency(currency)
	if err != nil {
		return Wallet{}, false, err
	}
	if db == nil {
		db = s.db.DB
	}
	_, created, err := s.st.ensureAccount(ctx, db, KindWallet, userID, cur, s.clock.Now())
	if err != nil {
		return Wallet{}, false, err
	}
	w, err := s.walletIn(ctx, db, userID, cur)
	if err != nil {
		return Wallet{}, false, err
	}
	return *w, created, nil
}

// Wallet returns userID's balances in currency ("" = NGN), nil when the
// wallet is not activated. Matured earnings are moved to available first.
func (s *Service) Wallet(ctx context.Context, userID, currency string) (*Wallet, error) {
	cur, err := checkCurrency(currency)
	if err != nil {
		return nil, err
	}
	if _, err := s.MatureEarnings(ctx, userID); err != nil {
		return nil, err
	}
	return s.walletIn(ctx, s.db.DB, userID, cur)
}

func (s *Service) walletIn(ctx context.Context, db bun.IDB, userID, cur string) (*Wallet, error) {
	id, err := s.st.accountID(ctx, db, KindWallet, userID, cur)
	if err != nil || id == "" {
		return nil, err
	}
	b, err := s.st.balances(ctx, db, userID, cur, KindWallet, KindEarningsPending, KindEarningsAvailable)
	if err != nil {
		return nil, err
	}
	next, err := s.st.nextAvailable(ctx, db, userID, cur)
	if err != nil {
		return nil, err
	}
	return &Wallet{Balance: b[KindWallet], Currency: cur, Available: b[KindEarningsAvailable],
		Pending: b[KindEarningsPending], NextAvailableAt: next}, nil
}

// Balance is any account's balance (0 when it does not exist); for escrow
// the owner is "<ref type>:<ref id>", for platform accounts "".
func (s *Service) Balance(ctx context.Context, db bun.IDB, kind Kind, owner, currency string) (int64, error) {
	cur, err := checkCurrency(currency)
	if err != nil {
		return 0, err
	}
	if db == nil {
		db = s.db.DB
	}
	b, err := s.st.balances(ctx, db, owner, cur, kind)
	return b[kind], err
}

// EscrowBalance is what the escrow of a purchase still holds.
func (s *Service) EscrowBalance(ctx context.Context, db bun.IDB, ref Ref, currency string) (int64, error) {
	return s.Balance(ctx, db, KindEscrow, ref.escrowOwner(), currency)
}

// BeginTopUp records a pending top-up (no money moves) when a card payment
// starts, so the user sees it in the history; CreditTopUp or FailTopUp with
// the same reference settles it.
func (s *Service) BeginTopUp(ctx context.Context, db bun.IDB, in TopUp) (Txn, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Txn{}, err
	}
	if in.Amount <= 0 || in.Reference == "" {
		return Txn{}, apperr.Validation(map[string]string{"amount": "must be positive, with a reference"})
	}
	if in.Amount > MaxAmount {
		return Txn{}, apperr.Validation(map[string]string{"amount": AmountTooLarge})
	}
	if db == nil {
		db = s.db.DB
	}
	now := s.clock.Now()
	r := txnRow{ID: ids.New(), UserID: in.UserID, Type: string(TxnTopUp), Direction: Credit, Amount: in.Amount,
		Currency: cur, Method: string(MethodCard), Status: StatusPending, Reference: in.Reference,
		RefType: in.Ref.Type, RefID: in.Ref.ID, Note: in.Reason, CreatedAt: now, UpdatedAt: now}
	if err := s.st.insertTxns(ctx, db, []txnRow{r}); err != nil {
		return Txn{}, err
	}
	return r.txn(), nil
}

// CreditTopUp credits a card payment to the user's wallet (activating it):
// paystack_clearing -> wallet. A pending row from BeginTopUp with the same
// reference becomes completed; otherwise a completed row is written.
func (s *Service) CreditTopUp(ctx context.Context, db bun.IDB, in TopUp) (Result, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Result{}, err
	}
	if err := checkBasics(in.Key, in.Amount); err != nil {
		return Result{}, err
	}
	if in.Reference == "" {
		in.Reference = newReference("TOP")
	}
	if in.Ref.Type == "" {
		in.Ref = Ref{Type: RefPayment, ID: in.Reference}
	}
	return s.post(ctx, db, movement{kind: "topup", key: in.Key, reason: orDefault(in.Reason, "Wallet top-up"),
		ref: in.Ref, currency: cur,
		legs: []leg{{kind: KindPaystackClearing, amount: -in.Amount}, {kind: KindWallet, owner: in.UserID, amount: in.Amount}},
		after: func(ctx context.Context, db bun.IDB, e *entryRow) ([]txnRow, error) {
			now := s.clock.Now()
			if p, err := s.st.txnByReference(ctx, db, in.UserID, in.Reference, TxnTopUp); err == nil {
				if p.Status == StatusCompleted {
					return nil, apperr.Conflict("This top-up has already been credited.")
				}
				if p.Amount != in.Amount || p.Currency != cur {
					return nil, apperr.Conflict("The top-up amount does not match the payment.")
				}
				if _, err := s.st.setStatus(ctx, db, p.ID, p.Status, StatusCompleted, &e.ID, now); err != nil {
					return nil, err
				}
				p.Status, p.EntryID, p.UpdatedAt = StatusCompleted, &e.ID, now
				return []txnRow{*p}, nil
			} else if !errors.Is(err, apperr.ErrNotFound) {
				return nil, err
			}
			r := txnRow{UserID: in.UserID, Type: string(TxnTopUp), Direction: Credit, Amount: in.Amount,
				Method: string(MethodCard), Status: StatusCompleted, Reference: in.Reference, Note: in.Reason}
			r.ID, r.EntryID, r.Currency, r.RefType, r.RefID, r.CreatedAt, r.UpdatedAt =
				ids.New(), &e.ID, cur, in.Ref.Type, in.Ref.ID, now, now
			return []txnRow{r}, s.st.insertTxns(ctx, db, []txnRow{r})
		}})
}

// FailTopUp marks a pending top-up failed (a declined or abandoned payment).
func (s *Service) FailTopUp(ctx context.Context, db bun.IDB, userID, reference string) error {
	if db == nil {
		db = s.db.DB
	}
	p, err := s.st.txnByReference(ctx, db, userID, reference, TxnTopUp)
	if errors.Is(err, apperr.ErrNotFound) {
		return ErrNoPendingTopUp
	}
	if err != nil {
		return err
	}
	if p.Status != StatusPending {
		return nil
	}
	_, err = s.st.setStatus(ctx, db, p.ID, StatusPending, StatusFailed, nil, s.clock.Now())
	return err
}

// Adjust corrects a user's wallet or available earnings by a signed amount
// against the adjustments account, with a reason, audit-logged in the same
// transaction. A debit may not take the account below zero.
func (s *Service) Adjust(ctx context.Context, db bun.IDB, in Adjustment) (Result, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Result{}, err
	}
	f := apperr.Fields{}
	f.Check(in.Key != "", "key", "is required")
	f.Check(in.Amount != 0, "amount", "must be a non-zero whole number of minor units")
	f.Check(in.Amount >= -MaxAmount && in.Amount <= MaxAmount, "amount", AmountTooLarge)
	f.Check(in.Account == KindWallet || in.Account == KindEarningsAvailable, "account", "must be wallet or earnings_available")
	reason := strings.TrimSpace(in.Reason)
	f.Check(len(reason) >= 3 && len(reason) <= 500, "reason", "must be 3-500 characters")
	f.Check(in.UserID != "", "user_id", "is required")
	if err := f.Err(); err != nil {
		return Result{}, err
	}
	dir, abs := Credit, in.Amount
	if in.Amount < 0 {
		dir, abs = Debit, -in.Amount
	}
	ref := Ref{Type: RefAdjustment, ID: newReference("ADJ")}
	legs := []leg{{kind: KindAdjustments, amount: -in.Amount}, {kind: in.Account, owner: in.UserID, amount: in.Amount}}
	// Money received activates the wallet, earnings included (as a release does).
	legs = append(legs, leg{kind: KindWallet, owner: in.UserID})
	activate := s.activateZeroLegs(legs, cur)
	return s.post(ctx, db, movement{kind: "adjustment", key: in.Key, reason: reason, ref: ref, actor: in.ActorID,
		currency: cur, legs: legs,
		txns: []txnRow{{UserID: in.UserID, Type: string(TxnAdjustment), Direction: dir, Amount: abs,
			Method: string(MethodPlatform), Status: StatusCompleted, Reference: ref.ID, Note: reason}},
		after: func(ctx context.Context, db bun.IDB, e *entryRow) ([]txnRow, error) {
			if _, err := activate(ctx, db, e); err != nil {
				return nil, err
			}
			if s.audit == nil {
				return nil, nil
			}
			return nil, s.audit.Record(ctx, db, audit.Event{ActorID: in.ActorID, Action: "ledger.adjust",
				TargetType: "user", TargetID: in.UserID, IP: in.IP, Details: map[string]any{
					"entry_id": e.ID, "account": string(in.Account), "amount": in.Amount, "currency": cur,
					"reason": reason, "reference": ref.ID}})
		}})
}
