package money

import (
	"context"
	"errors"

	"github.com/uptrace/bun"
)

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
