package stays

import (
	"context"
	"fmt"
	"strings"
	"time"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/duffel"
)

// Property is one property's rooms and rates for the dates and party, with
// Sojourn's markup, each rate's board, refundability and cancellation
// steps (in the traveller's money). A property with no room left for the
// dates is 404 with that reason.
func (s *Service) Property(ctx context.Context, id, in, out string, rooms, adults int) (Property, error) {
	f := apperr.Fields{}
	f.Check(validID(id), "id", "is not a property id")
	nights := s.checkStay(f, in, out, rooms, adults)
	if err := f.Err(); err != nil {
		return Property{}, err
	}
	res, err := s.c.Supplier.StaysSearch(ctx, duffel.StaysSearchRequest{
		Accommodation: &struct {
			IDs []string `json:"ids"`
		}{IDs: []string{id}}, CheckInDate: in, CheckOutDate: out, Rooms: rooms, Guests: guests(adults)})
	if err != nil {
		return Property{}, supplierErr(err, errProperty)
	}
	if len(res.Results) == 0 {
		return Property{}, apperr.NotFound("A room at this property for these dates")
	}
	full, err := s.c.Supplier.StaysFetchAllRates(ctx, res.Results[0].ID)
	if err != nil {
		return Property{}, supplierErr(err, errProperty)
	}
	a := full.Accommodation
	total, _ := duffel.ParseAmount(res.Results[0].CheapestRateTotalAmount)
	c := City{}
	if cc, ok := cityByName(a.Location.Address.CityName); ok {
		c = cc
	} else {
		c.Lat, c.Lng = a.Location.GeographicCoordinates.Latitude, a.Location.GeographicCoordinates.Longitude
	}
	q := stay{lat: c.Lat, lng: c.Lng, nights: nights, in: in, out: out, rooms: rooms, adults: adults}
	p := Property{PropertyCard: s.card(a, total, res.Results[0].CheapestRateCurrency, q), Description: a.Description,
		Photos: []string{}, Phone: a.PhoneNumber, TimeZone: a.Location.TimeZone, CheckIn: in, CheckOut: out,
		Rooms: rooms, Adults: adults, RoomTypes: []Room{}, CheckInAt: "15:00", CheckOutAt: "11:00"}
	if a.CheckInInformation != nil {
		p.CheckInAt, p.CheckOutAt = a.CheckInInformation.CheckInAfterTime, a.CheckInInformation.CheckOutBeforeTime
	}
	for _, ph := range a.Photos {
		p.Photos = append(p.Photos, ph.URL)
	}
	for _, r := range a.Rooms {
		room := Room{Name: r.Name, Beds: beds(r.Beds), Rates: []Rate{}}
		if len(r.Photos) > 0 {
			room.Photo = r.Photos[0].URL
		}
		for _, rt := range r.Rates {
			rate, err := s.rate(rt, nights)
			if err != nil {
				continue
			}
			room.Rates = append(room.Rates, rate)
		}
		if len(room.Rates) > 0 {
			p.RoomTypes = append(p.RoomTypes, room)
		}
	}
	return p, nil
}

func (s *Service) rate(rt duffel.StaysRate, nights int) (Rate, error) {
	total, err := duffel.ParseAmount(rt.TotalAmount)
	if err != nil {
		return Rate{}, err
	}
	price := total + s.markup(total)
	r := Rate{ID: rt.ID, BoardType: rt.BoardType, Price: Money{price, rt.TotalCurrency},
		Nightly: Money{price / int64(max(1, nights)) / 100 * 100, rt.TotalCurrency}, RoomsLeft: rt.QuantityAvailable,
		Refundable: len(rt.CancellationTimeline) > 0, Conditions: []string{}}
	r.Cancellation = s.steps(rt.CancellationTimeline, total, price, rt.TotalCurrency)
	for _, st := range r.Cancellation {
		if st.Refund.Amount == price {
			t := st.Before
			r.FreeCancellationUntil = &t
		}
	}
	for _, c := range rt.Conditions {
		r.Conditions = append(r.Conditions, c.Title+": "+c.Description)
	}
	return r, nil
}

// steps turns the supplier's timeline into the traveller's: each refund
// with the same share of Sojourn's markup.
func (s *Service) steps(tl []duffel.CancellationEntry, supplierTotal, price int64, cur string) []CancelStep {
	out := []CancelStep{}
	for _, e := range tl {
		amt, err := duffel.ParseAmount(e.RefundAmount)
		if err != nil {
			continue
		}
		out = append(out, CancelStep{Refund: Money{amt + marginBack(amt, supplierTotal, price-supplierTotal), cur},
			Before: e.Before})
	}
	return out
}

// marginBack is the share of the markup that goes back with a refund of
// amount out of the supplier's total.
func marginBack(amount, supplierTotal, markup int64) int64 {
	if supplierTotal <= 0 || amount <= 0 {
		return 0
	}
	if amount >= supplierTotal {
		return markup
	}
	return markup * amount / supplierTotal
}

func beds(bs []duffel.Bed) string {
	var parts []string
	for _, b := range bs {
		kind := strings.ReplaceAll(b.Type, "_", " ")
		if b.Count == 1 {
			parts = append(parts, "1 "+kind+" bed")
		} else {
			parts = append(parts, fmt.Sprintf("%d %s beds", b.Count, kind))
		}
	}
	return strings.Join(parts, ", ")
}

// validID accepts the supplier's ids (letters, digits, _ and -).
func validID(id string) bool {
	if id == "" || len(id) > 400 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// localTime is the instant of a local clock time on a date in zone.
func localTime(date, hhmm, zone string) time.Time {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	t, err := time.ParseInLocation("2006-01-02 15:04", date+" "+hhmm, loc)
	if err != nil {
		d, _ := time.Parse(time.DateOnly, date)
		return d
	}
	return t.UTC()
}
