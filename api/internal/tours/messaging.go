package tours

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"sojourn/api/internal/messaging"
)

// MessagingSource describes tours to messaging (anyone may ask a guide
// about a tour): a small reader of tour_details and tour_photos only.
type MessagingSource struct{ db bun.IDB }

// NewMessagingSource is tours' messaging.Source for "tour".
func NewMessagingSource(db bun.IDB) MessagingSource { return MessagingSource{db: db} }

// Type is "tour".
func (MessagingSource) Type() string { return "tour" }

// Subject describes the tour: its guide is its party, it is public, and a
// traveller gets its page and booking as actions.
func (m MessagingSource) Subject(ctx context.Context, id, viewer string) (messaging.Subject, error) {
	var t struct {
		OfferingID string `bun:"offering_id"`
		UserID     string `bun:"user_id"`
		Title      string `bun:"title"`
		City       string `bun:"city"`
		Active     bool   `bun:"active"`
		Hidden     bool   `bun:"hidden"`
	}
	err := m.db.NewSelect().TableExpr("tour_details").Column("offering_id", "user_id", "title", "city", "active", "hidden").
		Where("offering_id = ?", id).Scan(ctx, &t)
	if errors.Is(err, sql.ErrNoRows) || err == nil && t.Hidden && viewer != t.UserID {
		return messaging.Subject{}, messaging.ErrNoSubject
	}
	if err != nil {
		return messaging.Subject{}, err
	}
	var photo string
	_ = m.db.NewSelect().TableExpr("tour_photos").Column("url").Where("offering_id = ?", id).
		OrderExpr("position, id").Limit(1).Scan(ctx, &photo)
	s := messaging.Subject{Parties: []string{t.UserID}, Public: true}
	s.Title, s.ImageURL = t.Title+" · "+t.City, photo
	s.Status = "available"
	if !t.Active {
		s.Status = "paused"
	}
	if viewer == t.UserID {
		s.Link = "/tour-app/offerings"
		s.Actions = []messaging.Action{{Label: "Edit the tour", Link: s.Link}}
	} else {
		s.Link = "/booking/tour-guide/tour-details?id=" + t.OfferingID
		s.Actions = []messaging.Action{{Label: "View the tour", Link: s.Link},
			{Label: "Book", Link: "/booking/tour-guide/OfferingDetails?id=" + t.OfferingID}}
	}
	return s, nil
}
