package speeddating

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// PurposeTicket is the card payment purpose of a ticket.
const PurposeTicket = "speed_ticket"

func ticketRef(id string) money.Ref { return money.Ref{Type: money.RefEventTicket, ID: id} }

// Buy buys a ticket for the buyer, paid with payWith (wallet or card; a
// free event needs no payment). In one transaction the group's seat is
// taken by a conditional update (sold out when the group is full), the
// ticket is written (one live ticket per person and event: the partial
// unique index) and, from the wallet, the price is held into the ticket's
// escrow; by card the ticket waits in pending_payment, its seat held, with
// the job that gives the seat back when the payment does not come. key
// makes a retry answer the same ticket.
func (s *Service) Buy(ctx context.Context, buyerID, eventID, payWith, key, origin string) (Purchase, error) {
	if key == "" {
		key = ids.New()
	}
	if len(key) > 200 {
		return Purchase{}, apperr.Validation(map[string]string{"Idempotency-Key": "must be at most 200 characters"})
	}
	if payWith != PayWallet && payWith != PayCard {
		return Purchase{}, apperr.Validation(map[string]string{"pay_with": "must be wallet or card"})
	}
	if prev, err := s.ticketByKey(ctx, buyerID, key); err != nil {
		return Purchase{}, err
	} else if prev != nil {
		if prev.EventID != eventID {
			return Purchase{}, errKeyUsed
		}
		return s.purchase(ctx, prev, nil)
	}
	ev, err := s.event(ctx, s.c.DB, eventID, "")
	if err != nil {
		return Purchase{}, err
	}
	now := s.now()
	if ev.Status != StatusScheduled || !now.Before(ev.StartsAt) {
		return Purchase{}, errSalesClosed
	}
	part, err := s.c.Matchmaking.EventParticipant(ctx, buyerID)
	if err != nil {
		return Purchase{}, err
	}
	if part.Age < ev.AgeMin || part.Age > ev.AgeMax {
		return Purchase{}, errAgeRange
	}
	group := groupOf(ev.Audience, part.Gender)
	if group == "" {
		return Purchase{}, errNoGroup
	}
	prof, err := s.c.Profiles.ProfileFor(ctx, buyerID)
	if err != nil {
		return Purchase{}, err
	}
	age := part.Age
	t := &ticketRow{ID: ids.New(), EventID: ev.ID, UserID: buyerID, Group: group, Status: TicketConfirmed,
		PayWith: payWith, Price: ev.Price, Currency: ev.Currency, BuyKey: key, Age: &age, City: prof.City,
		FromRound: 1, CreatedAt: now, UpdatedAt: now}
	if ev.Price == 0 {
		t.PayWith = PayFree
	} else if payWith == PayCard {
		by := now.Add(CardPaymentWindow)
		t.Status, t.PayBy = TicketPending, &by
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		// The event read FOR SHARE: a cancellation waits for this purchase
		// and then refunds it too.
		ev, err := s.event(ctx, tx, eventID, "SHARE")
		if err != nil {
			return err
		}
		if ev.Status != StatusScheduled {
			return errSalesClosed
		}
		res, err := tx.NewUpdate().Model((*seatRow)(nil)).Set("taken = taken + 1").
			Where("event_id = ? AND grp = ? AND taken < capacity", ev.ID, group).Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return orErr(err, errSoldOut(group))
		}
		if _, err := tx.NewInsert().Model(t).Exec(ctx); err != nil {
			return err // a unique violation: a live ticket or this key (below)
		}
		switch t.PayWith {
		case PayWallet:
			_, err = s.c.Money.Hold(ctx, tx, money.Hold{Key: "speed-ticket:" + t.ID, Reason: "Speed dating: " + ev.Title,
				Ref: ticketRef(t.ID), PayerID: buyerID, Amount: t.Price, Currency: t.Currency, Pay: money.MethodWallet})
		case PayCard:
			_, err = s.c.Jobs.InsertTx(ctx, tx, TicketPaymentJob{TicketID: t.ID}, &river.InsertOpts{ScheduledAt: *t.PayBy})
		}
		return err
	})
	if err != nil {
		if db.IsUniqueViolation(err) {
			// A double click with the same key: answer the first.
			if prev, perr := s.ticketByKey(ctx, buyerID, key); perr == nil && prev != nil {
				return s.purchase(ctx, prev, nil)
			}
			return Purchase{}, errHaveTicket
		}
		return Purchase{}, err
	}
	if t.Status != TicketPending {
		return s.purchase(ctx, t, nil)
	}
	dir, err := s.c.Directory.Lookup(ctx, []string{buyerID})
	if err != nil {
		return Purchase{}, err
	}
	pay, err := s.c.Payments.StartCardPayment(ctx, payments.StartInput{UserID: buyerID, Email: dir[buyerID].Email,
		Purpose: PurposeTicket, PurposeID: t.ID, Amount: t.Price, Currency: t.Currency,
		CallbackPath: "/speed-dating/" + ev.ID, Origin: origin})
	if err != nil {
		lapse := context.WithoutCancel(ctx)
		if lerr := s.c.DB.InTx(lapse, func(ctx context.Context, tx bun.Tx) error {
			return s.lapse(ctx, tx, t)
		}); lerr != nil {
			s.c.Log.Error("speeddating: lapse a ticket whose payment did not start", "ticket", t.ID, "error", lerr.Error())
		}
		return Purchase{}, err
	}
	if _, err := s.c.DB.NewUpdate().Model((*ticketRow)(nil)).Set("payment_reference = ?", pay.Reference).
		Where("id = ?", t.ID).Exec(ctx); err != nil {
		return Purchase{}, err
	}
	ref := pay.Reference
	t.PaymentReference = &ref
	return s.purchase(ctx, t, &pay)
}

func (s *Service) ticketByKey(ctx context.Context, userID, key string) (*ticketRow, error) {
	var rows []ticketRow
	if err := s.c.DB.NewSelect().Model(&rows).Where("t.user_id = ? AND t.buy_key = ?", userID, key).Limit(1).
		Scan(ctx); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return &rows[0], nil
}

// purchase answers a ticket with, while it waits for its card payment,
// where to pay.
func (s *Service) purchase(ctx context.Context, t *ticketRow, pay *payments.Payment) (Purchase, error) {
	t, err := s.ticket(ctx, s.c.DB, t.ID)
	if err != nil {
		return Purchase{}, err
	}
	ev, err := s.event(ctx, s.c.DB, t.EventID, "")
	if err != nil {
		return Purchase{}, err
	}
	out := Purchase{Ticket: ticketView(t, ev)}
	if t.Status == TicketPending && t.PaymentReference != nil {
		if pay == nil {
			p, err := s.c.Payments.Payment(ctx, t.UserID, *t.PaymentReference)
			if err != nil {
				return Purchase{}, err
			}
			pay = &p
		}
		started := payments.ToStarted(*pay)
		out.Payment = &started
	}
	return out, nil
}

// lapse ends a ticket still waiting for its card payment and gives its
// seat back, in tx; one already paid or ended is left as it is.
func (s *Service) lapse(ctx context.Context, tx bun.IDB, t *ticketRow) error {
	res, err := tx.NewUpdate().Model((*ticketRow)(nil)).Set("status = ?", TicketCancelled).
		Set("updated_at = ?", s.now()).Where("id = ? AND status = ?", t.ID, TicketPending).Exec(ctx)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return err
	}
	return s.freeSeat(ctx, tx, t)
}

func (s *Service) freeSeat(ctx context.Context, tx bun.IDB, t *ticketRow) error {
	_, err := tx.NewUpdate().Model((*seatRow)(nil)).Set("taken = taken - 1").
		Where("event_id = ? AND grp = ? AND taken > 0", t.EventID, t.Group).Exec(ctx)
	return err
}

// refund ends a confirmed ticket and gives its price back to the wallet
// (refunded; a free ticket is cancelled), its seat freed; the conditional
// update decides, so a ticket is refunded once.
func (s *Service) refund(ctx context.Context, tx bun.IDB, t *ticketRow, reason string) error {
	now := s.now()
	to := TicketRefunded
	if t.PayWith == PayFree || t.Price == 0 {
		to = TicketCancelled
	}
	q := tx.NewUpdate().Model((*ticketRow)(nil)).Set("status = ?", to).Set("updated_at = ?", now)
	if to == TicketRefunded {
		q = q.Set("refunded_at = ?", now)
	}
	res, err := q.Where("id = ? AND status = ?", t.ID, TicketConfirmed).Exec(ctx)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return orErr(err, errNotCancellable)
	}
	if err := s.freeSeat(ctx, tx, t); err != nil {
		return err
	}
	if to != TicketRefunded {
		return nil
	}
	_, err = s.c.Money.Refund(ctx, tx, money.Refund{Key: "speed-refund:" + t.ID, Reason: reason, Ref: ticketRef(t.ID),
		UserID: t.UserID, Amount: t.Price, Currency: t.Currency, From: money.RefundFromEscrow, To: money.MethodWallet})
	return err
}

// CancelMine cancels the caller's live ticket: one waiting for its card
// payment at any time before the start, a paid one (refunded in full) until
// 24 hours before it.
func (s *Service) CancelMine(ctx context.Context, userID, eventID string) (Ticket, error) {
	var id string
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ev, err := s.event(ctx, tx, eventID, "SHARE")
		if err != nil {
			return err
		}
		t, err := s.myTicket(ctx, tx, eventID, userID)
		if err != nil {
			return err
		}
		if t == nil || !t.live() {
			return ErrTicketNotFound
		}
		id = t.ID
		if ev.Status != StatusScheduled {
			return errNotScheduled
		}
		if t.Status == TicketPending {
			return s.lapse(ctx, tx, t)
		}
		if s.now().After(ev.StartsAt.Add(-CancelUntil)) {
			return errTooLateCancel
		}
		return s.refund(ctx, tx, t, "Refund: speed-dating ticket cancelled ("+ev.Title+")")
	})
	if err != nil {
		return Ticket{}, err
	}
	t, err := s.ticket(ctx, s.c.DB, id)
	if err != nil {
		return Ticket{}, err
	}
	ev, err := s.event(ctx, s.c.DB, eventID, "")
	if err != nil {
		return Ticket{}, err
	}
	return ticketView(t, ev), nil
}

// MyTickets is a keyset page of the caller's tickets, newest first.
func (s *Service) MyTickets(ctx context.Context, userID string, c page.Cursor) ([]Ticket, *page.Key, error) {
	var rows []ticketRow
	q := s.c.DB.NewSelect().Model(&rows).Where("t.user_id = ?", userID).OrderExpr("t.created_at DESC, t.id DESC").
		Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(t.created_at < ?) OR (t.created_at = ? AND t.id < ?)", c.After.CreatedAt, c.After.CreatedAt, c.After.ID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(t ticketRow) page.Key { return page.Key{CreatedAt: t.CreatedAt, ID: t.ID} })
	evIDs := []string{}
	for _, t := range rows {
		evIDs = append(evIDs, t.EventID)
	}
	evs := map[string]*eventRow{}
	if len(evIDs) > 0 {
		var es []eventRow
		if err := s.c.DB.NewSelect().Model(&es).Where("e.id IN (?)", bun.In(evIDs)).Scan(ctx); err != nil {
			return nil, nil, err
		}
		for i := range es {
			evs[es[i].ID] = &es[i]
		}
	}
	out := make([]Ticket, len(rows))
	for i := range rows {
		out[i] = ticketView(&rows[i], evs[rows[i].EventID])
	}
	return out, next, nil
}

// registerPurpose registers the ticket's card purpose: a purchase that
// holds something scarce (payments.Held), the seat.
func (s *Service) registerPurpose() {
	payments.RegisterHeld(s.c.Payments, payments.Held[*ticketRow]{
		Purpose: PurposeTicket,
		RefundHint: "This card payment paid for a speed-dating ticket, so it is refunded through the ticket: the " +
			"holder cancels it until 24 hours before the start, or an admin cancels the event (Speed dating); the " +
			"price goes back to the holder's Sojourn wallet.",
		Load:       func(ctx context.Context, db bun.IDB, id string) (*ticketRow, error) { return s.ticket(ctx, db, id) },
		Awaiting:   func(t *ticketRow) bool { return t.Status == TicketPending },
		Confirm:    s.onCardPaid,
		RefundLate: s.onCardLate,
		Release: func(ctx context.Context, tx bun.Tx, t *ticketRow, _ payments.Payment) error {
			return s.lapse(ctx, tx, t)
		},
	})
}

// onCardPaid confirms a ticket whose card payment settled while it waited:
// the price is held from the card into its escrow. Another amount, or an
// event no longer selling (started or cancelled), answers false (refunded
// as late; the seat is given back by the ticket's cancellation).
func (s *Service) onCardPaid(ctx context.Context, tx bun.Tx, t *ticketRow, p payments.Payment) (bool, error) {
	if p.Amount != t.Price || p.Currency != t.Currency {
		return false, nil
	}
	// Sales closed meanwhile (the event started or was cancelled): late.
	if ev, err := s.event(ctx, tx, t.EventID, "SHARE"); err != nil || ev.Status != StatusScheduled {
		return false, err
	}
	res, err := tx.NewUpdate().Model((*ticketRow)(nil)).Set("status = ?", TicketConfirmed).
		Set("payment_reference = ?", p.Reference).Set("pay_by = NULL").Set("updated_at = ?", s.now()).
		Where("id = ? AND status = ?", t.ID, TicketPending).Exec(ctx)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return false, err
	}
	_, err = s.c.Money.Hold(ctx, tx, money.Hold{Key: "speed-ticket:" + t.ID, Reason: "Speed-dating ticket",
		Ref: ticketRef(t.ID), PayerID: t.UserID, Amount: p.Amount, Currency: p.Currency, Pay: money.MethodCard})
	return err == nil, err
}

// onCardLate gives a card payment that arrived for a ticket no longer
// waiting for it back to the payer's wallet at once.
func (s *Service) onCardLate(ctx context.Context, tx bun.Tx, t *ticketRow, p payments.Payment) error {
	if _, err := s.c.Money.Hold(ctx, tx, money.Hold{Key: "speed-card:" + p.Reference, Reason: "Speed-dating ticket",
		Ref: ticketRef(t.ID), PayerID: t.UserID, Amount: p.Amount, Currency: p.Currency, Pay: money.MethodCard}); err != nil {
		return err
	}
	if _, err := s.c.Money.Refund(ctx, tx, money.Refund{Key: "speed-late-refund:" + p.Reference,
		Reason: "Refund: the ticket was no longer waiting for this card payment when it arrived", Ref: ticketRef(t.ID),
		UserID: t.UserID, Amount: p.Amount, Currency: p.Currency, From: money.RefundFromEscrow, To: money.MethodWallet}); err != nil {
		return err
	}
	return s.lapse(ctx, tx, t) // a ticket still waiting (sales closed meanwhile) gives its seat back
}

// LapseUnpaid gives back the seat of a ticket still waiting for its card
// payment once pay_by has come; it answers how early the job ran when it did.
func (s *Service) LapseUnpaid(ctx context.Context, ticketID string) (time.Duration, error) {
	t, err := s.ticket(ctx, s.c.DB, ticketID)
	if err != nil {
		if errors.Is(err, ErrTicketNotFound) {
			return 0, nil
		}
		return 0, err
	}
	if t.Status != TicketPending || t.PayBy == nil {
		return 0, nil
	}
	if d := t.PayBy.Sub(s.now()); d > 0 {
		return d, nil
	}
	return 0, s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return s.lapse(ctx, tx, t) })
}
