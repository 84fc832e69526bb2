package packages

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/practice"
)

// Buy buys a package for the caller: from the wallet at once (the price
// into the purchase's escrow, the expiry job scheduled, in one
// transaction), or by card (a pending purchase and the payment to
// complete; the package purpose activates it once paid). key is the
// request's Idempotency-Key: a retry finds the purchase it made.
func (s *Service) Buy(ctx context.Context, buyerID, packageID, key, origin string, in PurchaseInput) (PurchaseResult, error) {
	if in.PayWith != PayWallet && in.PayWith != PayPaystack {
		return PurchaseResult{}, apperr.Validation(map[string]string{"pay_with": "must be wallet or paystack"})
	}
	o, err := s.st.offer(ctx, s.c.DB, packageID)
	if err != nil {
		return PurchaseResult{}, err
	}
	off, err := s.c.Practice.Offering(ctx, o.OfferingID)
	if err != nil || !o.Active || !off.Active {
		return PurchaseResult{}, errInactive
	}
	if pr, err := s.c.Practice.Provider(ctx, o.ProviderID); err != nil || pr.Status != practice.StatusPublished {
		return PurchaseResult{}, errInactive
	}
	if o.ProviderUserID == buyerID {
		return PurchaseResult{}, errOwnPackage
	}
	now := s.c.Clock.Now()
	p := &purchaseRow{ID: ids.New(), PackageID: o.ID, BuyerID: buyerID, ProviderID: o.ProviderID,
		ProviderUserID: o.ProviderUserID, OfferingID: o.OfferingID, Title: o.Title, CreditsTotal: o.Sessions,
		ValidDays: o.ValidDays, Price: o.Price, Currency: o.Currency, PayWith: in.PayWith, PurchaseKey: key,
		CreatedAt: now, UpdatedAt: now}
	if in.PayWith == PayPaystack {
		return s.buyByCard(ctx, p, origin)
	}
	until := now.Add(time.Duration(o.ValidDays) * 24 * time.Hour)
	p.Status, p.ValidUntil = StatusActive, &until
	var existing *purchaseRow
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ok, err := s.st.insertPurchase(ctx, tx, p)
		if err != nil || !ok {
			if err == nil {
				existing, err = s.st.purchaseByKey(ctx, tx, buyerID, key)
			}
			return err
		}
		return s.activate(ctx, tx, p, money.MethodWallet)
	})
	if err != nil {
		return PurchaseResult{}, err
	}
	if existing != nil {
		switch existing.Status {
		case StatusPending:
			return PurchaseResult{}, errPurchasePaying
		case StatusCancelled:
			return PurchaseResult{}, errPurchaseFailed
		}
		p = existing
	}
	return PurchaseResult{Purchase: s.toPurchase(ctx, p)}, nil
}

// activate holds the price in the purchase's escrow and schedules its
// expiry, in tx (p is already active in the table).
func (s *Service) activate(ctx context.Context, tx bun.Tx, p *purchaseRow, pay money.Method) error {
	if _, err := s.c.Money.Hold(ctx, tx, money.Hold{Key: "package-hold:" + p.ID, Reason: "Package: " + p.Title,
		Ref: money.Ref{Type: money.RefPackage, ID: p.ID}, PayerID: p.BuyerID, Amount: p.Price, Currency: p.Currency,
		Pay: pay, Note: fmt.Sprintf("%s (%d sessions)", p.Title, p.CreditsTotal)}); err != nil {
		return err
	}
	_, err := s.c.Jobs.InsertTx(ctx, tx, ExpireJob{PurchaseID: p.ID}, &river.InsertOpts{ScheduledAt: *p.ValidUntil})
	return err
}

func (s *Service) buyByCard(ctx context.Context, p *purchaseRow, origin string) (PurchaseResult, error) {
	if s.c.Payments == nil {
		return PurchaseResult{}, errCardPayments
	}
	buyer, err := s.c.Directory.Person(ctx, p.BuyerID)
	if err != nil {
		return PurchaseResult{}, err
	}
	p.Status = StatusPending
	ok, err := s.st.insertPurchase(ctx, s.c.DB, p)
	if err != nil {
		return PurchaseResult{}, err
	}
	if !ok {
		return PurchaseResult{}, apperr.Conflict("This purchase was made already; see your packages.")
	}
	pay, err := s.c.Payments.StartCardPayment(ctx, payments.StartInput{UserID: p.BuyerID, Email: buyer.Email,
		Purpose: PurposePackage, PurposeID: p.ID, Amount: p.Price, Currency: p.Currency,
		CallbackPath: "/user-packages", Origin: origin})
	if err != nil {
		if derr := s.st.deletePending(context.WithoutCancel(ctx), p.ID); derr != nil {
			s.c.Log.Error("remove pending package purchase", "purchase_id", p.ID, "error", derr.Error())
		}
		return PurchaseResult{}, err
	}
	if err := s.st.setReference(ctx, p.ID, pay.Reference, s.c.Clock.Now()); err != nil {
		return PurchaseResult{}, err
	}
	p.PaymentReference = pay.Reference
	started := payments.ToStarted(pay)
	return PurchaseResult{Purchase: s.toPurchase(ctx, p), Payment: &started}, nil
}

// registerPurpose: a paid card payment activates its pending (or, paid
// after all, cancelled) purchase from that moment, in the settling
// transaction; a failed one cancels it.
func (s *Service) registerPurpose() {
	s.c.Payments.RegisterPurpose(PurposePackage, func(ctx context.Context, tx bun.Tx, pay payments.Payment) error {
		p, err := s.st.purchase(ctx, tx, pay.PurposeID)
		if err != nil {
			return fmt.Errorf("packages: paid purchase %s: %w", pay.PurposeID, err)
		}
		now := s.c.Clock.Now()
		until := now.Add(time.Duration(p.ValidDays) * 24 * time.Hour)
		ok, err := s.st.activatePaid(ctx, tx, p.ID, until, now)
		if err != nil || !ok {
			return err // already active: settled once
		}
		p.Status, p.ValidUntil = StatusActive, &until
		return s.activate(ctx, tx, p, money.MethodCard)
	})
	s.c.Payments.RegisterFailure(PurposePackage, func(ctx context.Context, tx bun.Tx, pay payments.Payment) error {
		_, err := s.st.setStatus(ctx, tx, pay.PurposeID, StatusPending, StatusCancelled, s.c.Clock.Now())
		return err
	})
}

// Mine is a keyset page of the caller's purchases, newest first.
func (s *Service) Mine(ctx context.Context, userID string, c page.Cursor) ([]Purchase, *page.Key, error) {
	rows, err := s.st.purchasesOf(ctx, userID, c)
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r purchaseRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out := make([]Purchase, 0, len(rows))
	for i := range rows {
		out = append(out, s.toPurchase(ctx, &rows[i]))
	}
	return out, next, nil
}

// Refund closes one of the caller's active purchases and returns what its
// escrow still holds (the unused credits' share of the price) to their
// wallet, in one transaction. Credits already spent on bookings stay with
// those bookings.
func (s *Service) Refund(ctx context.Context, userID, id string) (Purchase, error) {
	var p *purchaseRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		p, err = s.st.purchase(ctx, tx, id)
		if errors.Is(err, ErrPurchaseNotFound) || (err == nil && p.BuyerID != userID) {
			return ErrPurchaseNotFound
		}
		if err != nil {
			return err
		}
		now := s.c.Clock.Now()
		ok, err := s.st.close(ctx, tx, p.ID, StatusRefunded, nil, now)
		if err != nil {
			return err
		}
		if !ok {
			return errNotRefundable
		}
		amount, err := s.refundRest(ctx, tx, p, "package-refund:"+p.ID, "Refund of the unused credits of "+p.Title)
		p.Status, p.RefundedAmount, p.ClosedAt = StatusRefunded, p.RefundedAmount+amount, &now
		return err
	})
	if err != nil {
		return Purchase{}, err
	}
	return s.toPurchase(ctx, p), nil
}

// refundRest returns what the purchase's escrow holds to the buyer's wallet
// and records it; 0 when it holds nothing.
func (s *Service) refundRest(ctx context.Context, tx bun.Tx, p *purchaseRow, key, reason string) (int64, error) {
	ref := money.Ref{Type: money.RefPackage, ID: p.ID}
	amount, err := s.c.Money.EscrowBalance(ctx, tx, ref, p.Currency)
	if err != nil || amount <= 0 {
		return 0, err
	}
	if _, err := s.c.Money.Refund(ctx, tx, money.Refund{Key: key, Reason: reason, Ref: ref, UserID: p.BuyerID,
		Amount: amount, Currency: p.Currency, To: money.MethodWallet, ActorID: p.BuyerID}); err != nil {
		return 0, err
	}
	return amount, s.st.addRefunded(ctx, tx, p.ID, amount, s.c.Clock.Now())
}

// Expire is the expiry transition (the package.expire job): an active
// purchase past its valid_until becomes expired and its unused credits'
// share is refunded to the buyer's wallet. early reports a job that ran
// before valid_until (it is snoozed); anything else changes nothing.
func (s *Service) Expire(ctx context.Context, id string) (early time.Duration, err error) {
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.st.purchase(ctx, tx, id)
		if errors.Is(err, ErrPurchaseNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		now := s.c.Clock.Now()
		if p.Status != StatusActive {
			return nil
		}
		if p.ValidUntil != nil && now.Before(*p.ValidUntil) {
			early = p.ValidUntil.Sub(now)
			return nil
		}
		ok, err := s.st.close(ctx, tx, p.ID, StatusExpired, &now, now)
		if err != nil || !ok {
			return err
		}
		_, err = s.refundRest(ctx, tx, p, "package-expire:"+p.ID, "Unused credits of "+p.Title+" (expired)")
		return err
	})
	return early, err
}

func (s *Service) toPurchase(ctx context.Context, p *purchaseRow) Purchase {
	out := Purchase{ID: p.ID, PackageID: p.PackageID, ProviderID: p.ProviderID, OfferingID: p.OfferingID,
		Title: p.Title, CreditsTotal: p.CreditsTotal, CreditsUsed: p.CreditsUsed,
		CreditsRemaining: p.CreditsTotal - p.CreditsUsed, Price: p.Price, Currency: p.Currency, Status: p.Status,
		PayWith: p.PayWith, RefundedAmount: p.RefundedAmount, CreatedAt: p.CreatedAt.UTC()}
	if p.ValidUntil != nil {
		v := p.ValidUntil.UTC()
		out.ValidUntil = &v
	}
	if p.Status == StatusActive {
		if b, err := s.c.Money.EscrowBalance(ctx, nil, money.Ref{Type: money.RefPackage, ID: p.ID}, p.Currency); err == nil {
			out.RefundableAmount = b
		}
	}
	return out
}
