package catalog

import (
	"container/list"
	"crypto/rand"
	"encoding/base64"
	"sort"
	"sync"
	"time"
)

// A relevance search keeps its ranking for the pages that follow (a point in
// time, as search engines keep one for search_after paging). The first page
// ranks every match in the database, as before, but reads the ids and ranks
// of the best snapshotDepth at once; its cursor names the snapshot, and the
// next pages read their cards by id from that list instead of ranking every
// match again. The cards themselves are read at each page (prices, stock,
// publication and the filters are current; see cardsByID).
//
// Snapshots live in the process that made them, at most maxSnapshots for
// snapshotTTL, least recently used first out. A cursor whose snapshot is
// gone (expired, evicted, another API instance, a restart), or which has
// walked past its end while more matches exist, continues with the keyset
// query over the live ranking from the same (rank, id): the same order, so
// paging stays stable either way.
const (
	snapshotDepth = 200
	maxSnapshots  = 1024
	snapshotTTL   = 10 * time.Minute
)

// SetSnapshotDepth sets how many of a relevance search's best matches its
// snapshot keeps (tests walk past a small one; 0 restores the default).
func (s *Service) SetSnapshotDepth(n int) {
	if n <= 0 {
		n = snapshotDepth
	}
	s.depth.Store(int32(n))
}

type rankedID struct {
	rank int64
	id   string
}

type snapshot struct {
	key      string
	fp       uint32
	fuzzy    bool
	ids      []rankedID // best first: rank, then id, descending
	complete bool       // every match is in ids
	at       time.Time
}

// after is the position just past (rank, id) in the snapshot's order.
func (s *snapshot) after(rank int64, id string) int {
	return sort.Search(len(s.ids), func(i int) bool {
		r := s.ids[i]
		return r.rank < rank || (r.rank == rank && r.id < id)
	})
}

type snapshots struct {
	mu    sync.Mutex
	byKey map[string]*list.Element
	lru   *list.List // front: most recently used
}

func newSnapshots() *snapshots {
	return &snapshots{byKey: map[string]*list.Element{}, lru: list.New()}
}

// put keeps a snapshot and answers its key.
func (c *snapshots) put(s *snapshot) string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	s.key = base64.RawURLEncoding.EncodeToString(b[:])
	c.mu.Lock()
	defer c.mu.Unlock()
	c.byKey[s.key] = c.lru.PushFront(s)
	for c.lru.Len() > maxSnapshots {
		old := c.lru.Back()
		c.lru.Remove(old)
		delete(c.byKey, old.Value.(*snapshot).key)
	}
	return s.key
}

// get finds a live snapshot of the query's fingerprint.
func (c *snapshots) get(key string, fp uint32, fuzzy bool, now time.Time) *snapshot {
	if key == "" {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return nil
	}
	s := e.Value.(*snapshot)
	if now.Sub(s.at) > snapshotTTL || now.Before(s.at) {
		c.lru.Remove(e)
		delete(c.byKey, key)
		return nil
	}
	if s.fp != fp || s.fuzzy != fuzzy {
		return nil
	}
	c.lru.MoveToFront(e)
	return s
}
