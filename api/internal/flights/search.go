package flights

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"time"

	"sojourn/api/internal/platform/airportdata"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/duffel"
)

// SliceInput is one journey asked for.
type SliceInput struct {
	From, To string
	Date     string // YYYY-MM-DD
}

// SearchInput is a flight search: one-way, round trip (two slices, the
// second back) or multi-city (up to MaxSlices).
type SearchInput struct {
	Slices   []SliceInput
	Adults   int
	Children int
	Infants  int
	Cabin    string
}

var cabins = map[string]bool{duffel.CabinEconomy: true, duffel.CabinPremiumEconomy: true,
	duffel.CabinBusiness: true, duffel.CabinFirst: true}

// validate checks the search: known airports, dates from today to
// MaxAdvance in order, 1-9 passengers with an adult and no more infants
// than adults.
func (s *Service) validate(in *SearchInput) error {
	f := apperr.Fields{}
	if len(in.Slices) == 0 || len(in.Slices) > MaxSlices {
		f.Add("slices", "give 1 to 4 journeys")
	}
	today := s.now().Truncate(24 * time.Hour)
	var prev time.Time
	for i := range in.Slices {
		sl := &in.Slices[i]
		sl.From, sl.To = strings.ToUpper(strings.TrimSpace(sl.From)), strings.ToUpper(strings.TrimSpace(sl.To))
		key := "slices[" + strconv.Itoa(i) + "]"
		if i == 0 && len(in.Slices) <= 2 {
			key = ""
		}
		field := func(name string) string {
			if key == "" {
				if i == 1 && name == "date" {
					return "return"
				}
				return map[string]string{"from": "from", "to": "to", "date": "depart"}[name]
			}
			return key + "." + name
		}
		if _, ok := airportdata.ByIATA(sl.From); !ok || len(sl.From) != 3 {
			f.Add(field("from"), "must be an airport's IATA code")
		}
		if _, ok := airportdata.ByIATA(sl.To); !ok || len(sl.To) != 3 {
			f.Add(field("to"), "must be an airport's IATA code")
		}
		if sl.From == sl.To && sl.From != "" {
			f.Add(field("to"), "must differ from the departure airport")
		}
		d, err := time.Parse("2006-01-02", sl.Date)
		switch {
		case err != nil:
			f.Add(field("date"), "must be a date YYYY-MM-DD")
		case d.Before(today) || d.After(today.Add(MaxAdvance)):
			f.Add(field("date"), "must be from today to 330 days ahead")
		case d.Before(prev):
			f.Add(field("date"), "must not be before the previous flight")
		default:
			prev = d
		}
	}
	n := in.Adults + in.Children + in.Infants
	f.Check(in.Adults >= 1 && in.Adults <= MaxPassengers, "adults", "must be 1 to 9")
	f.Check(in.Children >= 0 && in.Infants >= 0 && n <= MaxPassengers, "passengers", "at most 9 passengers")
	f.Check(in.Infants <= in.Adults, "infants", "at most one infant per adult")
	if in.Cabin == "" {
		in.Cabin = duffel.CabinEconomy
	}
	f.Check(cabins[in.Cabin], "cabin", "must be economy, premium_economy, business or first")
	return f.Err()
}

// Search asks the supplier for offers, cheapest first.
func (s *Service) Search(ctx context.Context, in SearchInput) (SearchResult, error) {
	if err := s.validate(&in); err != nil {
		return SearchResult{}, err
	}
	req := duffel.CreateOfferRequest{CabinClass: in.Cabin}
	for _, sl := range in.Slices {
		req.Slices = append(req.Slices, duffel.OfferRequestSlice{Origin: sl.From, Destination: sl.To, DepartureDate: sl.Date})
	}
	add := func(n int, typ string) {
		for i := 0; i < n; i++ {
			req.Passengers = append(req.Passengers, duffel.OfferRequestPassenger{Type: typ})
		}
	}
	add(in.Adults, duffel.PassengerAdult)
	add(in.Children, duffel.PassengerChild)
	add(in.Infants, duffel.PassengerInfant)
	r, err := s.c.Supplier.SearchOffers(ctx, req)
	if err != nil {
		return SearchResult{}, supplierErr(err)
	}
	out := SearchResult{RequestID: r.ID, Offers: make([]Offer, 0, len(r.Offers))}
	for _, o := range r.Offers {
		if v, err := s.offerOf(o); err == nil {
			out.Offers = append(out.Offers, v)
		}
	}
	sort.SliceStable(out.Offers, func(i, j int) bool { return out.Offers[i].Price.Amount < out.Offers[j].Price.Amount })
	return out, nil
}

// OfferDetail fetches an offer again (the re-price); shown is the price the
// traveller saw (0: unknown).
func (s *Service) OfferDetail(ctx context.Context, id string, shown int64) (OfferDetail, error) {
	if !validOfferID(id) {
		return OfferDetail{}, apperr.NotFound("Offer")
	}
	o, err := s.c.Supplier.GetOffer(ctx, id)
	if err != nil {
		return OfferDetail{}, supplierErr(err)
	}
	v, err := s.offerOf(o)
	if err != nil {
		return OfferDetail{}, err
	}
	d := OfferDetail{Offer: v}
	if shown > 0 && shown != v.Price.Amount {
		d.PreviousPrice = &Amount{Amount: shown, Currency: v.Price.Currency}
		d.PriceChanged = true
	}
	return d, nil
}

func validOfferID(id string) bool {
	if len(id) < 5 || len(id) > 80 || !strings.HasPrefix(id, "off_") {
		return false
	}
	for _, r := range id {
		if !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// offerOf maps a supplier offer to the traveller's, priced with the markup.
func (s *Service) offerOf(o duffel.Offer) (Offer, error) {
	cost, err := duffel.AmountMinor(o.TotalAmount)
	if err != nil {
		return Offer{}, err
	}
	price, _ := s.markup(cost)
	cur := strings.ToUpper(o.TotalCurrency)
	v := Offer{ID: o.ID, ExpiresAt: o.ExpiresAt.UTC(), Price: Amount{price, cur},
		Owner: Carrier{o.Owner.IATACode, o.Owner.Name}, Conditions: s.conditionsOf(o.Conditions, cur)}
	if v.Slices, err = slicesOf(o.Slices); err != nil {
		return Offer{}, err
	}
	for _, p := range o.Passengers {
		v.Passengers = append(v.Passengers, OfferPassenger{ID: p.ID, Type: p.Type})
	}
	if len(o.Slices) > 0 && len(o.Slices[0].Segments) > 0 && len(o.Slices[0].Segments[0].Passengers) > 0 {
		for _, b := range o.Slices[0].Segments[0].Passengers[0].Baggages {
			if b.Type == "carry_on" {
				v.Baggage.CarryOn = b.Quantity
			} else if b.Type == "checked" {
				v.Baggage.Checked = b.Quantity
			}
		}
	}
	for _, sv := range o.AvailableServices {
		if sv.Type != "baggage" {
			continue
		}
		c, err := duffel.AmountMinor(sv.TotalAmount)
		if err != nil {
			continue
		}
		p, _ := s.markup(c)
		b := &BagOffer{Price: Amount{p, strings.ToUpper(sv.TotalCurrency)}, MaxPerPassenger: min(sv.MaximumQuantity, MaxBagsPerPerson)}
		if sv.Metadata.MaximumWeightKg != nil {
			b.WeightKg = *sv.Metadata.MaximumWeightKg
		}
		v.Bag = b
		break
	}
	for _, sl := range v.Slices {
		v.DurationMinutes += sl.DurationMinutes
	}
	v.EmissionsKg, _ = strconv.Atoi(o.TotalEmissionsKg)
	return v, nil
}

func (s *Service) conditionsOf(c duffel.Conditions, cur string) Conditions {
	var out Conditions
	pen := func(c *duffel.Condition) *Amount {
		if c == nil || c.PenaltyAmount == "" {
			return nil
		}
		a, err := duffel.AmountMinor(c.PenaltyAmount)
		if err != nil {
			return nil
		}
		return &Amount{a, cur}
	}
	if c.RefundBeforeDeparture != nil {
		out.Refundable, out.RefundPenalty = c.RefundBeforeDeparture.Allowed, pen(c.RefundBeforeDeparture)
	}
	if c.ChangeBeforeDeparture != nil {
		out.Changeable, out.ChangePenalty = c.ChangeBeforeDeparture.Allowed, pen(c.ChangeBeforeDeparture)
	}
	return out
}

// slicesOf maps the supplier's slices, reading local times in each
// airport's zone.
func slicesOf(in []duffel.Slice) ([]Slice, error) {
	out := make([]Slice, 0, len(in))
	for _, sl := range in {
		if len(sl.Segments) == 0 {
			continue
		}
		v := Slice{Origin: placeOf(sl.Origin), Destination: placeOf(sl.Destination), FareBrand: sl.FareBrandName,
			Stops: len(sl.Segments) - 1}
		for _, sg := range sl.Segments {
			dep, err := duffel.LocalTime(sg.DepartingAt, sg.Origin.TimeZone)
			if err != nil {
				return nil, err
			}
			arr, err := duffel.LocalTime(sg.ArrivingAt, sg.Destination.TimeZone)
			if err != nil {
				return nil, err
			}
			seg := Segment{Origin: placeOf(sg.Origin), Destination: placeOf(sg.Destination), DepartsAt: dep.UTC(),
				ArrivesAt: arr.UTC(), DepartsLocal: sg.DepartingAt[:16], ArrivesLocal: sg.ArrivingAt[:16],
				DurationMinutes: int(arr.Sub(dep) / time.Minute),
				Carrier:         Carrier{sg.MarketingCarrier.IATACode, sg.MarketingCarrier.Name},
				FlightNumber:    sg.MarketingCarrier.IATACode + " " + sg.MarketingCarrierFlightNumber}
			if sg.Aircraft != nil {
				seg.Aircraft = sg.Aircraft.Name
			}
			if len(sg.Passengers) > 0 {
				seg.Cabin = sg.Passengers[0].CabinClassMarketingName
			}
			v.Segments = append(v.Segments, seg)
		}
		first, last := v.Segments[0], v.Segments[len(v.Segments)-1]
		v.DepartsAt, v.ArrivesAt, v.DepartsLocal, v.ArrivesLocal = first.DepartsAt, last.ArrivesAt, first.DepartsLocal, last.ArrivesLocal
		v.DurationMinutes = int(last.ArrivesAt.Sub(first.DepartsAt) / time.Minute)
		out = append(out, v)
	}
	return out, nil
}
