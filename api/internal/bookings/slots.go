package bookings

import (
	"fmt"
	"sort"
	"strconv"
	"time"
)

// The slot engine: pure functions from a provider's availability, an
// offering's rules and the occupied cells of the person behind the
// provider to the bookable slots.
//
// Time is reserved on a 15-minute grid of UTC instants (CellSize): a booking
// starting at S and lasting D, with buffers B before and A after, occupies
// every cell that [S-B, S+D+A) touches (the range is widened to whole
// cells). Two bookings of one person conflict when they share a cell,
// whatever their offerings and whichever of the person's practices
// (therapist, coach) they are of: the cells are the person's (store.go,
// resourceOf), and the occupancy a search reads holds them all. A group
// session (capacity > 1) is one "session" (its offering and start) whose
// cells take up to capacity seats. The database applies the same rule when
// a hold is written (slot_cells), so what the engine shows is what a hold
// gets.
//
// Candidate starts: each availability interval of a provider-local day
// (weekly hours, or the date's override: blocked, or extra/replacement
// intervals) yields starts from the interval's start, stepping by the
// offering's duration rounded up to the grid (Step), while start+duration
// fits in the interval. Local wall times become instants in the provider's
// IANA zone, so a schedule of 09:00-17:00 in Europe/London is 09:00 BST
// before 25 October 2026 and 09:00 GMT after; the stepping itself runs on
// instants, so an interval spanning a change keeps its real durations.
// A start must be at least MinNotice after now and at most MaxAdvanceDays
// days after now; daily and weekly limits (bookings per provider-local day
// and ISO week) hide every start of a full period.

// CellSize is the reservation grid.
const CellSize = 15 * time.Minute

// MaxSearchDays bounds a slot search.
const MaxSearchDays = 62

// Interval is a local "HH:MM"-"HH:MM" range ("24:00" may end a day).
type Interval struct{ Start, End string }

// Rules is everything the engine needs of an offering and its provider.
type Rules struct {
	OfferingID     string
	Loc            *time.Location // the provider's zone
	Weekly         map[time.Weekday][]Interval
	Overrides      map[string]DayOverride // by local date YYYY-MM-DD
	DailyLimit     int
	WeeklyLimit    int
	Duration       time.Duration
	BufferBefore   time.Duration
	BufferAfter    time.Duration
	MinNotice      time.Duration
	MaxAdvanceDays int
	Capacity       int
	// Fixed departures (0026): when Departures is set, the candidate
	// starts are its times instead of steps through the hours (a blocked
	// date still closes). Cutoff: no start closer to now than this.
	Departures *DepartureRules
	Cutoff     time.Duration
}

// DepartureRules are an offering's own start times: minutes after local
// midnight per weekday, plus dated additions and cancellations (by local
// date YYYY-MM-DD).
type DepartureRules struct {
	Weekly    map[time.Weekday][]int
	Added     map[string][]int
	Cancelled map[string]map[int]bool
}

// DayOverride replaces a date's weekly hours: Blocked closes the day,
// otherwise Intervals are its hours.
type DayOverride struct {
	Blocked   bool
	Intervals []Interval
}

// Cell is an occupied cell of the person's time (a slot_cells row).
type Cell struct {
	SessionKey string
	Used       int
	Capacity   int
}

// Occupancy is the person's occupied cells (by unix second of the cell
// start; sessions of all their practices) and the practice's booking
// counts per period (PeriodKeys).
type Occupancy struct {
	Cells    map[int64]Cell
	Counters map[string]int
}

// Slot is one bookable start.
type Slot struct {
	Start     time.Time
	End       time.Time
	SeatsLeft int
}

// Step is the distance between candidate starts: the duration rounded up
// to the grid.
func (r Rules) Step() time.Duration {
	n := (r.Duration + CellSize - 1) / CellSize
	if n < 1 {
		n = 1
	}
	return n * CellSize
}

// SessionKey names the session an offering's start belongs to.
func SessionKey(offeringID string, start time.Time) string {
	return offeringID + "@" + strconv.FormatInt(start.Unix(), 10)
}

// CellRange is the [from, to) unix-second cells a booking occupies.
func CellRange(start time.Time, d, before, after time.Duration) (int64, int64) {
	cs := int64(CellSize / time.Second)
	a := start.Add(-before).Unix()
	b := start.Add(d + after).Unix()
	from := a - mod(a, cs)
	to := b
	if m := mod(b, cs); m != 0 {
		to = b - m + cs
	}
	return from, to
}

func mod(a, b int64) int64 {
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}

// PeriodKeys are the counter periods of a start in loc: the local day
// "d:YYYY-MM-DD" and ISO week "w:YYYY-Www".
func PeriodKeys(start time.Time, loc *time.Location) (string, string) {
	l := start.In(loc)
	y, w := l.ISOWeek()
	return "d:" + l.Format("2006-01-02"), fmt.Sprintf("w:%04d-W%02d", y, w)
}

// parseHM reads "HH:MM" (00:00-24:00) as minutes.
func parseHM(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	h, err1 := strconv.Atoi(s[:2])
	m, err2 := strconv.Atoi(s[3:])
	if err1 != nil || err2 != nil || h < 0 || m < 0 || m > 59 || h > 24 || (h == 24 && m != 0) {
		return 0, false
	}
	return h*60 + m, true
}

// localInstant is the instant of a local wall time (minutes after midnight
// of y-m-d) in loc.
func localInstant(y int, m time.Month, d, minutes int, loc *time.Location) time.Time {
	return time.Date(y, m, d, minutes/60, minutes%60, 0, 0, loc)
}

// Slots lists the bookable starts in [from, to) (instants) at now.
func Slots(r Rules, occ Occupancy, from, to, now time.Time) []Slot {
	if r.Loc == nil || r.Duration <= 0 || !to.After(from) {
		return nil
	}
	capacity := max(r.Capacity, 1)
	earliest := now.Add(max(r.MinNotice, r.Cutoff))
	if from.Before(earliest) {
		from = earliest
	}
	if r.MaxAdvanceDays > 0 {
		if latest := now.Add(time.Duration(r.MaxAdvanceDays) * 24 * time.Hour); to.After(latest) {
			to = latest.Add(time.Nanosecond) // a start exactly at the limit is allowed
		}
	}
	if !to.After(from) {
		return nil
	}
	step := r.Step()
	var out []Slot
	// Provider-local days touching [from, to): one day of margin either side.
	day := from.In(r.Loc).AddDate(0, 0, -1)
	last := to.In(r.Loc).AddDate(0, 0, 1)
	y, m, d := day.Date()
	ly, lm, ld := last.Date()
	lastKey := ly*10000 + int(lm)*100 + ld
	for cur := time.Date(y, m, d, 12, 0, 0, 0, r.Loc); ; cur = cur.AddDate(0, 0, 1) {
		cy, cm, cd := cur.Date()
		if cy*10000+int(cm)*100+cd > lastKey {
			break
		}
		date := cur.Format("2006-01-02")
		var dk, wk string
		if r.DailyLimit > 0 || r.WeeklyLimit > 0 {
			dk, wk = PeriodKeys(cur, r.Loc)
		}
		if r.Departures != nil {
			if o, ok := r.Overrides[date]; ok && o.Blocked {
				continue
			}
			for _, min := range r.Departures.on(cur.Weekday(), date) {
				s := localInstant(cy, cm, cd, min, r.Loc)
				if s.Before(from) || !s.Before(to) {
					continue
				}
				if left, ok := r.open(occ, s, capacity, dk, wk); ok {
					out = append(out, Slot{Start: s.UTC(), End: s.Add(r.Duration).UTC(), SeatsLeft: left})
				}
			}
			continue
		}
		intervals := r.Weekly[cur.Weekday()]
		if o, ok := r.Overrides[date]; ok {
			if o.Blocked {
				continue
			}
			intervals = o.Intervals
		}
		for _, iv := range intervals {
			a, ok1 := parseHM(iv.Start)
			b, ok2 := parseHM(iv.End)
			if !ok1 || !ok2 || b <= a {
				continue
			}
			is, ie := localInstant(cy, cm, cd, a, r.Loc), localInstant(cy, cm, cd, b, r.Loc)
			for s := is; !s.Add(r.Duration).After(ie); s = s.Add(step) {
				if s.Before(from) || !s.Before(to) {
					continue
				}
				left, ok := r.open(occ, s, capacity, dk, wk)
				if !ok {
					continue
				}
				out = append(out, Slot{Start: s.UTC(), End: s.Add(r.Duration).UTC(), SeatsLeft: left})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start.Before(out[j].Start) })
	// Overlapping intervals of one day may yield a start twice.
	uniq := out[:0]
	for i, s := range out {
		if i == 0 || !s.Start.Equal(out[i-1].Start) {
			uniq = append(uniq, s)
		}
	}
	return uniq
}

// on lists a date's departure minutes: the weekday's and the added ones,
// less the cancelled.
func (d *DepartureRules) on(wd time.Weekday, date string) []int {
	var out []int
	for _, list := range [][]int{d.Weekly[wd], d.Added[date]} {
		for _, m := range list {
			if !d.Cancelled[date][m] {
				out = append(out, m)
			}
		}
	}
	return out
}

// open says whether a start is free (or a session with a free seat) and how
// many seats are left.
func (r Rules) open(occ Occupancy, s time.Time, capacity int, dk, wk string) (int, bool) {
	if r.DailyLimit > 0 && occ.Counters[dk] >= r.DailyLimit {
		return 0, false
	}
	if r.WeeklyLimit > 0 && occ.Counters[wk] >= r.WeeklyLimit {
		return 0, false
	}
	key := ""
	left := capacity
	cf, ct := CellRange(s, r.Duration, r.BufferBefore, r.BufferAfter)
	cs := int64(CellSize / time.Second)
	for c := cf; c < ct; c += cs {
		cell, ok := occ.Cells[c]
		if !ok {
			continue
		}
		if key == "" {
			key = SessionKey(r.OfferingID, s)
		}
		if cell.SessionKey != key || cell.Used >= cell.Capacity {
			return 0, false
		}
		left = min(left, cell.Capacity-cell.Used)
	}
	return left, left > 0
}

// IsSlot reports whether start is one of the offering's candidate starts
// (by its schedule, notice and advance rules, ignoring occupancy).
func IsSlot(r Rules, start, now time.Time) bool {
	for _, s := range Slots(r, Occupancy{}, start, start.Add(time.Second), now) {
		if s.Start.Equal(start) {
			return true
		}
	}
	return false
}

// Labels are a slot's local date and times in the viewer's zone.
type Labels struct {
	Date      string // YYYY-MM-DD
	StartTime string // HH:MM
	EndTime   string // HH:MM
	Offset    string // +01:00
}

// Label gives a slot's wall-clock labels in the viewer's zone.
func Label(s Slot, viewer *time.Location) Labels {
	a, b := s.Start.In(viewer), s.End.In(viewer)
	return Labels{Date: a.Format("2006-01-02"), StartTime: a.Format("15:04"), EndTime: b.Format("15:04"),
		Offset: a.Format("-07:00")}
}
