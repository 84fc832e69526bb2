package matchmaking

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/messaging"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// DecisionInput is the body of POST /matchmaking/likes and /passes (and of
// POST /matchmaking/hidden).
type DecisionInput struct {
	UserID string `json:"user_id"`
}

// Match is one of the caller's matches.
type Match struct {
	ID             string    `json:"id"`
	Person         Person    `json:"person"`
	Accuracy       int       `json:"accuracy"`
	ConversationID *string   `json:"conversation_id"`
	CreatedAt      time.Time `json:"created_at"`
}

// Decision is the answer of a like or a pass.
type Decision struct {
	UserID   string `json:"user_id"`
	Decision string `json:"decision"`
	Matched  bool   `json:"matched"`
	Match    *Match `json:"match"`
}

// SubjectType is the messaging subject type of a match's conversation.
const SubjectType = "match"

// target checks the person decided on: someone else, taking part, not hidden
// or blocked either way; 404 otherwise, as if they did not exist.
func (s *Service) target(ctx context.Context, me, other string) (*memberRow, accounts.Person, error) {
	if other == "" || len(other) > 64 || other == me {
		return nil, accounts.Person{}, errPersonNotFound
	}
	r, err := s.st.member(ctx, s.c.DB, other)
	if err != nil {
		return nil, accounts.Person{}, err
	}
	if r == nil || !r.OptedIn || r.Paused || r.Removed {
		return nil, accounts.Person{}, errPersonNotFound
	}
	n, err := s.c.DB.NewSelect().Model((*hiddenRow)(nil)).
		Where("(h.user_id = ? AND h.hidden_id = ?) OR (h.user_id = ? AND h.hidden_id = ?)", me, other, other, me).Count(ctx)
	if err != nil {
		return nil, accounts.Person{}, err
	}
	if n > 0 {
		return nil, accounts.Person{}, errPersonNotFound
	}
	if b, err := s.c.Blocks.Blocked(ctx, me, other); err != nil || b {
		if err == nil {
			err = errPersonNotFound
		}
		return nil, accounts.Person{}, err
	}
	people, err := s.c.Directory.Lookup(ctx, []string{other})
	if err != nil {
		return nil, accounts.Person{}, err
	}
	p, ok := people[other]
	if !ok || p.Status != accounts.StatusActive {
		return nil, accounts.Person{}, errPersonNotFound
	}
	return r, p, nil
}

// Like records the caller's like; when the other person liked them already
// it makes their one match (decided by the unique pair) and opens its
// conversation. At most LikesPerDay likes a day.
func (s *Service) Like(ctx context.Context, userID string, in DecisionInput) (Decision, error) {
	return s.decide(ctx, userID, in, Like)
}

// Pass records the caller's pass.
func (s *Service) Pass(ctx context.Context, userID string, in DecisionInput) (Decision, error) {
	return s.decide(ctx, userID, in, Pass)
}

func (s *Service) decide(ctx context.Context, userID string, in DecisionInput, decision string) (Decision, error) {
	meRow, err := s.active(ctx, userID)
	if err != nil {
		return Decision{}, err
	}
	// Every like counts against the day's likes, found or not, so the
	// limit also bounds probing for who takes part.
	if decision == Like {
		if ok, wait := s.likes.Allow(userID); !ok {
			return Decision{}, apperr.RateLimited(fmt.Sprintf("You can like %d people a day; try again later.", LikesPerDay), wait)
		}
	}
	other, person, err := s.target(ctx, userID, in.UserID)
	if err != nil {
		return Decision{}, err
	}
	now := s.c.Clock.Now()
	a, b := meRow.member(now), other.member(now)
	if ok, _ := Compatible(&a, &b); !ok {
		return Decision{}, errPersonNotFound
	}
	meP, err := s.c.Directory.Lookup(ctx, []string{userID})
	if err != nil {
		return Decision{}, err
	}
	myName := meP[userID].DisplayName
	if myName == "" {
		myName = meP[userID].Username
	}
	acc := Accuracy(&a, &b)
	out := Decision{UserID: other.UserID, Decision: decision}
	var made *matchRow
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.lockPair(ctx, tx, userID, other.UserID); err != nil {
			return err
		}
		ok, err := s.st.insertDecision(ctx, tx, &decisionRow{FromID: userID, ToID: other.UserID, Decision: decision, CreatedAt: now})
		if err != nil {
			return err
		}
		if !ok {
			return errDecided
		}
		// Learning: the caller's own weights move a little with each decision.
		mine, err := s.st.lockMember(ctx, tx, userID, now)
		if err != nil {
			return err
		}
		cur := mine.member(now)
		w := Learn(&cur, &b, decision == Like)
		if _, err := tx.NewUpdate().Model((*memberRow)(nil)).Set("weights = ?", mustJSON(w)).
			Set("learnt = learnt + 1").Set("updated_at = ?", nextVersion(mine.UpdatedAt, now)).
			Where("user_id = ?", userID).Exec(ctx); err != nil {
			return err
		}
		if decision != Like {
			return nil
		}
		back, err := s.st.liked(ctx, tx, other.UserID, userID)
		if err != nil || !back {
			return err
		}
		lo, hi := userID, other.UserID
		if lo > hi {
			lo, hi = hi, lo
		}
		m := &matchRow{ID: ids.New(), UserLo: lo, UserHi: hi, Accuracy: acc, CreatedAt: now}
		created, err := s.st.insertMatch(ctx, tx, m)
		if err != nil || !created {
			return err
		}
		made = m
		otherName := person.DisplayName
		if otherName == "" {
			otherName = person.Username
		}
		for _, e := range []struct{ to, name, actor string }{{userID, otherName, other.UserID}, {other.UserID, myName, userID}} {
			if err := s.c.Events.Emit(ctx, tx, events.Event{Type: "match.created", Category: events.CategorySocial,
				Recipients: []string{e.to}, Actor: e.actor, Title: "You matched with " + e.name,
				Body: fmt.Sprintf("%d%% match accuracy. Say hello!", acc), Link: "/matchmaking",
				Subject: events.Ref{Type: SubjectType, ID: m.ID}, Data: map[string]any{"match_id": m.ID}, Email: true}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Decision{}, err
	}
	if made != nil {
		s.openConversation(ctx, userID, other.UserID, made)
		out.Matched = true
		mv := Match{ID: made.ID, Person: personOf(person, other, now), Accuracy: made.Accuracy,
			ConversationID: made.ConversationID, CreatedAt: made.CreatedAt}
		out.Match = &mv
	}
	return out, nil
}

// openConversation starts the match's conversation (once: only the like
// that made the match calls it, and messaging keeps one conversation per
// pair and subject) and keeps its id on the match. A failure is logged: the
// two can still start it from messaging with about=match:<id>.
func (s *Service) openConversation(ctx context.Context, me, other string, m *matchRow) {
	c, _, err := s.c.Messaging.Start(ctx, me, messaging.StartInput{To: other, About: SubjectType + ":" + m.ID})
	if err != nil {
		s.c.Log.Warn("matchmaking: open conversation", "match", m.ID, "err", err)
		return
	}
	if _, err := s.c.DB.NewUpdate().Model((*matchRow)(nil)).Set("conversation_id = ?", c.ID).
		Where("id = ?", m.ID).Exec(ctx); err != nil {
		s.c.Log.Warn("matchmaking: keep conversation", "match", m.ID, "err", err)
		return
	}
	m.ConversationID = &c.ID
}

// Matches is a page of the caller's live matches, newest first, without
// anyone a block now separates from them.
func (s *Service) Matches(ctx context.Context, userID string, c page.Cursor) ([]Match, *page.Key, error) {
	rows, err := s.st.matches(ctx, userID, c)
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r matchRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	blocked, err := s.c.Blocks.BlockedWith(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	others := make([]string, 0, len(rows))
	for _, r := range rows {
		others = append(others, r.other(userID))
	}
	people, err := s.c.Directory.Lookup(ctx, others)
	if err != nil {
		return nil, nil, err
	}
	members := map[string]*memberRow{}
	if len(others) > 0 {
		var ms []memberRow
		if err := s.c.DB.NewSelect().Model(&ms).Where("m.user_id IN (?)", bun.In(others)).Scan(ctx); err != nil {
			return nil, nil, err
		}
		for i := range ms {
			members[ms[i].UserID] = &ms[i]
		}
	}
	now := s.c.Clock.Now()
	out := make([]Match, 0, len(rows))
	for _, r := range rows {
		o := r.other(userID)
		p, ok := people[o]
		if !ok || blocked[o] || p.Status != accounts.StatusActive {
			continue
		}
		out = append(out, Match{ID: r.ID, Person: personOf(p, members[o], now), Accuracy: r.Accuracy,
			ConversationID: r.ConversationID, CreatedAt: r.CreatedAt})
	}
	return out, next, nil
}

// Unmatch ends one of the caller's matches; its conversation stays and its
// subject says the match ended.
func (s *Service) Unmatch(ctx context.Context, userID, id string) error {
	if id == "" || len(id) > 64 {
		return errMatchNotFound
	}
	now := s.c.Clock.Now()
	res, err := s.c.DB.NewUpdate().Model((*matchRow)(nil)).Set("ended_at = ?", now).Set("ended_by = ?", userID).
		Where("id = ? AND (user_lo = ? OR user_hi = ?) AND ended_at IS NULL", id, userID, userID).Exec(ctx)
	ok, err := added(res, err)
	if err != nil {
		return err
	}
	if !ok {
		return errMatchNotFound
	}
	return nil
}
