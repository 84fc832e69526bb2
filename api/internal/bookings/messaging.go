package bookings

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"sojourn/api/internal/messaging"
)

// MessagingSource describes bookings to messaging: a small reader of the
// bookings table only.
type MessagingSource struct{ db bun.IDB }

// NewMessagingSource is bookings' messaging.Source for "booking".
func NewMessagingSource(db bun.IDB) MessagingSource { return MessagingSource{db: db} }

// Type is "booking".
func (MessagingSource) Type() string { return "booking" }

// Subject describes the booking to viewer: client and provider are its
// parties; the client may reschedule from the calendar.
func (m MessagingSource) Subject(ctx context.Context, id, viewer string) (messaging.Subject, error) {
	var b struct {
		ID             string `bun:"id"`
		UserID         string `bun:"user_id"`
		ProviderUserID string `bun:"provider_user_id"`
		Kind           string `bun:"kind"`
		Title          string `bun:"title"`
		Status         string `bun:"status"`
	}
	err := m.db.NewSelect().TableExpr("bookings").Column("id", "user_id", "provider_user_id", "kind", "title", "status").
		Where("id = ?", id).Scan(ctx, &b)
	if errors.Is(err, sql.ErrNoRows) {
		return messaging.Subject{}, messaging.ErrNoSubject
	}
	if err != nil {
		return messaging.Subject{}, err
	}
	s := messaging.Subject{Parties: []string{b.UserID, b.ProviderUserID}}
	s.Title, s.Status = b.Title, b.Status
	if viewer == b.ProviderUserID {
		_, s.Link, _ = providerScreens(b.Kind) // notify.go
		s.Actions = []messaging.Action{{Label: "Open appointments", Link: s.Link}}
	} else {
		s.Link = "/user-calendar"
		s.Actions = []messaging.Action{{Label: "View in my calendar", Link: s.Link}}
		if b.Status == StatusConfirmed {
			s.Actions = append(s.Actions, messaging.Action{Label: "Reschedule", Link: "/user-calendar?booking=" + b.ID})
		}
	}
	return s, nil
}
