package payments

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/paystack"
)

// fail moves a payment from one of from to status with a reason and, when
// it left pending, tells its purpose, in one transaction.
func (s *Service) fail(ctx context.Context, row *paymentRow, from []string, status, reason string, mismatch bool) error {
	_, err := s.failed(ctx, row, from, status, reason, mismatch)
	return err
}

// failed is fail reporting whether the payment moved. The move from pending
// is tried on its own first, so the purpose hears of a failure once even
// when an abandoned payment later fails for good.
func (s *Service) failed(ctx context.Context, row *paymentRow, from []string, status, reason string, mismatch bool) (bool, error) {
	moved := false
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := s.c.Clock.Now()
		var rest []string
		for _, st := range from {
			if st != StatusPending {
				rest = append(rest, st)
			}
		}
		if len(rest) < len(from) {
			ok, err := s.st.markUnpaid(ctx, tx, row.ID, []string{StatusPending}, status, reason, mismatch, now)
			if err != nil {
				return err
			}
			if ok {
				moved = true
				if pp, known := s.purpose(row.Purpose); known && pp.onFailed != nil {
					p := row.payment()
					p.Status, p.FailureReason, p.UpdatedAt = status, reason, now
					return pp.onFailed(ctx, tx, p)
				}
				return nil
			}
		}
		if len(rest) == 0 {
			return nil
		}
		ok, err := s.st.markUnpaid(ctx, tx, row.ID, rest, status, reason, mismatch, now)
		moved = ok
		return err
	})
	return moved && err == nil, err
}

// AbandonStale closes the card payments still pending AbandonAfter after
// they started, which neither the webhook nor verify has settled: each is
// checked with Paystack once (outside any transaction), settled when
// Paystack reports it paid or failed, and otherwise marked abandoned,
// telling its purpose. Paystack being unreachable abandons it too: a
// payment that succeeds later still settles from abandoned. It returns how
// many were abandoned. Serve runs it every minute.
func (s *Service) AbandonStale(ctx context.Context) (int, error) {
	rows, err := s.st.stalePending(ctx, s.c.Clock.Now().Add(-AbandonAfter), sweepBatch)
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for i := range rows {
		row := &rows[i]
		t, err := s.client.Verify(ctx, row.Reference)
		switch {
		case err != nil:
			s.log.Warn("payments: verify before abandoning", "reference", row.Reference, "err", err)
		case t.Reference == row.Reference && (t.Status == paystack.StatusSuccess || t.Status == paystack.StatusFailed):
			if err := s.settleCharge(ctx, t); err != nil {
				errs = append(errs, fmt.Errorf("payments: settle %s: %w", row.Reference, err))
			}
			continue
		}
		ok, err := s.failed(ctx, row, []string{StatusPending}, StatusAbandoned,
			"The payment was not completed within 30 minutes", false)
		if err != nil {
			errs = append(errs, fmt.Errorf("payments: abandon %s: %w", row.Reference, err))
		} else if ok {
			n++
		}
	}
	return n, errors.Join(errs...)
}

// settleCharge applies what Paystack says of a charge (a charge.success
// event or a verify answer). It credits only a success whose amount and
// currency are what was initialised, once.
func (s *Service) settleCharge(ctx context.Context, t *paystack.Transaction) error {
	row, err := s.st.paymentByReference(ctx, nil, t.Reference)
	if errors.Is(err, apperr.ErrNotFound) {
		return ErrPaymentNotFound
	}
	if err != nil {
		return err
	}
	switch t.Status {
	case paystack.StatusSuccess:
		if t.Amount != row.Amount || !strings.EqualFold(t.Currency, row.Currency) {
			reason := fmt.Sprintf("Paystack reported %d %s paid where %d %s was initialised; not credited",
				t.Amount, strings.ToUpper(t.Currency), row.Amount, row.Currency)
			s.log.Error("payments: charge does not match its payment", "reference", row.Reference,
				"paid", t.Amount, "paid_currency", t.Currency, "expected", row.Amount, "currency", row.Currency)
			return s.fail(ctx, row, settleable, StatusFailed, reason, true)
		}
		pp, known := s.purpose(row.Purpose)
		if !known {
			return fmt.Errorf("payments: %s is paid but no purpose %q is registered", row.Reference, row.Purpose)
		}
		paidAt := s.c.Clock.Now()
		if t.PaidAt != nil {
			paidAt = t.PaidAt.UTC()
		}
		return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			now := s.c.Clock.Now()
			ok, err := s.st.markPaid(ctx, tx, row.ID, paidAt, t.Channel, t.ID, now)
			if err != nil || !ok {
				return err // !ok: settled already (or a mismatch): nothing changes
			}
			p := row.payment()
			p.Status, p.PaidAt, p.Channel, p.PaystackID, p.FailureReason, p.UpdatedAt =
				StatusSuccess, &paidAt, t.Channel, t.ID, "", now
			return pp.onPaid(ctx, tx, p)
		})
	case paystack.StatusFailed:
		reason := t.GatewayResponse
		if reason == "" {
			reason = "The payment failed"
		}
		return s.fail(ctx, row, []string{StatusPending, StatusAbandoned}, StatusFailed, reason, false)
	case paystack.StatusAbandoned:
		if s.c.Clock.Now().Sub(row.CreatedAt) >= AbandonAfter {
			return s.fail(ctx, row, []string{StatusPending}, StatusAbandoned, "The payment was not completed", false)
		}
	}
	// ongoing, pending, processing, queued: not final yet.
	return nil
}

// Verify asks Paystack about one of the user's payments (outside any
// transaction) and settles it as the webhook would; another user's
// reference is ErrPaymentNotFound. A payment Paystack cannot answer for
// is returned as it stands, so the callback page can say "still confirming".
func (s *Service) Verify(ctx context.Context, userID, reference string) (Payment, error) {
	row, err := s.st.paymentOf(ctx, userID, reference)
	if errors.Is(err, apperr.ErrNotFound) {
		return Payment{}, ErrPaymentNotFound
	}
	if err != nil {
		return Payment{}, err
	}
	if row.Mismatch || (row.Status != StatusPending && row.Status != StatusAbandoned && row.Status != StatusFailed) {
		return row.payment(), nil
	}
	t, err := s.client.Verify(ctx, reference)
	if err != nil {
		s.log.Warn("payments: verify", "reference", reference, "err", err)
		return row.payment(), nil
	}
	if t.Reference != reference {
		s.log.Error("payments: verify answered another reference", "reference", reference, "got", t.Reference)
		return row.payment(), nil
	}
	if err := s.settleCharge(ctx, t); err != nil {
		return Payment{}, err
	}
	if row, err = s.st.paymentOf(ctx, userID, reference); err != nil {
		return Payment{}, err
	}
	return row.payment(), nil
}

// Payment is one of the user's payments, without asking Paystack.
func (s *Service) Payment(ctx context.Context, userID, reference string) (Payment, error) {
	row, err := s.st.paymentOf(ctx, userID, reference)
	if errors.Is(err, apperr.ErrNotFound) {
		return Payment{}, ErrPaymentNotFound
	}
	if err != nil {
		return Payment{}, err
	}
	return row.payment(), nil
}

// HandleWebhook checks a webhook's signature over the raw body and applies
// the event. A bad or missing signature is 401 and changes nothing; unknown
// events are ignored; an event for a payment, payout or refund we do not
// know is logged and ignored. An error asks Paystack to deliver again.
func (s *Service) HandleWebhook(ctx context.Context, raw []byte, signature string) error {
	if !paystack.ValidSignature(s.secret, raw, signature) {
		return errBadSignature
	}
	ev, err := paystack.ParseEvent(raw)
	if err != nil {
		return apperr.Wrap(apperr.CodeInvalidJSON, "The webhook body is not a Paystack event.", err)
	}
	switch ev.Event {
	case paystack.EventChargeSuccess:
		t, err := ev.Transaction()
		if err != nil {
			return apperr.Wrap(apperr.CodeInvalidJSON, "The charge event's data is not a transaction.", err)
		}
		if err := s.settleCharge(ctx, t); errors.Is(err, ErrPaymentNotFound) {
			s.log.Warn("payments: charge.success for an unknown reference", "reference", t.Reference)
			return nil
		} else if err != nil {
			return err
		}
	case paystack.EventTransferSuccess, paystack.EventTransferFailed, paystack.EventTransferReversed:
		t, err := ev.Transfer()
		if err != nil {
			return apperr.Wrap(apperr.CodeInvalidJSON, "The transfer event's data is not a transfer.", err)
		}
		return s.settleTransfer(ctx, ev.Event, t)
	case paystack.EventRefundProcessed, paystack.EventRefundFailed:
		r, err := ev.Refund()
		if err != nil {
			return apperr.Wrap(apperr.CodeInvalidJSON, "The refund event's data is not a refund.", err)
		}
		return s.settleRefund(ctx, ev.Event, r)
	default:
		s.log.Debug("payments: webhook event ignored", "event", ev.Event)
	}
	return nil
}
