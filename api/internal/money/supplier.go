package money

import (
	"context"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

// maxSupplierName bounds a supplier's name (the owner of its payable).
const maxSupplierName = 40

func checkSupplier(name string) error {
	if name == "" || len(name) > maxSupplierName || strings.ContainsAny(name, ": \t\r\n") {
		return apperr.Validation(map[string]string{"supplier": "must be a short name without spaces or colons"})
	}
	return nil
}

// SupplierCharge moves a confirmed supplier booking's price out of its
// escrow: the cost to the supplier's payable, the margin to platform fees.
// The escrow must hold Cost + Margin (ErrInsufficientFunds otherwise); no
// history row is written (the traveller's purchase row was written by the
// Hold).
func (s *Service) SupplierCharge(ctx context.Context, db bun.IDB, in SupplierCharge) (Result, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Result{}, err
	}
	if in.Margin < 0 || in.Margin > MaxAmount {
		return Result{}, apperr.Validation(map[string]string{"margin": "must be 0 or more and at most the maximum amount"})
	}
	if err := errors.Join(checkBasics(in.Key, in.Cost), checkRef(in.Ref), checkSupplier(in.Supplier)); err != nil {
		return Result{}, firstErr(err)
	}
	total := in.Cost + in.Margin
	if total > MaxAmount {
		return Result{}, apperr.Validation(map[string]string{"amount": "cost and margin exceed the maximum amount"})
	}
	return s.post(ctx, db, movement{kind: "supplier_charge", key: in.Key,
		reason: orDefault(in.Reason, "Supplier confirmed "+in.Ref.Type), ref: in.Ref, currency: cur,
		legs: []leg{{kind: KindEscrow, owner: in.Ref.escrowOwner(), amount: -total},
			{kind: KindSupplierPayable, owner: in.Supplier, amount: in.Cost},
			{kind: KindPlatformFees, amount: in.Margin}}})
}

// SupplierRefund pays the traveller back what the supplier refunded (from
// the supplier's payable) plus the margin given back (from platform fees),
// to the wallet or the card; one "refund" history row for the traveller.
// The payable may not go below zero: refunding more than Sojourn owes the
// supplier is ErrInsufficientFunds.
func (s *Service) SupplierRefund(ctx context.Context, db bun.IDB, in SupplierRefund) (Result, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Result{}, err
	}
	if in.MarginBack < 0 || in.MarginBack > MaxAmount {
		return Result{}, apperr.Validation(map[string]string{"margin_back": "must be 0 or more and at most the maximum amount"})
	}
	if err := errors.Join(checkBasics(in.Key, in.Amount), checkRef(in.Ref), checkSupplier(in.Supplier)); err != nil {
		return Result{}, firstErr(err)
	}
	total := in.Amount + in.MarginBack
	if total > MaxAmount {
		return Result{}, apperr.Validation(map[string]string{"amount": "refund and margin exceed the maximum amount"})
	}
	if in.UserID == "" {
		return Result{}, apperr.Validation(map[string]string{"user_id": "is required"})
	}
	var to leg
	status := StatusCompleted
	switch in.To {
	case MethodWallet:
		to = leg{kind: KindWallet, owner: in.UserID}
	case MethodCard:
		to, status = leg{kind: KindPaystackClearing}, StatusPending
	default:
		return Result{}, apperr.Validation(map[string]string{"to": "must be wallet or card"})
	}
	to.amount = total
	legs := []leg{{kind: KindSupplierPayable, owner: in.Supplier, amount: -in.Amount}, to}
	if in.MarginBack > 0 {
		legs = append(legs, leg{kind: KindPlatformFees, amount: -in.MarginBack})
	}
	return s.post(ctx, db, movement{kind: "supplier_refund", key: in.Key,
		reason: orDefault(in.Reason, "Supplier refund for "+in.Ref.Type), ref: in.Ref, currency: cur, legs: legs,
		txns: []txnRow{{UserID: in.UserID, Type: string(TxnRefund), Direction: Credit, Amount: total,
			Method: string(in.To), Status: status, Reference: newReference("RFD"),
			Note: orDefault(in.Note, in.Reason)}}})
}
