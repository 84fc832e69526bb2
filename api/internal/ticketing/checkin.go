package ticketing

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/csv"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

func itoa(n int) string { return strconv.Itoa(n) }

// sign is a ticket's QR payload: "<id>.<version>.<mac>", the MAC an
// HMAC-SHA256 (truncated to 128 bits) over id and version with the
// server's ticket key.
func (s *Service) sign(id string, version int) string {
	return id + "." + itoa(version) + "." + s.mac(id, version)
}

func (s *Service) mac(id string, version int) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(id + "|" + itoa(version)))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:16])
}

// parse checks a code's signature: the ticket id and version, ok false for
// anything this server did not sign.
func (s *Service) parse(code string) (string, int, bool) {
	code = strings.TrimSpace(code)
	parts := strings.Split(code, ".")
	if len(code) > 200 || len(parts) != 3 {
		return "", 0, false
	}
	v, err := strconv.Atoi(parts[1])
	if err != nil || v < 1 || len(parts[0]) > 64 {
		return "", 0, false
	}
	if !hmac.Equal([]byte(parts[2]), []byte(s.mac(parts[0], v))) {
		return "", 0, false
	}
	return parts[0], v, true
}

var scanMessages = map[string]string{
	ScanAdmitted:   "Welcome in.",
	ScanUsed:       "This ticket has already been used.",
	ScanForged:     "This code is not a valid ticket.",
	ScanVoid:       "This ticket is no longer valid (refunded, transferred or cancelled).",
	ScanWrongEvent: "This ticket is for another event.",
}

// CheckIn scans a code at the organiser's door: admitted once (the
// conditional update on checked_in_at and the signed version decides),
// refused when used, forged, void or for another event; every scan is
// logged with who scanned and the result.
func (s *Service) CheckIn(ctx context.Context, org Org, eventID, code string) (CheckIn, error) {
	if len(code) > 200 {
		return CheckIn{}, apperr.Validation(map[string]string{"code": "must be at most 200 characters"})
	}
	if strings.TrimSpace(code) == "" {
		return CheckIn{}, apperr.Validation(map[string]string{"code": "is required"})
	}
	var out CheckIn
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.ownEvent(ctx, tx, org, eventID); err != nil {
			return err
		}
		now := s.now()
		id, version, ok := s.parse(code)
		result := ScanForged
		var ticketID *string
		if ok {
			var ts []ticketRow
			if err := tx.NewSelect().Model(&ts).Where("t.id = ?", id).Scan(ctx); err != nil {
				return err
			}
			switch {
			case len(ts) == 0:
				result = ScanForged
			case ts[0].EventID != eventID:
				result = ScanWrongEvent
			default:
				t := ts[0]
				ticketID = &t.ID
				names, err := s.typeNames(ctx, eventID)
				if err != nil {
					return err
				}
				out.AttendeeName, out.TypeName = t.AttendeeName, names[t.TypeID]
				res, err := tx.NewUpdate().Model((*ticketRow)(nil)).Set("checked_in_at = ?", now).Set("updated_at = ?", now).
					Where("id = ? AND version = ? AND status = ? AND checked_in_at IS NULL", id, version, TicketValid).Exec(ctx)
				if err != nil {
					return err
				}
				n, err := res.RowsAffected()
				if err != nil {
					return err
				}
				switch {
				case n == 1:
					result = ScanAdmitted
				case t.Status != TicketValid || t.Version != version:
					result = ScanVoid
				default:
					result = ScanUsed
				}
			}
		}
		out.Result, out.Admitted, out.Message = result, result == ScanAdmitted, scanMessages[result]
		_, err := tx.NewInsert().Model(&checkinRow{ID: newID(), EventID: eventID, TicketID: ticketID,
			ScannedBy: org.UserID, Result: result, CreatedAt: now}).Exec(ctx)
		return err
	})
	return out, err
}

// Transfer gives one of the caller's valid tickets to another person (by
// email or username): the holder and the attendee's name change and the
// version is bumped, so the old QR code stops working.
func (s *Service) Transfer(ctx context.Context, userID, ticketID, to, name string) (Ticket, error) {
	f := apperr.Fields{}
	checkLen(f, "to", to, 3, 254)
	checkLen(f, "attendee_name", name, 0, 80)
	if err := f.Err(); err != nil {
		return Ticket{}, err
	}
	p, err := s.c.Directory.FindByHandle(ctx, to)
	if err != nil {
		return Ticket{}, err
	}
	if p.ID == userID {
		return Ticket{}, errSelf
	}
	if strings.TrimSpace(name) == "" {
		name = p.DisplayName
		if name == "" {
			name = p.Username
		}
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var ts []ticketRow
		if err := tx.NewSelect().Model(&ts).Where("t.id = ? AND t.holder_id = ?", ticketID, userID).Scan(ctx); err != nil {
			return err
		}
		if len(ts) == 0 || ts[0].Status != TicketValid {
			return ErrTicketNotFound
		}
		if ts[0].CheckedInAt != nil {
			return errCheckedIn
		}
		ev, err := s.event(ctx, tx, ts[0].EventID)
		if err != nil {
			return err
		}
		if ev.Status != StatusOnSale {
			return errNotOnSale
		}
		res, err := tx.NewUpdate().Model((*ticketRow)(nil)).Set("holder_id = ?", p.ID).
			Set("attendee_name = ?", strings.TrimSpace(name)).Set("version = version + 1").Set("updated_at = ?", s.now()).
			Where("id = ? AND holder_id = ? AND version = ? AND status = ? AND checked_in_at IS NULL", ticketID, userID,
				ts[0].Version, TicketValid).Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return orErr(err, ErrTicketNotFound)
		}
		return nil
	})
	if err != nil {
		return Ticket{}, err
	}
	var t ticketRow
	if err := s.c.DB.NewSelect().Model(&t).Where("t.id = ?", ticketID).Scan(ctx); err != nil {
		return Ticket{}, err
	}
	ev, err := s.event(ctx, s.c.DB, t.EventID)
	if err != nil {
		return Ticket{}, err
	}
	names, err := s.typeNames(ctx, t.EventID)
	if err != nil {
		return Ticket{}, err
	}
	v := s.ticketView(&t, ev, names)
	v.Code, v.QR = "", "" // the new holder's code is theirs
	return v, nil
}

// Attendees is the event's valid tickets by name (keyset on name, id: the
// cursor's id carries the name and the id).
func (s *Service) Attendees(ctx context.Context, org Org, eventID string, c page.Cursor) ([]Attendee, *page.Key, error) {
	if _, err := s.ownEvent(ctx, s.c.DB, org, eventID); err != nil {
		return nil, nil, err
	}
	var rows []ticketRow
	q := s.c.DB.NewSelect().Model(&rows).Where("t.event_id = ? AND t.status = ?", eventID, TicketValid).
		OrderExpr("t.created_at ASC, t.id ASC").Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(t.created_at > ?) OR (t.created_at = ? AND t.id > ?)", c.After.CreatedAt, c.After.CreatedAt, c.After.ID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(t ticketRow) page.Key { return page.Key{CreatedAt: t.CreatedAt, ID: t.ID} })
	names, err := s.typeNames(ctx, eventID)
	if err != nil {
		return nil, nil, err
	}
	out := make([]Attendee, 0, len(rows))
	for _, t := range rows {
		out = append(out, Attendee{TicketID: t.ID, AttendeeName: t.AttendeeName, TypeName: names[t.TypeID],
			Status: t.Status, CheckedInAt: t.CheckedInAt})
	}
	return out, next, nil
}

// AttendeesCSV is every valid ticket of the event as CSV.
func (s *Service) AttendeesCSV(ctx context.Context, org Org, eventID string) ([]byte, error) {
	if _, err := s.ownEvent(ctx, s.c.DB, org, eventID); err != nil {
		return nil, err
	}
	var rows []ticketRow
	if err := s.c.DB.NewSelect().Model(&rows).Where("t.event_id = ? AND t.status = ?", eventID, TicketValid).
		OrderExpr("t.attendee_name, t.id").Limit(int64(MaxQuota * MaxTypes)).Scan(ctx); err != nil {
		return nil, err
	}
	names, err := s.typeNames(ctx, eventID)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write([]string{"ticket_id", "attendee_name", "ticket_type", "checked_in_at"})
	for _, t := range rows {
		at := ""
		if t.CheckedInAt != nil {
			at = t.CheckedInAt.UTC().Format("2006-01-02T15:04:05Z")
		}
		_ = w.Write([]string{t.ID, csvSafe(t.AttendeeName), names[t.TypeID], at})
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// csvSafe keeps a spreadsheet from reading a name as a formula.
func csvSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// Scans is the event's check-in log, newest first (keyset).
func (s *Service) Scans(ctx context.Context, org Org, eventID string, c page.Cursor) ([]Scan, *page.Key, error) {
	if _, err := s.ownEvent(ctx, s.c.DB, org, eventID); err != nil {
		return nil, nil, err
	}
	var rows []checkinRow
	q := s.c.DB.NewSelect().Model(&rows).Where("c.event_id = ?", eventID).OrderExpr("c.created_at DESC, c.id DESC").
		Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(c.created_at < ?) OR (c.created_at = ? AND c.id < ?)", c.After.CreatedAt, c.After.CreatedAt, c.After.ID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r checkinRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	tids, uids := []string{}, []string{}
	for _, r := range rows {
		if r.TicketID != nil {
			tids = append(tids, *r.TicketID)
		}
		uids = append(uids, r.ScannedBy)
	}
	attendee := map[string]string{}
	if len(tids) > 0 {
		var ts []ticketRow
		if err := s.c.DB.NewSelect().Model(&ts).Column("id", "attendee_name").Where("t.id IN (?)", bun.In(tids)).
			Scan(ctx); err != nil {
			return nil, nil, err
		}
		for _, t := range ts {
			attendee[t.ID] = t.AttendeeName
		}
	}
	dir, err := s.c.Directory.Lookup(ctx, uids)
	if err != nil {
		return nil, nil, err
	}
	out := make([]Scan, 0, len(rows))
	for _, r := range rows {
		sc := Scan{ID: r.ID, Result: r.Result, CreatedAt: r.CreatedAt}
		if r.TicketID != nil {
			sc.TicketID, sc.AttendeeName = *r.TicketID, attendee[*r.TicketID]
		}
		p := dir[r.ScannedBy]
		sc.ScannedBy = p.DisplayName
		if sc.ScannedBy == "" {
			sc.ScannedBy = p.Username
		}
		out = append(out, sc)
	}
	return out, next, nil
}
