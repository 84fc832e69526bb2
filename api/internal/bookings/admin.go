package bookings

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/mail"
	"sojourn/api/internal/platform/page"
)

// The admin side of bookings: every booking as a numbered table with
// filters, one booking with its history and payment, and the admin's
// cancellation with a full refund (status cancelled_by_admin, which does not
// count against the provider).

// Audit records admin actions inside their transaction (audit.Log).
type Audit interface {
	Record(ctx context.Context, db bun.IDB, e audit.Event) error
}

// Bounds of the admin table.
const (
	// MaxAdminTotal caps the counted total of the admin table: beyond it the
	// table says "10,000" and asks for a narrower filter.
	MaxAdminTotal   = 10_000
	minAdminReason  = 3
	maxAdminReason  = 500
	adminDateFormat = time.DateOnly
)

var kindPattern = regexp.MustCompile(`^[a-z][a-z_]{0,31}$`)

// AdminFilter narrows the admin table; From and To are dates (YYYY-MM-DD,
// 2000-01-01 to 2100-01-01) of the start, both included. Without a status,
// lapsed holds (held, expired: nobody paid) are left out.
type AdminFilter struct {
	ProviderID, UserID, Status, Kind, From, To string
}

// parse validates the filter and answers the start range.
func (f *AdminFilter) parse() (from, to *time.Time, err error) {
	fs := apperr.Fields{}
	fs.Check(len(f.ProviderID) <= 64, "provider_id", "must be at most 64 characters")
	fs.Check(len(f.UserID) <= 64, "user_id", "must be at most 64 characters")
	fs.Check(f.Status == "" || validStatus(f.Status), "status", "must be one of "+strings.Join(Statuses, ", "))
	fs.Check(f.Kind == "" || kindPattern.MatchString(f.Kind), "kind", "must be a provider kind, e.g. therapist")
	day := func(name, s string) *time.Time {
		if s == "" {
			return nil
		}
		t, err := time.Parse(adminDateFormat, s)
		if err != nil || !inDateRange(t) {
			fs.Add(name, "must be a date (YYYY-MM-DD) from 2000-01-01 to 2100-01-01")
			return nil
		}
		return &t
	}
	from, to = day("from", f.From), day("to", f.To)
	if from != nil && to != nil && to.Before(*from) {
		fs.Add("to", "must not be before from")
	}
	if to != nil {
		end := to.AddDate(0, 0, 1)
		to = &end
	}
	return from, to, fs.Err()
}

// AdminList is one numbered page of bookings, latest start first, and the
// total (exact up to MaxAdminTotal).
func (s *Service) AdminList(ctx context.Context, f AdminFilter, p page.Page) ([]*bookingRow, int, error) {
	from, to, err := f.parse()
	if err != nil {
		return nil, 0, err
	}
	where := func(q *bun.SelectQuery) *bun.SelectQuery {
		if f.ProviderID != "" {
			q = q.Where("provider_id = ?", f.ProviderID)
		}
		if f.UserID != "" {
			q = q.Where("user_id = ?", f.UserID)
		}
		if f.Status != "" {
			q = q.Where("status = ?", f.Status)
		} else {
			q = q.Where("status NOT IN (?, ?)", StatusHeld, StatusExpired)
		}
		if f.Kind != "" {
			q = q.Where("kind = ?", f.Kind)
		}
		if from != nil {
			q = q.Where("start_at >= ?", *from)
		}
		if to != nil {
			q = q.Where("start_at < ?", *to)
		}
		return q
	}
	var rows []*bookingRow
	if err := where(s.db.NewSelect().Model(&rows)).OrderExpr("start_at DESC, id DESC").
		Offset(p.Offset()).Limit(p.Limit()).Scan(ctx); err != nil {
		return nil, 0, err
	}
	// The count reads at most MaxAdminTotal rows of the same filter.
	inner := where(s.db.NewSelect().Model((*bookingRow)(nil)).ColumnExpr("1")).Limit(MaxAdminTotal)
	total, err := s.db.NewSelect().TableExpr("(?) AS capped", inner).Count(ctx)
	if err != nil {
		return nil, 0, err
	}
	return rows, int(total), nil
}

// AdminBookingDTO is one booking as admins see it: with its history, the
// card payment's reference (for the payments screen) and both parties'
// emails.
type AdminBookingDTO struct {
	BookingDetailDTO
	PaymentReference string `json:"payment_reference"`
	ClientEmail      string `json:"client_email"`
	ProviderEmail    string `json:"provider_email"`
}

// AdminGet is one booking for an admin.
func (s *Service) AdminGet(ctx context.Context, id string) (AdminBookingDTO, error) {
	r, err := s.get(ctx, s.db.DB, id)
	if err != nil {
		return AdminBookingDTO{}, err
	}
	d, err := s.detail(ctx, r)
	if err != nil {
		return AdminBookingDTO{}, err
	}
	people, err := s.c.Directory.Lookup(ctx, []string{r.UserID, r.ProviderUserID})
	if err != nil {
		return AdminBookingDTO{}, err
	}
	return AdminBookingDTO{BookingDetailDTO: d, PaymentReference: r.PaymentReference,
		ClientEmail: people[r.UserID].Email, ProviderEmail: people[r.ProviderUserID].Email}, nil
}

var errAdminCancelState = apperr.Conflict("Only a paid booking that is waiting for the provider or confirmed can be " +
	"cancelled and refunded; this one is not any more.")

// AdminCancel is an admin cancelling a paid booking (pending confirmation
// or confirmed, whatever its time) with a reason: what was paid is
// refunded in full to the payer's wallet (a package credit goes back to
// its package), the slot is freed, the provider's cancellation count is
// not touched, and the cancellation and refund are written to the audit
// log, all in one transaction. Both parties are mailed afterwards.
func (s *Service) AdminCancel(ctx context.Context, adminID, ip, id, reason string) (*bookingRow, error) {
	reason = strings.TrimSpace(reason)
	f := apperr.Fields{}
	n := utf8.RuneCountInString(reason)
	f.Check(n >= minAdminReason && n <= maxAdminReason, "reason",
		fmt.Sprintf("must be %d to %d characters: the client and the provider read it", minAdminReason, maxAdminReason))
	if err := f.Err(); err != nil {
		return nil, err
	}
	b, err := s.inTxWith(ctx, id, func(ctx context.Context, tx bun.Tx, b *bookingRow) error {
		if b.Status != StatusPendingConfirmation && b.Status != StatusConfirmed {
			return errAdminCancelState
		}
		now := s.clock.Now().UTC()
		ok, err := s.transition(ctx, tx, b, StatusCancelledByAdmin, adminID, ActorAdmin,
			withReason("cancelled by Sojourn", reason), func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("cancel_reason = ?", reason).Set("cancelled_at = ?", now)
			})
		if err != nil {
			return err
		}
		if !ok {
			return errAdminCancelState
		}
		before := b.RefundedAmount
		if err := s.refundAll(ctx, tx, b, "Refund: Sojourn cancelled the booking", adminID); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "booking.cancel", TargetType: "booking",
			TargetID: b.ID, SubjectID: b.UserID, IP: ip, Details: map[string]any{"reason": reason,
				"refunded": b.RefundedAmount - before, "currency": b.Currency, "credit_returned": b.PackageCreditID != "",
				"provider_id": b.ProviderID, "provider_user_id": b.ProviderUserID}})
	})
	if err != nil {
		return nil, err
	}
	s.mailAdminCancel(ctx, b, reason)
	return b, nil
}

// mailAdminCancel tells the client and the provider (a failed mail is
// logged; the cancellation stands).
func (s *Service) mailAdminCancel(ctx context.Context, b *bookingRow, reason string) {
	people, err := s.c.Directory.Lookup(ctx, []string{b.UserID, b.ProviderUserID})
	if err != nil {
		s.log.Warn("bookings: admin cancellation mail", "booking", b.ID, "error", err.Error())
		return
	}
	loc, err := time.LoadLocation(b.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	when := b.StartAt.In(loc).Format("Monday 2 January 2006 at 15:04 MST")
	refund := "The full price has been refunded to your Sojourn wallet."
	if b.PackageCreditID != "" {
		refund = "The session credit has gone back to your package."
	} else if b.RefundedAmount == 0 {
		refund = "Nothing had been paid, so there is nothing to refund."
	} else {
		refund = fmt.Sprintf("%s %d.%02d has been refunded to your Sojourn wallet.", b.Currency,
			b.RefundedAmount/100, b.RefundedAmount%100)
	}
	msgs := []mail.Message{
		{To: people[b.UserID].Email, Subject: "Your session \"" + b.Title + "\" was cancelled by Sojourn",
			Text: fmt.Sprintf("Hello,\n\nSojourn cancelled your session \"%s\" on %s (the provider's time).\n\n"+
				"Reason: %s\n\n%s\n\nYou can book another time from the provider's page.\n", b.Title, when, reason, refund)},
		{To: people[b.ProviderUserID].Email, Subject: "A session was cancelled by Sojourn: " + b.Title,
			Text: fmt.Sprintf("Hello,\n\nSojourn cancelled the session \"%s\" on %s and refunded the client in full. "+
				"The time is free in your calendar again, and this cancellation does not count against you.\n\n"+
				"Reason: %s\n", b.Title, when, reason)},
	}
	for _, m := range msgs {
		if m.To == "" {
			continue
		}
		if err := s.c.Mailer.Send(ctx, m); err != nil {
			s.log.Warn("bookings: admin cancellation mail", "booking", b.ID, "error", err.Error())
		}
	}
}

// refundHinter is payments.Service's RegisterRefundHint.
type refundHinter interface {
	RegisterRefundHint(name, hint string)
}

// registerRefundHint tells the payments admin screen that a booking's card
// payment is refunded by cancelling the booking (which refunds it in full to
// the payer's wallet and frees the provider's time), never on its own.
func (s *Service) registerRefundHint() {
	if h, ok := s.c.Payments.(refundHinter); ok {
		h.RegisterRefundHint(payments.PurposeBooking, "This card payment paid for a booking, so it is refunded "+
			"by cancelling the booking: open the booking (the provider's page in the admin portal, Bookings) "+
			"and choose Cancel and refund. The full price goes back to the payer's Sojourn wallet, as every "+
			"booking refund does, and the provider's time is freed.")
	}
}
