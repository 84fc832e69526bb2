package packages

import (
	"context"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// ConsumeCredit spends one credit for the offering on bookingID, in the
// booking's transaction (bookings.Credits), and answers the credit (use)
// and the purchase it came from.
//
// purchaseID names the purchase to spend from (the booking's package_id):
// it must be the user's (else 422 package_id "is not one of your
// packages") and for this offering (else 422 package_id "is for another
// offering"), and have a credit to spend, which the conditional update
// decides; when it has none the answer is 409 saying why (used up,
// expired, refunded, its payment not through yet). With purchaseID "" the
// user's usable purchase for the offering whose validity ends soonest
// (ties by id) goes first, then the next.
//
// The credit is taken by a conditional update (credits_used <
// credits_total, still active and valid), so two bookings racing for a
// package's last credit cannot both have it: on PostgreSQL the second
// waits for the first's row lock and then finds nothing left; SQLite
// serialises the writes. In the same transaction the credit's share of the
// price (what the package's escrow holds divided by the credits it still
// has, so the shares always add up to the price) moves from the package's
// escrow into the booking's (money.MoveEscrow), and the use is recorded
// with that amount. A booking that already holds a credit answers that
// credit again.
func (s *Service) ConsumeCredit(ctx context.Context, tx bun.Tx, userID, offeringID, bookingID, purchaseID string) (string, string, error) {
	if u, err := s.st.useOf(ctx, tx, bookingID); err == nil {
		if u.Status == UseConsumed {
			return u.ID, u.PurchaseID, nil
		}
		return "", "", apperr.Conflict("This booking's package credit was given back already.")
	} else if !errors.Is(err, errNoUse) {
		return "", "", err
	}
	now := s.c.Clock.Now()
	if purchaseID != "" {
		p, err := s.st.purchase(ctx, tx, purchaseID)
		if errors.Is(err, ErrPurchaseNotFound) || (err == nil && p.BuyerID != userID) {
			return "", "", errNotYourPackage
		}
		if err != nil {
			return "", "", err
		}
		if p.OfferingID != offeringID {
			return "", "", errOtherOffering
		}
		id, err := s.spend(ctx, tx, userID, bookingID, purchaseID, now)
		if errors.Is(err, errNoneLeft) {
			return "", "", s.whyNoCredit(ctx, tx, purchaseID, now)
		}
		return id, purchaseID, err
	}
	candidates, err := s.st.usable(ctx, tx, userID, offeringID, now)
	if err != nil {
		return "", "", err
	}
	for _, id := range candidates {
		use, err := s.spend(ctx, tx, userID, bookingID, id, now)
		if errors.Is(err, errNoneLeft) {
			continue // its last credit went to another booking meanwhile
		}
		return use, id, err
	}
	return "", "", ErrNoCredit
}

// errNoneLeft: the conditional update found no credit to take.
var errNoneLeft = errors.New("packages: no credit left in this purchase")

// spend takes one credit of the purchase (errNoneLeft when the conditional
// update finds none), moves its share into the booking's escrow and
// records the use.
func (s *Service) spend(ctx context.Context, tx bun.Tx, userID, bookingID, purchaseID string, now time.Time) (string, error) {
	ok, err := s.st.takeCredit(ctx, tx, purchaseID, now)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", errNoneLeft
	}
	p, err := s.st.purchase(ctx, tx, purchaseID)
	if err != nil {
		return "", err
	}
	ref := money.Ref{Type: money.RefPackage, ID: p.ID}
	held, err := s.c.Money.EscrowBalance(ctx, tx, ref, p.Currency)
	if err != nil {
		return "", err
	}
	unusedBefore := int64(p.CreditsTotal - p.CreditsUsed + 1)
	share := held / unusedBefore
	if unusedBefore == 1 {
		share = held
	}
	u := &useRow{ID: ids.New(), PurchaseID: p.ID, BookingID: bookingID, Amount: share, Status: UseConsumed,
		CreatedAt: now, UpdatedAt: now}
	if err := s.st.insertUse(ctx, tx, u); err != nil {
		return "", err
	}
	if share > 0 {
		if _, err := s.c.Money.MoveEscrow(ctx, tx, money.EscrowMove{Key: "package-credit:" + bookingID,
			Reason: "Session credit of " + p.Title, From: ref, To: money.Ref{Type: money.RefBooking, ID: bookingID},
			Amount: share, Currency: p.Currency, ActorID: userID}); err != nil {
			return "", err
		}
	}
	return u.ID, nil
}

// whyNoCredit explains, after the conditional update refused, why a named
// purchase has no credit to spend (409).
func (s *Service) whyNoCredit(ctx context.Context, tx bun.Tx, purchaseID string, now time.Time) error {
	p, err := s.st.purchase(ctx, tx, purchaseID)
	if err != nil {
		return err
	}
	switch {
	case p.Status == StatusPending:
		return apperr.Conflict("This package's payment has not gone through yet.")
	case p.Status == StatusRefunded || p.Status == StatusCancelled:
		return apperr.Conflict("This package was " + p.Status + ": it has no session credits to use.")
	case p.Status == StatusExpired || (p.ValidUntil != nil && !p.ValidUntil.After(now)):
		return apperr.Conflict("This package has expired.")
	default:
		return apperr.Conflict("Every session credit of this package is used.")
	}
}

// ReturnCredit gives back the credit bookingID spent (a cancellation within
// the policy), in the booking's transaction: the use becomes returned by a
// conditional update (so a repeat does nothing), the booking's escrow moves
// back to the package's, and the package gets the credit again. If the
// package was refunded or has expired meanwhile, the returned share goes on
// to the buyer's wallet at once, as the rest of it did. A booking that spent
// no credit changes nothing.
func (s *Service) ReturnCredit(ctx context.Context, tx bun.Tx, bookingID string) error {
	u, err := s.st.useOf(ctx, tx, bookingID)
	if errors.Is(err, errNoUse) {
		return nil
	}
	if err != nil {
		return err
	}
	now := s.c.Clock.Now()
	ok, err := s.st.returnUse(ctx, tx, u.ID, now)
	if err != nil || !ok {
		return err
	}
	// The purchase's row first (as consuming, refunding and expiring take
	// it), then the ledger: one lock order, so PostgreSQL cannot deadlock.
	if err := s.st.giveCredit(ctx, tx, u.PurchaseID, now); err != nil {
		return err
	}
	p, err := s.st.purchase(ctx, tx, u.PurchaseID)
	if err != nil {
		return err
	}
	ref := money.Ref{Type: money.RefPackage, ID: p.ID}
	if u.Amount > 0 {
		if _, err := s.c.Money.MoveEscrow(ctx, tx, money.EscrowMove{Key: "package-credit-return:" + bookingID,
			Reason: "Session credit of " + p.Title + " returned", From: money.Ref{Type: money.RefBooking, ID: bookingID},
			To: ref, Amount: u.Amount, Currency: p.Currency}); err != nil {
			return err
		}
	}
	if p.Status == StatusActive {
		return nil
	}
	_, err = s.refundRest(ctx, tx, p, "package-credit-refund:"+bookingID,
		"Returned session credit of "+p.Title+" (package closed)")
	return err
}
