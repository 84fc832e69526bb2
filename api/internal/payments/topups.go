package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
)

// TopUpInput is the body of POST /api/v1/wallet/topups.
type TopUpInput struct {
	Amount   json.RawMessage `json:"amount"`
	Currency string          `json:"currency"`
}

// parseAmount accepts only a positive JSON integer.
func parseAmount(raw json.RawMessage) (int64, bool) {
	var n json.Number
	str := strings.TrimSpace(string(raw))
	if str == "" || strings.ContainsAny(str, ".eE+\"") || json.Unmarshal(raw, &n) != nil {
		return 0, false
	}
	v, err := n.Int64()
	return v, err == nil && v > 0
}

// TopUp starts a card top-up of the user's wallet: a pending payment and a
// pending history row; the wallet is credited when the payment settles.
func (s *Service) TopUp(ctx context.Context, userID, origin string, in TopUpInput) (Payment, error) {
	amount, ok := parseAmount(in.Amount)
	f := apperr.Fields{}
	f.Check(ok, "amount", "must be a positive whole number of minor units (kobo)")
	f.Check(!ok || (amount >= MinTopUp && amount <= MaxTopUp), "amount",
		fmt.Sprintf("must be from %d to %d minor units", MinTopUp, MaxTopUp))
	cur := strings.ToUpper(strings.TrimSpace(in.Currency))
	f.Check(cur == "" || money.ValidCurrency(cur), "currency", "must be one of "+strings.Join(money.Currencies, ", "))
	if err := f.Err(); err != nil {
		return Payment{}, err
	}
	return s.start(ctx, StartInput{UserID: userID, Purpose: PurposeWalletTopUp, Amount: amount, Currency: cur,
		CallbackPath: "/user-wallet", Origin: origin},
		func(ctx context.Context, tx bun.Tx, p Payment) error {
			_, err := s.money.BeginTopUp(ctx, tx, money.TopUp{Reason: "Wallet top-up by card", UserID: p.UserID,
				Amount: p.Amount, Currency: p.Currency, Reference: p.Reference,
				Ref: money.Ref{Type: money.RefPayment, ID: p.Reference}})
			return err
		})
}

func (s *Service) creditTopUp(ctx context.Context, tx bun.Tx, p Payment) error {
	_, err := s.money.CreditTopUp(ctx, tx, money.TopUp{Key: "topup:" + p.Reference, Reason: "Wallet top-up by card",
		Ref: money.Ref{Type: money.RefPayment, ID: p.Reference}, UserID: p.UserID, Amount: p.Amount,
		Currency: p.Currency, Reference: p.Reference})
	return err
}

func (s *Service) failTopUp(ctx context.Context, tx bun.Tx, p Payment) error {
	err := s.money.FailTopUp(ctx, tx, p.UserID, p.Reference)
	if errors.Is(err, money.ErrNoPendingTopUp) {
		return nil
	}
	return err
}

func (s *Service) refundTopUp(ctx context.Context, tx bun.Tx, p Payment, r RefundOrder) error {
	_, err := s.money.Refund(ctx, tx, money.Refund{Key: r.Key, Reason: r.Reason,
		Ref: money.Ref{Type: money.RefPayment, ID: p.Reference}, UserID: p.UserID, Amount: r.Amount,
		Currency: p.Currency, From: money.RefundFromWallet, To: money.MethodCard, ActorID: r.ActorID,
		Note: "Refund of a card top-up: " + r.Reason, Reference: r.Reference})
	return err
}
