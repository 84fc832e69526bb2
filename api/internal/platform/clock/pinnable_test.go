package clock

import (
	"testing"
	"time"
)

func TestPinnableHoldsThePinnedMomentUntilUnpinned(t *testing.T) {
	var p Pinnable
	if d := time.Since(p.Now()); d < 0 || d > time.Minute {
		t.Fatalf("an unpinned clock tells the real time, got %v off", d)
	}
	at := time.Date(2026, 10, 3, 14, 0, 0, 0, time.FixedZone("WAT", 3600))
	p.Pin(at)
	if got := p.Now(); !got.Equal(at) || got.Location() != time.UTC {
		t.Fatalf("pinned clock: got %v, want %v in UTC", got, at)
	}
	p.Unpin()
	if d := time.Since(p.Now()); d < 0 || d > time.Minute {
		t.Fatalf("an unpinned clock tells the real time again, got %v off", d)
	}
}
