package giftcards

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// errLost is a redeem that lost the conditional update to another request.
var errLost = errors.New("giftcards: the card changed meanwhile")

func expiryDate(t *time.Time) string {
	if t == nil {
		return "its expiry date"
	}
	return t.UTC().Format("2 January 2006")
}

// Redeem credits a card's whole balance to the user's wallet, once. Attempts
// are limited per user and per IP; an unknown code and a malformed one get
// the same answer.
func (s *Service) Redeem(ctx context.Context, userID, ip, raw string) (Redemption, error) {
	if ok, wait := s.redeemUser.Allow("u:" + userID); !ok {
		return Redemption{}, apperr.RateLimited(errRateLimited, wait)
	}
	if ok, wait := s.redeemIP.Allow("ip:" + ip); !ok {
		return Redemption{}, apperr.RateLimited(errRateLimited, wait)
	}
	if strings.TrimSpace(raw) == "" {
		return Redemption{}, apperr.Validation(map[string]string{"code": "is required"})
	}
	norm, ok := normalize(raw)
	if !ok {
		return Redemption{}, errBadCode
	}
	c, err := s.st.cardByHash(ctx, s.c.DB, hashCode(norm))
	if errors.Is(err, apperr.ErrNotFound) {
		return Redemption{}, errBadCode
	}
	if err != nil {
		return Redemption{}, err
	}
	return s.redeemCard(ctx, userID, c, "Redeemed into a wallet with its code")
}

// redeemCard is the one money path of a redemption, by code (Redeem) and
// from the received list (RedeemReceived): the card's whole balance goes to
// the user's wallet. The conditional update decides between parallel
// redemptions (and the expiry sweep, and a refund): the loser changes
// nothing and is told what happened to the card. how is the redeemed
// event's detail.
func (s *Service) redeemCard(ctx context.Context, userID string, c *cardRow, how string) (Redemption, error) {
	now := s.c.Clock.Now()
	switch {
	case c.Status == StatusRedeemed:
		return Redemption{}, errAlreadyUsed
	case c.Status == StatusExpired:
		return Redemption{}, errExpired(expiryDate(c.ExpiresAt))
	case c.Status == StatusRefunded:
		return Redemption{}, errRefundedCard
	case c.Status != StatusActive:
		return Redemption{}, errBadCode
	case c.ExpiresAt == nil || !c.ExpiresAt.After(now):
		s.expireLazily(ctx)
		return Redemption{}, errExpired(expiryDate(c.ExpiresAt))
	}
	var res money.Result
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ok, err := s.st.redeem(ctx, tx, c.ID, userID, c.Balance, now)
		if err != nil {
			return err
		}
		if !ok {
			return errLost
		}
		res, err = s.money.RedeemGiftCard(ctx, tx, money.GiftCardRedeem{Key: "giftcard-redeem:" + c.ID,
			Reason: "Gift card …" + c.CodeLast4 + " redeemed", Ref: money.Ref{Type: money.RefGiftCard, ID: c.ID},
			UserID: userID, Amount: c.Balance, Currency: c.Currency})
		if err != nil {
			return err
		}
		return s.st.insertEvent(ctx, tx, &eventRow{ID: ids.New(), CardID: c.ID, Type: EventRedeemed, ActorID: &userID,
			Amount: c.Balance, Details: how, CreatedAt: now})
	})
	if errors.Is(err, errLost) {
		if fresh, ferr := s.st.card(ctx, s.c.DB, c.ID); ferr == nil {
			switch fresh.Status {
			case StatusExpired:
				return Redemption{}, errExpired(expiryDate(fresh.ExpiresAt))
			case StatusRefunded:
				return Redemption{}, errRefundedCard
			}
		}
		return Redemption{}, errAlreadyUsed
	}
	if err != nil {
		return Redemption{}, err
	}
	out := Redemption{CardID: c.ID, CodeLast4: c.CodeLast4, Amount: c.Balance, Currency: c.Currency}
	if t, ok := res.For(userID); ok {
		out.Reference = t.Reference
	}
	if out.WalletBalance, err = s.money.Balance(ctx, nil, money.KindWallet, userID, c.Currency); err != nil {
		return Redemption{}, err
	}
	return out, nil
}

// ExpireDue closes every active card past its expiry: its remaining balance
// moves from gift-card liability to platform revenue and an expired event
// is recorded, in one transaction per card. It returns how many expired.
// Concurrent sweeps are safe: the conditional update lets one win.
func (s *Service) ExpireDue(ctx context.Context) (int, error) {
	n := 0
	for range 50 { // at most 5,000 cards per call; the next call takes the rest
		now := s.c.Clock.Now()
		due, err := s.st.due(ctx, s.c.DB, now, sweepBatch)
		if err != nil {
			return n, err
		}
		for i := range due {
			ok, err := s.expireOne(ctx, &due[i], now)
			if err != nil {
				return n, err
			}
			if ok {
				n++
			}
		}
		if len(due) < sweepBatch {
			break
		}
	}
	return n, nil
}

func (s *Service) expireOne(ctx context.Context, c *cardRow, now time.Time) (bool, error) {
	done := false
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ok, err := s.st.expire(ctx, tx, c.ID, c.Balance, now)
		if err != nil || !ok {
			return err
		}
		if c.Balance > 0 {
			if _, err := s.money.ExpireGiftCard(ctx, tx, money.GiftCardExpiry{Key: "giftcard-expire:" + c.ID,
				Reason: "Gift card …" + c.CodeLast4 + " expired", Ref: money.Ref{Type: money.RefGiftCard, ID: c.ID},
				Amount: c.Balance, Currency: c.Currency}); err != nil {
				return err
			}
		}
		done = true
		return s.st.insertEvent(ctx, tx, &eventRow{ID: ids.New(), CardID: c.ID, Type: EventExpired, Amount: c.Balance,
			Details: "Expired unredeemed; the balance went to platform revenue", CreatedAt: now})
	})
	return done && err == nil, err
}

// expireLazily runs the sweep before a read, so nobody sees a card as
// active past its expiry even between ticks; a failure is only logged.
func (s *Service) expireLazily(ctx context.Context) {
	if _, err := s.ExpireDue(ctx); err != nil {
		s.c.Log.Error("gift card expiry sweep failed", "error", err.Error())
	}
}

// Sweep expires due cards and sends queued mails.
func (s *Service) Sweep(ctx context.Context) error {
	_, err := s.ExpireDue(ctx)
	_, derr := s.DeliverPending(ctx)
	return errors.Join(err, derr)
}
