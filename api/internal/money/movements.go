package money

import (
	"context"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

// Transfer moves money between two users' wallets. The sender's wallet must
// be activated; the recipient's is activated by the transfer.
func (s *Service) Transfer(ctx context.Context, db bun.IDB, in Transfer) (Result, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Result{}, err
	}
	if err := checkBasics(in.Key, in.Amount); err != nil {
		return Result{}, err
	}
	if in.FromID == in.ToID {
		return Result{}, apperr.Validation(map[string]string{"to": "cannot be yourself"})
	}
	ref := newReference("TRF")
	from, to := in.FromID, in.ToID
	return s.post(ctx, db, movement{kind: "transfer", key: in.Key, reason: orDefault(in.Reason, "Wallet transfer"),
		ref: Ref{Type: RefTransfer, ID: ref}, actor: from, currency: cur,
		legs: []leg{{kind: KindWallet, owner: from, amount: -in.Amount, mustExist: true},
			{kind: KindWallet, owner: to, amount: in.Amount}},
		txns: []txnRow{
			{UserID: from, Type: string(TxnTransferOut), Direction: Debit, Amount: in.Amount, Method: string(MethodWallet),
				Status: StatusCompleted, Reference: ref, CounterpartyID: &to, Note: in.Note},
			{UserID: to, Type: string(TxnTransferIn), Direction: Credit, Amount: in.Amount, Method: string(MethodWallet),
				Status: StatusCompleted, Reference: ref, CounterpartyID: &from, Note: in.Note},
		}})
}

// Hold pays for a purchase into its escrow account.
func (s *Service) Hold(ctx context.Context, db bun.IDB, in Hold) (Result, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Result{}, err
	}
	if err := errors.Join(checkBasics(in.Key, in.Amount), checkRef(in.Ref)); err != nil {
		return Result{}, firstErr(err)
	}
	src, method, err := source(in.Pay, in.PayerID)
	if err != nil {
		return Result{}, err
	}
	return s.post(ctx, db, movement{kind: "hold", key: in.Key, reason: orDefault(in.Reason, "Payment for "+in.Ref.Type),
		ref: in.Ref, actor: in.PayerID, currency: cur,
		legs: []leg{{kind: src.kind, owner: src.owner, amount: -in.Amount, mustExist: src.mustExist},
			{kind: KindEscrow, owner: in.Ref.escrowOwner(), amount: in.Amount}},
		txns: []txnRow{{UserID: in.PayerID, Type: string(TxnPurchase), Direction: Debit, Amount: in.Amount,
			Method: string(method), Status: StatusCompleted, Reference: newReference("PUR"),
			Note: orDefault(in.Note, in.Reason)}}})
}

// MoveEscrow moves money from one purchase's escrow to another's (a
// package credit spent on a booking, or given back). The source escrow may
// not go negative: more than it holds is ErrInsufficientFunds.
func (s *Service) MoveEscrow(ctx context.Context, db bun.IDB, in EscrowMove) (Result, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Result{}, err
	}
	if err := errors.Join(checkBasics(in.Key, in.Amount), checkRef(in.From), checkRef(in.To)); err != nil {
		return Result{}, firstErr(err)
	}
	if in.From == in.To {
		return Result{}, apperr.Validation(map[string]string{"to": "must be another escrow"})
	}
	return s.post(ctx, db, movement{kind: "escrow_move", key: in.Key,
		reason: orDefault(in.Reason, "Escrow moved from "+in.From.Type+" to "+in.To.Type), ref: in.To,
		actor: in.ActorID, currency: cur,
		legs: []leg{{kind: KindEscrow, owner: in.From.escrowOwner(), amount: -in.Amount},
			{kind: KindEscrow, owner: in.To.escrowOwner(), amount: in.Amount}}})
}

// source is where a payment comes from: the payer's wallet or a card.
func source(pay Method, payerID string) (leg, Method, error) {
	switch pay {
	case MethodWallet, "":
		return leg{kind: KindWallet, owner: payerID, mustExist: true}, MethodWallet, nil
	case MethodCard:
		return leg{kind: KindPaystackClearing}, MethodCard, nil
	}
	return leg{}, "", apperr.Validation(map[string]string{"pay_with": "must be wallet or card"})
}

// fee is bps basis points of amount, rounded down.
func fee(amount int64, bps int) int64 { return amount * int64(bps) / 10000 }

// Release moves money out of a purchase's escrow to the provider's pending
// earnings, less the platform fee; the earning line matures after the
// refund window.
func (s *Service) Release(ctx context.Context, db bun.IDB, in Release) (Result, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Result{}, err
	}
	if err := errors.Join(checkBasics(in.Key, in.Amount), checkRef(in.Ref)); err != nil {
		return Result{}, firstErr(err)
	}
	bps := s.feeBPS
	if in.FeeBPS != nil {
		bps = *in.FeeBPS
	}
	if bps < 0 || bps > 10000 {
		return Result{}, apperr.Validation(map[string]string{"fee_bps": "must be 0-10000"})
	}
	f := fee(in.Amount, bps)
	net := in.Amount - f
	avail := s.clock.Now().Add(s.refundWindow)
	legs := []leg{{kind: KindEscrow, owner: in.Ref.escrowOwner(), amount: -in.Amount},
		{kind: KindEarningsPending, owner: in.ProviderID, amount: net}, {kind: KindPlatformFees, amount: f},
		{kind: KindWallet, owner: in.ProviderID}} // zero leg: activates the provider's wallet
	var txns []txnRow
	if net > 0 {
		txns = append(txns, txnRow{UserID: in.ProviderID, Type: string(TxnEarning), Direction: Credit, Amount: net,
			Fee: f, Method: string(MethodEarnings), Status: StatusPending, Reference: newReference("ERN"),
			Note: orDefault(in.Note, in.Reason), AvailableAt: &avail})
	}
	return s.post(ctx, db, movement{kind: "release", key: in.Key,
		reason: orDefault(in.Reason, "Escrow release for "+in.Ref.Type), ref: in.Ref, currency: cur, legs: legs,
		txns: txns, after: s.activateZeroLegs(legs, cur)})
}

// activateZeroLegs makes sure the wallet named by a zero-amount leg exists
// (post skips zero legs).
func (s *Service) activateZeroLegs(legs []leg, cur string) func(ctx context.Context, db bun.IDB, e *entryRow) ([]txnRow, error) {
	return func(ctx context.Context, db bun.IDB, e *entryRow) ([]txnRow, error) {
		for _, l := range legs {
			if l.amount == 0 && l.kind == KindWallet && l.owner != "" {
				if _, _, err := s.st.ensureAccount(ctx, db, KindWallet, l.owner, cur, e.CreatedAt); err != nil {
					return nil, err
				}
			}
		}
		return nil, nil
	}
}

// Refund returns money to the payer: from the escrow of Ref (or from the
// payer's wallet for a card top-up, or from gift-card liability for an
// unredeemed card bought by card) to the wallet or the card.
func (s *Service) Refund(ctx context.Context, db bun.IDB, in Refund) (Result, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Result{}, err
	}
	if err := errors.Join(checkBasics(in.Key, in.Amount), checkRef(in.Ref)); err != nil {
		return Result{}, firstErr(err)
	}
	var from, to leg
	dir, status := Credit, StatusCompleted
	switch in.From {
	case RefundFromEscrow:
		from = leg{kind: KindEscrow, owner: in.Ref.escrowOwner()}
	case RefundFromWallet:
		if in.To != MethodCard {
			return Result{}, apperr.Validation(map[string]string{"to": "a refund from the wallet goes to the card"})
		}
		from, dir = leg{kind: KindWallet, owner: in.UserID, mustExist: true}, Debit
	case RefundFromGiftCard:
		if in.To != MethodCard || in.Ref.Type != RefGiftCard {
			return Result{}, apperr.Validation(map[string]string{"from": "a gift card's refund goes to the card it was paid with"})
		}
		from = leg{kind: KindGiftCardLiability}
	default:
		return Result{}, apperr.Validation(map[string]string{"from": "must be escrow, wallet or gift_card"})
	}
	switch in.To {
	case MethodWallet:
		to = leg{kind: KindWallet, owner: in.UserID}
	case MethodCard:
		to, status = leg{kind: KindPaystackClearing}, StatusPending
	default:
		return Result{}, apperr.Validation(map[string]string{"to": "must be wallet or card"})
	}
	from.amount, to.amount = -in.Amount, in.Amount
	ref := in.Reference
	if ref == "" {
		ref = newReference("RFD")
	}
	return s.post(ctx, db, movement{kind: "refund", key: in.Key, reason: orDefault(in.Reason, "Refund"), ref: in.Ref,
		actor: in.ActorID, currency: cur, legs: []leg{from, to},
		txns: []txnRow{{UserID: in.UserID, Type: string(TxnRefund), Direction: dir, Amount: in.Amount,
			Method: string(in.To), Status: status, Reference: ref, Note: orDefault(in.Note, in.Reason)}}})
}

// CompleteRefund marks a pending card refund completed (the payment
// provider processed it).
func (s *Service) CompleteRefund(ctx context.Context, db bun.IDB, userID, reference string) error {
	if db == nil {
		db = s.db.DB
	}
	r, err := s.st.txnByReference(ctx, db, userID, reference, TxnRefund)
	if errors.Is(err, apperr.ErrNotFound) {
		return ErrTxnNotFound
	}
	if err != nil || r.Status != StatusPending {
		return err
	}
	_, err = s.st.setStatus(ctx, db, r.ID, StatusPending, StatusCompleted, nil, s.clock.Now())
	return err
}

func (s *Service) replayEntry(ctx context.Context, db bun.IDB, e *entryRow, kind string) (Result, error) {
	var r Result
	err := s.replay(ctx, db, movement{kind: kind, key: e.IdempotencyKey}, &r)
	return r, err
}

func orDefault(s, def string) string {
	if s = strings.TrimSpace(s); s != "" {
		return s
	}
	return def
}

// firstErr returns the first error of an errors.Join (a validation error
// stays an *apperr.Error for the handler).
func firstErr(err error) error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		if es := j.Unwrap(); len(es) > 0 {
			return es[0]
		}
	}
	return err
}
