package duffel

import (
	"fmt"
	"hash/fnv"
	"math"
	"sort"
	"strconv"
	"time"
)

// The sandbox's schedule: deterministic by route, date, carrier and cabin,
// so one search asked twice shows the same flights and fares.

// Departure slots (local time at the origin), in minutes after midnight.
var sbSlots = []int{6*60 + 15, 7*60 + 40, 9*60 + 5, 10*60 + 30, 12*60 + 10, 13*60 + 45, 15*60 + 20,
	17*60 + 5, 18*60 + 50, 20*60 + 35, 22*60 + 10, 23*60 + 25}

func sbHash(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		_, _ = h.Write([]byte(p))
		_, _ = h.Write([]byte{0})
	}
	return h.Sum64()
}

// flightMinutes is the block time of a non-stop flight of km.
func flightMinutes(km float64) int {
	m := 35 + km/13.3
	return int(math.Round(m/5) * 5)
}

// sbLeg is one planned flight of an itinerary.
type sbLeg struct {
	from, to sbAirport
	dep      time.Time // in from's zone
	arr      time.Time // in to's zone
	carrier  sbCarrier
	number   string
	km       float64
	aircraft Aircraft
}

// sbItinerary is one way to fly a slice with one carrier.
type sbItinerary struct {
	legs []sbLeg
}

func (it sbItinerary) duration() time.Duration {
	return it.legs[len(it.legs)-1].arr.Sub(it.legs[0].dep)
}

// planLeg schedules the flight from a to b with c departing on or after
// notBefore (a connection) or at the slot chosen for the day.
func planLeg(c sbCarrier, a, b sbAirport, day time.Time, slot int, notBefore *time.Time) sbLeg {
	locA, _ := time.LoadLocation(a.Zone)
	locB, _ := time.LoadLocation(b.Zone)
	km := distanceKm(a, b)
	h := sbHash(c.Code, a.IATA, b.IATA)
	var dep time.Time
	if notBefore != nil {
		lay := 70 + int(h%7)*20 // 1h10 to 3h10 on the ground
		dep = notBefore.Add(time.Duration(lay) * time.Minute).In(locA)
		dep = dep.Truncate(5 * time.Minute)
	} else {
		dep = time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, locA).Add(time.Duration(slot) * time.Minute)
	}
	arr := dep.Add(time.Duration(flightMinutes(km)) * time.Minute).In(locB)
	num := 100 + int(sbHash(c.Code, a.IATA, b.IATA, strconv.Itoa(slot))%880)
	return sbLeg{from: a, to: b, dep: dep, arr: arr, carrier: c, number: strconv.Itoa(num), km: km,
		aircraft: sbAircraft(km, h)}
}

// itineraries lists the ways each carrier flies from a to b on day: its
// non-stop flights, else one connection through its hub when the detour is
// reasonable. At most two departures per carrier; sorted by departure.
func itineraries(a, b sbAirport, day time.Time) map[string][]sbItinerary {
	out := map[string][]sbItinerary{}
	direct := distanceKm(a, b)
	date := day.Format("2006-01-02")
	for _, c := range sbCarriers {
		h := sbHash(c.Code, a.IATA, b.IATA, date)
		n := 1 + int(h%2)
		if c.servesDirect(a, b) {
			for i := 0; i < n; i++ {
				slot := sbSlots[(int(h>>8)+i*5)%len(sbSlots)]
				out[c.Code] = append(out[c.Code], sbItinerary{legs: []sbLeg{planLeg(c, a, b, day, slot, nil)}})
			}
			continue
		}
		hub, ok := sandboxAirport(c.Hub)
		if !ok || hub.IATA == a.IATA || hub.IATA == b.IATA {
			continue
		}
		if !c.servesDirect(a, hub) || !c.servesDirect(hub, b) {
			continue
		}
		if (distanceKm(a, hub)+distanceKm(hub, b))/direct > 1.45 {
			continue
		}
		for i := 0; i < n; i++ {
			slot := sbSlots[(int(h>>8)+i*6)%len(sbSlots)]
			first := planLeg(c, a, hub, day, slot, nil)
			second := planLeg(c, hub, b, day, slot, &first.arr)
			out[c.Code] = append(out[c.Code], sbItinerary{legs: []sbLeg{first, second}})
		}
	}
	for _, its := range out {
		sort.Slice(its, func(i, j int) bool { return its[i].legs[0].dep.Before(its[j].legs[0].dep) })
	}
	return out
}

var cabinFactor = map[string]float64{CabinEconomy: 1, CabinPremiumEconomy: 1.7, CabinBusiness: 3.4, CabinFirst: 5.5}

var cabinName = map[string]string{CabinEconomy: "Economy", CabinPremiumEconomy: "Premium Economy",
	CabinBusiness: "Business", CabinFirst: "First"}

// adultFare is one adult's fare for an itinerary in NGN (major units,
// whole hundreds): a base by distance, the carrier's level, a connection
// premium, the cabin, and dearer close to departure.
func adultFare(it sbItinerary, c sbCarrier, cabin string, daysAhead int) int64 {
	km := 0.0
	for _, l := range it.legs {
		km += l.km
	}
	f := (90000 + 160*km) * c.Factor * cabinFactor[cabin]
	if len(it.legs) > 1 {
		f *= 0.9 // connections sell for less than non-stops
	}
	if daysAhead < 7 {
		f *= 1.25
	} else if daysAhead > 60 {
		f *= 0.9
	}
	return int64(math.Round(f/100) * 100)
}

func paxFactor(typ string) float64 {
	switch typ {
	case PassengerChild:
		return 0.75
	case PassengerInfant:
		return 0.1
	}
	return 1
}

// sbSegmentID names a segment of an offer.
func sbSegmentID(offerID string, s, l int) string {
	return fmt.Sprintf("seg_%s_%d_%d", offerID[4:], s, l)
}

// buildSlice turns an itinerary into Duffel's slice for the offer's
// passengers.
func buildSlice(offerID string, si int, it sbItinerary, cabin string, pax []OfferPassenger) Slice {
	first, last := it.legs[0], it.legs[len(it.legs)-1]
	sl := Slice{ID: fmt.Sprintf("sli_%s_%d", offerID[4:], si), Origin: first.from.place(), Destination: last.to.place(),
		Duration: FormatDuration(it.duration()), FareBrandName: cabinName[cabin], Changeable: true}
	for li, l := range it.legs {
		seg := Segment{ID: sbSegmentID(offerID, si, li), Origin: l.from.place(), Destination: l.to.place(),
			DepartingAt: l.dep.Format("2006-01-02T15:04:05"), ArrivingAt: l.arr.Format("2006-01-02T15:04:05"),
			Duration: FormatDuration(l.arr.Sub(l.dep)), MarketingCarrier: Airline{IATACode: l.carrier.Code, Name: l.carrier.Name},
			MarketingCarrierFlightNumber: l.number, OperatingCarrier: Airline{IATACode: l.carrier.Code, Name: l.carrier.Name},
			OperatingCarrierFlightNumber: l.number, Distance: strconv.Itoa(int(l.km)), Stops: []Stop{}}
		ac := l.aircraft
		seg.Aircraft = &ac
		for _, p := range pax {
			bags := []Baggage{{Type: "carry_on", Quantity: 1}}
			if cabin != CabinEconomy {
				bags = append(bags, Baggage{Type: "checked", Quantity: 2})
			} else if l.km > 2500 {
				bags = append(bags, Baggage{Type: "checked", Quantity: 1})
			}
			if p.Type == PassengerInfant {
				bags = []Baggage{}
			}
			seg.Passengers = append(seg.Passengers, SegmentPassenger{PassengerID: p.ID, CabinClass: cabin,
				CabinClassMarketingName: cabinName[cabin], FareBasisCode: fmt.Sprintf("%s%02dNG", string(cabinName[cabin][0]), int(l.km/200)%100), Baggages: bags})
		}
		sl.Segments = append(sl.Segments, seg)
	}
	return sl
}
