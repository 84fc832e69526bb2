package seed

import (
	"time"

	"sojourn/api/internal/app"
)

// pinner is a clock the seed can hold at a past moment (clock.Pinnable,
// which `sojourn seed` runs with); the tests' fake clock is not one.
type pinner interface {
	Pin(time.Time)
	Unpin()
}

// writtenAt runs write with the app's clock pinned to at, so what it writes
// (a review, a reply) carries that day, as if written then: the demo
// reviews follow their bookings by a day or two instead of all sharing the
// minute the seed ran. A moment not in the past, or a clock that cannot be
// pinned, leaves the clock alone.
func writtenAt(a *app.App, at time.Time, write func() error) error {
	p, ok := a.Deps.Clock.(pinner)
	if !ok || !at.Before(a.Deps.Clock.Now()) {
		return write()
	}
	p.Pin(at)
	defer p.Unpin()
	return write()
}

// daysAfter is a moment 1 to 3 days (by k) and a few hours after end, the
// time a demo review of a booking that ended at end is written.
func daysAfter(end time.Time, k int) time.Time {
	return end.Add(time.Duration(1+k%3)*24*time.Hour + time.Duration(2+k%7)*time.Hour)
}
