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
// absent from the map. Two queries whatever the number of ids: the accounts
// with their roles, then their profiles (which the profiles domain caches).
func (s *Service) Lookup(ctx context.Context, ids []string) (map[string]Person, error) {
	out := make(map[string]Person, len(ids))
	ids = uniqueIDs(ids)
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.st.people(ctx, s.c.DB.DB, ids)
	if err != nil {
		return nil, err
	}
	return s.withProfiles(ctx, rows, out)
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
// or username, case-insensitively; none is a 404 (apperr.ErrNotFound).
func (s *Service) FindByHandle(ctx context.Context, handle string) (Person, error) {
	handle = strings.ToLower(strings.TrimSpace(handle))
	if handle == "" {
		return Person{}, errUserNotFound
	}
	id, err := s.st.idByHandle(ctx, s.c.DB.DB, handle, strings.Contains(handle, "@"))
	if err != nil {
		return Person{}, userErr(err)
	}
	return s.Person(ctx, id)
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
	m, err := s.withProfiles(ctx, rows, make(map[string]Person, len(rows)))
	if err != nil {
		return nil, err
	}
	out := make([]Person, 0, len(rows))
	for _, r := range rows {
		out = append(out, m[r.ID])
	}
	return out, nil
}

// withProfiles adds the profiles' display names and avatars to rows, into out.
func (s *Service) withProfiles(ctx context.Context, rows []personRow, out map[string]Person) (map[string]Person, error) {
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	profs, err := s.profiles.ProfilesFor(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		p := Person{ID: r.ID, Username: r.Username, Email: r.Email, Roles: withUser(r.roles()), Status: r.Status,
			EmailVerified: r.EmailVerifiedAt != nil}
		if pr, ok := profs[r.ID]; ok {
			p.DisplayName = pr.DisplayName
			if pr.AvatarURL != nil {
				p.AvatarURL = *pr.AvatarURL
			}
		}
		out[r.ID] = p
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
