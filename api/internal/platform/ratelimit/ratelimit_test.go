package ratelimit

import (
	"testing"
	"time"
	"unsafe"

	"sojourn/api/internal/platform/clock"
)

func TestSlidingWindow(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	l := New(3, time.Minute, clk)
	for i := 0; i < 3; i++ {
		if ok, _ := l.Allow("a"); !ok {
			t.Fatalf("hit %d refused", i)
		}
		clk.Advance(10 * time.Second)
	}
	ok, wait := l.Allow("a")
	if ok || wait != 30*time.Second {
		t.Fatalf("4th hit: ok=%v wait=%v, want refused for 30s", ok, wait)
	}
	if ok, _ := l.Allow("b"); !ok {
		t.Fatal("keys are independent")
	}
	clk.Advance(30 * time.Second)
	if ok, _ := l.Allow("a"); !ok {
		t.Fatal("the oldest hit left the window")
	}
	l.Reset("a")
	if len(l.hits["a"]) != 0 {
		t.Fatal("reset forgets the key")
	}
}

func TestDistinct(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	d := NewDistinct(2, time.Hour, clk)
	for _, v := range []string{"x", "y", "x", "y", "x"} {
		if ok, _ := d.Allow("u", v); !ok {
			t.Fatalf("%s refused: repeats are free", v)
		}
		clk.Advance(time.Minute)
	}
	ok, wait := d.Allow("u", "z")
	if ok || wait != 55*time.Minute {
		t.Fatalf("third distinct value: ok=%v wait=%v, want refused for 55m", ok, wait)
	}
	if ok, _ := d.Allow("v", "z"); !ok {
		t.Fatal("keys are independent")
	}
	clk.Advance(55 * time.Minute)
	if ok, _ := d.Allow("u", "z"); !ok {
		t.Fatal("the oldest value left the window")
	}
}

func TestBlocked(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	l := New(2, time.Minute, clk)
	if b, _ := l.Blocked("a"); b {
		t.Fatal("blocked before any event")
	}
	l.Allow("a")
	l.Allow("a")
	if b, wait := l.Blocked("a"); !b || wait != time.Minute {
		t.Fatalf("blocked=%v wait=%v after the limit", b, wait)
	}
	if b, _ := l.Blocked("a"); !b {
		t.Fatal("Blocked must not record or clear anything")
	}
}

// TestKeysAreCopied: a key whose bytes are reused after the call (as Fiber's
// request strings are) still counts as the same key.
func TestKeysAreCopied(t *testing.T) {
	l := New(2, time.Minute, clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)))
	buf := []byte("203.0.113.7")
	key := unsafe.String(&buf[0], len(buf))
	l.Allow(key)
	l.Allow(key)
	copy(buf, "203.0.113.8") // the request buffer is reused
	if ok, _ := l.Allow("203.0.113.7"); ok {
		t.Fatal("a third event for 203.0.113.7 was allowed: the stored key changed with the caller's buffer")
	}
}
