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
	m  map[string]*cached
}

func newMemberCache() *memberCache { return &memberCache{m: map[string]*cached{}} }

// put decodes a row into the cache. The entry's member is shared by every
// request that reads it and never written again; its Age is the age at now.
func (c *memberCache) put(r *memberRow, now time.Time) *cached {
	e := &cached{at: r.UpdatedAt, m: r.member(now)}
	if t, err := time.Parse("2006-01-02", r.BirthDate); err == nil {
		e.birth, e.born = t, true
	}
	c.mu.Lock()
	if len(c.m) >= maxCached {
		c.m = map[string]*cached{}
	}
	c.m[r.UserID] = e
	c.mu.Unlock()
	return e
}

// memberAt answers the entry's member with their age at now: the shared member
// itself, or (past a birthday since it was decoded) a copy with the new age.
func (e *cached) memberAt(now time.Time) *Member {
	if age := e.age(now); age != e.m.Age {
		m := e.m
		m.Age = age
		return &m
	}
	return &e.m
}

// version is one prefiltered person's id and row version.
type version struct {
	UserID    string    `bun:"user_id"`
	UpdatedAt time.Time `bun:"updated_at"`
}

// members answers the decoded members of the versions, reading the rows of
// those not cached at that version (a thousand at a time), with their ages
// at now.
func (s *Service) members(ctx context.Context, vs []version, now time.Time) ([]*Member, error) {
	out := make([]*Member, 0, len(vs))
	var missing []string
	s.cache.mu.RLock() // one lock for the whole pool, not one per person
	for _, v := range vs {
		if e, ok := s.cache.m[v.UserID]; ok && e.at.Equal(v.UpdatedAt) {
			out = append(out, e.memberAt(now))
		} else {
			missing = append(missing, v.UserID)
		}
	}
	s.cache.mu.RUnlock()
	for start := 0; start < len(missing); start += 1000 {
		var rows []memberRow
		if err := s.c.DB.NewSelect().Model(&rows).Where("m.user_id IN (?)", bun.In(missing[start:min(start+1000, len(missing))])).
			Scan(ctx); err != nil {
			return nil, err
		}
		for i := range rows {
			out = append(out, s.cache.put(&rows[i], now).memberAt(now))
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
