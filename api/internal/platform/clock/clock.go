// Package clock gives services a replaceable notion of now.
package clock

import (
	"sync"
	"time"
)

// Clock tells the time.
type Clock interface{ Now() time.Time }

// System is the real clock, in UTC.
type System struct{}

// Now is time.Now in UTC.
func (System) Now() time.Time { return time.Now().UTC() }

// Fake is a settable clock for tests.
type Fake struct {
	mu sync.Mutex
	t  time.Time
}

// NewFake starts a fake clock at t.
func NewFake(t time.Time) *Fake { return &Fake{t: t.UTC()} }

// Now returns the fake time.
func (f *Fake) Now() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.t }

// Advance moves the fake time forward.
func (f *Fake) Advance(d time.Duration) { f.mu.Lock(); f.t = f.t.Add(d); f.mu.Unlock() }

// Set moves the fake time to t.
func (f *Fake) Set(t time.Time) { f.mu.Lock(); f.t = t.UTC(); f.mu.Unlock() }

// Pinnable is the real clock that can be held at a past moment for a while:
// the demo seed writes its reviews on the days after the bookings they
// review, through the same services as everything else, by pinning the
// clock around each write.
type Pinnable struct {
	mu  sync.Mutex
	pin *time.Time
}

// Now is the pinned moment while one is set, else time.Now in UTC.
func (p *Pinnable) Now() time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pin != nil {
		return *p.pin
	}
	return time.Now().UTC()
}

// Pin holds the clock at t until Unpin.
func (p *Pinnable) Pin(t time.Time) { p.mu.Lock(); t = t.UTC(); p.pin = &t; p.mu.Unlock() }

// Unpin lets the clock run with the real time again.
func (p *Pinnable) Unpin() { p.mu.Lock(); p.pin = nil; p.mu.Unlock() }
