package payments

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/events"
)

// earningsScreens is each provider role's earnings page (where payouts are
// listed), in the order a person with several roles is sent to.
var earningsScreens = []struct{ role, portal, path string }{
	{"vendor", "vendor", "/vendor-app/earnings"},
	{"therapist", "therapy", "/therapy-app/earnings"},
	{"coach", "coach", "/coach-app/earnings"},
	{"tour_guide", "tour", "/tour-app/earnings"},
	{"car_rental", "car-rental", "/car-rentals/earnings"},
	{"car_dealer", "car-dealer", "/car-dealer/earnings"},
}

// notifyPayout tells the provider their payout was paid, failed or
// reversed, in the settling transaction.
func (s *Service) notifyPayout(ctx context.Context, tx bun.Tx, row *payoutRow, outcome, reason string) error {
	portal, link := "user", ""
	if p, err := s.c.Directory.Person(ctx, row.UserID); err == nil {
	found:
		for _, sc := range earningsScreens {
			for _, r := range p.Roles {
				if r == sc.role {
					portal, link = sc.portal, sc.path
					break found
				}
			}
		}
	}
	amt := fmt.Sprintf("%s %d.%02d", row.Currency, row.NetAmount/100, row.NetAmount%100)
	e := events.Event{Category: events.CategoryPayments, Recipients: []string{row.UserID}, Portal: portal, Link: link,
		Subject: events.Ref{Type: "payout", ID: row.ID}, Email: true}
	switch outcome {
	case PayoutSuccess:
		e.Type, e.Title = "payout.paid", "Your payout of "+amt+" was paid"
		e.Body = "It is on its way to your bank account."
	case PayoutFailed:
		e.Type, e.Title = "payout.failed", "Your payout of "+amt+" failed"
		e.Body = "The money is back in your earnings. " + reason
	case PayoutReversed:
		e.Type, e.Title = "payout.reversed", "Your payout of "+amt+" was reversed by the bank"
		e.Body = "The money is back in your earnings. " + reason
	default:
		return nil
	}
	return s.c.Events.Emit(ctx, tx, e)
}
