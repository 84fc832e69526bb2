package practice

import (
	"fmt"
	"sync"
	"time"

	"sojourn/api/internal/platform/page"
)

// The public directory is read far more than it changes and is the same for
// every visitor, so its pages (the provider rows of one query and cursor, not
// the names and avatars, which the accounts directory keeps fresh itself) are
// kept for dirCacheTTL. This process's writes to a profile, its tags, its
// derived listing state, rating, availability, response time or suspension
// drop the whole cache at once (dirty); another instance's writes show within
// dirCacheTTL, as with the accounts directory. Rows in the cache are never
// changed: card() copies what it needs.
const (
	dirCacheTTL = 2 * time.Second
	// dirCacheMax bounds the memory: past it the cache starts again empty.
	dirCacheMax = 2000
)

type dirEntry struct {
	rows  []*providerRow
	until time.Time
}

type dirCache struct {
	mu    sync.RWMutex
	items map[string]dirEntry
	now   func() time.Time
}

func newDirCache() *dirCache { return &dirCache{items: map[string]dirEntry{}, now: time.Now} }

// key is the query and cursor; the time only matters through AvailableWeek,
// whose seven-day window moves by at most dirCacheTTL while an entry lives.
func dirKey(q Search, cur page.Cursor) string {
	k := fmt.Sprintf("%s\x00%s\x00%s\x00%s\x00%s\x00%t\x00%d", q.Kind, q.Q, q.Specialty, q.Language, q.Format,
		q.AvailableWeek, cur.Fetch())
	if q.MinPrice != nil {
		k += fmt.Sprintf("\x00min%d", *q.MinPrice)
	}
	if q.MaxPrice != nil {
		k += fmt.Sprintf("\x00max%d", *q.MaxPrice)
	}
	if q.MinRating != nil {
		k += fmt.Sprintf("\x00r%g", *q.MinRating)
	}
	if cur.After != nil {
		k += fmt.Sprintf("\x00after%d/%s", cur.After.CreatedAt.UnixMicro(), cur.After.ID)
	}
	return k
}

func (c *dirCache) get(key string) ([]*providerRow, bool) {
	c.mu.RLock()
	e, ok := c.items[key]
	c.mu.RUnlock()
	if !ok || c.now().After(e.until) {
		return nil, false
	}
	return e.rows, true
}

func (c *dirCache) put(key string, rows []*providerRow) {
	c.mu.Lock()
	if len(c.items) >= dirCacheMax {
		c.items = map[string]dirEntry{}
	}
	c.items[key] = dirEntry{rows: rows, until: c.now().Add(dirCacheTTL)}
	c.mu.Unlock()
}

// dirty drops every cached page.
func (c *dirCache) dirty() {
	c.mu.Lock()
	if len(c.items) > 0 {
		c.items = map[string]dirEntry{}
	}
	c.mu.Unlock()
}
