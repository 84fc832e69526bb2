package duffel

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Prices, availability and the sandbox's opaque ids. A search result, a
// rate and a quote carry what they stand for in their id (base64 of a
// dotted tuple), so searching stores nothing and answers the same for the
// same question; only bookings are stored.

// sbSearch is one property for one stay question.
type sbSearch struct {
	Acc           string
	In, Out       string // YYYY-MM-DD
	Rooms, Adults int
}

type sbRate struct {
	sbSearch
	Room       int    // index into the property's Rooms
	Board      string // room_only | breakfast | half_board
	Refundable bool
}

type sbQuote struct {
	sbRate
	Total int64 // minor units, as quoted
	At    int64 // unix seconds
}

func enc(prefix string, parts ...string) string {
	return prefix + base64.RawURLEncoding.EncodeToString([]byte(strings.Join(parts, ".")))
}

func dec(prefix, id string, n int) ([]string, bool) {
	if !strings.HasPrefix(id, prefix) || len(id) > 400 {
		return nil, false
	}
	b, err := base64.RawURLEncoding.DecodeString(id[len(prefix):])
	if err != nil {
		return nil, false
	}
	f := strings.Split(string(b), ".")
	return f, len(f) == n
}

func (s sbSearch) parts() []string {
	return []string{s.Acc, s.In, s.Out, strconv.Itoa(s.Rooms), strconv.Itoa(s.Adults)}
}
func (s sbSearch) id() string { return enc("srr_", s.parts()...) }
func (r sbRate) parts() []string {
	ref := "0"
	if r.Refundable {
		ref = "1"
	}
	return append(r.sbSearch.parts(), strconv.Itoa(r.Room), r.Board, ref)
}
func (r sbRate) id() string { return enc("rat_", r.parts()...) }
func (q sbQuote) id() string {
	return enc("quo_", append(q.sbRate.parts(), strconv.FormatInt(q.Total, 10), strconv.FormatInt(q.At, 10))...)
}

var errBadID = errors.New("unknown id")

func parseSearch(f []string) (sbSearch, error) {
	s := sbSearch{Acc: f[0], In: f[1], Out: f[2]}
	var err1, err2 error
	s.Rooms, err1 = strconv.Atoi(f[3])
	s.Adults, err2 = strconv.Atoi(f[4])
	if err1 != nil || err2 != nil || sbPropByID[s.Acc] == nil {
		return s, errBadID
	}
	return s, nil
}

func decodeSearch(id string) (sbSearch, error) {
	f, ok := dec("srr_", id, 5)
	if !ok {
		return sbSearch{}, errBadID
	}
	return parseSearch(f)
}

func parseRate(f []string) (sbRate, error) {
	s, err := parseSearch(f[:5])
	if err != nil {
		return sbRate{}, err
	}
	r := sbRate{sbSearch: s, Board: f[6], Refundable: f[7] == "1"}
	if r.Room, err = strconv.Atoi(f[5]); err != nil || r.Room < 0 || r.Room >= len(sbPropByID[s.Acc].Rooms) {
		return sbRate{}, errBadID
	}
	return r, nil
}

func decodeRate(id string) (sbRate, error) {
	f, ok := dec("rat_", id, 8)
	if !ok {
		return sbRate{}, errBadID
	}
	return parseRate(f)
}

func decodeQuote(id string) (sbQuote, error) {
	f, ok := dec("quo_", id, 10)
	if !ok {
		return sbQuote{}, errBadID
	}
	r, err := parseRate(f[:8])
	if err != nil {
		return sbQuote{}, err
	}
	q := sbQuote{sbRate: r}
	var e1, e2 error
	q.Total, e1 = strconv.ParseInt(f[8], 10, 64)
	q.At, e2 = strconv.ParseInt(f[9], 10, 64)
	if e1 != nil || e2 != nil {
		return sbQuote{}, errBadID
	}
	return q, nil
}

// unit is a stable number in [0, 1) for the key.
func unit(key string) float64 { return unitOf(key) }

// unitOf hashes its parts (FNV-1a, without allocating) into [0, 1).
func unitOf(parts ...string) float64 {
	h := uint64(14695981039346656037)
	for i, p := range parts {
		if i > 0 {
			h ^= '/'
			h *= 1099511628211
		}
		for j := 0; j < len(p); j++ {
			h ^= uint64(p[j])
			h *= 1099511628211
		}
	}
	return hash01(h)
}

var smallInts = func() []string {
	out := make([]string, 16)
	for i := range out {
		out[i] = strconv.Itoa(i)
	}
	return out
}()

func itoa(i int) string {
	if i >= 0 && i < len(smallInts) {
		return smallInts[i]
	}
	return strconv.Itoa(i)
}

var zones sync.Map // zone name -> *time.Location

func zone(name string) *time.Location {
	if l, ok := zones.Load(name); ok {
		return l.(*time.Location)
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		l = time.UTC
	}
	zones.Store(name, l)
	return l
}

func hash01(x uint64) float64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return float64(x>>11) / float64(1<<53)
}

func nights(in, out string) ([]time.Time, error) {
	a, err1 := time.Parse(time.DateOnly, in)
	b, err2 := time.Parse(time.DateOnly, out)
	if err1 != nil || err2 != nil || !b.After(a) {
		return nil, errors.New("bad dates")
	}
	var d []time.Time
	for t := a; t.Before(b); t = t.AddDate(0, 0, 1) {
		d = append(d, t)
	}
	return d, nil
}

func guestsPerRoom(s sbSearch) int { return (s.Adults + s.Rooms - 1) / s.Rooms }

// soldOut tells whether a room type has no room left on a night: about 6%
// of nights, 20% over Christmas and New Year.
func soldOut(p *sbProperty, room int, night time.Time) bool {
	share := 0.06
	if (night.Month() == 12 && night.Day() >= 22) || (night.Month() == 1 && night.Day() <= 2) {
		share = 0.2
	}
	return unitOf(p.ID, itoa(room), night.Format(time.DateOnly), "sold") < share
}

// available is how many rooms of a type are left for every night of a stay.
func available(p *sbProperty, room int, ns []time.Time) int {
	left := p.Rooms[room].Count
	for _, n := range ns {
		if soldOut(p, room, n) {
			return 0
		}
		u := unitOf(p.ID, itoa(room), n.Format(time.DateOnly), "left")
		k := max(1, p.Rooms[room].Count-int(u*u*float64(p.Rooms[room].Count))) // mostly several left, sometimes one
		left = min(left, k)
	}
	return left
}

// nightly is the room-only flexible price of one room for one night, before tax.
func nightly(p *sbProperty, room, guests int, night time.Time) float64 {
	v := float64(p.Base) * p.Rooms[room].Mult
	if wd := night.Weekday(); wd == time.Friday || wd == time.Saturday {
		v *= 1.18
	}
	switch {
	case (night.Month() == 12 && night.Day() >= 20) || (night.Month() == 1 && night.Day() <= 2):
		v *= 1.45
	case night.Month() == 12:
		v *= 1.25
	case night.Month() == 7 || night.Month() == 8:
		v *= 1.12
	}
	v *= 0.95 + 0.1*unitOf(p.ID, night.Format(time.DateOnly))
	switch {
	case guests == 1:
		v *= 0.9
	case guests > 2:
		v *= 1 + 0.15*float64(guests-2)
	}
	return v
}

const sbTaxRate = 0.075

// price is a rate's base and tax (minor units, whole naira hundreds).
func price(r sbRate) (base, tax int64, err error) {
	p := sbPropByID[r.Acc]
	ns, err := nights(r.In, r.Out)
	if err != nil {
		return 0, 0, err
	}
	g := guestsPerRoom(r.sbSearch)
	var sum float64
	for _, n := range ns {
		v := nightly(p, r.Room, g, n)
		switch r.Board {
		case "breakfast":
			v += float64(p.Base) * 0.07 * float64(g)
		case "half_board":
			v += float64(p.Base) * 0.18 * float64(g)
		}
		if !r.Refundable {
			v *= 0.88
		}
		sum += v
	}
	sum *= float64(r.Rooms)
	base = int64(math.Round(sum/10000)) * 10000
	tax = int64(math.Round(float64(base)*sbTaxRate/100)) * 100
	return base, tax, nil
}

// boards are the rates a room offers: room only non-refundable and
// flexible, breakfast flexible, half board at five-star properties.
func boards(p *sbProperty) []sbRate {
	out := []sbRate{{Board: "room_only"}, {Board: "room_only", Refundable: true}, {Board: "breakfast", Refundable: true}}
	if p.Stars == 5 {
		out = append(out, sbRate{Board: "half_board", Refundable: true})
	}
	return out
}

// timeline is a refundable rate's cancellation timeline: the whole amount
// back until FreeDays before check-in (noon, local time); at four-star
// properties with a week or more of notice, half back until the day before.
func timeline(p *sbProperty, checkIn string, total int64, refundable bool) []CancellationEntry {
	if !refundable {
		return []CancellationEntry{}
	}
	loc := zone(p.City.Zone)
	d, _ := time.Parse(time.DateOnly, checkIn)
	noon := time.Date(d.Year(), d.Month(), d.Day(), 12, 0, 0, 0, loc)
	out := []CancellationEntry{{RefundAmount: amountString(total), Currency: "NGN",
		Before: noon.AddDate(0, 0, -p.FreeDays).UTC()}}
	if p.Stars == 4 && p.FreeDays >= 3 {
		out = append(out, CancellationEntry{RefundAmount: amountString(total / 200 * 100), Currency: "NGN",
			Before: noon.AddDate(0, 0, -1).UTC()})
	}
	return out
}

// amountString writes minor units as Duffel's decimal string ("1850.00").
func amountString(minor int64) string {
	return fmt.Sprintf("%d.%02d", minor/100, minor%100)
}

// ParseAmount reads a Duffel decimal amount ("1850.5", "1850.00") into minor units.
func ParseAmount(s string) (int64, error) {
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 2 || whole == "" {
		return 0, fmt.Errorf("duffel: bad amount %q", s)
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err1 := strconv.ParseInt(whole, 10, 64)
	f, err2 := strconv.ParseInt(frac, 10, 64)
	if err1 != nil || err2 != nil || w < 0 || w > 1e13 {
		return 0, fmt.Errorf("duffel: bad amount %q", s)
	}
	return w*100 + f, nil
}
