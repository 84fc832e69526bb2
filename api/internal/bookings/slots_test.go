package bookings

import (
	"fmt"
	"sort"
	"testing"
	"time"
)

func mustLoc(t testing.TB, name string) *time.Location {
	t.Helper()
	l, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func weekdays(iv ...Interval) map[time.Weekday][]Interval {
	m := map[time.Weekday][]Interval{}
	for d := time.Monday; d <= time.Friday; d++ {
		m[d] = iv
	}
	return m
}

func everyDay(iv ...Interval) map[time.Weekday][]Interval {
	m := map[time.Weekday][]Interval{}
	for d := time.Sunday; d <= time.Saturday; d++ {
		m[d] = iv
	}
	return m
}

// starts formats the slots' starts in loc as "Mon 15:04".
func starts(ss []Slot, loc *time.Location) []string {
	out := []string{}
	for _, s := range ss {
		out = append(out, s.Start.In(loc).Format("01-02 15:04"))
	}
	return out
}

func equal(t *testing.T, got []string, want ...string) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("slots %v, want %v", got, want)
	}
}

func fill(occ Occupancy, key string, start time.Time, d, before, after time.Duration, used, capacity int) {
	f, to := CellRange(start, d, before, after)
	for c := f; c < to; c += int64(CellSize / time.Second) {
		occ.Cells[c] = Cell{SessionKey: key, Used: used, Capacity: capacity}
	}
}

func newOcc() Occupancy { return Occupancy{Cells: map[int64]Cell{}, Counters: map[string]int{}} }

// Monday 2 March 2026 in Lagos (UTC+1, no daylight saving).
func lagosRules(t *testing.T) (Rules, time.Time, time.Time, time.Time) {
	loc := mustLoc(t, "Africa/Lagos")
	r := Rules{OfferingID: "off", Loc: loc, Weekly: weekdays(Interval{"09:00", "12:00"}), Duration: time.Hour,
		Capacity: 1}
	day := time.Date(2026, 3, 2, 0, 0, 0, 0, loc)
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, loc)
	return r, day, day.AddDate(0, 0, 1), now
}

func TestSlotsPlainDay(t *testing.T) {
	r, from, to, now := lagosRules(t)
	equal(t, starts(Slots(r, newOcc(), from, to, now), r.Loc), "03-02 09:00", "03-02 10:00", "03-02 11:00")
	r.Duration = 50 * time.Minute // step rounds up to the grid: 60 minutes
	equal(t, starts(Slots(r, newOcc(), from, to, now), r.Loc), "03-02 09:00", "03-02 10:00", "03-02 11:00")
	r.Duration = 45 * time.Minute
	equal(t, starts(Slots(r, newOcc(), from, to, now), r.Loc), "03-02 09:00", "03-02 09:45", "03-02 10:30",
		"03-02 11:15")
}

func TestSlotsBuffers(t *testing.T) {
	r, from, to, now := lagosRules(t)
	occ := newOcc()
	// Another offering's session 10:00-11:00 with no buffers of its own.
	fill(occ, "other@1", time.Date(2026, 3, 2, 10, 0, 0, 0, r.Loc), time.Hour, 0, 0, 1, 1)
	equal(t, starts(Slots(r, occ, from, to, now), r.Loc), "03-02 09:00", "03-02 11:00")
	r.BufferAfter = 15 * time.Minute // 09:00 now reaches into 10:00
	equal(t, starts(Slots(r, occ, from, to, now), r.Loc), "03-02 11:00")
	r.BufferAfter, r.BufferBefore = 0, 15*time.Minute // 11:00 now reaches back into 10:45
	equal(t, starts(Slots(r, occ, from, to, now), r.Loc), "03-02 09:00")
}

func TestSlotsNoticeAndAdvance(t *testing.T) {
	r, from, to, _ := lagosRules(t)
	now := time.Date(2026, 3, 2, 8, 30, 0, 0, r.Loc)
	r.MinNotice = time.Hour
	equal(t, starts(Slots(r, newOcc(), from, to, now), r.Loc), "03-02 10:00", "03-02 11:00")
	r.MinNotice = 0
	r.MaxAdvanceDays = 1
	week := Slots(r, newOcc(), from, from.AddDate(0, 0, 7), now)
	// Up to 3 March 08:30: all of 2 March, none of 3 March.
	equal(t, starts(week, r.Loc), "03-02 09:00", "03-02 10:00", "03-02 11:00")
}

func TestSlotsOverrides(t *testing.T) {
	r, from, _, now := lagosRules(t)
	r.Overrides = map[string]DayOverride{
		"2026-03-02": {Blocked: true},
		"2026-03-03": {Intervals: []Interval{{"14:00", "15:00"}}},
		"2026-03-08": {Intervals: []Interval{{"10:00", "11:00"}}}, // a Sunday, normally closed
	}
	got := starts(Slots(r, newOcc(), from, from.AddDate(0, 0, 7), now), r.Loc)
	equal(t, got, "03-03 14:00", "03-04 09:00", "03-04 10:00", "03-04 11:00", "03-05 09:00", "03-05 10:00",
		"03-05 11:00", "03-06 09:00", "03-06 10:00", "03-06 11:00", "03-08 10:00")
}

func TestSlotsLimits(t *testing.T) {
	r, from, _, now := lagosRules(t)
	occ := newOcc()
	r.DailyLimit = 2
	occ.Counters["d:2026-03-02"] = 2
	got := Slots(r, occ, from, from.AddDate(0, 0, 2), now)
	equal(t, starts(got, r.Loc), "03-03 09:00", "03-03 10:00", "03-03 11:00")
	r.DailyLimit, r.WeeklyLimit = 0, 5
	occ.Counters["w:2026-W10"] = 5
	if got := Slots(r, occ, from, from.AddDate(0, 0, 7), now); len(got) != 0 {
		t.Fatalf("a full week shows %v", starts(got, r.Loc))
	}
	got = Slots(r, occ, from, from.AddDate(0, 0, 8), now) // Monday 9 March is week 11
	equal(t, starts(got, r.Loc), "03-09 09:00", "03-09 10:00", "03-09 11:00")
}

func TestSlotsGroupCapacity(t *testing.T) {
	r, from, to, now := lagosRules(t)
	r.Capacity = 3
	ten := time.Date(2026, 3, 2, 10, 0, 0, 0, r.Loc)
	occ := newOcc()
	fill(occ, SessionKey("off", ten), ten, time.Hour, 0, 0, 2, 3)
	got := Slots(r, occ, from, to, now)
	equal(t, starts(got, r.Loc), "03-02 09:00", "03-02 10:00", "03-02 11:00")
	if got[1].SeatsLeft != 1 || got[0].SeatsLeft != 3 {
		t.Fatalf("seats %d %d", got[0].SeatsLeft, got[1].SeatsLeft)
	}
	fill(occ, SessionKey("off", ten), ten, time.Hour, 0, 0, 3, 3)
	equal(t, starts(Slots(r, occ, from, to, now), r.Loc), "03-02 09:00", "03-02 11:00")
}

// A provider in Europe/London, a viewer in Africa/Lagos (UTC+1 all year):
// the week containing Sunday 25 October 2026, when London leaves BST.
func TestSlotsDaylightSavingAutumn(t *testing.T) {
	london, lagos := mustLoc(t, "Europe/London"), mustLoc(t, "Africa/Lagos")
	r := Rules{OfferingID: "off", Loc: london, Weekly: everyDay(Interval{"09:00", "10:00"}), Duration: time.Hour,
		Capacity: 1}
	from := time.Date(2026, 10, 19, 0, 0, 0, 0, lagos)
	now := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	got := Slots(r, newOcc(), from, from.AddDate(0, 0, 7), now)
	var labels []string
	for _, s := range got {
		l := Label(s, lagos)
		labels = append(labels, l.Date+" "+l.StartTime+"-"+l.EndTime)
	}
	equal(t, labels, "2026-10-19 09:00-10:00", "2026-10-20 09:00-10:00", "2026-10-21 09:00-10:00",
		"2026-10-22 09:00-10:00", "2026-10-23 09:00-10:00", "2026-10-24 09:00-10:00",
		"2026-10-25 10:00-11:00")
	if !got[5].Start.Equal(time.Date(2026, 10, 24, 8, 0, 0, 0, time.UTC)) ||
		!got[6].Start.Equal(time.Date(2026, 10, 25, 9, 0, 0, 0, time.UTC)) {
		t.Fatalf("instants %v %v", got[5].Start, got[6].Start)
	}
	// An interval across the change has five real hours: five one-hour slots.
	r.Weekly = nil
	r.Overrides = map[string]DayOverride{"2026-10-25": {Intervals: []Interval{{"00:00", "04:00"}}}}
	night := Slots(r, newOcc(), from, from.AddDate(0, 0, 7), now)
	if len(night) != 5 || !night[0].Start.Equal(time.Date(2026, 10, 24, 23, 0, 0, 0, time.UTC)) ||
		!night[4].Start.Equal(time.Date(2026, 10, 25, 3, 0, 0, 0, time.UTC)) {
		t.Fatalf("night slots %v", night)
	}
}

// The spring change (29 March 2026): 09:00 London moves from 09:00 UTC to
// 08:00 UTC, i.e. from 10:00 to 09:00 in Lagos; a schedule starting in the
// missing hour starts when the clocks have jumped.
func TestSlotsDaylightSavingSpring(t *testing.T) {
	london, lagos := mustLoc(t, "Europe/London"), mustLoc(t, "Africa/Lagos")
	r := Rules{OfferingID: "off", Loc: london, Weekly: everyDay(Interval{"09:00", "10:00"}), Duration: time.Hour,
		Capacity: 1}
	from := time.Date(2026, 3, 28, 0, 0, 0, 0, lagos)
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	got := Slots(r, newOcc(), from, from.AddDate(0, 0, 2), now)
	if len(got) != 2 || Label(got[0], lagos).StartTime != "10:00" || Label(got[1], lagos).StartTime != "09:00" {
		t.Fatalf("spring slots %v", got)
	}
	r.Weekly = nil
	r.Overrides = map[string]DayOverride{"2026-03-29": {Intervals: []Interval{{"00:00", "04:00"}}}}
	night := Slots(r, newOcc(), from, from.AddDate(0, 0, 2), now)
	if len(night) != 3 { // 00:00 GMT to 04:00 BST is three real hours
		t.Fatalf("spring night %v", night)
	}
}

func TestStateMachine(t *testing.T) {
	for from, tos := range transitions {
		if !validStatus(from) {
			t.Fatalf("unknown state %s", from)
		}
		for _, to := range tos {
			if !validStatus(to) || !CanTransition(from, to) {
				t.Fatalf("%s -> %s", from, to)
			}
		}
	}
	for _, terminal := range []string{StatusCompleted, StatusNoShow, StatusCancelledByUser, StatusCancelledByProvider,
		StatusDeclined, StatusExpired} {
		if len(transitions[terminal]) != 0 || live(terminal) {
			t.Fatalf("%s is terminal", terminal)
		}
	}
	if CanTransition(StatusConfirmed, StatusHeld) || CanTransition(StatusExpired, StatusConfirmed) {
		t.Fatal("backwards transition allowed")
	}
}

// benchSetup is one offering over 30 days for a provider with 200 existing
// bookings (and their day and week counts).
func benchSetup(b testing.TB) (Rules, Occupancy, time.Time, time.Time) {
	loc := mustLoc(b, "Europe/London")
	r := Rules{OfferingID: "off", Loc: loc, Weekly: everyDay(Interval{"07:00", "12:00"}, Interval{"13:00", "21:00"}),
		Duration: 45 * time.Minute, BufferAfter: 15 * time.Minute, Capacity: 1, DailyLimit: 12, WeeklyLimit: 60,
		MinNotice: 2 * time.Hour, MaxAdvanceDays: 60}
	from := time.Date(2026, 10, 12, 0, 0, 0, 0, time.UTC)
	now := from.Add(-time.Hour)
	occ := newOcc()
	for i := 0; i < 200; i++ {
		day := from.AddDate(0, 0, i%30)
		s := time.Date(day.Year(), day.Month(), day.Day(), 7+(i/30)%13, 0, 0, 0, loc)
		fill(occ, SessionKey("other", s), s, time.Hour, 0, 0, 1, 1)
		dk, wk := PeriodKeys(s, loc)
		occ.Counters[dk]++
		occ.Counters[wk]++
	}
	return r, occ, from, now
}

// BenchmarkSlotSearch: one offering over 30 days for a provider with 200
// existing bookings.
func BenchmarkSlotSearch(b *testing.B) {
	r, occ, from, now := benchSetup(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(Slots(r, occ, from, from.AddDate(0, 0, 30), now)) == 0 {
			b.Fatal("no slots")
		}
	}
}

// TestSlotSearchLatency logs the p99 of 500 runs of the benchmark's search
// (a figure to report, not a timed assertion).
func TestSlotSearchLatency(t *testing.T) {
	r, occ, from, now := benchSetup(t)
	lat := make([]time.Duration, 500)
	for i := range lat {
		t0 := time.Now()
		if len(Slots(r, occ, from, from.AddDate(0, 0, 30), now)) == 0 {
			t.Fatal("no slots")
		}
		lat[i] = time.Since(t0)
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	t.Logf("slot search, 30 days, 200 bookings: p50 %v, p99 %v", lat[249], lat[494])
}
