package trips

import (
	"sort"
	"strconv"
	"strings"
	"time"
)

// Severities of a conflict.
const (
	SeverityError   = "error"   // the plan cannot work as booked
	SeverityWarning = "warning" // it can, but probably not as meant
)

// Rules of time the checks use.
const (
	AirportBefore  = 2 * time.Hour    // at the airport this long before a departure
	AfterLanding   = 30 * time.Minute // out of the airport this long after landing
	MinConnection  = time.Hour        // a tighter connection between two flights is a warning
	HandoverMargin = 30 * time.Minute // around a car pick-up or drop-off
	nearby         = 24 * time.Hour   // a pick-up or tour this close before a landing is meant for it
)

// Conflict is one problem between two items of a trip.
type Conflict struct {
	Code     string
	Severity string
	Message  string
	A, B     Item // in the trip's order (A starts first or at the same time)
}

// Conflicts finds the problems between every pair of live items, in the
// order of the items (sorted by start).
func Conflicts(items []Item) []Conflict {
	live := make([]Item, 0, len(items))
	for _, it := range items {
		if Live(it.Status) {
			live = append(live, it)
		}
	}
	sort.SliceStable(live, func(i, j int) bool { return live[i].StartsAt.Before(live[j].StartsAt) })
	out := []Conflict{}
	for i := 0; i < len(live); i++ {
		for j := i + 1; j < len(live); j++ {
			out = append(out, pair(live[i], live[j])...)
		}
	}
	return out
}

// Live tells whether a status still holds its time (not cancelled,
// expired, declined, failed or refunded).
func Live(status string) bool {
	s := strings.ToLower(status)
	for _, dead := range []string{"cancel", "expired", "declined", "failed", "refund", "no_show"} {
		if strings.Contains(s, dead) {
			return false
		}
	}
	return true
}

// pair checks two items whatever their order of kinds; the answer keeps
// a before b.
func pair(a, b Item) []Conflict {
	key := a.Kind + "+" + b.Kind
	if fn, ok := rules[key]; ok {
		return fn(a, b)
	}
	if fn, ok := rules[b.Kind+"+"+a.Kind]; ok {
		cs := fn(b, a)
		for i := range cs {
			if cs[i].A.RefID == b.RefID && cs[i].A.Kind == b.Kind {
				cs[i].A, cs[i].B = a, b
			}
		}
		return cs
	}
	return nil
}

// rules is one check per unordered pair of kinds (the first kind's item
// first).
var rules = map[string]func(x, y Item) []Conflict{
	KindFlight + "+" + KindFlight:   flightFlight,
	KindFlight + "+" + KindStay:     flightStay,
	KindFlight + "+" + KindRental:   flightRental,
	KindFlight + "+" + KindTour:     flightTour,
	KindFlight + "+" + KindSession:  flightSession,
	KindStay + "+" + KindStay:       stayStay,
	KindStay + "+" + KindRental:     stayRental,
	KindStay + "+" + KindTour:       stayTour,
	KindStay + "+" + KindSession:    staySession,
	KindRental + "+" + KindRental:   rentalRental,
	KindRental + "+" + KindTour:     rentalTour,
	KindRental + "+" + KindSession:  rentalSession,
	KindTour + "+" + KindTour:       tourTour,
	KindTour + "+" + KindSession:    tourSession,
	KindSession + "+" + KindSession: sessionSession,
}

func c(code, sev string, a, b Item, msg string) Conflict {
	return Conflict{Code: code, Severity: sev, Message: msg, A: a, B: b}
}

// overlaps: [s1, e1) and [s2, e2) share time.
func overlaps(s1, e1, s2, e2 time.Time) bool { return s1.Before(e2) && s2.Before(e1) }

func sameCity(a, b Place) bool {
	x, y := norm(a.City), norm(b.City)
	if x == "" || y == "" {
		return true // unknown places never conflict
	}
	return x == y
}

func norm(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// at is t in zone, e.g. "Thu 10 Dec 14:30" (UTC when the zone is unknown).
func at(t time.Time, zone string) string {
	return t.In(loc(zone)).Format("Mon 2 Jan 15:04")
}

func loc(zone string) *time.Location {
	if zone == "" {
		return time.UTC
	}
	if l, err := time.LoadLocation(zone); err == nil {
		return l
	}
	return time.UTC
}

func day(t time.Time, zone string) string { return t.In(loc(zone)).Format("2006-01-02") }

func city(p Place) string {
	if p.City != "" {
		return p.City
	}
	return p.Name
}

// legs are a flight's segments, or the flight itself as one leg.
func legs(f Item) []Segment {
	if len(f.Segments) > 0 {
		return f.Segments
	}
	return []Segment{{From: f.Start, To: f.End, DepartsAt: f.StartsAt, ArrivesAt: f.EndsAt, FromZone: f.StartZone,
		ToZone: f.EndZone}}
}

// inPerson: a session with a place (a video session has none).
func inPerson(s Item) bool { return s.Start.City != "" || s.Start.Name != "" }

func flightFlight(a, b Item) []Conflict {
	if overlaps(a.StartsAt, a.EndsAt, b.StartsAt, b.EndsAt) {
		return []Conflict{c("flights_overlap", SeverityError, a, b, "These two flights overlap: "+a.Title+" lands "+
			at(a.EndsAt, a.EndZone)+", after "+b.Title+" departs "+at(b.StartsAt, b.StartZone)+".")}
	}
	first, next := a, b
	if b.EndsAt.Before(a.StartsAt) || b.EndsAt.Equal(a.StartsAt) {
		first, next = b, a
	}
	gap := next.StartsAt.Sub(first.EndsAt)
	if gap < MinConnection && sameCity(first.End, next.Start) {
		return []Conflict{c("tight_connection", SeverityWarning, first, next, "Only "+minutes(gap)+
			" between landing in "+city(first.End)+" and the next flight: too short to make it.")}
	}
	if gap < 2*nearby && !sameCity(first.End, next.Start) {
		return []Conflict{c("flight_from_elsewhere", SeverityWarning, first, next, next.Title+" departs from "+
			city(next.Start)+", but the flight before lands in "+city(first.End)+".")}
	}
	return nil
}

func flightStay(f, s Item) []Conflict {
	var out []Conflict
	ls := legs(f)
	// onTheWay: the leg is part of the journey to the stay (a later leg of
	// this flight lands in the stay's city before check-out), so leaving
	// another city after check-in time is only arriving late, which
	// arrives_after_check_in tells when it costs a night.
	onTheWay := func(l Segment) bool {
		for _, n := range ls {
			if sameCity(n.To, s.Start) && !n.ArrivesAt.Before(l.DepartsAt) && n.ArrivesAt.Before(s.EndsAt) {
				return true
			}
		}
		return false
	}
	for _, l := range ls {
		if l.DepartsAt.After(s.StartsAt) && l.DepartsAt.Before(s.EndsAt) && !sameCity(l.From, s.Start) && !onTheWay(l) {
			out = append(out, c("flight_away_from_stay", SeverityWarning, f, s, "The flight departs from "+city(l.From)+
				" on "+at(l.DepartsAt, l.FromZone)+" while you are staying in "+city(s.Start)+"."))
		}
		if sameCity(l.To, s.Start) && l.ArrivesAt.After(s.StartsAt) && l.ArrivesAt.Before(s.EndsAt) &&
			day(l.ArrivesAt, s.StartZone) > day(s.StartsAt, s.StartZone) {
			out = append(out, c("arrives_after_check_in", SeverityWarning, f, s, "You land in "+city(l.To)+" on "+
				at(l.ArrivesAt, l.ToZone)+", after the stay's check-in day: the first night is unused."))
		}
	}
	return out
}

func flightRental(f, r Item) []Conflict {
	var out []Conflict
	ls := legs(f)
	// toThePickUp: the leg is on the journey that lands in the pick-up city
	// after the pick-up time; leaving while "the car is out" is then the
	// pick-up before landing, told once as that.
	toThePickUp := func(l Segment) bool {
		for _, n := range ls {
			if sameCity(n.To, r.Start) && !n.ArrivesAt.Before(l.DepartsAt) && n.ArrivesAt.After(r.StartsAt) {
				return true
			}
		}
		return false
	}
	for _, l := range ls {
		// the pick-up in the city the flight lands in, shortly before or at landing
		if sameCity(l.To, r.Start) && r.StartsAt.After(l.DepartsAt.Add(-nearby)) &&
			r.StartsAt.Before(l.ArrivesAt.Add(AfterLanding)) {
			if r.StartsAt.Before(l.ArrivesAt) {
				out = append(out, c("pickup_before_landing", SeverityError, f, r, "The car pick-up ("+
					at(r.StartsAt, r.StartZone)+") is before the flight lands in "+city(l.To)+" ("+
					at(l.ArrivesAt, l.ToZone)+")."))
			} else {
				out = append(out, c("pickup_right_after_landing", SeverityWarning, f, r, "The car pick-up ("+
					at(r.StartsAt, r.StartZone)+") is less than 30 minutes after landing in "+city(l.To)+
					": allow time for immigration and bags."))
			}
		}
		// a departure while the car is still out
		if l.DepartsAt.After(r.StartsAt) && l.DepartsAt.Before(r.EndsAt) && !toThePickUp(l) {
			out = append(out, c("flight_before_dropoff", SeverityError, f, r, "The flight departs "+
				at(l.DepartsAt, l.FromZone)+", before the car is returned ("+at(r.EndsAt, r.EndZone)+")."))
		} else if !l.DepartsAt.Before(r.EndsAt) && l.DepartsAt.Before(r.EndsAt.Add(AirportBefore)) {
			out = append(out, c("dropoff_close_to_departure", SeverityWarning, f, r, "The car is returned "+
				at(r.EndsAt, r.EndZone)+", less than 2 hours before the flight departs."))
		}
	}
	return out
}

func flightTour(f, t Item) []Conflict {
	var out []Conflict
	for _, l := range legs(f) {
		busyFrom, busyTo := l.DepartsAt.Add(-AirportBefore), l.ArrivesAt.Add(AfterLanding)
		if overlaps(busyFrom, busyTo, t.StartsAt, t.EndsAt) {
			out = append(out, c("tour_during_flight", SeverityError, f, t, "The tour ("+at(t.StartsAt, t.StartZone)+
				") overlaps the flight from "+city(l.From)+" to "+city(l.To)+" (with 2 hours at the airport before "+
				"departure and 30 minutes after landing)."))
		} else if sameCity(l.To, t.Start) && t.StartsAt.Before(l.ArrivesAt) && t.StartsAt.After(l.ArrivesAt.Add(-nearby)) {
			out = append(out, c("tour_before_arrival", SeverityError, f, t, "The tour in "+city(t.Start)+
				" starts before you land there ("+at(l.ArrivesAt, l.ToZone)+")."))
		}
	}
	return out
}

func flightSession(f, s Item) []Conflict {
	var out []Conflict
	for _, l := range legs(f) {
		from, to := l.DepartsAt, l.ArrivesAt
		if inPerson(s) {
			from, to = from.Add(-AirportBefore), to.Add(AfterLanding)
		}
		if overlaps(from, to, s.StartsAt, s.EndsAt) {
			out = append(out, c("session_during_flight", SeverityError, f, s, "The session ("+
				at(s.StartsAt, s.StartZone)+") is during the flight from "+city(l.From)+" to "+city(l.To)+"."))
		}
	}
	return out
}

func stayStay(a, b Item) []Conflict {
	if overlaps(a.StartsAt, a.EndsAt, b.StartsAt, b.EndsAt) {
		return []Conflict{c("stays_overlap", SeverityError, a, b, "Two stays overlap: "+a.Title+" and "+b.Title+
			" are booked for the same night.")}
	}
	return nil
}

func stayRental(s, r Item) []Conflict {
	var out []Conflict
	for _, p := range []struct {
		t     time.Time
		place Place
		what  string
	}{{r.StartsAt, r.Start, "pick-up"}, {r.EndsAt, r.End, "drop-off"}} {
		if p.t.After(s.StartsAt) && p.t.Before(s.EndsAt) && !sameCity(p.place, s.Start) {
			out = append(out, c("rental_away_from_stay", SeverityWarning, s, r, "The car "+p.what+" is in "+city(p.place)+
				" ("+at(p.t, r.StartZone)+") while you are staying in "+city(s.Start)+"."))
		}
	}
	return out
}

func stayTour(s, t Item) []Conflict {
	if !sameCity(s.Start, t.Start) {
		if overlaps(s.StartsAt, s.EndsAt, t.StartsAt, t.EndsAt) {
			return []Conflict{c("tour_away_from_stay", SeverityWarning, s, t, "The tour is in "+city(t.Start)+
				" while you are staying in "+city(s.Start)+".")}
		}
		return nil
	}
	if t.StartsAt.Before(s.StartsAt) && day(t.StartsAt, s.StartZone) == day(s.StartsAt, s.StartZone) {
		return []Conflict{c("tour_before_check_in", SeverityWarning, s, t, "The tour starts "+at(t.StartsAt, t.StartZone)+
			", before check-in at "+s.Title+" ("+at(s.StartsAt, s.StartZone)+").")}
	}
	if t.StartsAt.After(s.EndsAt) && day(t.StartsAt, s.StartZone) == day(s.EndsAt, s.StartZone) {
		return []Conflict{c("tour_after_check_out", SeverityWarning, s, t, "The tour starts "+at(t.StartsAt, t.StartZone)+
			", after check-out at "+s.Title+" ("+at(s.EndsAt, s.EndZone)+").")}
	}
	return nil
}

func staySession(s, x Item) []Conflict {
	if inPerson(x) && !sameCity(s.Start, x.Start) && overlaps(s.StartsAt, s.EndsAt, x.StartsAt, x.EndsAt) {
		return []Conflict{c("session_away_from_stay", SeverityWarning, s, x, "The in-person session is in "+city(x.Start)+
			" while you are staying in "+city(s.Start)+".")}
	}
	return nil
}

func rentalRental(a, b Item) []Conflict {
	if overlaps(a.StartsAt, a.EndsAt, b.StartsAt, b.EndsAt) {
		return []Conflict{c("rentals_overlap", SeverityWarning, a, b, "Two cars are rented for the same time: "+a.Title+
			" and "+b.Title+".")}
	}
	return nil
}

// handovers are a rental's pick-up and drop-off moments.
func handoverClash(r, x Item, code, what string) []Conflict {
	var out []Conflict
	for _, h := range []struct {
		t    time.Time
		name string
		zone string
	}{{r.StartsAt, "pick-up", r.StartZone}, {r.EndsAt, "drop-off", r.EndZone}} {
		if overlaps(h.t.Add(-HandoverMargin), h.t.Add(HandoverMargin), x.StartsAt, x.EndsAt) {
			out = append(out, c(code, SeverityError, r, x, "The car "+h.name+" ("+at(h.t, h.zone)+") is during the "+what+
				" ("+at(x.StartsAt, x.StartZone)+")."))
		}
	}
	return out
}

func rentalTour(r, t Item) []Conflict { return handoverClash(r, t, "handover_during_tour", "tour") }

func rentalSession(r, s Item) []Conflict {
	return handoverClash(r, s, "handover_during_session", "session")
}

func tourTour(a, b Item) []Conflict {
	if overlaps(a.StartsAt, a.EndsAt, b.StartsAt, b.EndsAt) {
		return []Conflict{c("tours_overlap", SeverityError, a, b, "Two tours overlap: "+a.Title+" and "+b.Title+".")}
	}
	return nil
}

func tourSession(t, s Item) []Conflict {
	if overlaps(t.StartsAt, t.EndsAt, s.StartsAt, s.EndsAt) {
		return []Conflict{c("session_during_tour", SeverityError, t, s, "The session ("+at(s.StartsAt, s.StartZone)+
			") is during the tour "+t.Title+".")}
	}
	return nil
}

func sessionSession(a, b Item) []Conflict {
	if overlaps(a.StartsAt, a.EndsAt, b.StartsAt, b.EndsAt) {
		return []Conflict{c("sessions_overlap", SeverityError, a, b, "Two sessions overlap: "+a.Title+" and "+b.Title+".")}
	}
	return nil
}

func minutes(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	return strconv.Itoa(int(d/time.Minute)) + " minutes"
}
