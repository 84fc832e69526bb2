package accounts

import (
	"slices"
	"strings"
	"sync"
	"time"

	"sojourn/api/internal/platform/clock"
)

// The directory's cache of accounts. Lookup, Person and FindByHandle run on
// busy paths (every page of a wallet history names its counterparties,
// every transfer finds its recipient), and what they read of an account
// (username, email, status, roles) rarely changes. So the directory keeps
// what it read for peopleTTL:
//
//   - This process's own changes drop the entry at once: a username change,
//     a suspension or reinstatement, a role granted or revoked (invalidate
//     and forget).
//   - Another instance's changes show here within peopleTTL, which is why it
//     is short. A change made inside a caller's transaction drops the entry
//     before the commit; a read racing the commit may keep the old value,
//     again for at most peopleTTL.
//   - Display names and avatars are not cached here: they come from the
//     profiles reader on every call (it has its own short cache, which
//     profile writes drop).
//   - Unknown ids and handles are never cached, so a new account is found at
//     once.
//   - It holds at most peopleMax accounts; when full it starts again empty.
const (
	peopleTTL = 5 * time.Second
	peopleMax = 10_000
)

// cachedPerson is an account as the directory read it (no profile fields).
type cachedPerson struct {
	p     Person
	until time.Time
}

type peopleCache struct {
	clock clock.Clock
	mu    sync.Mutex
	byID  map[string]cachedPerson
	// handles maps a lower-cased username or email to an account id; an
	// entry counts only while that account's own entry is fresh and still
	// has that username or email.
	handles map[string]string
}

func newPeopleCache(c clock.Clock) *peopleCache {
	return &peopleCache{clock: c, byID: map[string]cachedPerson{}, handles: map[string]string{}}
}

// get returns a fresh copy of a cached account.
func (c *peopleCache) get(id string) (Person, bool) {
	now := c.clock.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.getLocked(id, now)
}

func (c *peopleCache) getLocked(id string, now time.Time) (Person, bool) {
	it, ok := c.byID[id]
	if !ok || !now.Before(it.until) {
		return Person{}, false
	}
	p := it.p
	p.Roles = slices.Clone(p.Roles)
	return p, true
}

// byHandle returns the cached account whose username or email is the
// lower-cased handle.
func (c *peopleCache) byHandle(lower string) (Person, bool) {
	now := c.clock.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	id, ok := c.handles[lower]
	if !ok {
		return Person{}, false
	}
	p, ok := c.getLocked(id, now)
	if !ok || (strings.ToLower(p.Username) != lower && strings.ToLower(p.Email) != lower) {
		return Person{}, false
	}
	return p, true
}

// put keeps accounts (their profile fields are not kept).
func (c *peopleCache) put(ps ...Person) {
	until := c.clock.Now().Add(peopleTTL)
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.byID)+len(ps) > peopleMax || len(c.handles)+2*len(ps) > 3*peopleMax {
		clear(c.byID)
		clear(c.handles)
	}
	for _, p := range ps {
		p.DisplayName, p.AvatarURL = "", ""
		p.Roles = slices.Clone(p.Roles)
		c.byID[p.ID] = cachedPerson{p: p, until: until}
		c.handles[strings.ToLower(p.Username)] = p.ID
		c.handles[strings.ToLower(p.Email)] = p.ID
	}
}

// drop forgets an account (its handles then no longer count either).
func (c *peopleCache) drop(id string) {
	c.mu.Lock()
	delete(c.byID, id)
	c.mu.Unlock()
}
