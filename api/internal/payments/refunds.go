package payments

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/page"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/paystack"
)

var paymentStatuses = []string{StatusPending, StatusSuccess, StatusFailed, StatusAbandoned, StatusRefunded,
	StatusPartiallyRefunded}

// AdminPayments is a page of every payment with its payer and refunds; q
// matches the reference or the payer's email (among the first
// accounts.MaxSearch people the directory finds for q).
func (s *Service) AdminPayments(ctx context.Context, status, q string, p page.Page) ([]AdminPayment, int, error) {
	if status != "" && !slices.Contains(paymentStatuses, status) {
		return nil, 0, apperr.Validation(map[string]string{"status": "must be one of " +
			strings.Join(paymentStatuses, ", ")})
	}
	payers, err := s.payersMatching(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	rows, total, err := s.st.adminPayments(ctx, status, q, payers, p)
	if err != nil {
		return nil, 0, err
	}
	out, err := s.adminDTOs(ctx, rows)
	return out, total, err
}

// payersMatching are the ids of the people whose email contains q.
func (s *Service) payersMatching(ctx context.Context, q string) ([]string, error) {
	q = strings.ToLower(strings.TrimSpace(q))
	if q == "" {
		return nil, nil
	}
	people, err := s.dir.Search(ctx, q, accounts.MaxSearch)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range people {
		if strings.Contains(strings.ToLower(p.Email), q) {
			out = append(out, p.ID)
		}
	}
	return out, nil
}

func (s *Service) adminDTOs(ctx context.Context, rows []paymentRow) ([]AdminPayment, error) {
	idsOf := make([]string, 0, len(rows))
	payerIDs := make([]string, 0, len(rows))
	for _, r := range rows {
		idsOf = append(idsOf, r.ID)
		payerIDs = append(payerIDs, r.UserID)
	}
	refunds, err := s.st.refundsOf(ctx, idsOf)
	if err != nil {
		return nil, err
	}
	payers, err := s.dir.Lookup(ctx, payerIDs)
	if err != nil {
		return nil, err
	}
	by := map[string][]refundRow{}
	for _, r := range refunds {
		by[r.PaymentID] = append(by[r.PaymentID], r)
	}
	out := make([]AdminPayment, 0, len(rows))
	for i := range rows {
		out = append(out, toAdminPayment(&rows[i], payers[rows[i].UserID], by[rows[i].ID]))
	}
	return out, nil
}

func (s *Service) adminPayment(ctx context.Context, ref string) (AdminPayment, error) {
	row, err := s.st.paymentByReference(ctx, nil, ref)
	if errors.Is(err, apperr.ErrNotFound) {
		return AdminPayment{}, ErrPaymentNotFound
	}
	if err != nil {
		return AdminPayment{}, err
	}
	out, err := s.adminDTOs(ctx, []paymentRow{*row})
	if err != nil {
		return AdminPayment{}, err
	}
	return out[0], nil
}

// RefundInput is the body of POST /api/v1/admin/payments/{reference}/refund;
// no amount refunds what is left.
type RefundInput struct {
	Amount json.RawMessage `json:"amount"`
	Reason string          `json:"reason"`
}

// Refund refunds a paid payment, fully or partly, never beyond what was paid
// minus what was refunded: the purpose reverses the ledger (a top-up takes
// the money back out of the wallet: 409 insufficient_funds when it is no
// longer there) in the transaction that reserves the amount and records the
// refund and the audit entry; then Paystack is asked to refund the card.
// refund.processed completes it; a refusal or refund.failed puts the money
// back in the payer's wallet. key (the Idempotency-Key) makes it happen once.
func (s *Service) Refund(ctx context.Context, actorID, key, ip, reference string, in RefundInput) (AdminPayment, error) {
	row, err := s.st.paymentByReference(ctx, nil, reference)
	if errors.Is(err, apperr.ErrNotFound) {
		return AdminPayment{}, ErrPaymentNotFound
	}
	if err != nil {
		return AdminPayment{}, err
	}
	reason := strings.TrimSpace(in.Reason)
	left := row.Amount - row.RefundedAmount
	amount := left
	f := apperr.Fields{}
	if len(strings.TrimSpace(string(in.Amount))) > 0 && strings.TrimSpace(string(in.Amount)) != "null" {
		var ok bool
		amount, ok = parseAmount(in.Amount)
		f.Check(ok, "amount", "must be a positive whole number of minor units")
		f.Check(!ok || amount <= left, "amount", "must be at most "+formatMinor(left)+
			", what is paid and not yet refunded")
	}
	f.Check(utf8.RuneCountInString(reason) >= 3 && utf8.RuneCountInString(reason) <= 500, "reason",
		"must be 3-500 characters")
	if err := f.Err(); err != nil {
		return AdminPayment{}, err
	}
	if _, err := s.st.refundByRequestKey(ctx, "refund:"+actorID+":"+key); err == nil {
		return s.adminPayment(ctx, reference) // the same request again: answer as the first did
	}
	if row.Status != StatusSuccess && row.Status != StatusPartiallyRefunded || left <= 0 {
		return AdminPayment{}, errNotRefundable
	}
	pp, known := s.purpose(row.Purpose)
	if !known || pp.onRefund == nil {
		if known && pp.refundHint != "" {
			return AdminPayment{}, apperr.Conflict(pp.refundHint)
		}
		return AdminPayment{}, errPurposeNoRefund
	}
	now := s.c.Clock.Now()
	rf := &refundRow{ID: ids.New(), PaymentID: row.ID, Reference: newReference("sj-rf-"), Amount: amount,
		Currency: row.Currency, Status: RefundPending, Reason: reason, ActorID: actorID,
		RequestKey: "refund:" + actorID + ":" + key, CreatedAt: now, UpdatedAt: now}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ok, err := s.st.reserveRefund(ctx, tx, row.ID, amount, now)
		if err != nil {
			return err
		}
		if !ok {
			return errRefundRace
		}
		if err := s.st.insertRefund(ctx, tx, rf); err != nil {
			return err
		}
		if err := pp.onRefund(ctx, tx, row.payment(), RefundOrder{Key: "payment-refund:" + rf.ID,
			Reference: rf.Reference, Reason: reason, ActorID: actorID, Amount: amount}); err != nil {
			return err
		}
		return s.audit.Record(ctx, tx, audit.Event{ActorID: actorID, Action: "payment.refund", TargetType: "payment",
			TargetID: row.Reference, SubjectID: row.UserID, IP: ip, Details: map[string]any{"refund_id": rf.ID, "amount": amount,
				"currency": row.Currency, "reason": reason, "user_id": row.UserID, "purpose": row.Purpose}})
	})
	if errors.Is(err, apperr.ErrConflict) { // the same key at the same time
		return s.adminPayment(ctx, reference)
	}
	if err != nil {
		return AdminPayment{}, err
	}
	d, err := s.client.Refund(ctx, paystack.RefundRequest{Transaction: row.Reference, Amount: amount,
		Currency: row.Currency, MerchantNote: reason})
	var ae *paystack.APIError
	switch {
	case errors.As(err, &ae) && ae.Status >= 400 && ae.Status < 500:
		if ferr := s.failRefund(ctx, row, rf, "Paystack refused the refund: "+ae.Message); ferr != nil {
			return AdminPayment{}, ferr
		}
		return AdminPayment{}, apperr.Wrap(apperr.CodeConflict, "Paystack refused the refund: "+ae.Message+
			". The money is back in the payer's wallet.", err)
	case err != nil:
		// Unknown outcome: the refund stays pending until Paystack's event.
		s.log.Error("payments: refund", "reference", row.Reference, "refund", rf.ID, "err", err)
	default:
		if err := s.st.setRefundPaystackID(ctx, rf.ID, d.ID, s.c.Clock.Now()); err != nil {
			return AdminPayment{}, err
		}
	}
	return s.adminPayment(ctx, reference)
}

// failRefund undoes a refund Paystack did not make: the reservation is
// released and the money returns to the payer's wallet, once.
func (s *Service) failRefund(ctx context.Context, p *paymentRow, rf *refundRow, reason string) error {
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := s.c.Clock.Now()
		ok, err := s.st.setRefundStatus(ctx, tx, rf.ID, RefundPending, RefundFailed, reason, now)
		if err != nil || !ok {
			return err
		}
		if ok, err := s.st.releaseRefund(ctx, tx, p.ID, rf.Amount, now); err != nil {
			return err
		} else if !ok {
			return errors.New("payments: refund reservation missing for " + rf.ID)
		}
		_, err = s.money.FailRefund(ctx, tx, money.RefundFailure{Key: "payment-refund-failed:" + rf.ID,
			Reason: reason, UserID: p.UserID, Reference: rf.Reference})
		return err
	})
}

// settleRefund applies a refund.* event: the oldest pending refund of the
// charge (of that amount, when there is one) is processed or failed.
func (s *Service) settleRefund(ctx context.Context, event string, r *paystack.RefundEvent) error {
	p, err := s.st.paymentByReference(ctx, nil, r.TransactionReference)
	if errors.Is(err, apperr.ErrNotFound) {
		s.log.Warn("payments: refund event for an unknown payment", "event", event, "reference", r.TransactionReference)
		return nil
	}
	if err != nil {
		return err
	}
	rf, err := s.st.pendingRefund(ctx, nil, p.ID, r.Amount)
	if errors.Is(err, apperr.ErrNotFound) {
		s.log.Info("payments: refund event with no pending refund", "event", event, "reference", p.Reference)
		return nil
	}
	if err != nil {
		return err
	}
	if event == paystack.EventRefundFailed {
		return s.failRefund(ctx, p, rf, "Paystack could not refund the card")
	}
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ok, err := s.st.setRefundStatus(ctx, tx, rf.ID, RefundPending, RefundProcessed, "", s.c.Clock.Now())
		if err != nil || !ok {
			return err
		}
		err = s.money.CompleteRefund(ctx, tx, p.UserID, rf.Reference)
		if errors.Is(err, money.ErrTxnNotFound) {
			return nil // a purpose that wrote its refund row under another reference
		}
		return err
	})
}
