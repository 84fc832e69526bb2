package money

import (
	"context"
	"errors"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// RefundFailure undoes a pending card refund (Refund with To: MethodCard)
// that the payment provider could not make. Reference names the refund's
// history row, as given to Refund.
type RefundFailure struct {
	Key       string
	Reason    string
	UserID    string
	Reference string
}

// ErrRefundNotPending is a failure reported for a refund that is already
// completed or failed.
var ErrRefundNotPending = apperr.Conflict("This refund is no longer pending.")

// FailRefund returns a pending card refund's money from paystack_clearing to
// the payer's wallet (activating it) and marks the refund row failed. A
// refund that had left the wallet (a top-up refund) is thereby undone; one
// that came from escrow lands in the wallet instead of on the card, with a
// completed credit row saying so. Idempotent by Key.
func (s *Service) FailRefund(ctx context.Context, db bun.IDB, in RefundFailure) (Result, error) {
	if in.Key == "" || in.UserID == "" || in.Reference == "" {
		return Result{}, apperr.Validation(map[string]string{"key": "key, user and reference are required"})
	}
	var out Result
	_, err := s.inTx(ctx, db, func(ctx context.Context, db bun.IDB) error {
		if e, err := s.st.entryByKey(ctx, db, in.Key); err == nil {
			out, err = s.replayEntry(ctx, db, e, "refund_fail")
			return err
		}
		r, err := s.st.txnByReference(ctx, db, in.UserID, in.Reference, TxnRefund)
		if errors.Is(err, apperr.ErrNotFound) {
			return ErrTxnNotFound
		}
		if err != nil {
			return err
		}
		if r.Status != StatusPending || r.Method != string(MethodCard) {
			return ErrRefundNotPending
		}
		reason := orDefault(in.Reason, "Card refund failed")
		out, err = s.post(ctx, db, movement{kind: "refund_fail", key: in.Key, reason: reason,
			ref: Ref{Type: r.RefType, ID: r.RefID}, currency: r.Currency,
			legs: []leg{{kind: KindPaystackClearing, amount: -r.Amount}, {kind: KindWallet, owner: r.UserID, amount: r.Amount}},
			after: func(ctx context.Context, db bun.IDB, e *entryRow) ([]txnRow, error) {
				ok, err := s.st.setStatus(ctx, db, r.ID, StatusPending, StatusFailed, nil, e.CreatedAt)
				if err != nil {
					return nil, err
				}
				if !ok {
					return nil, ErrRefundNotPending
				}
				r.Status, r.UpdatedAt = StatusFailed, e.CreatedAt
				rows := []txnRow{*r}
				if r.Direction == Credit {
					w := txnRow{ID: ids.New(), UserID: r.UserID, EntryID: &e.ID, Type: string(TxnRefund), Direction: Credit,
						Amount: r.Amount, Currency: r.Currency, Method: string(MethodWallet), Status: StatusCompleted,
						Reference: r.Reference + "-W", RefType: r.RefType, RefID: r.RefID,
						Note: reason + ": the refund was credited to your wallet", CreatedAt: e.CreatedAt,
						UpdatedAt: e.CreatedAt}
					if err := s.st.insertTxns(ctx, db, []txnRow{w}); err != nil {
						return nil, err
					}
					rows = append(rows, w)
				}
				return rows, nil
			}})
		return err
	})
	return out, err
}
