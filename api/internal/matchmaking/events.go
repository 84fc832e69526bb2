package matchmaking

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/ids"
)

// Participant is what an event (speed dating) needs of a person taking part
// in matchmaking.
type Participant struct {
	UserID string
	Age    int
	Gender string
}

// EventMatch is the match two people made at an event.
type EventMatch struct {
	ID             string
	ConversationID string
}

// EventParticipant answers the person when they take part in matchmaking
// (opted in, not paused, not removed): 409 with the reason otherwise.
func (s *Service) EventParticipant(ctx context.Context, userID string) (Participant, error) {
	r, err := s.active(ctx, userID)
	if err != nil {
		return Participant{}, err
	}
	return Participant{UserID: userID, Age: Age(r.BirthDate, s.c.Clock.Now()), Gender: r.Gender}, nil
}

// Compatibility answers, for the given people, whether two of them may meet
// at an event: both take part, each passes the other's hard filters (age,
// genders sought, dealbreakers, mandatory answers; distance is ignored, as
// events are online), neither blocked nor hid the other. The answer is
// symmetric and reads nothing more once made.
func (s *Service) Compatibility(ctx context.Context, userIDs []string) (func(a, b string) bool, error) {
	now := s.c.Clock.Now()
	members := make(map[string]*Member, len(userIDs))
	for _, id := range userIDs {
		if _, dup := members[id]; dup {
			continue
		}
		r, err := s.st.member(ctx, s.c.DB, id)
		if err != nil {
			return nil, err
		}
		if r == nil || !r.OptedIn || r.Paused || r.Removed {
			continue
		}
		m := r.member(now)
		members[id] = &m
	}
	apart := map[[2]string]bool{}
	pair := func(a, b string) [2]string {
		if a > b {
			a, b = b, a
		}
		return [2]string{a, b}
	}
	for id := range members {
		blocked, err := s.c.Blocks.BlockedWith(ctx, id)
		if err != nil {
			return nil, err
		}
		for other := range blocked {
			apart[pair(id, other)] = true
		}
	}
	var hidden []hiddenRow
	if len(members) > 0 {
		keys := make([]string, 0, len(members))
		for id := range members {
			keys = append(keys, id)
		}
		if err := s.c.DB.NewSelect().Model(&hidden).Where("h.user_id IN (?)", bun.In(keys)).Scan(ctx); err != nil {
			return nil, err
		}
	}
	for _, h := range hidden {
		apart[pair(h.UserID, h.HiddenID)] = true
	}
	return func(a, b string) bool {
		ma, mb := members[a], members[b]
		if a == b || ma == nil || mb == nil || apart[pair(a, b)] {
			return false
		}
		return Acceptable(ma, mb, 0) && Acceptable(mb, ma, 0)
	}, nil
}

// MatchFromEvent makes the match of two people who both said yes at an event
// (or answers the match they already have), opens its conversation and tells
// both. It is idempotent per pair.
func (s *Service) MatchFromEvent(ctx context.Context, a, b, eventTitle string) (EventMatch, error) {
	if a == b || a == "" || b == "" {
		return EventMatch{}, errPersonNotFound
	}
	lo, hi := a, b
	if lo > hi {
		lo, hi = hi, lo
	}
	now := s.c.Clock.Now()
	people, err := s.c.Directory.Lookup(ctx, []string{a, b})
	if err != nil {
		return EventMatch{}, err
	}
	name := func(id string) string {
		if p := people[id]; p.DisplayName != "" {
			return p.DisplayName
		}
		return people[id].Username
	}
	acc := 0
	ra, err := s.st.member(ctx, s.c.DB, a)
	if err != nil {
		return EventMatch{}, err
	}
	rb, err := s.st.member(ctx, s.c.DB, b)
	if err != nil {
		return EventMatch{}, err
	}
	if ra != nil && rb != nil {
		ma, mb := ra.member(now), rb.member(now)
		acc = Accuracy(&ma, &mb)
	}
	var m *matchRow
	created := false
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.lockPair(ctx, tx, a, b); err != nil {
			return err
		}
		row := &matchRow{ID: ids.New(), UserLo: lo, UserHi: hi, Accuracy: acc, CreatedAt: now}
		ok, err := s.st.insertMatch(ctx, tx, row)
		if err != nil {
			return err
		}
		if !ok {
			m = new(matchRow)
			return tx.NewSelect().Model(m).Where("mt.user_lo = ? AND mt.user_hi = ?", lo, hi).Scan(ctx)
		}
		m, created = row, true
		for _, e := range []struct{ to, other string }{{a, b}, {b, a}} {
			if err := s.c.Events.Emit(ctx, tx, events.Event{Type: "match.created", Category: events.CategorySocial,
				Recipients: []string{e.to}, Actor: e.other, Title: "You matched with " + name(e.other),
				Body: fmt.Sprintf("You both said yes at %s. Say hello!", eventTitle), Link: "/matchmaking",
				Subject: events.Ref{Type: SubjectType, ID: row.ID}, Data: map[string]any{"match_id": row.ID}, Email: true}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return EventMatch{}, err
	}
	if created || m.ConversationID == nil {
		s.openConversation(ctx, a, b, m)
	}
	out := EventMatch{ID: m.ID}
	if m.ConversationID != nil {
		out.ConversationID = *m.ConversationID
	}
	return out, nil
}
