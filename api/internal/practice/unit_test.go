package practice

import (
	"testing"
	"time"

	"sojourn/api/internal/platform/apperr"
)

func TestMinutesOf(t *testing.T) {
	for s, want := range map[string]int{"00:00": 0, "09:30": 570, "23:59": 1439, "24:00": 1440} {
		if got, ok := minutesOf(s); !ok || got != want {
			t.Errorf("%s: %d %v", s, got, ok)
		}
	}
	for _, s := range []string{"", "9:30", "24:01", "25:00", "12:60", "12-30", "ab:cd", "12:3", "１２:３０"} {
		if _, ok := minutesOf(s); ok {
			t.Errorf("%q accepted", s)
		}
	}
}

func TestCheckIntervals(t *testing.T) {
	f := apperr.Fields{}
	got := checkIntervals(f, "d", []Interval{{"13:00", "17:00"}, {"09:00", "12:00"}, {"12:00", "13:00"}})
	if len(f) != 0 || got[0].Start != "09:00" || got[2].Start != "13:00" {
		t.Fatalf("touching intervals: %v %v", f, got)
	}
	for _, bad := range [][]Interval{
		{{"09:00", "12:00"}, {"11:59", "13:00"}},
		{{"10:00", "10:00"}},
		{{"24:00", "24:00"}},
		make([]Interval, 13),
	} {
		f := apperr.Fields{}
		checkIntervals(f, "d", bad)
		if len(f) == 0 {
			t.Errorf("%v accepted", bad)
		}
	}
}

func TestScoreParts(t *testing.T) {
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	soon, later, far := now.Add(time.Hour), now.Add(72*time.Hour), now.Add(8*24*time.Hour)
	if !(availabilityPoints(now, &soon) > availabilityPoints(now, &later) && availabilityPoints(now, &later) > 0) {
		t.Error("sooner is not more relevant")
	}
	if availabilityPoints(now, &far) != 0 || availabilityPoints(now, nil) != 0 {
		t.Error("no slot within a week earns availability points")
	}
	// One 5-star review does not beat forty 4.8s; an unrated profile sits at
	// the prior.
	if ratingPoints(5, 1) >= ratingPoints(4.8, 40) || ratingPoints(0, 0) != 4*ratingWeight {
		t.Errorf("rating points: %d %d %d", ratingPoints(5, 1), ratingPoints(4.8, 40), ratingPoints(0, 0))
	}
}

func TestParseDay(t *testing.T) {
	for _, s := range []string{"2000-01-01", "2026-02-28", "2100-01-01"} {
		if _, ok := parseDay(s); !ok {
			t.Errorf("%s refused", s)
		}
	}
	for _, s := range []string{"1999-12-31", "2100-01-02", "2026-02-29", "2026-1-05", "20260105", ""} {
		if _, ok := parseDay(s); ok {
			t.Errorf("%s accepted", s)
		}
	}
}
