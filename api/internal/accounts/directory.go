package accounts

import (
	"context"
	"errors"
	"slices"
	"strings"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
)

// UserState is whether the user may act, and their roles.
func (s *Service) UserState(ctx context.Context, userID string) (authn.UserState, error) {
	return s.AuthState(ctx, userID, "")
}

// AuthState implements authn.StateSource: the user's status and roles and
// whether the session is live, in one query (it runs on every request whose
// state is not cached).
func (s *Service) AuthState(ctx context.Context, userID, sessionID string) (authn.UserState, error) {
	status, roles, live, err := s.st.authState(ctx, s.c.DB.DB, userID, sessionID, s.now())
	if err != nil {
		return authn.UserState{}, err
	}
	return authn.UserState{Active: status == statusActive, Roles: withUser(roles), SessionLive: sessionID == "" || live}, nil
}

// Roles returns the user's roles, "user" included.
func (s *Service) Roles(ctx context.Context, userID string) ([]string, error) {
	if _, err := s.st.userStatus(ctx, s.c.DB.DB, userID); err != nil {
		if errors.Is(err, apperr.ErrNotFound) {
			return nil, errUserNotFound
		}
		return nil, err
	}
	rs, err := s.st.rolesOf(ctx, s.c.DB.DB, userID)
	if err != nil {
		return nil, err
	}
	return withUser(rs[userID]), nil
}

// Person is how other domains see an account: who it is (username, the
// profile's display name and avatar), where to write to, what it may do and
// whether it may act. accounts owns the users table; every other domain asks
// for people through the Directory methods below (Lookup, Person,
// FindByHandle, Search) and never reads the table itself.
type Person struct {
	ID       string
	Username string
	// DisplayName and AvatarURL come from the person's profile ("" when
	// unset).
	DisplayName string
	AvatarURL   string
	Email       string
	// EmailVerified says the person proved Email is theirs (gift cards
	// mail strangers in their name only then).
	EmailVerified bool
	// Roles are the person's roles, "user" included, sorted.
	Roles []string
	// Status is StatusActive or StatusSuspended.
	Status string
}

// Account statuses, as Person.Status shows them.
const (
	StatusActive    = statusActive
	StatusSuspended = statusSuspended
)

// Active reports whether the person may act (is not suspended).
func (p Person) Active() bool { return p.Status == statusActive }

// Lookup returns the people with the given ids, keyed by id; unknown ids are
// absent from the map. Accounts come from the directory's short cache
// (people_cache.go) where it can, and one query (the accounts with their
// roles) for the rest; display names and avatars from the profiles reader
// (which caches them too).
func (s *Service) Lookup(ctx context.Context, ids []string) (map[string]Person, error) {
	out := make(map[string]Person, len(ids))
	ids = uniqueIDs(ids)
	if len(ids) == 0 {
		return out, nil
	}
	people := make([]Person, 0, len(ids))
	var missing []string
	for _, id := range ids {
		if p, ok := s.people.get(id); ok {
			people = append(people, p)
		} else {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		rows, err := s.st.people(ctx, s.c.DB.DB, missing)
		if err != nil {
			return nil, err
		}
		read := toPeople(rows)
		s.people.put(read...)
		people = append(people, read...)
	}
	return s.withProfiles(ctx, people, out)
}

// Person is one person; an unknown id is a 404 (it matches apperr.ErrNotFound).
func (s *Service) Person(ctx context.Context, id string) (Person, error) {
	m, err := s.Lookup(ctx, []string{id})
	if err != nil {
		return Person{}, err
	}
	p, ok := m[id]
	if !ok {
		return Person{}, errUserNotFound
	}
	return p, nil
}

// FindByHandle finds a person by email address (when handle holds an "@")
// or username, case-insensitively; none is a 404 (apperr.ErrNotFound). The
// account comes from the directory's cache or one query.
func (s *Service) FindByHandle(ctx context.Context, handle string) (Person, error) {
	handle = FoldHandle(handle)
	if handle == "" {
		return Person{}, errUserNotFound
	}
	email := strings.Contains(handle, "@")
	p, ok := s.people.byHandle(handle)
	if ok && email != (strings.ToLower(p.Email) == handle) {
		ok = false
	}
	if !ok {
		row, err := s.st.personByHandle(ctx, s.c.DB.DB, handle, email)
		if err != nil {
			return Person{}, userErr(err)
		}
		p = toPeople([]personRow{row})[0]
		s.people.put(p)
	}
	m, err := s.withProfiles(ctx, []Person{p}, make(map[string]Person, 1))
	if err != nil {
		return Person{}, err
	}
	return m[p.ID], nil
}

// MaxSearch bounds the people one Search returns.
const MaxSearch = 200

// Search finds people whose email address or username contains q
// (case-insensitive), by username, at most limit of them (1 to MaxSearch).
func (s *Service) Search(ctx context.Context, q string, limit int) ([]Person, error) {
	q = strings.ToLower(strings.TrimSpace(q))
	if q == "" {
		return []Person{}, nil
	}
	limit = min(max(limit, 1), MaxSearch)
	rows, err := s.st.searchPeople(ctx, s.c.DB.DB, q, limit)
	if err != nil {
		return nil, err
	}
	m, err := s.withProfiles(ctx, toPeople(rows), make(map[string]Person, len(rows)))
	if err != nil {
		return nil, err
	}
	out := make([]Person, 0, len(rows))
	for _, r := range rows {
		out = append(out, m[r.ID])
	}
	return out, nil
}

// toPeople makes the accounts part of Persons from rows.
func toPeople(rows []personRow) []Person {
	out := make([]Person, len(rows))
	for i, r := range rows {
		out[i] = Person{ID: r.ID, Username: r.Username, Email: r.Email, Roles: withUser(r.roles()), Status: r.Status,
			EmailVerified: r.EmailVerifiedAt != nil}
	}
	return out
}

// withProfiles adds the profiles' display names and avatars to people, into
// out.
func (s *Service) withProfiles(ctx context.Context, people []Person, out map[string]Person) (map[string]Person, error) {
	ids := make([]string, len(people))
	for i, p := range people {
		ids[i] = p.ID
	}
	profs, err := s.profiles.ProfilesFor(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, p := range people {
		if pr, ok := profs[p.ID]; ok {
			p.DisplayName = pr.DisplayName
			if pr.AvatarURL != nil {
				p.AvatarURL = *pr.AvatarURL
			}
		}
		out[p.ID] = p
	}
	return out, nil
}

func uniqueIDs(ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if id != "" && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// Username is a user's username; an unknown user is a 404 (it matches
// apperr.ErrNotFound).
func (s *Service) Username(ctx context.Context, userID string) (string, error) {
	u, err := s.st.userByID(ctx, s.c.DB.DB, userID)
	if err != nil {
		return "", userErr(err)
	}
	return u.Username, nil
}
