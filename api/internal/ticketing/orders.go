package ticketing

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/trips"
)

func orderRef(id string) money.Ref { return money.Ref{Type: money.RefEventTicket, ID: id} }

// Reserve holds seats for the lines for HoldFor: per quota one conditional
// update (sold + held + n <= size) decides, so concurrent buyers never
// take more than the quota; the order waits in held with the job that
// gives the seats back at hold_until. A retry with the same key answers
// the same order.
func (s *Service) Reserve(ctx context.Context, userID, eventID, code, key string, lines []Line) (Order, error) {
	if key == "" {
		key = newID()
	}
	f := apperr.Fields{}
	f.Check(len(key) <= 200, "Idempotency-Key", "must be at most 200 characters")
	f.Check(len(lines) >= 1 && len(lines) <= MaxTypes, "items", "must be 1 to 20 lines")
	f.Check(len(code) <= 40, "code", "must be at most 40 characters")
	total := 0
	for i, l := range lines {
		if i >= MaxTypes {
			break
		}
		p := "items[" + itoa(i) + "]."
		f.Check(l.TypeID != "" && len(l.TypeID) <= 64, p+"type_id", "is required")
		f.Check(len(l.Attendees) >= 1 && len(l.Attendees) <= MaxPerOrder, p+"attendees", "must be 1 to 20 names")
		total += len(l.Attendees)
		for j, a := range l.Attendees {
			if j >= MaxPerOrder {
				break
			}
			checkLen(f, p+"attendees["+itoa(j)+"]", a, 1, 80)
		}
	}
	f.Check(total <= MaxPerOrder, "items", "an order has at most 20 tickets")
	if err := f.Err(); err != nil {
		return Order{}, err
	}
	if prev, err := s.orderByKey(ctx, userID, key); err != nil {
		return Order{}, err
	} else if prev != nil {
		if prev.EventID != eventID {
			return Order{}, errKeyUsed
		}
		return s.orderView(ctx, prev, "")
	}
	ev, err := s.event(ctx, s.c.DB, eventID)
	if err != nil {
		return Order{}, err
	}
	var ts []typeRow
	if err := s.c.DB.NewSelect().Model(&ts).Where("tt.event_id = ?", eventID).Scan(ctx); err != nil {
		return Order{}, err
	}
	types := map[string]*typeRow{}
	for i := range ts {
		types[ts[i].ID] = &ts[i]
	}
	now := s.now()
	o := &orderRow{ID: newID(), EventID: eventID, UserID: userID, Status: OrderHeld, HoldUntil: now.Add(HoldFor),
		BuyKey: key, CreatedAt: now, UpdatedAt: now}
	perType, perQuota := map[string]int{}, map[string]int{}
	var tickets []ticketRow
	for i, l := range lines {
		t := types[l.TypeID]
		if t == nil || (t.UnlockCode != nil && !strings.EqualFold(code, *t.UnlockCode)) {
			return Order{}, apperr.Validation(map[string]string{"items[" + itoa(i) + "].type_id": "is not a ticket type of this event"})
		}
		if ev.Status != StatusOnSale || !salesOpen(t, ev, now) {
			return Order{}, errNotOnSale
		}
		perType[t.ID] += len(l.Attendees)
		if perType[t.ID] > t.MaxPerOrder {
			return Order{}, apperr.Validation(map[string]string{"items[" + itoa(i) + "].attendees": "at most " + itoa(t.MaxPerOrder) + " of " + t.Name + " per order"})
		}
		perQuota[t.QuotaID] += len(l.Attendees)
		o.Currency = t.Currency
		for _, a := range l.Attendees {
			o.Total += t.Price
			tickets = append(tickets, ticketRow{ID: newID(), OrderID: o.ID, EventID: eventID, TypeID: t.ID,
				QuotaID: t.QuotaID, HolderID: userID, AttendeeName: strings.TrimSpace(a), Price: t.Price,
				Status: TicketHeld, Version: 1, CreatedAt: now, UpdatedAt: now})
		}
	}
	quotaIDs := make([]string, 0, len(perQuota))
	for id := range perQuota {
		quotaIDs = append(quotaIDs, id)
	}
	sort.Strings(quotaIDs) // one order of row locks: no deadlocks between orders
	// A quota already full refuses at once, without queueing for its row
	// lock behind the buyers who may still win (the update below decides).
	var qs []quotaRow
	if err := s.c.DB.NewSelect().Model(&qs).Where("q.id IN (?)", bun.In(quotaIDs)).Scan(ctx); err != nil {
		return Order{}, err
	}
	for _, q := range qs {
		if q.Size-q.Sold-q.Held < perQuota[q.ID] {
			return Order{}, errSoldOut(ev.Title)
		}
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		for _, qid := range quotaIDs {
			n := perQuota[qid]
			res, err := tx.NewUpdate().Model((*quotaRow)(nil)).Set("held = held + ?", n).
				Where("id = ? AND sold + held + ? <= size", qid, n).Exec(ctx)
			if err != nil {
				return err
			}
			if k, err := res.RowsAffected(); err != nil || k != 1 {
				return orErr(err, errSoldOut(ev.Title))
			}
		}
		// The event re-read in the transaction: a cancellation that
		// committed meanwhile stops the sale.
		cur, err := s.event(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if cur.Status != StatusOnSale {
			return errNotOnSale
		}
		if _, err := tx.NewInsert().Model(o).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(&tickets).Exec(ctx); err != nil {
			return err
		}
		_, err = s.c.Jobs.InsertTx(ctx, tx, ExpireHoldJob{OrderID: o.ID}, &river.InsertOpts{ScheduledAt: o.HoldUntil})
		return err
	})
	if err != nil {
		if db.IsUniqueViolation(err) {
			if prev, perr := s.orderByKey(ctx, userID, key); perr == nil && prev != nil {
				return s.orderView(ctx, prev, "")
			}
		}
		return Order{}, err
	}
	return s.orderView(ctx, o, "")
}

func (s *Service) orderByKey(ctx context.Context, userID, key string) (*orderRow, error) {
	var rows []orderRow
	if err := s.c.DB.NewSelect().Model(&rows).Where("o.user_id = ? AND o.buy_key = ?", userID, key).Limit(1).
		Scan(ctx); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return &rows[0], nil
}

func (s *Service) order(ctx context.Context, db bun.IDB, id string) (*orderRow, error) {
	if id == "" || len(id) > 64 {
		return nil, ErrOrderNotFound
	}
	o := new(orderRow)
	if err := db.NewSelect().Model(o).Where("o.id = ?", id).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrOrderNotFound
		}
		return nil, err
	}
	return o, nil
}

// MyOrder is one of the caller's orders (404 for another's).
func (s *Service) MyOrder(ctx context.Context, userID, id string) (Order, error) {
	o, err := s.order(ctx, s.c.DB, id)
	if err != nil {
		return Order{}, err
	}
	if o.UserID != userID {
		return Order{}, ErrOrderNotFound
	}
	return s.orderView(ctx, o, "")
}

// Pay pays a held order (wallet; a free order needs nothing) before its
// hold ends: the seats move from held to sold, the tickets become valid,
// the total is held in the order's escrow, and the order joins the buyer's
// trip (trips.Join: only a trip it falls in), all in one transaction.
func (s *Service) Pay(ctx context.Context, userID, id, payWith string) (Order, error) {
	if payWith != PayWallet {
		return Order{}, apperr.Validation(map[string]string{"pay_with": "must be wallet"})
	}
	var tripID string
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		o, err := s.order(ctx, tx, id)
		if err != nil {
			return err
		}
		if o.UserID != userID {
			return ErrOrderNotFound
		}
		if o.Status == OrderPaid {
			return nil // a repeat
		}
		ev, err := s.event(ctx, tx, o.EventID)
		if err != nil {
			return err
		}
		now := s.now()
		how := PayWallet
		if o.Total == 0 {
			how = PayFree
		}
		res, err := tx.NewUpdate().Model((*orderRow)(nil)).Set("status = ?", OrderPaid).Set("pay_with = ?", how).
			Set("updated_at = ?", now).Where("id = ? AND status = ? AND hold_until > ?", id, OrderHeld, now).Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return orErr(err, errHoldOver)
		}
		if ev.Status != StatusOnSale {
			return errNotOnSale
		}
		if err := s.moveSeats(ctx, tx, id, "held = held - ?, sold = sold + ?", "held >= ?"); err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Model((*ticketRow)(nil)).Set("status = ?", TicketValid).Set("updated_at = ?", now).
			Where("order_id = ? AND status = ?", id, TicketHeld).Exec(ctx); err != nil {
			return err
		}
		if o.Total > 0 {
			if _, err := s.c.Money.Hold(ctx, tx, money.Hold{Key: "event-order:" + o.ID, Reason: "Event tickets: " + ev.Title,
				Ref: orderRef(o.ID), PayerID: userID, Amount: o.Total, Currency: o.Currency, Pay: money.MethodWallet}); err != nil {
				return err
			}
		}
		if !ev.Online {
			tripID, err = s.c.Trips.Join(ctx, tx, trips.Attach{UserID: userID, Kind: KindEvent, RefID: o.ID,
				City: ev.City, StartsAt: ev.StartsAt, EndsAt: ev.EndsAt, Name: ev.Title})
		}
		return err
	})
	if err != nil {
		return Order{}, err
	}
	o, err := s.order(ctx, s.c.DB, id)
	if err != nil {
		return Order{}, err
	}
	return s.orderView(ctx, o, tripID)
}

// moveSeats applies set (two ? for n) to each quota of the order's held or
// valid tickets, guarded by cond (one ? for n).
func (s *Service) moveSeats(ctx context.Context, tx bun.IDB, orderID, set, cond string) error {
	var ts []ticketRow
	if err := tx.NewSelect().Model(&ts).Where("t.order_id = ?", orderID).Scan(ctx); err != nil {
		return err
	}
	per := map[string]int{}
	for _, t := range ts {
		per[t.QuotaID]++
	}
	ids := make([]string, 0, len(per))
	for id := range per {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, qid := range ids {
		n := per[qid]
		args := []any{}
		for range strings.Count(set, "?") {
			args = append(args, n)
		}
		res, err := tx.NewUpdate().Model((*quotaRow)(nil)).Set(set, args...).
			Where("id = ? AND "+cond, qid, n).Exec(ctx)
		if err != nil {
			return err
		}
		if k, err := res.RowsAffected(); err != nil || k != 1 {
			return orErr(err, errors.New("ticketing: quota counts out of step"))
		}
	}
	return nil
}

// ExpireHold gives back the seats of an order still held once hold_until
// has come (the conditional update decides: a payment that won keeps
// them); it answers how early the job ran when it did.
func (s *Service) ExpireHold(ctx context.Context, id string) (time.Duration, error) {
	o, err := s.order(ctx, s.c.DB, id)
	if err != nil {
		if errors.Is(err, ErrOrderNotFound) {
			return 0, nil
		}
		return 0, err
	}
	if o.Status != OrderHeld {
		return 0, nil
	}
	now := s.now()
	if d := o.HoldUntil.Sub(now); d > 0 {
		return d, nil
	}
	return 0, s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*orderRow)(nil)).Set("status = ?", OrderExpired).Set("updated_at = ?", now).
			Where("id = ? AND status = ? AND hold_until <= ?", id, OrderHeld, now).Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		if err := s.moveSeats(ctx, tx, id, "held = held - ?", "held >= ?"); err != nil {
			return err
		}
		_, err = tx.NewUpdate().Model((*ticketRow)(nil)).Set("status = ?", TicketVoid).Set("updated_at = ?", now).
			Where("order_id = ?", id).Exec(ctx)
		return err
	})
}

// refundOrder ends a paid order: its tickets void, its seats freed, its
// total back to the buyer's wallet; the conditional update decides, so an
// order is refunded once.
func (s *Service) refundOrder(ctx context.Context, tx bun.IDB, o *orderRow, reason string) error {
	now := s.now()
	to := OrderRefunded
	if o.Total == 0 {
		to = OrderCancelled
	}
	res, err := tx.NewUpdate().Model((*orderRow)(nil)).Set("status = ?", to).Set("updated_at = ?", now).
		Where("id = ? AND status = ? AND settled = ?", o.ID, OrderPaid, false).Exec(ctx)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return orErr(err, errNotPaid)
	}
	if err := s.moveSeats(ctx, tx, o.ID, "sold = sold - ?", "sold >= ?"); err != nil {
		return err
	}
	if _, err := tx.NewUpdate().Model((*ticketRow)(nil)).Set("status = ?", TicketVoid).Set("version = version + 1").
		Set("updated_at = ?", now).Where("order_id = ?", o.ID).Exec(ctx); err != nil {
		return err
	}
	if o.Total == 0 {
		return nil
	}
	_, err = s.c.Money.Refund(ctx, tx, money.Refund{Key: "event-refund:" + o.ID, Reason: reason, Ref: orderRef(o.ID),
		UserID: o.UserID, Amount: o.Total, Currency: o.Currency, From: money.RefundFromEscrow, To: money.MethodWallet})
	return err
}

// CancelOrder cancels the caller's order: a held one at once (its seats
// back), a paid one refunded in full while the organiser's policy allows
// (until refund_days before the start; 0 means until the start).
func (s *Service) CancelOrder(ctx context.Context, userID, id string) (Order, error) {
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		o, err := s.order(ctx, tx, id)
		if err != nil {
			return err
		}
		if o.UserID != userID {
			return ErrOrderNotFound
		}
		now := s.now()
		if o.Status == OrderHeld {
			res, err := tx.NewUpdate().Model((*orderRow)(nil)).Set("status = ?", OrderCancelled).Set("updated_at = ?", now).
				Where("id = ? AND status = ?", id, OrderHeld).Exec(ctx)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n != 1 {
				return orErr(err, errNotHeld)
			}
			if err := s.moveSeats(ctx, tx, id, "held = held - ?", "held >= ?"); err != nil {
				return err
			}
			_, err = tx.NewUpdate().Model((*ticketRow)(nil)).Set("status = ?", TicketVoid).Set("updated_at = ?", now).
				Where("order_id = ?", id).Exec(ctx)
			return err
		}
		ev, err := s.event(ctx, tx, o.EventID)
		if err != nil {
			return err
		}
		if ev.Status != StatusOnSale || !now.Before(ev.StartsAt.Add(-time.Duration(ev.RefundDays)*24*time.Hour)) {
			return errTooLateRefund
		}
		var used int64
		if used, err = tx.NewSelect().Model((*ticketRow)(nil)).Where("order_id = ? AND checked_in_at IS NOT NULL", id).
			Count(ctx); err != nil {
			return err
		}
		if used > 0 {
			return errTooLateRefund
		}
		return s.refundOrder(ctx, tx, o, "Refund: tickets cancelled ("+ev.Title+")")
	})
	if err != nil {
		return Order{}, err
	}
	return s.MyOrder(ctx, userID, id)
}

// CancelEvent cancels an event and refunds every paid order to the
// buyers' wallets; held orders end with their seats.
func (s *Service) CancelEvent(ctx context.Context, org Org, id, reason string) (Event, error) {
	f := apperr.Fields{}
	checkLen(f, "reason", reason, 3, 500)
	if err := f.Err(); err != nil {
		return Event{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ev, err := s.ownEvent(ctx, tx, org, id)
		if err != nil {
			return err
		}
		now := s.now()
		res, err := tx.NewUpdate().Model((*eventRow)(nil)).Set("status = ?", StatusCancelled).
			Set("cancel_reason = ?", strings.TrimSpace(reason)).Set("updated_at = ?", now).
			Where("id = ? AND status = ?", id, StatusOnSale).Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return orErr(err, errNotOnSale)
		}
		var orders []orderRow
		if err := tx.NewSelect().Model(&orders).Where("o.event_id = ? AND o.status IN (?)", id,
			bun.In([]string{OrderPaid, OrderHeld})).Scan(ctx); err != nil {
			return err
		}
		for i := range orders {
			o := &orders[i]
			if o.Status == OrderHeld {
				if _, err := tx.NewUpdate().Model((*orderRow)(nil)).Set("status = ?", OrderCancelled).
					Set("updated_at = ?", now).Where("id = ? AND status = ?", o.ID, OrderHeld).Exec(ctx); err != nil {
					return err
				}
				if err := s.moveSeats(ctx, tx, o.ID, "held = held - ?", "held >= ?"); err != nil {
					return err
				}
				if _, err := tx.NewUpdate().Model((*ticketRow)(nil)).Set("status = ?", TicketVoid).
					Where("order_id = ?", o.ID).Exec(ctx); err != nil {
					return err
				}
				continue
			}
			if err := s.refundOrder(ctx, tx, o, "Refund: "+ev.Title+" was cancelled"); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Event{}, err
	}
	return s.OrganiserEvent(ctx, org, id)
}

// Settle pays out an event once it has ended: each paid order's escrow is
// released to the provider organiser (earnings) or, for Sojourn's own
// events, kept as platform revenue. Idempotent per order (settled flag
// and the money keys).
func (s *Service) Settle(ctx context.Context, id string) (time.Duration, error) {
	ev, err := s.event(ctx, s.c.DB, id)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return 0, nil
		}
		return 0, err
	}
	if ev.Status != StatusOnSale {
		return 0, nil
	}
	if d := ev.EndsAt.Sub(s.now()); d > 0 {
		return d, nil
	}
	return 0, s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*eventRow)(nil)).Set("status = ?", StatusSettled).Set("updated_at = ?", s.now()).
			Where("id = ? AND status = ?", id, StatusOnSale).Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		var orders []orderRow
		if err := tx.NewSelect().Model(&orders).Where("o.event_id = ? AND o.status = ? AND o.settled = ?", id,
			OrderPaid, false).Scan(ctx); err != nil {
			return err
		}
		for _, o := range orders {
			if _, err := tx.NewUpdate().Model((*orderRow)(nil)).Set("settled = ?", true).Where("id = ?", o.ID).
				Exec(ctx); err != nil {
				return err
			}
			if o.Total == 0 {
				continue
			}
			if ev.OrganiserKind == OrganiserSojourn {
				_, err = s.c.Money.KeepEscrow(ctx, tx, money.Keep{Key: "event-keep:" + o.ID, Reason: "Event tickets: " + ev.Title,
					Ref: orderRef(o.ID), Amount: o.Total, Currency: o.Currency})
			} else {
				_, err = s.c.Money.Release(ctx, tx, money.Release{Key: "event-release:" + o.ID, Reason: "Event tickets: " + ev.Title,
					Ref: orderRef(o.ID), ProviderID: ev.OrganiserID, Amount: o.Total, Currency: o.Currency})
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
}

func (s *Service) orderView(ctx context.Context, o *orderRow, tripID string) (Order, error) {
	ev, err := s.event(ctx, s.c.DB, o.EventID)
	if err != nil {
		return Order{}, err
	}
	var ts []ticketRow
	if err := s.c.DB.NewSelect().Model(&ts).Where("t.order_id = ?", o.ID).OrderExpr("t.created_at, t.id").Scan(ctx); err != nil {
		return Order{}, err
	}
	names, err := s.typeNames(ctx, ev.ID)
	if err != nil {
		return Order{}, err
	}
	out := Order{ID: o.ID, EventID: o.EventID, Status: o.Status, PayWith: o.PayWith, Total: o.Total, Currency: o.Currency,
		HoldUntil: o.HoldUntil, TripID: tripID, CreatedAt: o.CreatedAt, Tickets: []Ticket{}}
	for i := range ts {
		if ts[i].HolderID != o.UserID && ts[i].Status == TicketValid {
			// transferred away: the buyer no longer sees its code
			v := s.ticketView(&ts[i], ev, names)
			v.Code, v.QR = "", ""
			out.Tickets = append(out.Tickets, v)
			continue
		}
		out.Tickets = append(out.Tickets, s.ticketView(&ts[i], ev, names))
	}
	return out, nil
}

func (s *Service) typeNames(ctx context.Context, eventID string) (map[string]string, error) {
	var ts []typeRow
	if err := s.c.DB.NewSelect().Model(&ts).Column("id", "name").Where("tt.event_id = ?", eventID).Scan(ctx); err != nil {
		return nil, err
	}
	m := map[string]string{}
	for _, t := range ts {
		m[t.ID] = t.Name
	}
	return m, nil
}

func (s *Service) ticketView(t *ticketRow, ev *eventRow, names map[string]string) Ticket {
	v := Ticket{ID: t.ID, OrderID: t.OrderID, EventID: t.EventID, EventTitle: ev.Title, StartsAt: ev.StartsAt,
		TimeZone: ev.TimeZone, Venue: ev.Venue, TypeName: names[t.TypeID], AttendeeName: t.AttendeeName, Status: t.Status,
		CheckedInAt: t.CheckedInAt, CreatedAt: t.CreatedAt}
	if ev.Online && v.Venue == "" {
		v.Venue = "Online"
	}
	if t.Status == TicketValid {
		v.Code = s.sign(t.ID, t.Version)
		v.QR = qrImage(v.Code)
	}
	return v
}

// MyTickets is a keyset page of the valid and used tickets the caller
// holds, newest first.
func (s *Service) MyTickets(ctx context.Context, userID string, c page.Cursor) ([]Ticket, *page.Key, error) {
	var rows []ticketRow
	q := s.c.DB.NewSelect().Model(&rows).Where("t.holder_id = ? AND t.status = ?", userID, TicketValid).
		OrderExpr("t.created_at DESC, t.id DESC").Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(t.created_at < ?) OR (t.created_at = ? AND t.id < ?)", c.After.CreatedAt, c.After.CreatedAt, c.After.ID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(t ticketRow) page.Key { return page.Key{CreatedAt: t.CreatedAt, ID: t.ID} })
	out := make([]Ticket, 0, len(rows))
	evs, names := map[string]*eventRow{}, map[string]map[string]string{}
	for i := range rows {
		t := &rows[i]
		if evs[t.EventID] == nil {
			ev, err := s.event(ctx, s.c.DB, t.EventID)
			if err != nil {
				return nil, nil, err
			}
			evs[t.EventID] = ev
			if names[t.EventID], err = s.typeNames(ctx, t.EventID); err != nil {
				return nil, nil, err
			}
		}
		out = append(out, s.ticketView(t, evs[t.EventID], names[t.EventID]))
	}
	return out, next, nil
}

// MyOrders is a keyset page of the caller's orders, newest first.
func (s *Service) MyOrders(ctx context.Context, userID string, c page.Cursor) ([]Order, *page.Key, error) {
	var rows []orderRow
	q := s.c.DB.NewSelect().Model(&rows).Where("o.user_id = ?", userID).OrderExpr("o.created_at DESC, o.id DESC").
		Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(o.created_at < ?) OR (o.created_at = ? AND o.id < ?)", c.After.CreatedAt, c.After.CreatedAt, c.After.ID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(o orderRow) page.Key { return page.Key{CreatedAt: o.CreatedAt, ID: o.ID} })
	out := make([]Order, 0, len(rows))
	for i := range rows {
		v, err := s.orderView(ctx, &rows[i], "")
		if err != nil {
			return nil, nil, err
		}
		out = append(out, v)
	}
	return out, next, nil
}
