package ticketing

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"
	"sojourn/api/internal/platform/ids"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/page"
)

// Org is who acts as an organiser: Sojourn (an admin, ID "") or a provider
// (ID their user id).
type Org struct {
	Kind   string
	ID     string
	UserID string
}

func newID() string { return ids.New() }

func checkLen(f apperr.Fields, field, v string, min, max int) {
	n := utf8.RuneCountInString(strings.TrimSpace(v))
	f.Check(n >= min && n <= max, field, "must be "+itoa(min)+" to "+itoa(max)+" characters")
	httpx.CheckText(f, field, v)
}

func (s *Service) checkEvent(f apperr.Fields, in EventInput) {
	checkLen(f, "title", in.Title, 3, 120)
	checkLen(f, "description", in.Description, 0, 5000)
	checkLen(f, "venue", in.Venue, 0, 120)
	checkLen(f, "address", in.Address, 0, 200)
	checkLen(f, "city", in.City, 0, 80)
	f.Check(slices.Contains(Categories, in.Category), "category", "must be one of "+strings.Join(Categories, ", "))
	f.Check(in.Online || strings.TrimSpace(in.Venue) != "", "venue", "is required for an event in person")
	if _, err := time.LoadLocation(in.TimeZone); err != nil || in.TimeZone == "" || in.TimeZone == "Local" || len(in.TimeZone) > 64 {
		f.Add("time_zone", "must be an IANA time zone")
	}
	now := s.now()
	f.Check(in.StartsAt.After(now) && in.StartsAt.Before(now.Add(MaxLeadStart)), "starts_at", "must be in the next two years")
	f.Check(in.EndsAt.After(in.StartsAt) && in.EndsAt.Sub(in.StartsAt) <= MaxEventLength, "ends_at",
		"must be after the start, within 31 days")
	f.Check(in.RefundDays >= 0 && in.RefundDays <= MaxRefundDays, "refund_days", "must be 0 to 365")
}

func checkType(f apperr.Fields, p string, in TypeInput, quotas map[string]bool) {
	checkLen(f, p+"name", in.Name, 1, 80)
	f.Check(quotas[in.Quota], p+"quota", "must name one of the event's quotas")
	f.Check(in.Price >= 0 && in.Price <= MaxPrice, p+"price", "must be 0 to 100000000")
	f.Check(in.MaxPerOrder >= 1 && in.MaxPerOrder <= MaxPerOrder, p+"max_per_order", "must be 1 to 20")
	f.Check(in.SalesStart == nil || in.SalesEnd == nil || in.SalesEnd.After(*in.SalesStart), p+"sales_end",
		"must be after the sales start")
	checkLen(f, p+"unlock_code", in.UnlockCode, 0, 40)
}

func checkQuota(f apperr.Fields, p string, in QuotaInput) {
	checkLen(f, p+"name", in.Name, 1, 80)
	f.Check(in.Size >= 1 && in.Size <= MaxQuota, p+"size", "must be 1 to 100000")
}

// Create makes an event with its quotas and ticket types.
func (s *Service) Create(ctx context.Context, org Org, in NewEvent) (Event, error) {
	f := apperr.Fields{}
	s.checkEvent(f, in.EventInput)
	if in.Currency == "" {
		in.Currency = "NGN"
	}
	f.Check(slices.Contains([]string{"NGN", "GHS", "KES", "ZAR", "USD"}, in.Currency), "currency", "is not supported")
	f.Check(len(in.Quotas) >= 1 && len(in.Quotas) <= MaxTypes, "quotas", "must be 1 to 20")
	f.Check(len(in.TicketTypes) >= 1 && len(in.TicketTypes) <= MaxTypes, "ticket_types", "must be 1 to 20")
	names := map[string]bool{}
	for i, q := range in.Quotas {
		if i >= MaxTypes {
			break
		}
		checkQuota(f, "quotas["+itoa(i)+"].", q)
		f.Check(!names[q.Name], "quotas["+itoa(i)+"].name", "must be unique")
		names[q.Name] = true
	}
	for i, t := range in.TicketTypes {
		if i >= MaxTypes {
			break
		}
		checkType(f, "ticket_types["+itoa(i)+"].", t, names)
	}
	if err := f.Err(); err != nil {
		return Event{}, err
	}
	name := SojournName
	if org.Kind == OrganiserProvider {
		dir, err := s.c.Directory.Lookup(ctx, []string{org.ID})
		if err != nil {
			return Event{}, err
		}
		p := dir[org.ID]
		name = p.DisplayName
		if name == "" {
			name = p.Username
		}
	}
	now := s.now()
	ev := &eventRow{ID: newID(), OrganiserKind: org.Kind, OrganiserID: org.ID, OrganiserName: name,
		Title: strings.TrimSpace(in.Title), Description: strings.TrimSpace(in.Description), Category: in.Category,
		Online: in.Online, Venue: strings.TrimSpace(in.Venue), Address: strings.TrimSpace(in.Address),
		City: strings.TrimSpace(in.City), StartsAt: in.StartsAt.UTC(), EndsAt: in.EndsAt.UTC(), TimeZone: in.TimeZone,
		RefundDays: in.RefundDays, Status: StatusOnSale, CreatedBy: org.UserID, CreatedAt: now, UpdatedAt: now}
	quotaIDs := map[string]string{}
	var qs []quotaRow
	for _, q := range in.Quotas {
		id := newID()
		quotaIDs[q.Name] = id
		qs = append(qs, quotaRow{ID: id, EventID: ev.ID, Name: strings.TrimSpace(q.Name), Size: q.Size})
	}
	var ts []typeRow
	for i, t := range in.TicketTypes {
		ts = append(ts, s.typeRow(ev, quotaIDs[t.Quota], t, in.Currency, now.Add(time.Duration(i)*time.Microsecond)))
	}
	ev.MinPrice = minPrice(ts)
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(ev).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(&qs).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(&ts).Exec(ctx); err != nil {
			return err
		}
		_, err := s.c.Jobs.InsertTx(ctx, tx, SettleJob{EventID: ev.ID}, settleOpts(ev))
		return err
	})
	if err != nil {
		return Event{}, err
	}
	return s.OrganiserEvent(ctx, org, ev.ID)
}

func (s *Service) typeRow(ev *eventRow, quotaID string, t TypeInput, currency string, at time.Time) typeRow {
	r := typeRow{ID: newID(), EventID: ev.ID, QuotaID: quotaID, Name: strings.TrimSpace(t.Name), Price: t.Price,
		Currency: currency, MaxPerOrder: t.MaxPerOrder, SalesStart: t.SalesStart, SalesEnd: t.SalesEnd, CreatedAt: at}
	if c := strings.TrimSpace(t.UnlockCode); c != "" {
		r.UnlockCode = &c
	}
	return r
}

func minPrice(ts []typeRow) int64 {
	var m int64 = -1
	for _, t := range ts {
		if t.UnlockCode == nil && (m < 0 || t.Price < m) {
			m = t.Price
		}
	}
	if m < 0 {
		return 0
	}
	return m
}

// Update changes an event's details (not its times once sold? times may
// move; ticket holders keep their tickets).
func (s *Service) Update(ctx context.Context, org Org, id string, in EventInput) (Event, error) {
	f := apperr.Fields{}
	s.checkEvent(f, in)
	if err := f.Err(); err != nil {
		return Event{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ev, err := s.ownEvent(ctx, tx, org, id)
		if err != nil {
			return err
		}
		if ev.Status != StatusOnSale {
			return errNotOnSale
		}
		ev.Title, ev.Description, ev.Category = strings.TrimSpace(in.Title), strings.TrimSpace(in.Description), in.Category
		ev.Online, ev.Venue, ev.Address, ev.City = in.Online, strings.TrimSpace(in.Venue), strings.TrimSpace(in.Address), strings.TrimSpace(in.City)
		moved := !ev.EndsAt.Equal(in.EndsAt.UTC())
		ev.StartsAt, ev.EndsAt, ev.TimeZone, ev.RefundDays, ev.UpdatedAt = in.StartsAt.UTC(), in.EndsAt.UTC(), in.TimeZone, in.RefundDays, s.now()
		if _, err := tx.NewUpdate().Model(ev).WherePK().Exec(ctx); err != nil {
			return err
		}
		if moved {
			_, err = s.c.Jobs.InsertTx(ctx, tx, SettleJob{EventID: ev.ID}, settleOpts(ev))
		}
		return err
	})
	if err != nil {
		return Event{}, err
	}
	return s.OrganiserEvent(ctx, org, id)
}

// AddQuota adds a quota to an event.
func (s *Service) AddQuota(ctx context.Context, org Org, id string, in QuotaInput) (Event, error) {
	f := apperr.Fields{}
	checkQuota(f, "", in)
	if err := f.Err(); err != nil {
		return Event{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ev, err := s.ownEvent(ctx, tx, org, id)
		if err != nil {
			return err
		}
		if ev.Status != StatusOnSale {
			return errNotOnSale
		}
		n, err := tx.NewSelect().Model((*quotaRow)(nil)).Where("event_id = ?", id).Count(ctx)
		if err != nil {
			return err
		}
		if n >= MaxTypes {
			return apperr.Validation(map[string]string{"name": "an event has at most 20 quotas"})
		}
		_, err = tx.NewInsert().Model(&quotaRow{ID: newID(), EventID: id, Name: strings.TrimSpace(in.Name), Size: in.Size}).Exec(ctx)
		return err
	})
	if err != nil {
		return Event{}, err
	}
	return s.OrganiserEvent(ctx, org, id)
}

// ResizeQuota changes a quota's size; the database refuses a size below
// the seats sold and held (the CHECK), answered as a conflict.
func (s *Service) ResizeQuota(ctx context.Context, org Org, id, quotaID string, size int) (Event, error) {
	if size < 1 || size > MaxQuota {
		return Event{}, apperr.Validation(map[string]string{"size": "must be 1 to 100000"})
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.ownEvent(ctx, tx, org, id); err != nil {
			return err
		}
		res, err := tx.NewUpdate().Model((*quotaRow)(nil)).Set("size = ?", size).
			Where("id = ? AND event_id = ? AND sold + held <= ?", quotaID, id, size).Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			if err != nil {
				return err
			}
			var q []quotaRow
			if err := tx.NewSelect().Model(&q).Where("q.id = ? AND q.event_id = ?", quotaID, id).Scan(ctx); err != nil {
				return err
			}
			if len(q) == 0 {
				return apperr.NotFound("Quota")
			}
			return errSold
		}
		return nil
	})
	if err != nil {
		return Event{}, err
	}
	return s.OrganiserEvent(ctx, org, id)
}

// AddType adds a ticket type; in.Quota is the quota's id or name.
func (s *Service) AddType(ctx context.Context, org Org, id string, in TypeInput) (Event, error) {
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ev, err := s.ownEvent(ctx, tx, org, id)
		if err != nil {
			return err
		}
		var qs []quotaRow
		if err := tx.NewSelect().Model(&qs).Where("q.event_id = ?", id).Scan(ctx); err != nil {
			return err
		}
		names, ids := map[string]bool{}, map[string]string{}
		for _, q := range qs {
			names[q.ID], names[q.Name] = true, true
			ids[q.ID], ids[q.Name] = q.ID, q.ID
		}
		f := apperr.Fields{}
		checkType(f, "", in, names)
		if err := f.Err(); err != nil {
			return err
		}
		if ev.Status != StatusOnSale {
			return errNotOnSale
		}
		var ts []typeRow
		if err := tx.NewSelect().Model(&ts).Where("tt.event_id = ?", id).Scan(ctx); err != nil {
			return err
		}
		if len(ts) >= MaxTypes {
			return apperr.Validation(map[string]string{"name": "an event has at most 20 ticket types"})
		}
		cur := "NGN"
		if len(ts) > 0 {
			cur = ts[0].Currency
		}
		t := s.typeRow(ev, ids[in.Quota], in, cur, s.now())
		if _, err := tx.NewInsert().Model(&t).Exec(ctx); err != nil {
			return err
		}
		_, err = tx.NewUpdate().Model((*eventRow)(nil)).Set("min_price = ?", minPrice(append(ts, t))).
			Where("id = ?", id).Exec(ctx)
		return err
	})
	if err != nil {
		return Event{}, err
	}
	return s.OrganiserEvent(ctx, org, id)
}

func (s *Service) event(ctx context.Context, db bun.IDB, id string) (*eventRow, error) {
	if id == "" || len(id) > 64 {
		return nil, ErrNotFound
	}
	ev := new(eventRow)
	if err := db.NewSelect().Model(ev).Where("e.id = ?", id).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	return ev, nil
}

// ownEvent is an event the organiser runs (404 otherwise).
func (s *Service) ownEvent(ctx context.Context, db bun.IDB, org Org, id string) (*eventRow, error) {
	ev, err := s.event(ctx, db, id)
	if err != nil {
		return nil, err
	}
	if ev.OrganiserKind != org.Kind || ev.OrganiserID != org.ID {
		return nil, ErrNotFound
	}
	return ev, nil
}

func (s *Service) view(ctx context.Context, ev *eventRow, code string, organiser bool) (Event, error) {
	var ts []typeRow
	if err := s.c.DB.NewSelect().Model(&ts).Where("tt.event_id = ?", ev.ID).OrderExpr("tt.created_at, tt.id").
		Scan(ctx); err != nil {
		return Event{}, err
	}
	var qs []quotaRow
	if err := s.c.DB.NewSelect().Model(&qs).Where("q.event_id = ?", ev.ID).OrderExpr("q.name, q.id").Scan(ctx); err != nil {
		return Event{}, err
	}
	free := map[string]int{}
	for _, q := range qs {
		free[q.ID] = q.Size - q.Sold - q.Held
	}
	now := s.now()
	out := Event{ID: ev.ID, Title: ev.Title, Description: ev.Description, Category: ev.Category, Online: ev.Online,
		Venue: ev.Venue, Address: ev.Address, City: ev.City, StartsAt: ev.StartsAt, EndsAt: ev.EndsAt,
		TimeZone: ev.TimeZone, RefundDays: ev.RefundDays, Status: ev.Status, MinPrice: ev.MinPrice,
		Organiser: Organiser{Kind: ev.OrganiserKind, Name: ev.OrganiserName}, TicketTypes: []TicketType{}, SoldOut: true}
	for _, t := range ts {
		hidden := t.UnlockCode != nil
		if hidden && !organiser && (code == "" || !strings.EqualFold(code, *t.UnlockCode)) {
			continue
		}
		tv := TicketType{ID: t.ID, QuotaID: t.QuotaID, Name: t.Name, Price: t.Price, Currency: t.Currency,
			MaxPerOrder: t.MaxPerOrder, SalesStart: t.SalesStart, SalesEnd: t.SalesEnd, Hidden: hidden,
			OnSale: ev.Status == StatusOnSale && salesOpen(&t, ev, now), Available: max(free[t.QuotaID], 0)}
		if tv.Available > 0 && !hidden {
			out.SoldOut = false
		}
		out.TicketTypes = append(out.TicketTypes, tv)
	}
	if organiser {
		out.Quotas = []Quota{}
		for _, q := range qs {
			out.Quotas = append(out.Quotas, Quota{ID: q.ID, Name: q.Name, Size: q.Size, Sold: q.Sold, Held: q.Held})
		}
	}
	return out, nil
}

func salesOpen(t *typeRow, ev *eventRow, now time.Time) bool {
	if !now.Before(ev.StartsAt) {
		return false
	}
	if t.SalesStart != nil && now.Before(*t.SalesStart) {
		return false
	}
	return t.SalesEnd == nil || now.Before(*t.SalesEnd)
}

// Event is an event's public page; code unlocks hidden types.
func (s *Service) Event(ctx context.Context, id, code string) (Event, error) {
	ev, err := s.event(ctx, s.c.DB, id)
	if err != nil {
		return Event{}, err
	}
	return s.view(ctx, ev, code, false)
}

// OrganiserEvent is the organiser's view (quotas and hidden types).
func (s *Service) OrganiserEvent(ctx context.Context, org Org, id string) (Event, error) {
	ev, err := s.ownEvent(ctx, s.c.DB, org, id)
	if err != nil {
		return Event{}, err
	}
	return s.view(ctx, ev, "", true)
}

// Events is the public keyset list of events on sale, soonest first
// (the cursor's time is the start).
func (s *Service) Events(ctx context.Context, f Filter, c page.Cursor) ([]Event, *page.Key, error) {
	var rows []eventRow
	from := s.now()
	if f.From != nil && f.From.After(from) {
		from = *f.From
	}
	q := s.c.DB.NewSelect().Model(&rows).Where("e.status = ?", StatusOnSale).Where("e.ends_at > ?", from).
		OrderExpr("e.starts_at ASC, e.id ASC").Limit(int64(c.Fetch()))
	if f.To != nil {
		q = q.Where("e.starts_at < ?", *f.To)
	}
	if f.City != "" {
		q = q.Where("LOWER(e.city) = ?", strings.ToLower(f.City))
	}
	if f.Category != "" {
		q = q.Where("e.category = ?", f.Category)
	}
	if f.Online != nil {
		q = q.Where("e.online = ?", *f.Online)
	}
	if f.Free != nil {
		if *f.Free {
			q = q.Where("e.min_price = 0")
		} else {
			q = q.Where("e.min_price > 0")
		}
	}
	if c.After != nil {
		q = q.Where("(e.starts_at > ?) OR (e.starts_at = ? AND e.id > ?)", c.After.CreatedAt, c.After.CreatedAt, c.After.ID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(e eventRow) page.Key { return page.Key{CreatedAt: e.StartsAt, ID: e.ID} })
	out := make([]Event, 0, len(rows))
	for i := range rows {
		v, err := s.view(ctx, &rows[i], "", false)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, v)
	}
	return out, next, nil
}

// OrganiserEvents is the organiser's events, newest start first (keyset).
func (s *Service) OrganiserEvents(ctx context.Context, org Org, c page.Cursor) ([]Event, *page.Key, error) {
	var rows []eventRow
	q := s.c.DB.NewSelect().Model(&rows).Where("e.organiser_kind = ? AND e.organiser_id = ?", org.Kind, org.ID).
		OrderExpr("e.starts_at DESC, e.id DESC").Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(e.starts_at < ?) OR (e.starts_at = ? AND e.id < ?)", c.After.CreatedAt, c.After.CreatedAt, c.After.ID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(e eventRow) page.Key { return page.Key{CreatedAt: e.StartsAt, ID: e.ID} })
	out := make([]Event, 0, len(rows))
	for i := range rows {
		v, err := s.view(ctx, &rows[i], "", true)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, v)
	}
	return out, next, nil
}
