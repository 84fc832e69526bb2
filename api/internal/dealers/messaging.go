package dealers

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"sojourn/api/internal/messaging"
)

// MessagingSource describes car listings to messaging (a buyer asks the
// dealer about a car): a small reader of car_listings only.
type MessagingSource struct{ db bun.IDB }

// NewMessagingSource is the dealers' messaging.Source for "car".
func NewMessagingSource(db bun.IDB) MessagingSource { return MessagingSource{db: db} }

// Type is "car".
func (MessagingSource) Type() string { return "car" }

// Subject describes a listed car: its dealer is the party and anyone may ask
// about it; a car hidden by moderation is known only to its dealer.
func (m MessagingSource) Subject(ctx context.Context, id, viewer string) (messaging.Subject, error) {
	var l listingRow
	err := m.db.NewSelect().Model(&l).Column("id", "dealer_user_id", "make", "model", "year", "trim", "price",
		"currency", "city", "status", "hidden", "cover_url").Where("l.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) || err == nil && l.Hidden && viewer != l.DealerUserID {
		return messaging.Subject{}, messaging.ErrNoSubject
	}
	if err != nil {
		return messaging.Subject{}, err
	}
	title := fmt.Sprintf("%d %s %s", l.Year, l.Make, l.Model)
	if l.Trim != "" {
		title += " " + l.Trim
	}
	s := messaging.Subject{Parties: []string{l.DealerUserID}, Public: true}
	s.Title, s.ImageURL, s.Status = title+" · "+l.City, l.CoverURL, l.Status
	if viewer == l.DealerUserID {
		s.Link = "/car-dealer/offerings"
		s.Actions = []messaging.Action{{Label: "Your listings", Link: s.Link}}
		return s, nil
	}
	s.Link = "/cars/" + l.ID
	s.Actions = []messaging.Action{{Label: "View the car", Link: s.Link}}
	if l.Status == StatusAvailable {
		s.Actions = append(s.Actions, messaging.Action{Label: "Book a test drive", Link: s.Link + "#test-drive"})
	}
	return s, nil
}
