package support

import (
	"testing"
	"time"
)

func TestCanMove(t *testing.T) {
	cases := []struct {
		from, to string
		ok       bool
	}{
		{StatusOpen, StatusPending, true}, {StatusPending, StatusOpen, true}, {StatusSolved, StatusOpen, true},
		{StatusSolved, StatusClosed, true}, {StatusClosed, StatusOpen, false}, {StatusOpen, StatusOpen, false},
		{StatusClosed, StatusSolved, false}, {"bogus", StatusOpen, false},
	}
	for _, c := range cases {
		if CanMove(c.from, c.to) != c.ok {
			t.Errorf("%s -> %s: want %v", c.from, c.to, c.ok)
		}
	}
}

func TestComputeSLA(t *testing.T) {
	created := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	s := ComputeSLA(PriorityUrgent, created, nil, nil, created.Add(30*time.Minute))
	if s.FirstResponseBreached || s.ResolutionBreached {
		t.Fatalf("within targets: %+v", s)
	}
	s = ComputeSLA(PriorityUrgent, created, nil, nil, created.Add(2*time.Hour))
	if !s.FirstResponseBreached || s.ResolutionBreached {
		t.Fatalf("first response late: %+v", s)
	}
	fr := created.Add(20 * time.Minute)
	solved := created.Add(9 * time.Hour)
	s = ComputeSLA(PriorityUrgent, created, &fr, &solved, created.Add(100*time.Hour))
	if s.FirstResponseBreached || !s.ResolutionBreached {
		t.Fatalf("answered in time, solved late: %+v", s)
	}
	s = ComputeSLA(PriorityLow, created, nil, nil, created.Add(47*time.Hour))
	if s.FirstResponseBreached {
		t.Fatalf("low within 48h: %+v", s)
	}
}

func TestSearchWords(t *testing.T) {
	got := searchWords("How do I get a REFUND for my order? 100%_off")
	want := []string{"get", "refund", "order", "100", "off"}
	if len(got) != len(want) {
		t.Fatalf("%v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%v", got)
		}
	}
}
