package stays

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/duffel"
	"sojourn/api/internal/trips"
)

const duffelQuoteTTL = 30 * time.Minute

// Paid is the answer to paying: the stay, and the card payment to finish
// when paying by card.
type Paid struct {
	Stay
	Payment *payments.StartedDTO `json:"payment"`
}

// Pay pays for a quoted stay and books it. The traveller must have
// accepted the quote's price. From the wallet, in one transaction: the
// stay moves quoted -> booking (a conditional update: a second payment of
// the same stay, however parallel, is 409), the price goes into the
// stay's escrow (money.Hold), the stay joins a trip, and the supplier
// booking is scheduled (River job stays.book). By card, the stay waits for
// the payment (awaiting_payment) and the same happens when it is paid.
func (s *Service) Pay(ctx context.Context, userID, id string, in PayInput) (Paid, error) {
	b, err := s.load(ctx, s.c.DB, userID, id)
	if err != nil {
		return Paid{}, err
	}
	if err := s.checkPay(b, in); err != nil {
		return Paid{}, err
	}
	switch {
	case b.Status != StatusQuoted:
		return Paid{}, errState
	case !s.now().Before(b.QuoteExpiresAt):
		return Paid{}, errQuoteExpired
	case in.AcceptedPrice != b.Price:
		return Paid{}, errPriceChanged
	}
	guests, _ := json.Marshal(in.Guests)
	next := StatusBooking
	if in.PayWith == PayCard {
		next = StatusAwaitingPayment
	}
	now := s.now()
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Table("stay_bookings").Set("status = ?", next).Set("guests = ?", string(guests)).
			Set("email = ?", strings.TrimSpace(in.Email)).Set("phone = ?", in.Phone).Set("pay_with = ?", in.PayWith).
			Set("trip_id = ?", in.TripID).Set("updated_at = ?", now).
			Where("id = ? AND user_id = ? AND status = ?", id, userID, StatusQuoted).Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return orErr(err, errState)
		}
		if in.PayWith == PayCard {
			return nil
		}
		b.TripID = in.TripID
		return s.paid(ctx, tx, b, money.MethodWallet, "")
	})
	if err != nil {
		return Paid{}, err
	}
	if in.PayWith == PayWallet {
		out, err := s.Mine(ctx, userID, id)
		return Paid{Stay: out}, err
	}
	return s.startCard(ctx, userID, b, in.Origin)
}

func orErr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// paid runs in the transaction that takes the money: the price into the
// stay's escrow, the stay in a trip, booking scheduled.
func (s *Service) paid(ctx context.Context, tx bun.Tx, b *bookingRow, by money.Method, paymentRef string) error {
	key := "stay-pay:" + b.ID
	if paymentRef != "" {
		key = "stay-card:" + paymentRef
	}
	if _, err := s.c.Money.Hold(ctx, tx, money.Hold{Key: key, Reason: "Stay at " + b.PropertyName, Ref: ref(b.ID),
		PayerID: b.UserID, Amount: b.Price, Currency: b.Currency, Pay: by}); err != nil {
		return err
	}
	tripID := b.TripID
	if s.c.Trips != nil {
		var err error
		tripID, err = s.c.Trips.Attach(ctx, tx, trips.Attach{UserID: b.UserID, TripID: b.TripID, Kind: trips.KindStay,
			RefID: b.ID, City: b.City, StartsAt: b.StartsAt, EndsAt: b.EndsAt, Name: "Stay in " + b.City})
		if err != nil {
			return err
		}
	}
	now := s.now()
	if _, err := tx.NewUpdate().Table("stay_bookings").Set("status = ?", StatusBooking).Set("paid_at = ?", now).
		Set("trip_id = ?", tripID).Set("payment_reference = ?", paymentRef).Set("updated_at = ?", now).
		Where("id = ?", b.ID).Exec(ctx); err != nil {
		return err
	}
	_, err := s.c.Jobs.InsertTx(ctx, tx, BookJob{StayID: b.ID}, &river.InsertOpts{MaxAttempts: BookAttempts})
	return err
}

// Book makes the supplier booking of a paid stay (the stays.book job). The
// supplier call carries one idempotency key per stay, so River's retries
// never book twice. A retryable failure (timeout, 429, 5xx) returns the
// error for River to retry while attempts remain (last = this was the last
// one); any other refusal, or the last attempt failing, fails the stay and
// refunds the traveller in full to the wallet. Success records what
// Sojourn owes the supplier and its margin (money.SupplierCharge).
func (s *Service) Book(ctx context.Context, id string, last bool) error {
	b, err := s.loadAny(ctx, s.c.DB, id)
	if err != nil || b.Status != StatusBooking {
		return nil // gone or already settled
	}
	var gs []duffel.StaysBookingGuest
	var guests []Guest
	_ = json.Unmarshal([]byte(b.Guests), &guests)
	for _, g := range guests {
		gs = append(gs, duffel.StaysBookingGuest{GivenName: strings.TrimSpace(g.GivenName), FamilyName: strings.TrimSpace(g.FamilyName)})
	}
	sb, err := s.c.Supplier.StaysBook(ctx, "stay-"+b.ID, duffel.StaysBookingRequest{QuoteID: b.QuoteID, Guests: gs,
		Email: b.Email, PhoneNumber: b.Phone})
	if err != nil {
		if duffel.IsRetryable(err) && !last {
			return err
		}
		reason := "The hotel could not confirm this booking."
		if ae, ok := err.(*duffel.APIError); ok && len(ae.Errors) > 0 && ae.Errors[0].Message != "" {
			reason = ae.Errors[0].Message
		}
		s.c.Log.Warn("stays: supplier booking failed", "stay", id, "err", err)
		return s.fail(ctx, b, reason)
	}
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := s.now()
		res, err := tx.NewUpdate().Table("stay_bookings").Set("status = ?", StatusConfirmed).
			Set("supplier_booking_id = ?", sb.ID).Set("supplier_reference = ?", sb.Reference).
			Set("confirmed_at = ?", now).Set("updated_at = ?", now).
			Where("id = ? AND status = ?", b.ID, StatusBooking).Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		_, err = s.c.Money.SupplierCharge(ctx, tx, money.SupplierCharge{Key: "stay-charge:" + b.ID,
			Reason: "Stay at " + b.PropertyName + " (" + sb.Reference + ")", Ref: ref(b.ID), Supplier: supplierName,
			Cost: b.SupplierTotal, Margin: b.Markup, Currency: b.Currency})
		return err
	})
}

// fail marks a paid stay failed and gives the whole price back to the
// traveller's wallet (a card payment too: it is in Sojourn's hands by now).
func (s *Service) fail(ctx context.Context, b *bookingRow, reason string) error {
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := s.now()
		res, err := tx.NewUpdate().Table("stay_bookings").Set("status = ?", StatusFailed).
			Set("failure_reason = ?", reason).Set("refunded_amount = price").Set("updated_at = ?", now).
			Where("id = ? AND status = ?", b.ID, StatusBooking).Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		_, err = s.c.Money.Refund(ctx, tx, money.Refund{Key: "stay-fail:" + b.ID,
			Reason: "Refund: " + b.PropertyName + " could not be booked", Ref: ref(b.ID), UserID: b.UserID,
			Amount: b.Price, Currency: b.Currency, From: money.RefundFromEscrow, To: money.MethodWallet, Note: reason})
		return err
	})
}

// startCard starts the card payment of a stay waiting for it.
func (s *Service) startCard(ctx context.Context, userID string, b *bookingRow, origin string) (Paid, error) {
	person, err := s.c.Directory.Person(ctx, userID)
	if err != nil {
		return Paid{}, err
	}
	pay, err := s.c.Payments.StartCardPayment(ctx, payments.StartInput{UserID: userID, Email: person.Email,
		Purpose: PurposeStay, PurposeID: b.ID, Amount: b.Price, Currency: b.Currency,
		CallbackPath: "/booking/hotel/" + b.AccommodationID + "?stay=" + b.ID, Origin: origin})
	if err != nil {
		// Nothing was charged: the stay can be paid again.
		_, _ = s.c.DB.NewUpdate().Table("stay_bookings").Set("status = ?", StatusQuoted).
			Where("id = ? AND status = ?", b.ID, StatusAwaitingPayment).Exec(ctx)
		return Paid{}, err
	}
	if _, err := s.c.DB.NewUpdate().Table("stay_bookings").Set("payment_reference = ?", pay.Reference).
		Where("id = ? AND status = ?", b.ID, StatusAwaitingPayment).Exec(ctx); err != nil {
		return Paid{}, err
	}
	out, err := s.Mine(ctx, userID, b.ID)
	started := payments.ToStarted(pay)
	return Paid{Stay: out, Payment: &started}, err
}

func (s *Service) registerPurpose() {
	s.c.Payments.RegisterPurpose(PurposeStay, s.onCardPaid)
	s.c.Payments.RegisterFailure(PurposeStay, s.onCardFailed)
	s.c.Payments.RegisterRefundHint(PurposeStay, "This card payment paid for a hotel stay. It is refunded by "+
		"cancelling the stay (by the rate's cancellation policy), or automatically when the hotel could not book it.")
}

// onCardPaid books a stay whose card payment arrived; a stay no longer
// waiting for it (or a payment of another amount) gets the money back in
// the traveller's wallet at once.
func (s *Service) onCardPaid(ctx context.Context, tx bun.Tx, p payments.Payment) error {
	b, err := s.loadAny(ctx, tx, p.PurposeID)
	if err != nil {
		return err
	}
	if b.Status == StatusAwaitingPayment && p.Amount == b.Price && p.Currency == b.Currency {
		return s.paid(ctx, tx, b, money.MethodCard, p.Reference)
	}
	if _, err := s.c.Money.Hold(ctx, tx, money.Hold{Key: "stay-card:" + p.Reference, Reason: "Stay at " + b.PropertyName,
		Ref: ref(b.ID), PayerID: b.UserID, Amount: p.Amount, Currency: p.Currency, Pay: money.MethodCard}); err != nil {
		return err
	}
	_, err = s.c.Money.Refund(ctx, tx, money.Refund{Key: "stay-late:" + p.Reference,
		Reason: "Refund: the stay was no longer waiting for this card payment", Ref: ref(b.ID), UserID: b.UserID,
		Amount: p.Amount, Currency: p.Currency, From: money.RefundFromEscrow, To: money.MethodWallet})
	return err
}

// onCardFailed lets a stay whose card payment failed be paid again.
func (s *Service) onCardFailed(ctx context.Context, tx bun.Tx, p payments.Payment) error {
	_, err := tx.NewUpdate().Table("stay_bookings").Set("status = ?", StatusQuoted).Set("updated_at = ?", s.now()).
		Where("id = ? AND status = ? AND payment_reference = ?", p.PurposeID, StatusAwaitingPayment, p.Reference).Exec(ctx)
	return err
}
