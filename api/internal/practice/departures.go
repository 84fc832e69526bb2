package practice

import (
	"encoding/json"
	"fmt"
	"sort"

	"sojourn/api/internal/platform/apperr"
)

// Fixed departures (migration 0026): an offering may start only at its own
// times instead of stepping through the provider's weekly hours. Weekly
// holds the start times ("HH:MM", provider-local) per weekday name; Added
// adds a departure on a date, Cancelled removes one (a date's weekly time
// or an added one). A provider's blocked date (an override) blocks its
// departures too. An offering with no weekly time and no addition uses the
// provider's hours as before.

// Bounds of departures.
const (
	MaxDeparturesPerDay   = 12
	MaxDepartureOverrides = 200
	// MaxDepartureMinutes is the longest offering with fixed departures (14
	// days: multi-day tours); others stay within maxDuration.
	MaxDepartureMinutes = 14 * 24 * 60
	maxCutoffHours      = 168
	maxMinParticipants  = maxCapacity
)

// Pricing of an offering.
const (
	PricingPerGroup  = "per_group"  // the price is per booking, whatever its seats
	PricingPerPerson = "per_person" // the price is per seat
)

// DepartureDate is one dated departure: a local date and start time.
type DepartureDate struct {
	Date string `json:"date"`
	Time string `json:"time"`
}

// Departures is an offering's fixed departure schedule.
type Departures struct {
	Weekly    map[string][]string `json:"weekly"`
	Added     []DepartureDate     `json:"added"`
	Cancelled []DepartureDate     `json:"cancelled"`
}

// Fixed reports whether the schedule has any departure (else the
// provider's hours apply).
func (d *Departures) Fixed() bool {
	if d == nil {
		return false
	}
	for _, ts := range d.Weekly {
		if len(ts) > 0 {
			return true
		}
	}
	return len(d.Added) > 0
}

func decodeDepartures(s string) *Departures {
	if s == "" {
		return nil
	}
	d := &Departures{}
	if json.Unmarshal([]byte(s), d) != nil {
		return nil
	}
	d.normalise()
	return d
}

func (d *Departures) normalise() {
	if d.Weekly == nil {
		d.Weekly = map[string][]string{}
	}
	for _, n := range dayNames {
		if d.Weekly[n] == nil {
			d.Weekly[n] = []string{}
		}
	}
	if d.Added == nil {
		d.Added = []DepartureDate{}
	}
	if d.Cancelled == nil {
		d.Cancelled = []DepartureDate{}
	}
}

func encodeDepartures(d *Departures) string {
	if d == nil || (!d.Fixed() && len(d.Cancelled) == 0) {
		return ""
	}
	return encodeJSON(d)
}

// checkDepartures validates a departure schedule and sorts its times.
func checkDepartures(f apperr.Fields, d *Departures) {
	known := map[string]bool{}
	for _, n := range dayNames {
		known[n] = true
	}
	for day, ts := range d.Weekly {
		field := "departures.weekly." + day
		if !known[day] {
			f.Add("departures.weekly", "days must be weekday names such as monday")
			continue
		}
		if len(ts) > MaxDeparturesPerDay {
			f.Add(field, fmt.Sprintf("must have at most %d departures", MaxDeparturesPerDay))
			continue
		}
		seen := map[string]bool{}
		for _, t := range ts {
			m, ok := minutesOf(t)
			f.Check(ok && m < 24*60, field, "times must be HH:MM from 00:00 to 23:59")
			f.Check(!seen[t], field, "has a time twice")
			seen[t] = true
		}
		sort.Strings(ts)
	}
	if len(d.Added)+len(d.Cancelled) > MaxDepartureOverrides {
		f.Add("departures", fmt.Sprintf("must have at most %d added and cancelled dates in all", MaxDepartureOverrides))
		return
	}
	for name, list := range map[string][]DepartureDate{"departures.added": d.Added, "departures.cancelled": d.Cancelled} {
		for i, x := range list {
			_, okDay := parseDay(x.Date)
			f.Check(okDay, fmt.Sprintf("%s[%d].date", name, i), dayRangeMsg)
			m, ok := minutesOf(x.Time)
			f.Check(ok && m < 24*60, fmt.Sprintf("%s[%d].time", name, i), "must be HH:MM from 00:00 to 23:59")
		}
	}
	d.normalise()
}

// applySeats validates and writes the seat, pricing and departure fields;
// it runs after the others, so it sees the offering's resulting duration
// and capacity.
func (in *OfferingInput) applySeats(f apperr.Fields, o *offeringRow) {
	if in.Pricing != nil {
		f.Check(*in.Pricing == PricingPerGroup || *in.Pricing == PricingPerPerson, "pricing",
			"must be per_group or per_person")
		o.Pricing = *in.Pricing
	}
	if in.Departures != nil {
		d := *in.Departures
		checkDepartures(f, &d)
		o.Departures = encodeDepartures(&d)
	}
	intRange(f, "cutoff_hours", in.CutoffHours, 0, maxCutoffHours)
	intRange(f, "min_participants", in.MinParticipants, 0, maxMinParticipants)
	if in.CutoffHours != nil {
		o.CutoffHours = *in.CutoffHours
	}
	if in.MinParticipants != nil {
		o.MinParticipants = *in.MinParticipants
	}
	if in.Exclusive != nil {
		o.Exclusive = *in.Exclusive
	}
	if o.Pricing == "" {
		o.Pricing = PricingPerGroup
	}
	if !decodeDepartures(o.Departures).Fixed() && o.DurationMin > maxDuration {
		f.Add("duration_min", fmt.Sprintf("must be from %d to %d (longer offerings need fixed departures)",
			minDuration, maxDuration))
	}
	if o.MinParticipants > 1 {
		f.Check(o.MinParticipants <= o.Capacity, "min_participants", "must not be more than the capacity")
		f.Check(!o.Exclusive, "min_participants", "a private offering has no minimum group")
	}
}
