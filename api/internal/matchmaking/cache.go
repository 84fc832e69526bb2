package matchmaking

import (
	"context"
	"sync"
	"time"

	"github.com/uptrace/bun"
)

// maxCached bounds the decoded members kept in memory (about 2 KB each).
const maxCached = 200_000

// cached is a member decoded from their row at one version (updated_at,
// which every write moves forward, so an entry is never stale: a changed
// row has a new version and is read again).
type cached struct {
	at    time.Time
	birth time.Time
	born  bool
	m     Member
}

// age is the whole years from birth to now (-1 without a birth date).
func (e *cached) age(now time.Time) int {
	if !e.born {
		return -1
	}
	y := now.Year() - e.birth.Year()
	if now.Month() < e.birth.Month() || now.Month() == e.birth.Month() && now.Day() < e.birth.Day() {
		y--
	}
	return y
}

// memberCache keeps decoded members, so ranking reads only ids and versions
// from the prefilter and decodes the JSON of a row once per version.
type memberCache struct {
	mu sync.RWMutex
	m  map[string]cached
}

func newMemberCache() *memberCache { return &memberCache{m: map[string]cached{}} }

func (c *memberCache) get(id string, at time.Time) (cached, bool) {
	c.mu.RLock()
	e, ok := c.m[id]
	c.mu.RUnlock()
	return e, ok && e.at.Equal(at)
}

func (c *memberCache) put(r *memberRow) cached {
	e := cached{at: r.UpdatedAt, m: r.member(time.Time{})}
	if t, err := time.Parse("2006-01-02", r.BirthDate); err == nil {
		e.birth, e.born = t, true
	}
	c.mu.Lock()
	if len(c.m) >= maxCached {
		c.m = map[string]cached{}
	}
	c.m[r.UserID] = e
	c.mu.Unlock()
	return e
}

// version is one prefiltered person's id and row version.
type version struct {
	UserID    string    `bun:"user_id"`
	UpdatedAt time.Time `bun:"updated_at"`
}

// members answers the decoded members of the versions, reading the rows of
// those not cached at that version (a thousand at a time), with their ages
// at now.
func (s *Service) members(ctx context.Context, vs []version, now time.Time) ([]Member, error) {
	out := make([]Member, 0, len(vs))
	var missing []string
	for _, v := range vs {
		if e, ok := s.cache.get(v.UserID, v.UpdatedAt); ok {
			m := e.m
			m.Age = e.age(now)
			out = append(out, m)
		} else {
			missing = append(missing, v.UserID)
		}
	}
	for start := 0; start < len(missing); start += 1000 {
		var rows []memberRow
		if err := s.c.DB.NewSelect().Model(&rows).Where("m.user_id IN (?)", bun.In(missing[start:min(start+1000, len(missing))])).
			Scan(ctx); err != nil {
			return nil, err
		}
		for i := range rows {
			e := s.cache.put(&rows[i])
			m := e.m
			m.Age = e.age(now)
			out = append(out, m)
		}
	}
	return out, nil
}

// nextVersion is the updated_at of a write: now, or just after the row's
// last version when the clock has not moved past it (a fake clock in tests,
// two writes in one microsecond), so each write makes a new version.
func nextVersion(prev, now time.Time) time.Time {
	now = now.Truncate(time.Microsecond)
	if !now.After(prev) {
		return prev.Add(time.Microsecond)
	}
	return now
}
