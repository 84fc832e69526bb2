package giftcards

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/ids"
)

// registerPurpose lets buyers pay by card through the payments domain: it
// registers the gift_card purpose, whose settled payments issue the pending
// card they paid for (in the settling transaction, once), whose failed or
// abandoned payments cancel it, and whose refunds return an unredeemed card
// to the card. startPayment starts those payments for pay_with "paystack";
// the browser comes back to the gift card's page after the payment's
// callback page.
func (s *Service) registerPurpose() {
	s.pay.RegisterPurpose(payments.PurposeGiftCard, func(ctx context.Context, tx bun.Tx, pay payments.Payment) error {
		return s.OnCardPaid(ctx, tx, pay.PurposeID, pay.Reference, pay.Amount, pay.Currency)
	})
	s.pay.RegisterFailure(payments.PurposeGiftCard, func(ctx context.Context, tx bun.Tx, pay payments.Payment) error {
		return s.OnCardPaymentFailed(ctx, tx, pay.PurposeID, pay.Reference, pay.FailureReason)
	})
	s.pay.RegisterRefund(payments.PurposeGiftCard, s.refundCard)
}

// startPayment starts the card payment of one pending gift card.
func (s *Service) startPayment(ctx context.Context, buyer accounts.Person, cardID, productID string, amount int64,
	currency, origin string) (Payment, error) {
	pay, err := s.pay.StartCardPayment(ctx, payments.StartInput{UserID: buyer.ID, Email: buyer.Email,
		Purpose: payments.PurposeGiftCard, PurposeID: cardID, Amount: amount, Currency: currency,
		CallbackPath: "/gift-card/" + productID, Origin: origin})
	if err != nil {
		return Payment{}, err
	}
	return payments.ToStarted(pay), nil
}

// OnCardPaymentFailed cancels the pending card of a card payment that
// failed or was abandoned, with a cancelled event, in the transaction that
// records the failure. A card no longer pending changes nothing; a
// cancelled card's payment that still succeeds later issues it (OnCardPaid).
func (s *Service) OnCardPaymentFailed(ctx context.Context, tx bun.Tx, cardID, reference, reason string) error {
	c, err := s.st.card(ctx, tx, cardID)
	if err != nil {
		return fmt.Errorf("giftcards: failed payment's card %s: %w", cardID, err)
	}
	now := s.c.Clock.Now()
	ok, err := s.st.cancel(ctx, tx, c.ID, now)
	if err != nil || !ok {
		return err
	}
	if reason == "" {
		reason = "the card payment did not go through"
	}
	return s.st.insertEvent(ctx, tx, &eventRow{ID: ids.New(), CardID: c.ID, Type: EventCancelled, Amount: c.Amount,
		Details: "Cancelled: " + reason + " (" + reference + ")", CreatedAt: now})
}

// refundCard is the gift_card purpose's refund (payments.RefundFunc), run
// in the refund's transaction: an active, unexpired card nobody has
// redeemed is refunded whole. Its liability goes back towards the card
// (money.Refund From: RefundFromGiftCard), it becomes refunded (its code no
// longer redeems, its waiting mail and sealed code go) with a refunded
// event. A redeemed or expired card answers 409, a partial amount 422.
func (s *Service) refundCard(ctx context.Context, tx bun.Tx, p payments.Payment, r payments.RefundOrder) error {
	c, err := s.st.card(ctx, tx, p.PurposeID)
	if err != nil {
		return fmt.Errorf("giftcards: refunded payment's card %s: %w", p.PurposeID, err)
	}
	now := s.c.Clock.Now()
	if err := refundable(c, now); err != nil {
		return err
	}
	if r.Amount != c.Amount {
		return errRefundWhole(c.Amount)
	}
	ok, err := s.st.refund(ctx, tx, c.ID, now)
	if err != nil {
		return err
	}
	if !ok { // redeemed or expired since it was read
		fresh, err := s.st.card(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		if err := refundable(fresh, now); err != nil {
			return err
		}
		return errRefundUsed
	}
	if err := s.st.deleteDelivery(ctx, tx, c.ID); err != nil {
		return err
	}
	if _, err := s.money.Refund(ctx, tx, money.Refund{Key: r.Key, Reason: r.Reason,
		Ref: money.Ref{Type: money.RefGiftCard, ID: c.ID}, UserID: c.PurchaserID, Amount: c.Amount,
		Currency: c.Currency, From: money.RefundFromGiftCard, To: money.MethodCard, ActorID: r.ActorID,
		Note: "Refund of gift card …" + c.CodeLast4 + ": " + r.Reason, Reference: r.Reference}); err != nil {
		return err
	}
	actor := r.ActorID
	return s.st.insertEvent(ctx, tx, &eventRow{ID: ids.New(), CardID: c.ID, Type: EventRefunded, ActorID: &actor,
		Amount: c.Amount, Details: "Refunded to the card it was paid with: " + r.Reason, CreatedAt: now})
}

// refundable says why a card's payment may not be refunded (nil when it may).
func refundable(c *cardRow, now time.Time) error {
	switch {
	case c.Status == StatusPending || c.Status == StatusCancelled:
		return errRefundNotIssued
	case c.Status == StatusRefunded:
		return errRefundedAlready
	case c.Status == StatusRedeemed || c.Balance < c.Amount:
		return errRefundUsed
	case c.Status == StatusExpired || c.ExpiresAt == nil || !c.ExpiresAt.After(now):
		return errRefundExpired(expiryDate(c.ExpiresAt))
	}
	return nil
}
