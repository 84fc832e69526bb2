package rentals

import (
	"fmt"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/httpx"
)

// The car search is read far more than the fleet and its rentals change,
// and is the same for every renter, so each query's rows (the cars of one
// filter, date range and page, before the company check, which runs on every
// answer through the companies cache) are kept for searchCacheTTL. Every
// write this process answers through a rental route (a car saved, a photo,
// a rental made, paid or cancelled, a handover, moderation) drops the whole
// cache at once (dirty); another instance's writes, and a hold that expires
// by its job, show within searchCacheTTL. A car shown as free that another
// instance booked a moment ago is refused by the database when booked (409).
const (
	searchCacheTTL = 2 * time.Second
	// searchCacheMax bounds the memory: past it the cache starts again empty.
	searchCacheMax = 2000
)

type searchEntry struct {
	rows  []*carRow
	until time.Time
}

type searchCache struct {
	mu    sync.RWMutex
	items map[string]searchEntry
	now   func() time.Time
}

func newSearchCache() *searchCache {
	return &searchCache{items: map[string]searchEntry{}, now: time.Now}
}

func searchKey(q Search) string {
	k := fmt.Sprintf("%s\x00%s\x00%s\x00%s\x00%d\x00%d\x00%d\x00%d\x00%s\x00%d", q.City, q.ProviderID, q.Category,
		q.Transmission, q.MinSeats, q.MinPrice, q.MaxPrice, q.AfterRate, q.AfterID, q.Limit)
	if q.Start != nil && q.End != nil {
		k += fmt.Sprintf("\x00%d\x00%d", q.Start.UnixMicro(), q.End.UnixMicro())
	}
	return k
}

func (c *searchCache) get(key string) ([]*carRow, bool) {
	c.mu.RLock()
	e, ok := c.items[key]
	c.mu.RUnlock()
	if !ok || c.now().After(e.until) {
		return nil, false
	}
	return e.rows, true
}

func (c *searchCache) put(key string, rows []*carRow) {
	c.mu.Lock()
	if len(c.items) >= searchCacheMax {
		c.items = map[string]searchEntry{}
	}
	c.items[key] = searchEntry{rows: rows, until: c.now().Add(searchCacheTTL)}
	c.mu.Unlock()
}

// dirty drops every cached search.
func (c *searchCache) dirty() {
	c.mu.Lock()
	if len(c.items) > 0 {
		c.items = map[string]searchEntry{}
	}
	c.mu.Unlock()
}

// writes registers the rental routes that change something so that each
// drops the search cache once it has answered (whatever it answered: a
// failed write dropping it costs one query).
type writes struct {
	httpx.Router
	dirty func()
}

func (w writes) wrap(h fiber.Handler) fiber.Handler {
	return func(c fiber.Ctx) error {
		defer w.dirty()
		return h(c)
	}
}

func (w writes) Post(path string, h fiber.Handler)   { w.Router.Post(path, w.wrap(h)) }
func (w writes) Put(path string, h fiber.Handler)    { w.Router.Put(path, w.wrap(h)) }
func (w writes) Patch(path string, h fiber.Handler)  { w.Router.Patch(path, w.wrap(h)) }
func (w writes) Delete(path string, h fiber.Handler) { w.Router.Delete(path, w.wrap(h)) }
