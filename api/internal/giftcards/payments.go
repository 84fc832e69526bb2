package giftcards

import (
	"context"

	"github.com/uptrace/bun"

	"sojourn/api/internal/payments"
)

// UsePayments lets buyers pay by card through the payments domain: it
// registers the gift_card purpose, whose settled payments issue the pending
// card they paid for (in the settling transaction, once), and starts those
// payments for pay_with "paystack". The browser comes back to the gift
// card's page after the payment's callback page.
func (s *Service) UsePayments(p *payments.Service) {
	p.RegisterPurpose(payments.PurposeGiftCard, func(ctx context.Context, tx bun.Tx, pay payments.Payment) error {
		return s.OnCardPaid(ctx, tx, pay.PurposeID, pay.Reference, pay.Amount, pay.Currency)
	})
	s.SetPayments(func(ctx context.Context, in PaymentStart) (Payment, error) {
		pay, err := p.StartCardPayment(ctx, payments.StartInput{UserID: in.UserID, Email: in.Email,
			Purpose: payments.PurposeGiftCard, PurposeID: in.CardID, Amount: in.Amount, Currency: in.Currency,
			CallbackPath: "/gift-card/" + in.ProductID, Origin: in.Origin})
		if err != nil {
			return Payment{}, err
		}
		return Payment{Reference: pay.Reference, AuthorizationURL: pay.AuthorizationURL, AccessCode: pay.AccessCode}, nil
	})
}
