package social

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

func keysOf[T any](rows []T, id func(T) string) []string {
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		out = append(out, id(r))
	}
	return out
}

// Friends lists the caller's friends, newest friendship first (keyset).
func (s *Service) Friends(ctx context.Context, userID string, c page.Cursor) ([]Friend, *page.Key, error) {
	rows, err := s.st.friends(ctx, userID, c)
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r friendshipRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.FriendID} })
	ps, err := s.people(ctx, keysOf(rows, func(r friendshipRow) string { return r.FriendID }))
	if err != nil {
		return nil, nil, err
	}
	out := make([]Friend, 0, len(rows))
	for _, r := range rows {
		if p, ok := ps[r.FriendID]; ok {
			out = append(out, Friend{Person: p, Since: r.CreatedAt})
		}
	}
	return out, next, nil
}

// Requests lists the pending requests the caller received (box "received")
// or sent ("sent"), newest first (keyset).
func (s *Service) Requests(ctx context.Context, userID, box string, c page.Cursor) ([]FriendRequest, *page.Key, error) {
	col := map[string]string{"": "to_id", "received": "to_id", "sent": "from_id"}[box]
	if col == "" {
		return nil, nil, apperr.Validation(map[string]string{"box": "must be received or sent"})
	}
	rows, err := s.st.requests(ctx, col, userID, c)
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r requestRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out, err := s.requestDTOs(ctx, rows)
	return out, next, err
}

func (s *Service) requestDTOs(ctx context.Context, rows []requestRow) ([]FriendRequest, error) {
	idl := make([]string, 0, 2*len(rows))
	for _, r := range rows {
		idl = append(idl, r.FromID, r.ToID)
	}
	ps, err := s.people(ctx, idl)
	if err != nil {
		return nil, err
	}
	out := make([]FriendRequest, 0, len(rows))
	for _, r := range rows {
		f, ok1 := ps[r.FromID]
		t, ok2 := ps[r.ToID]
		if ok1 && ok2 {
			out = append(out, FriendRequest{ID: r.ID, From: f, To: t, CreatedAt: r.CreatedAt})
		}
	}
	return out, nil
}

// Blocks lists the people the caller blocked, newest first (keyset).
func (s *Service) Blocks(ctx context.Context, userID string, c page.Cursor) ([]Blocked, *page.Key, error) {
	rows, err := s.st.blocks(ctx, userID, c)
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r blockRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.BlockedID} })
	ps, err := s.people(ctx, keysOf(rows, func(r blockRow) string { return r.BlockedID }))
	if err != nil {
		return nil, nil, err
	}
	out := make([]Blocked, 0, len(rows))
	for _, r := range rows {
		if p, ok := ps[r.BlockedID]; ok {
			out = append(out, Blocked{Person: p, BlockedAt: r.CreatedAt})
		}
	}
	return out, next, nil
}

// Relation is where the caller stands with another person (their public
// profile's friend and follow buttons).
func (s *Service) Relation(ctx context.Context, userID, otherID string) (Relation, error) {
	p, err := s.activePerson(ctx, otherID)
	if err != nil {
		return Relation{}, err
	}
	rel := Relation{Person: toPerson(p), Status: "none"}
	switch {
	case otherID == userID:
		rel.Status = "self"
		return rel, nil
	}
	var n int64
	if n, err = s.c.DB.NewSelect().Table("user_blocks").Where("blocker_id = ? AND blocked_id = ?", userID, otherID).Count(ctx); err != nil {
		return Relation{}, err
	} else if n > 0 {
		rel.Status = "blocked"
		return rel, nil
	}
	if b, err := blocked(ctx, s.c.DB.DB, userID, otherID); err != nil {
		return Relation{}, err
	} else if b {
		// They blocked the caller: shown as nobody they can reach.
		return Relation{}, errPersonNotFound
	}
	if f, err := areFriends(ctx, s.c.DB.DB, userID, otherID); err != nil {
		return Relation{}, err
	} else if f {
		rel.Status = "friends"
	} else if r, err := s.st.requestOfPair(ctx, s.c.DB.DB, userID, otherID); err != nil {
		return Relation{}, err
	} else if r != nil {
		rel.RequestID = r.ID
		rel.Status = map[bool]string{true: "request_sent", false: "request_received"}[r.FromID == userID]
	}
	rel.CanFollow = rel.Person.IsProvider
	if rel.Following, err = s.st.following(ctx, userID, otherID); err != nil {
		return Relation{}, err
	}
	return rel, nil
}

// MaxSuggestions bounds the suggestions one call answers.
const MaxSuggestions = 20

// Suggestions answers people the caller may know: friends of friends (by
// friends in common), people who shared a session with them (the same tour
// departure or group class, from bookings), and people sharing profile
// interests, without friends, pending requests, blocks either way or people
// who accept no requests.
func (s *Service) Suggestions(ctx context.Context, userID string) ([]Suggestion, error) {
	excl, err := s.st.excluded(ctx, userID)
	if err != nil {
		return nil, err
	}
	mutual, fof, err := s.st.friendsOfFriends(ctx, userID, 60)
	if err != nil {
		return nil, err
	}
	comp, err := s.c.Companions.Of(ctx, userID, 60)
	if err != nil {
		return nil, err
	}
	shared, err := s.c.Interests.Sharing(ctx, userID, 60)
	if err != nil {
		return nil, err
	}
	type cand struct {
		id    string
		score int
	}
	score := map[string]int{}
	for id, n := range mutual {
		score[id] += 3 * n
	}
	for id := range comp {
		score[id] += 5
	}
	for id, ins := range shared {
		score[id] += 2 * len(ins)
	}
	var cands []cand
	for id, sc := range score {
		if !excl[id] {
			cands = append(cands, cand{id, sc})
		}
	}
	_ = fof
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].score != cands[j].score {
			return cands[i].score > cands[j].score
		}
		return cands[i].id < cands[j].id
	})
	if len(cands) > 3*MaxSuggestions {
		cands = cands[:3*MaxSuggestions]
	}
	idl := keysOf(cands, func(c cand) string { return c.id })
	closed, err := s.st.noRequestsFrom(ctx, idl)
	if err != nil {
		return nil, err
	}
	found, err := s.c.Directory.Lookup(ctx, idl)
	if err != nil {
		return nil, err
	}
	out := []Suggestion{}
	for _, c := range cands {
		p, ok := found[c.id]
		if !ok || closed[c.id] || p.Status != "active" {
			continue
		}
		sg := Suggestion{Person: toPerson(p), MutualFriends: mutual[c.id], Reasons: []string{}}
		if n := mutual[c.id]; n > 0 {
			sg.Reasons = append(sg.Reasons, plural(n, "friend", "friends")+" in common")
		}
		if t, ok := comp[c.id]; ok {
			sg.Reasons = append(sg.Reasons, "Booked "+t+" with you")
		}
		if ins := shared[c.id]; len(ins) > 0 {
			sg.Reasons = append(sg.Reasons, "Also into "+strings.Join(ins, ", "))
		}
		out = append(out, sg)
		if len(out) == MaxSuggestions {
			break
		}
	}
	return out, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// MaxPeopleQuery bounds a people search.
const MaxPeopleQuery = 60

// People finds people by username or email fragment (at least 2
// characters), at most 20, without the caller and anyone a block separates
// from them, each with the caller's relation to them.
func (s *Service) People(ctx context.Context, userID, q string) ([]Relation, error) {
	q = strings.TrimSpace(q)
	if n := utf8.RuneCountInString(q); n < 2 || n > MaxPeopleQuery {
		return nil, apperr.Validation(map[string]string{"q": "must be 2 to 60 characters"})
	}
	found, err := s.c.Directory.Search(ctx, q, 40)
	if err != nil {
		return nil, err
	}
	out := []Relation{}
	for _, p := range found {
		if p.ID == userID || p.Status != "active" {
			continue
		}
		rel, err := s.Relation(ctx, userID, p.ID)
		if err != nil {
			continue // blocked either way or gone
		}
		out = append(out, rel)
		if len(out) == 20 {
			break
		}
	}
	return out, nil
}
