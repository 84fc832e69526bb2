package practice

import (
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"sojourn/api/internal/platform/apperr"
)

// dayNames are the weekdays as the API and the stored schedule name them,
// indexed by time.Weekday.
var dayNames = [7]string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}

// scheduleDoc is the weekly schedule as stored in practice_providers.schedule:
// intervals per lower-case weekday name.
type scheduleDoc map[string][]Interval

func decodeSchedule(s string) scheduleDoc {
	d := scheduleDoc{}
	_ = json.Unmarshal([]byte(s), &d)
	return d
}

func (d scheduleDoc) encode() string {
	b, _ := json.Marshal(d)
	return string(b)
}

// weekdays is the schedule keyed by time.Weekday (every day present).
func (d scheduleDoc) weekdays() map[time.Weekday][]Interval {
	out := make(map[time.Weekday][]Interval, 7)
	for i, n := range dayNames {
		iv := d[n]
		if iv == nil {
			iv = []Interval{}
		}
		out[time.Weekday(i)] = iv
	}
	return out
}

// hasHours reports whether any weekday has an interval.
func (d scheduleDoc) hasHours() bool {
	for _, iv := range d {
		if len(iv) > 0 {
			return true
		}
	}
	return false
}

// minutesOf parses "HH:MM" (00:00..24:00) into minutes after midnight.
func minutesOf(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	var h, m int
	for _, c := range s[:2] + s[3:] {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	h = int(s[0]-'0')*10 + int(s[1]-'0')
	m = int(s[3]-'0')*10 + int(s[4]-'0')
	if m > 59 || h > 24 || (h == 24 && m != 0) {
		return 0, false
	}
	return h*60 + m, true
}

// maxIntervalsPerDay bounds a day's intervals.
const maxIntervalsPerDay = 12

// checkIntervals validates a day's intervals into f under field and returns
// them sorted by start: "HH:MM", end after start, 24:00 only as an end, no
// overlaps.
func checkIntervals(f apperr.Fields, field string, iv []Interval) []Interval {
	if len(iv) > maxIntervalsPerDay {
		f.Add(field, fmt.Sprintf("must have at most %d intervals", maxIntervalsPerDay))
		return iv
	}
	out := append([]Interval(nil), iv...)
	for i, x := range out {
		s, ok1 := minutesOf(x.Start)
		e, ok2 := minutesOf(x.End)
		name := fmt.Sprintf("%s[%d]", field, i)
		switch {
		case !ok1 || s == 24*60:
			f.Add(name+".start", "must be a time HH:MM from 00:00 to 23:59")
		case !ok2:
			f.Add(name+".end", "must be a time HH:MM from 00:01 to 24:00")
		case e <= s:
			f.Add(name+".end", "must be after start")
		}
	}
	if len(f) > 0 {
		return out
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Start < out[b].Start })
	for i := 1; i < len(out); i++ {
		if out[i].Start < out[i-1].End {
			f.Add(field, "intervals must not overlap")
			break
		}
	}
	return out
}

const dayRangeMsg = "must be a date YYYY-MM-DD from 2000-01-01 to 2100-01-01"

var (
	minDay = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	maxDay = time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)
)

// parseDay reads a local date "YYYY-MM-DD" in 2000-01-01..2100-01-01.
func parseDay(s string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil || t.Format(time.DateOnly) != s || t.Before(minDay) || t.After(maxDay) {
		return time.Time{}, false
	}
	return t, true
}

func toOverride(r *overrideRow) Override {
	iv := []Interval{}
	_ = json.Unmarshal([]byte(r.Intervals), &iv)
	return Override{Date: r.Day, Blocked: r.Blocked, Intervals: iv}
}
