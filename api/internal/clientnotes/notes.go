package clientnotes

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/bookings"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// MaxPart bounds each part of a note (characters).
const MaxPart = 10000

// Notes is a keyset page of the caller's notes about a client, newest
// first. Only their author ever reads notes: another provider, even one
// the client also booked, gets an empty list of theirs, and a caller the
// client never booked 404. The read is written to the audit log, in the
// transaction that reads.
func (s *Service) Notes(ctx context.Context, userID, ip, clientID string, c page.Cursor) ([]Note, *page.Key, error) {
	if _, err := s.clientOf(ctx, userID, clientID); err != nil {
		return nil, nil, err
	}
	var rows []noteRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if rows, err = s.st.notes(ctx, tx, userID, clientID, c); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: userID, Action: "client_note.list",
			TargetType: "user", TargetID: clientID, SubjectID: clientID, IP: ip,
			Details: map[string]any{"notes": min(len(rows), c.Limit)}})
	})
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r noteRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out := make([]Note, 0, len(rows))
	for i := range rows {
		out = append(out, rows[i].dto())
	}
	return out, next, nil
}

// Note is one of the caller's notes about the client (anyone else's is
// 404); the read is audited.
func (s *Service) Note(ctx context.Context, userID, ip, clientID, id string) (Note, error) {
	if _, err := s.clientOf(ctx, userID, clientID); err != nil {
		return Note{}, err
	}
	var n *noteRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if n, err = s.st.note(ctx, tx, userID, clientID, id); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: userID, Action: "client_note.read",
			TargetType: "client_note", TargetID: id, SubjectID: clientID, IP: ip})
	})
	if err != nil {
		return Note{}, err
	}
	return n.dto(), nil
}

// CreateNote writes a note about one of the caller's clients, optionally
// about one booking of theirs with the caller.
func (s *Service) CreateNote(ctx context.Context, userID, ip, clientID string, in NoteInput) (Note, error) {
	if _, err := s.clientOf(ctx, userID, clientID); err != nil {
		return Note{}, err
	}
	now := s.c.Clock.Now()
	n := &noteRow{ID: ids.New(), AuthorID: userID, ClientID: clientID, CreatedAt: now, UpdatedAt: now}
	if err := s.apply(ctx, userID, n, in); err != nil {
		return Note{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.insertNote(ctx, tx, n); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: userID, Action: "client_note.create",
			TargetType: "client_note", TargetID: n.ID, SubjectID: clientID, IP: ip})
	})
	if err != nil {
		return Note{}, err
	}
	return n.dto(), nil
}

// UpdateNote changes one of the caller's notes (anyone else's is 404).
func (s *Service) UpdateNote(ctx context.Context, userID, ip, clientID, id string, in NoteInput) (Note, error) {
	if _, err := s.clientOf(ctx, userID, clientID); err != nil {
		return Note{}, err
	}
	var n *noteRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if n, err = s.st.note(ctx, tx, userID, clientID, id); err != nil {
			return err
		}
		if err := s.apply(ctx, userID, n, in); err != nil {
			return err
		}
		n.UpdatedAt = s.c.Clock.Now()
		if err := s.st.updateNote(ctx, tx, n); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: userID, Action: "client_note.update",
			TargetType: "client_note", TargetID: id, SubjectID: clientID, IP: ip})
	})
	if err != nil {
		return Note{}, err
	}
	return n.dto(), nil
}

// apply validates in and copies it onto n: each part at most MaxPart
// characters, not all empty; a booking must be the client's with one of
// the caller's profiles.
func (s *Service) apply(ctx context.Context, userID string, n *noteRow, in NoteInput) error {
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = strings.TrimSpace(*v)
		}
	}
	set(&n.Subjective, in.Subjective)
	set(&n.Objective, in.Objective)
	set(&n.Assessment, in.Assessment)
	set(&n.Plan, in.Plan)
	set(&n.Body, in.Text)
	f := apperr.Fields{}
	for field, v := range map[string]string{"subjective": n.Subjective, "objective": n.Objective,
		"assessment": n.Assessment, "plan": n.Plan, "text": n.Body} {
		f.Check(utf8.RuneCountInString(v) <= MaxPart, field, "must be at most 10000 characters")
	}
	f.Check(n.Subjective+n.Objective+n.Assessment+n.Plan+n.Body != "", "text", "a note needs some text")
	if in.BookingID != nil {
		if *in.BookingID == "" {
			n.BookingID = nil
		} else {
			b, err := s.c.Bookings.Booking(ctx, *in.BookingID)
			if err != nil && !errors.Is(err, bookings.ErrNotFound) {
				return err
			}
			f.Check(err == nil && b.UserID == n.ClientID && b.ProviderUserID == userID, "booking_id",
				"is not a booking of this client with you")
			id := *in.BookingID
			n.BookingID = &id
		}
	}
	return f.Err()
}
