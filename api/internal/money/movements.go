package money

import (
	"context"
	"errors"
	"fmt"
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
		db = s.deps.DB.DB
	}
	_, created, err := s.st.ensureAccount(ctx, db, KindWallet, userID, cur, s.deps.Clock.Now())
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
	return s.walletIn(ctx, s.deps.DB.DB, userID, cur)
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
		db = s.deps.DB.DB
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
	if db == nil {
		db = s.deps.DB.DB
	}
	now := s.deps.Clock.Now()
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
			now := s.deps.Clock.Now()
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
		db = s.deps.DB.DB
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
	_, err = s.st.setStatus(ctx, db, p.ID, StatusPending, StatusFailed, nil, s.deps.Clock.Now())
	return err
}

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
	avail := s.deps.Clock.Now().Add(s.refundWindow)
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
		db = s.deps.DB.DB
	}
	r, err := s.st.txnByReference(ctx, db, userID, reference, TxnRefund)
	if errors.Is(err, apperr.ErrNotFound) {
		return ErrTxnNotFound
	}
	if err != nil || r.Status != StatusPending {
		return err
	}
	_, err = s.st.setStatus(ctx, db, r.ID, StatusPending, StatusCompleted, nil, s.deps.Clock.Now())
	return err
}

// MatureEarnings moves every earning line of userID ("" = everyone) whose
// refund window has passed from pending to available earnings, one entry
// per line (key "earning-mature:<line id>"). It returns how many matured.
func (s *Service) MatureEarnings(ctx context.Context, userID string) (int, error) {
	return s.mature(ctx, nil, userID)
}

func (s *Service) mature(ctx context.Context, db bun.IDB, userID string) (int, error) {
	q := db
	if q == nil {
		q = s.deps.DB.DB
	}
	n := 0
	for {
		rows, err := s.st.maturing(ctx, q, userID, s.deps.Clock.Now(), 100)
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
				if _, err := s.st.setStatus(ctx, q, line.ID, StatusPending, StatusCompleted, nil, s.deps.Clock.Now()); err != nil {
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

func (s *Service) replayEntry(ctx context.Context, db bun.IDB, e *entryRow, kind string) (Result, error) {
	var r Result
	err := s.replay(ctx, db, movement{kind: kind, key: e.IdempotencyKey}, &r)
	return r, err
}

// IssueGiftCardLiability pays for a gift card from the buyer's wallet or a
// card into the gift-card liability account.
func (s *Service) IssueGiftCardLiability(ctx context.Context, db bun.IDB, in GiftCardIssue) (Result, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Result{}, err
	}
	if err := errors.Join(checkBasics(in.Key, in.Amount), checkRef(in.Ref)); err != nil {
		return Result{}, firstErr(err)
	}
	src, method, err := source(in.Pay, in.BuyerID)
	if err != nil {
		return Result{}, err
	}
	return s.post(ctx, db, movement{kind: "giftcard_issue", key: in.Key, reason: orDefault(in.Reason, "Gift card"),
		ref: in.Ref, actor: in.BuyerID, currency: cur,
		legs: []leg{{kind: src.kind, owner: src.owner, amount: -in.Amount, mustExist: src.mustExist},
			{kind: KindGiftCardLiability, amount: in.Amount}},
		txns: []txnRow{{UserID: in.BuyerID, Type: string(TxnGiftCardPurchase), Direction: Debit, Amount: in.Amount,
			Method: string(method), Status: StatusCompleted, Reference: newReference("GFT"),
			Note: orDefault(in.Note, in.Reason)}}})
}

// RedeemGiftCard credits a gift card's balance to the user's wallet
// (activating it).
func (s *Service) RedeemGiftCard(ctx context.Context, db bun.IDB, in GiftCardRedeem) (Result, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Result{}, err
	}
	if err := errors.Join(checkBasics(in.Key, in.Amount), checkRef(in.Ref)); err != nil {
		return Result{}, firstErr(err)
	}
	return s.post(ctx, db, movement{kind: "giftcard_redeem", key: in.Key,
		reason: orDefault(in.Reason, "Gift card redeemed"), ref: in.Ref, actor: in.UserID, currency: cur,
		legs: []leg{{kind: KindGiftCardLiability, amount: -in.Amount}, {kind: KindWallet, owner: in.UserID, amount: in.Amount}},
		txns: []txnRow{{UserID: in.UserID, Type: string(TxnGiftCardRedeem), Direction: Credit, Amount: in.Amount,
			Method: string(MethodGiftCard), Status: StatusCompleted, Reference: newReference("RDM"), Note: in.Reason}}})
}

// ExpireGiftCard moves an expired card's remaining balance to revenue.
func (s *Service) ExpireGiftCard(ctx context.Context, db bun.IDB, in GiftCardExpiry) (Result, error) {
	cur, err := checkCurrency(in.Currency)
	if err != nil {
		return Result{}, err
	}
	if err := errors.Join(checkBasics(in.Key, in.Amount), checkRef(in.Ref)); err != nil {
		return Result{}, firstErr(err)
	}
	return s.post(ctx, db, movement{kind: "giftcard_expire", key: in.Key,
		reason: orDefault(in.Reason, "Gift card expired"), ref: in.Ref, currency: cur,
		legs: []leg{{kind: KindGiftCardLiability, amount: -in.Amount}, {kind: KindPlatformRevenue, amount: in.Amount}}})
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
