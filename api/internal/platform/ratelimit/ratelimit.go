// Package ratelimit limits events per key (an IP, a user ID) in sliding
// windows. Store.Limiter and Store.Distinct count in the database, so every
// instance of the app counts together (see Store); New and NewDistinct
// count in this process only. One limiter per limit.
package ratelimit

import (
	"strings"
	"sync"
	"time"

	"sojourn/api/internal/platform/clock"
)

// Limiter allows Max events per Window for each key.
type Limiter struct {
	Max    int
	Window time.Duration
	clock  clock.Clock
	mu     sync.Mutex
	hits   map[string][]time.Time
	sweep  time.Time
	// Shared limiters (Store.Limiter) count in the database instead.
	store *Store
	name  string
	cache *blockCache
}

// New makes a limiter.
func New(max int, window time.Duration, c clock.Clock) *Limiter {
	return &Limiter{Max: max, Window: window, clock: c, hits: map[string][]time.Time{}}
}

// Allow records an event for key; when the key is over its limit it records
// nothing and returns false with the time until the oldest event leaves the window.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	if l.store != nil {
		return l.allowShared(key)
	}
	// The map keeps its own copy: keys often come from Fiber (c.IP()), whose
	// strings point into a request buffer that is reused after the request.
	key = strings.Clone(key)
	now := l.clock.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.gc(now)
	hs := prune(l.hits[key], now.Add(-l.Window))
	if len(hs) >= l.Max {
		l.hits[key] = hs
		return false, hs[0].Add(l.Window).Sub(now)
	}
	l.hits[key] = append(hs, now)
	return true, 0
}

// Reset forgets a key.
func (l *Limiter) Reset(key string) {
	if l.store != nil {
		l.resetShared(key)
		return
	}
	l.mu.Lock()
	delete(l.hits, key)
	l.mu.Unlock()
}

func prune(hs []time.Time, cutoff time.Time) []time.Time {
	i := 0
	for i < len(hs) && !hs[i].After(cutoff) {
		i++
	}
	return hs[i:]
}

// gc drops idle keys now and then so memory stays bounded.
func (l *Limiter) gc(now time.Time) {
	if now.Sub(l.sweep) < l.Window {
		return
	}
	l.sweep = now
	cutoff := now.Add(-l.Window)
	for k, hs := range l.hits {
		if len(prune(hs, cutoff)) == 0 {
			delete(l.hits, k)
		}
	}
}

// Blocked reports, recording nothing, whether key is at its limit, and how
// long until the oldest event leaves the window.
func (l *Limiter) Blocked(key string) (bool, time.Duration) {
	if l.store != nil {
		return l.blockedShared(key)
	}
	now := l.clock.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	hs := prune(l.hits[key], now.Add(-l.Window))
	l.hits[key] = hs
	if len(hs) >= l.Max {
		return true, hs[0].Add(l.Window).Sub(now)
	}
	return false, 0
}

// Distinct allows Max distinct values per Window for each key (for example
// the distinct recipients a user looks up): a value already counted in the
// window passes again freely. One instance per limit.
type Distinct struct {
	Max    int
	Window time.Duration
	clock  clock.Clock
	mu     sync.Mutex
	seen   map[string]map[string]time.Time
	sweep  time.Time
	store  *Store // shared (Store.Distinct): counted in the database
	name   string
}

// NewDistinct makes a distinct-values limiter.
func NewDistinct(max int, window time.Duration, c clock.Clock) *Distinct {
	return &Distinct{Max: max, Window: window, clock: c, seen: map[string]map[string]time.Time{}}
}

// Allow records value for key; when value is new and key already has Max
// values in the window it records nothing and returns false with the time
// until the oldest value leaves the window.
func (d *Distinct) Allow(key, value string) (bool, time.Duration) {
	if d.store != nil {
		return d.allowShared(key, value)
	}
	key, value = strings.Clone(key), strings.Clone(value) // callers' strings may share a reused buffer
	now := d.clock.Now()
	cutoff := now.Add(-d.Window)
	d.mu.Lock()
	defer d.mu.Unlock()
	if now.Sub(d.sweep) >= d.Window {
		d.sweep = now
		for k, vs := range d.seen {
			for v, at := range vs {
				if !at.After(cutoff) {
					delete(vs, v)
				}
			}
			if len(vs) == 0 {
				delete(d.seen, k)
			}
		}
	}
	vs := d.seen[key]
	if vs == nil {
		vs = map[string]time.Time{}
		d.seen[key] = vs
	}
	var oldest time.Time
	for v, at := range vs {
		if !at.After(cutoff) {
			delete(vs, v)
			continue
		}
		if oldest.IsZero() || at.Before(oldest) {
			oldest = at
		}
	}
	if _, ok := vs[value]; ok {
		return true, 0
	}
	if len(vs) >= d.Max {
		return false, oldest.Add(d.Window).Sub(now)
	}
	vs[value] = now
	return true, 0
}
