package matchmaking

import (
	"context"
	"time"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/page"
)

// Person is someone as matchmaking shows them: never an exact location.
type Person struct {
	ID          string `json:"id"`
	DisplayName string `json:"display_name"`
	AvatarURL   string `json:"avatar_url"`
	Age         *int   `json:"age"`
	Gender      string `json:"gender"`
	Place       string `json:"place"`
}

// SharedItems is what two people have in common.
type SharedItems struct {
	Interests []string `json:"interests"`
	Languages []string `json:"languages"`
}

// Candidate is a person on the caller's ranked list.
type Candidate struct {
	Person   Person      `json:"person"`
	Accuracy int         `json:"accuracy"`
	Distance string      `json:"distance"`
	Why      []string    `json:"why"`
	Shared   SharedItems `json:"shared"`
}

// active answers the caller's member row when they take part (409 otherwise).
func (s *Service) active(ctx context.Context, userID string) (*memberRow, error) {
	r, err := s.st.member(ctx, s.c.DB, userID)
	if err != nil {
		return nil, err
	}
	if r == nil || !r.OptedIn {
		return nil, errNotTakingPart
	}
	if r.Removed {
		return nil, errRemoved
	}
	if r.Paused {
		return nil, errPaused
	}
	return s.refresh(ctx, userID, r)
}

// Candidates is a page of the caller's candidates, best first: prefiltered in
// SQL, then the hard filters both ways, blocks and the score in Go.
func (s *Service) Candidates(ctx context.Context, userID string, c page.Cursor) ([]Candidate, *page.Key, error) {
	me, err := s.active(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	afterAcc, afterID := -1, ""
	if c.After != nil {
		afterAcc, afterID = int(c.After.CreatedAt.UnixMicro()), c.After.ID
	}
	a, cands, err := s.pool(ctx, me)
	if err != nil {
		return nil, nil, err
	}
	pageRows, more := RankPage(&a, cands, afterAcc, afterID, c.Limit)
	byID := make(map[string]*Member, len(pageRows))
	for _, b := range cands {
		byID[b.ID] = b
	}
	var next *page.Key
	if more && len(pageRows) > 0 {
		last := pageRows[len(pageRows)-1]
		next = &page.Key{CreatedAt: accuracyKey(last.Accuracy), ID: last.ID}
	}
	ids := make([]string, len(pageRows))
	for i, r := range pageRows {
		ids[i] = r.ID
	}
	people, err := s.c.Directory.Lookup(ctx, ids)
	if err != nil {
		return nil, nil, err
	}
	out := make([]Candidate, 0, len(pageRows))
	for _, sc := range pageRows {
		p, ok := people[sc.ID]
		if !ok || p.Status != accounts.StatusActive {
			continue
		}
		b := byID[sc.ID]
		Describe(&a, b, &sc)
		out = append(out, Candidate{Person: toPerson(p, b), Accuracy: sc.Accuracy, Distance: Distance(sc.Km, b.City),
			Why: sc.Why, Shared: SharedItems{Interests: sc.Interests, Languages: sc.Languages}})
	}
	return out, next, nil
}

// pool reads the caller's whole prefiltered pool: ids and versions from
// SQL, members decoded once per version (the cache), without anyone blocked
// either way; the exact filters and the score are RankPage's.
func (s *Service) pool(ctx context.Context, me *memberRow) (Member, []*Member, error) {
	now := s.c.Clock.Now()
	a := me.member(now)
	if a.Age < MinAge {
		return a, nil, errNotTakingPart
	}
	q := poolQuery{me: me, age: a.Age, now: now, maxKm: a.Prefs.maxKm(), genders: a.Prefs.genders(), gender: me.Gender,
		ageMin: a.Prefs.ageMin(), ageMax: a.Prefs.ageMax()}
	if a.HasPoint {
		q.pt = &point{a.Lat, a.Lng}
	}
	vs, err := s.st.pool(ctx, q)
	if err != nil {
		return a, nil, err
	}
	blocked, err := s.c.Blocks.BlockedWith(ctx, me.UserID)
	if err != nil {
		return a, nil, err
	}
	if len(blocked) > 0 {
		kept := vs[:0]
		for _, v := range vs {
			if !blocked[v.UserID] {
				kept = append(kept, v)
			}
		}
		vs = kept
	}
	cands, err := s.members(ctx, vs, now)
	return a, cands, err
}

// toPerson is a person as others see them.
func toPerson(p accounts.Person, m *Member) Person {
	name := p.DisplayName
	if name == "" {
		name = p.Username
	}
	out := Person{ID: p.ID, DisplayName: name, AvatarURL: p.AvatarURL}
	if m != nil {
		if m.Age >= 0 {
			age := m.Age
			out.Age = &age
		}
		out.Gender, out.Place = m.Gender, place(m.City, m.Country)
	}
	return out
}

// personOf is toPerson from a member row (nil: no row).
func personOf(p accounts.Person, r *memberRow, now time.Time) Person {
	if r == nil {
		return toPerson(p, nil)
	}
	m := r.member(now)
	return toPerson(p, &m)
}
