package profiles

import (
	"context"
	"errors"
	"slices"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
)

// Reader is the read side of profiles: one profile, or many at once, with a
// short cache. It depends on nothing but the database, so it is made before
// the accounts module (which shows profiles inside users and people) and
// handed to both that module and this one (New), whose writes drop its
// cached entries.
type Reader struct {
	db    *db.DB
	st    *store
	cache *readCache
}

// NewReader makes the reader.
func NewReader(d *db.DB, c clock.Clock) *Reader {
	return &Reader{db: d, st: &store{db: d}, cache: newReadCache(c)}
}

// ProfileFor returns a user's profile; a user who never saved one gets an
// empty profile.
//
// It is read on every GET /api/auth/user, so answers are cached for a couple
// of seconds; this process's own writes drop the entry at once.
func (r *Reader) ProfileFor(ctx context.Context, userID string) (Profile, error) {
	if p, ok := r.cache.get(userID); ok {
		return p, nil
	}
	p, err := r.read(ctx, r.db.DB, userID)
	if err == nil {
		r.cache.put(userID, p)
	}
	return p, err
}

// ProfilesFor returns the profiles of the given users, keyed by user id, from
// the cache where it can and one query for the rest; a user who never saved
// a profile gets an empty one.
func (r *Reader) ProfilesFor(ctx context.Context, userIDs []string) (map[string]Profile, error) {
	out := make(map[string]Profile, len(userIDs))
	var missing []string
	for _, id := range userIDs {
		if _, seen := out[id]; seen || slices.Contains(missing, id) {
			continue
		}
		if p, ok := r.cache.get(id); ok {
			out[id] = p
		} else {
			missing = append(missing, id)
		}
	}
	if len(missing) == 0 {
		return out, nil
	}
	rows, err := r.st.many(ctx, r.db.DB, missing)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		out[rows[i].UserID] = toProfile(&rows[i])
	}
	for _, id := range missing {
		p, ok := out[id]
		if !ok {
			p = emptyProfile()
			out[id] = p
		}
		r.cache.put(id, p)
	}
	return out, nil
}

// read loads a profile without the cache, on idb.
func (r *Reader) read(ctx context.Context, idb bun.IDB, userID string) (Profile, error) {
	row, err := r.st.get(ctx, idb, userID, false)
	if errors.Is(err, apperr.ErrNotFound) {
		return emptyProfile(), nil
	}
	if err != nil {
		return Profile{}, err
	}
	return toProfile(row), nil
}

// drop forgets a cached profile (after this process changed it).
func (r *Reader) drop(userID string) { r.cache.drop(userID) }
