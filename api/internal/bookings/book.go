package bookings

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/practice"
)

// Ways to pay.
const (
	PayWallet   = "wallet"
	PayPaystack = "paystack"
	PayPackage  = "package"
)

// BookInput turns a hold into a booking.
type BookInput struct {
	HoldID        string
	PayWith       string
	PackageID     string
	IntakeAnswers map[string]string
	Note          string
	Origin        string
}

// BookResult is the booking and, for a card payment, where to pay.
type BookResult struct {
	Booking *bookingRow
	Payment *payments.Payment
}

func ref(id string) money.Ref { return money.Ref{Type: money.RefBooking, ID: id} }

// checkIntake validates the answers against the offering's questions.
func checkIntake(f apperr.Fields, qs []practice.IntakeQuestion, answers map[string]string) {
	known := map[string]practice.IntakeQuestion{}
	for _, q := range qs {
		known[q.ID] = q
	}
	if len(answers) > len(qs) {
		f.Check(false, "intake_answers", "answers a question this offering does not ask")
	}
	for id, a := range answers {
		q, ok := known[id]
		f.Check(ok, "intake_answers."+id, "is not a question of this offering")
		f.Check(utf8.RuneCountInString(a) <= MaxTextLen, "intake_answers."+id, "must be at most 2000 characters")
		if ok && q.Kind == "choice" && a != "" {
			f.Check(slices.Contains(q.Choices, a), "intake_answers."+id, "must be one of the choices")
		}
	}
	for _, q := range qs {
		if q.Required && answers[q.ID] == "" {
			f.Check(false, "intake_answers."+q.ID, "is required")
		}
	}
}

// Book pays for a hold (wallet: money.Hold into escrow in this
// transaction; package: one credit; paystack: a card payment whose
// settlement moves the booking on) and answers the booking.
func (s *Service) Book(ctx context.Context, userID string, in BookInput) (BookResult, error) {
	f := apperr.Fields{}
	f.Check(in.PayWith == PayWallet || in.PayWith == PayPaystack || in.PayWith == PayPackage, "pay_with",
		"must be wallet, paystack or package")
	f.Check(utf8.RuneCountInString(in.Note) <= MaxTextLen, "note", "must be at most 2000 characters")
	f.Check(len(in.PackageID) <= 64, "package_id", "is not a package")
	if err := f.Err(); err != nil {
		return BookResult{}, err
	}
	if in.PayWith == PayPackage && s.c.Credits == nil {
		return BookResult{}, ErrNoPackages
	}
	b, err := s.own(ctx, s.db.DB, userID, in.HoldID)
	if err != nil {
		return BookResult{}, err
	}
	if b.Status != StatusHeld {
		if b.Status == StatusExpired {
			return BookResult{}, ErrHoldExpired
		}
		return BookResult{}, ErrWrongState
	}
	now := s.clock.Now().UTC()
	if b.HoldExpiresAt == nil || !b.HoldExpiresAt.After(now) {
		return BookResult{}, ErrHoldExpired
	}
	off, err := s.offering(ctx, b.OfferingID)
	if err != nil {
		return BookResult{}, err
	}
	checkIntake(f, off.IntakeQuestions, in.IntakeAnswers)
	if err := f.Err(); err != nil {
		return BookResult{}, err
	}
	if in.IntakeAnswers == nil {
		in.IntakeAnswers = map[string]string{}
	}
	answers, _ := json.Marshal(in.IntakeAnswers)
	details := func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("pay_with = ?", in.PayWith).Set("intake_answers = ?", string(answers)).Set("note = ?", in.Note).
			Set("package_id = ?", in.PackageID)
	}
	if in.PayWith == PayPaystack && b.Price > 0 {
		return s.bookByCard(ctx, userID, b, in, details)
	}
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := details(tx.NewUpdate().Table("bookings").Where("id = ?", b.ID)).Exec(ctx); err != nil {
			return err
		}
		switch {
		case in.PayWith == PayPackage:
			credit, purchase, err := s.c.Credits.ConsumeCredit(ctx, tx, userID, b.OfferingID, b.ID, in.PackageID)
			if err != nil {
				return err
			}
			if _, err := tx.NewUpdate().Table("bookings").Set("package_credit_id = ?", credit).
				Set("package_id = ?", purchase).Where("id = ?", b.ID).Exec(ctx); err != nil {
				return err
			}
			b.PackageCreditID, b.PackageID = credit, purchase
		case b.Price > 0:
			if _, err := s.money.Hold(ctx, tx, money.Hold{Key: "booking-hold:" + b.ID, Reason: "Booking: " + b.Title,
				Ref: ref(b.ID), PayerID: userID, Amount: b.Price, Currency: b.Currency, Pay: money.MethodWallet}); err != nil {
				return err
			}
		}
		amount := b.Price
		if in.PayWith == PayPackage { // the credit's share of its package, now in this booking's escrow
			var err error
			if amount, err = s.money.EscrowBalance(ctx, tx, ref(b.ID), b.Currency); err != nil {
				return err
			}
		}
		return s.paid(ctx, tx, b, amount, userID)
	})
	if err != nil {
		return BookResult{}, err
	}
	fresh, err := s.get(ctx, s.db.DB, b.ID)
	return BookResult{Booking: fresh}, err
}

// bookByCard moves the hold to awaiting_payment (extending it while the
// payment may still settle, with its own expiry job) and starts the card
// payment outside the transaction.
func (s *Service) bookByCard(ctx context.Context, userID string, b *bookingRow, in BookInput,
	details func(q *bun.UpdateQuery) *bun.UpdateQuery) (BookResult, error) {
	exp := s.clock.Now().UTC().Add(CardHoldTTL)
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ok, err := s.transition(ctx, tx, b, StatusAwaitingPayment, userID, ActorUser, "card payment started",
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return details(q).Set("hold_expires_at = ?", exp).Where("hold_expires_at > ?", s.clock.Now().UTC())
			})
		if err != nil {
			return err
		}
		if !ok {
			return ErrHoldExpired
		}
		_, err = s.c.Jobs.InsertTx(ctx, tx, ExpireHoldJob{BookingID: b.ID}, &river.InsertOpts{ScheduledAt: exp})
		return err
	})
	if err != nil {
		return BookResult{}, err
	}
	person, err := s.c.Directory.Person(ctx, userID)
	if err != nil {
		return BookResult{}, err
	}
	pay, err := s.c.Payments.StartCardPayment(ctx, payments.StartInput{UserID: userID, Email: person.Email,
		Purpose: payments.PurposeBooking, PurposeID: b.ID, Amount: b.Price, Currency: b.Currency,
		CallbackPath: "/user-calendar?booking=" + b.ID, Origin: in.Origin})
	if err != nil {
		return BookResult{}, err
	}
	if _, err := s.db.NewUpdate().Table("bookings").Set("payment_reference = ?", pay.Reference).
		Where("id = ?", b.ID).Exec(ctx); err != nil {
		return BookResult{}, err
	}
	fresh, err := s.get(ctx, s.db.DB, b.ID)
	return BookResult{Booking: fresh, Payment: &pay}, err
}

// paid moves a paid booking (amount in escrow) to pending_confirmation
// with its 24-hour timeout, or to confirmed with its reminders and
// completion, inside tx.
func (s *Service) paid(ctx context.Context, tx bun.Tx, b *bookingRow, amount int64, actorID string) error {
	now := s.clock.Now().UTC()
	role := ActorUser
	if actorID == "" {
		role = ActorSystem
	}
	if b.RequiresConfirm {
		by := now.Add(ConfirmTTL)
		if b.StartAt.Before(by) {
			by = b.StartAt
		}
		ok, err := s.transition(ctx, tx, b, StatusPendingConfirmation, actorID, role, "paid; waiting for the provider",
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("paid_amount = ?", amount).Set("confirm_by = ?", by).Set("hold_expires_at = NULL")
			})
		if err != nil || !ok {
			return errors.Join(err, boolErr(ok, ErrWrongState))
		}
		b.ConfirmBy = &by
		_, err = s.c.Jobs.InsertTx(ctx, tx, ConfirmTimeoutJob{BookingID: b.ID}, &river.InsertOpts{ScheduledAt: by})
		return err
	}
	ok, err := s.transition(ctx, tx, b, StatusConfirmed, actorID, role, "paid and confirmed",
		func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("paid_amount = ?", amount).Set("hold_expires_at = NULL")
		})
	if err != nil || !ok {
		return errors.Join(err, boolErr(ok, ErrWrongState))
	}
	return s.scheduleSession(ctx, tx, b)
}

func boolErr(ok bool, err error) error {
	if ok {
		return nil
	}
	return err
}

// scheduleSession inserts a confirmed booking's reminders and completion.
// Each job names the start it was made for: after a reschedule the old
// jobs find another start and do nothing.
func (s *Service) scheduleSession(ctx context.Context, tx bun.Tx, b *bookingRow) error {
	now := s.clock.Now()
	for _, before := range []time.Duration{24 * time.Hour, time.Hour} {
		at := b.StartAt.Add(-before)
		if !at.After(now) {
			continue
		}
		if _, err := s.c.Jobs.InsertTx(ctx, tx, ReminderJob{BookingID: b.ID, Start: b.StartAt.Unix(),
			Hours: int(before / time.Hour)}, &river.InsertOpts{ScheduledAt: at}); err != nil {
			return err
		}
	}
	_, err := s.c.Jobs.InsertTx(ctx, tx, CompleteJob{BookingID: b.ID, Start: b.StartAt.Unix()},
		&river.InsertOpts{ScheduledAt: b.EndAt})
	return err
}

// registerPurpose registers the booking card payment purpose.
func (s *Service) registerPurpose() {
	s.c.Payments.RegisterPurpose(payments.PurposeBooking, s.onCardPaid)
	s.c.Payments.RegisterFailure(payments.PurposeBooking, s.onCardFailed)
}

// onCardPaid runs in the transaction that marks a booking's card payment
// paid: the money goes into the booking's escrow and the booking moves
// on; a booking that expired meanwhile gets the money back in the payer's
// wallet at once (the slot may be someone else's by now).
func (s *Service) onCardPaid(ctx context.Context, tx bun.Tx, p payments.Payment) error {
	b, err := s.get(ctx, tx, p.PurposeID)
	if err != nil {
		return err
	}
	if _, err := s.money.Hold(ctx, tx, money.Hold{Key: "booking-hold:" + b.ID, Reason: "Booking: " + b.Title,
		Ref: ref(b.ID), PayerID: b.UserID, Amount: p.Amount, Currency: p.Currency, Pay: money.MethodCard}); err != nil {
		return err
	}
	if b.Status == StatusAwaitingPayment || b.Status == StatusHeld {
		return s.paid(ctx, tx, b, p.Amount, "")
	}
	if _, err := s.money.Refund(ctx, tx, money.Refund{Key: "booking-late-refund:" + b.ID,
		Reason: "Refund: the booking had expired before the card payment arrived", Ref: ref(b.ID), UserID: b.UserID,
		Amount: p.Amount, Currency: p.Currency, To: money.MethodWallet}); err != nil {
		return err
	}
	_, err = tx.NewUpdate().Table("bookings").Set("paid_amount = ?", p.Amount).Set("refunded_amount = ?", p.Amount).
		Where("id = ?", b.ID).Exec(ctx)
	return err
}

// onCardFailed expires a booking whose card payment failed or was abandoned.
func (s *Service) onCardFailed(ctx context.Context, tx bun.Tx, p payments.Payment) error {
	b, err := s.get(ctx, tx, p.PurposeID)
	if err != nil {
		return err
	}
	if b.Status != StatusAwaitingPayment {
		return nil
	}
	_, err = s.transition(ctx, tx, b, StatusExpired, "", ActorSystem, "the card payment "+p.Status, nil)
	return err
}
