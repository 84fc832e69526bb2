package profiles

import (
	"slices"
	"sync"
	"time"

	"sojourn/api/internal/platform/clock"
)

// cacheTTL bounds how stale another instance's view of a profile can be.
const cacheTTL = 2 * time.Second

// readCache keeps recently read profiles for cacheTTL.
type readCache struct {
	clock clock.Clock
	mu    sync.Mutex
	items map[string]cachedProfile
}

type cachedProfile struct {
	p     Profile
	until time.Time
}

func newReadCache(c clock.Clock) *readCache {
	return &readCache{clock: c, items: map[string]cachedProfile{}}
}

func (c *readCache) get(userID string) (Profile, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	it, ok := c.items[userID]
	if !ok || !c.clock.Now().Before(it.until) {
		return Profile{}, false
	}
	return clone(it.p), true
}

func (c *readCache) put(userID string, p Profile) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.items) > 50_000 {
		clear(c.items)
	}
	c.items[userID] = cachedProfile{p: clone(p), until: c.clock.Now().Add(cacheTTL)}
}

func (c *readCache) drop(userID string) {
	c.mu.Lock()
	delete(c.items, userID)
	c.mu.Unlock()
}

// clone copies the slices so no caller can change a cached profile.
func clone(p Profile) Profile {
	p.Languages = slices.Clone(p.Languages)
	p.Interests = slices.Clone(p.Interests)
	p.Specialties = slices.Clone(p.Specialties)
	if p.DateOfBirth != nil {
		d := *p.DateOfBirth
		p.DateOfBirth = &d
	}
	if p.AvatarURL != nil {
		a := *p.AvatarURL
		p.AvatarURL = &a
	}
	if p.UpdatedAt != nil {
		u := *p.UpdatedAt
		p.UpdatedAt = &u
	}
	return p
}
