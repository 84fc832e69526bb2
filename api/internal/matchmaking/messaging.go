package matchmaking

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"sojourn/api/internal/messaging"
)

// MessagingSource describes matches to messaging (the conversation a mutual
// like opens): a small reader of mm_matches only, built before messaging.
type MessagingSource struct{ db bun.IDB }

// NewMessagingSource is matchmaking's messaging.Source for "match".
func NewMessagingSource(db bun.IDB) MessagingSource { return MessagingSource{db: db} }

// Type is "match".
func (MessagingSource) Type() string { return SubjectType }

// Subject describes a match to one of its two people: private to them, and
// while it lasts it introduces them (privacy's "who can message me" does not
// refuse them; blocks still do). An ended match says so.
func (m MessagingSource) Subject(ctx context.Context, id, viewer string) (messaging.Subject, error) {
	var r matchRow
	err := m.db.NewSelect().Model(&r).Where("mt.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) || err == nil && viewer != r.UserLo && viewer != r.UserHi {
		return messaging.Subject{}, messaging.ErrNoSubject
	}
	if err != nil {
		return messaging.Subject{}, err
	}
	s := messaging.Subject{Parties: []string{r.UserLo, r.UserHi}, Introduced: r.EndedAt == nil}
	s.Title, s.Status, s.Link = fmt.Sprintf("Your match · %d%% accuracy", r.Accuracy), "matched", "/matchmaking"
	if r.EndedAt != nil {
		s.Title, s.Status = "Match ended", "ended"
	}
	s.Actions = []messaging.Action{{Label: "Open matchmaking", Link: s.Link}}
	return s, nil
}
