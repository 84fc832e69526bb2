package money

import (
	"context"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

// MatureEarnings moves every earning line of userID ("" = everyone) whose
// refund window has passed from pending to available earnings, one entry
// per line (key "earning-mature:<line id>"). It returns how many matured.
func (s *Service) MatureEarnings(ctx context.Context, userID string) (int, error) {
	return s.mature(ctx, nil, userID)
}

func (s *Service) mature(ctx context.Context, db bun.IDB, userID string) (int, error) {
	q := db
	if q == nil {
		q = s.db.DB
	}
	n := 0
	for {
		rows, err := s.st.maturing(ctx, q, userID, s.clock.Now(), 100)
		if err != nil || len(rows) == 0 {
			return n, err
		}
		for _, r := range rows {
			line := r
			res, err := s.post(ctx, db, movement{kind: "earning_mature", key: "earning-mature:" + line.ID,
				reason: "Earnings available after the refund window", ref: Ref{Type: line.RefType, ID: line.RefID},
				currency: line.Currency,
				legs: []leg{{kind: KindEarningsPending, owner: line.UserID, amount: -line.Amount},
					{kind: KindEarningsAvailable, owner: line.UserID, amount: line.Amount}},
				after: func(ctx context.Context, db bun.IDB, e *entryRow) ([]txnRow, error) {
					_, err := s.st.setStatus(ctx, db, line.ID, StatusPending, StatusCompleted, nil, e.CreatedAt)
					return nil, err
				}})
			if err != nil {
				return n, fmt.Errorf("mature earning %s: %w", line.ID, err)
			}
			if res.Replayed {
				// Matured by an earlier run whose status update was lost: repair it.
				if _, err := s.st.setStatus(ctx, q, line.ID, StatusPending, StatusCompleted, nil, s.clock.Now()); err != nil {
					return n, err
				}
				continue
			}
			n++
		}
	}
}

// RequestPayout moves Amount of the user's available earnings out: Amount -
// fee to payouts_in_transit, the fee to platform_revenue. Matured earnings
// are made available first.
func (s *Service) RequestPayout(ctx context.Context, db bun.IDB, in Payout) (Result, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Result{}, err
	}
	if err := errors.Join(checkBasics(in.Key, in.Amount), checkRef(in.Ref)); err != nil {
		return Result{}, firstErr(err)
	}
	f := s.payoutFee
	if in.Fee != nil {
		f = *in.Fee
	}
	if in.Amount < s.minPayout || in.Amount <= f || f < 0 {
		return Result{}, apperr.Validation(map[string]string{"amount": fmt.Sprintf(
			"must be at least %d and more than the fee of %d", max(s.minPayout, f+1), f)})
	}
	var out Result
	_, err = s.inTx(ctx, db, func(ctx context.Context, db bun.IDB) error {
		if _, err := s.mature(ctx, db, in.UserID); err != nil {
			return err
		}
		net := in.Amount - f
		ref := newReference("PAY")
		txns := []txnRow{{UserID: in.UserID, Type: string(TxnPayout), Direction: Debit, Amount: net, Fee: f,
			Method: string(MethodBank), Status: StatusPending, Reference: ref, Note: in.Reason}}
		if f > 0 {
			txns = append(txns, txnRow{UserID: in.UserID, Type: string(TxnPayoutFee), Direction: Debit, Amount: f,
				Method: string(MethodEarnings), Status: StatusCompleted, Reference: ref, Note: "Payout fee"})
		}
		out, err = s.post(ctx, db, movement{kind: "payout", key: in.Key, reason: orDefault(in.Reason, "Payout"),
			ref: in.Ref, actor: in.UserID, currency: cur,
			legs: []leg{{kind: KindEarningsAvailable, owner: in.UserID, amount: -in.Amount},
				{kind: KindPayoutsInTransit, owner: in.UserID, amount: net}, {kind: KindPlatformRevenue, amount: f}},
			txns: txns})
		return err
	})
	return out, err
}

// SettlePayout settles a payout: success moves the money in transit to the
// payment provider; failed or reversed returns the amount and the fee to
// the provider's available earnings (a reversal after success takes it back
// from the provider's clearing account). A payout settles once: another
// settlement of a settled payout is ErrPayoutSettled.
func (s *Service) SettlePayout(ctx context.Context, db bun.IDB, in PayoutSettlement) (Result, error) {
	if in.Key == "" {
		return Result{}, apperr.Validation(map[string]string{"key": "is required"})
	}
	if in.Outcome != PayoutSuccess && in.Outcome != PayoutFailed && in.Outcome != PayoutReversed {
		return Result{}, apperr.Validation(map[string]string{"outcome": "must be success, failed or reversed"})
	}
	var out Result
	_, err := s.inTx(ctx, db, func(ctx context.Context, db bun.IDB) error {
		p, err := s.st.txnByRef(ctx, db, in.Ref, TxnPayout)
		if errors.Is(err, apperr.ErrNotFound) {
			return ErrPayoutNotFound
		}
		if err != nil {
			return err
		}
		if e, err := s.st.entryByKey(ctx, db, in.Key); err == nil {
			// A repeated settlement: answer as the first did.
			out, err = s.replayEntry(ctx, db, e, "payout_settle")
			return err
		}
		user, net, f, from := p.UserID, p.Amount, p.Fee, p.Status
		m := movement{kind: "payout_settle", key: in.Key, reason: orDefault(in.Reason, "Payout "+in.Outcome),
			ref: in.Ref, currency: p.Currency}
		var to string
		switch {
		case in.Outcome == PayoutSuccess && from == StatusPending:
			to = StatusCompleted
			m.legs = []leg{{kind: KindPayoutsInTransit, owner: user, amount: -net}, {kind: KindPaystackClearing, amount: net}}
		case in.Outcome != PayoutSuccess && (from == StatusPending || (from == StatusCompleted && in.Outcome == PayoutReversed)):
			to = StatusFailed
			if in.Outcome == PayoutReversed {
				to = StatusReversed
			}
			src := leg{kind: KindPayoutsInTransit, owner: user, amount: -net}
			if from == StatusCompleted {
				src = leg{kind: KindPaystackClearing, amount: -net}
			}
			m.legs = []leg{src, {kind: KindPlatformRevenue, amount: -f},
				{kind: KindEarningsAvailable, owner: user, amount: net + f}}
			m.txns = []txnRow{{UserID: user, Type: string(TxnPayoutReversal), Direction: Credit, Amount: net + f,
				Method: string(MethodEarnings), Status: StatusCompleted, Reference: p.Reference,
				Note: "Payout " + in.Outcome + ": the amount and the fee are back in your available earnings"}}
		default:
			return ErrPayoutSettled
		}
		m.after = func(ctx context.Context, db bun.IDB, e *entryRow) ([]txnRow, error) {
			ok, err := s.st.setStatus(ctx, db, p.ID, from, to, nil, e.CreatedAt)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, ErrPayoutSettled
			}
			if to == StatusFailed || to == StatusReversed {
				if fr, err := s.st.txnByReference(ctx, db, user, p.Reference, TxnPayoutFee); err == nil {
					if _, err := s.st.setStatus(ctx, db, fr.ID, StatusCompleted, StatusReversed, nil, e.CreatedAt); err != nil {
						return nil, err
					}
				}
			}
			p.Status, p.UpdatedAt = to, e.CreatedAt
			return []txnRow{*p}, nil
		}
		out, err = s.post(ctx, db, m)
		return err
	})
	return out, err
}
