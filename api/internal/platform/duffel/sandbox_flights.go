package duffel

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"sort"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"
)

// The sandbox's Flights API: offer requests, offers (re-priced when fetched
// again), instant orders paid from the balance, order cancellations, and a
// sandbox-only action that simulates an airline's schedule change.
//
// Its rules, deterministic by the schedule (route, date, carrier):
//   - offers expire OfferTTL after the search (by the sandbox's clock);
//     an expired offer still reads but cannot be ordered;
//   - about one offer in six costs more when fetched again (GET
//     /air/offers/{id}): the re-price, 3 to 8 percent, once;
//   - about one offer in nine is sold out when ordered
//     (offer_no_longer_available);
//   - an order must pay the offer's current total plus its services
//     (price_changed otherwise); one order per offer;
//   - a cancellation refunds the total minus the fare's refund penalty
//     (nothing when the fare is not refundable) and its quote lasts
//     CancellationTTL.

// OfferTTL is how long a sandbox offer may be ordered; CancellationTTL how
// long a cancellation quote may be confirmed.
const (
	OfferTTL        = 30 * time.Minute
	CancellationTTL = 15 * time.Minute
	bagPrice        = 1500000 // a checked bag per passenger per slice, minor units (NGN 15,000)
	maxSlices       = 4
	maxPassengers   = 9
)

func (s *Sandbox) registerFlights(r fiber.Router) {
	r.Post("/air/offer_requests", s.createOfferRequest)
	r.Get("/air/offers/:id", s.getOffer)
	r.Post("/air/orders", s.createOrder)
	r.Get("/air/orders/:id", s.getOrder)
	r.Post("/air/orders/:id/actions/simulate_schedule_change", s.simulateScheduleChange)
	r.Post("/air/order_cancellations", s.createCancellation)
	r.Post("/air/order_cancellations/:id/actions/confirm", s.confirmCancellation)
}

var sbEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// sbID makes a Duffel-shaped id (off_0000AbC...).
func sbID(prefix string) string {
	b := make([]byte, 15)
	_, _ = rand.Read(b)
	return prefix + "_0000" + sbEncoding.EncodeToString(b)
}

// sbBookingReference makes a six-character airline record locator.
func sbBookingReference() string {
	const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = letters[int(b[i])%len(letters)]
	}
	return string(b)
}

func invalid(c fiber.Ctx, msg string) error {
	return writeError(c, fiber.StatusUnprocessableEntity, "validation_error", "validation_required", "Invalid data", msg)
}

func notFound(c fiber.Ctx, what string) error {
	return writeError(c, fiber.StatusNotFound, "invalid_request_error", CodeNotFound, "Not found",
		"The "+what+" was not found")
}

// readData decodes Duffel's {"data": ...} body.
func readData(c fiber.Ctx, into any) error {
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(c.Body(), &env); err != nil || len(env.Data) == 0 {
		return invalid(c, "The body must be JSON with a data object")
	}
	if err := json.Unmarshal(env.Data, into); err != nil {
		return invalid(c, "The data object does not have the expected shape: "+err.Error())
	}
	return nil
}

func (s *Sandbox) sbNow() time.Time { return s.now().Truncate(time.Second) }

// createOfferRequest answers a search with offers built from the schedule.
func (s *Sandbox) createOfferRequest(c fiber.Ctx) error {
	var in CreateOfferRequest
	if err := readData(c, &in); err != nil {
		return err
	}
	if len(in.Slices) == 0 || len(in.Slices) > maxSlices {
		return invalid(c, "slices must have 1 to 4 entries")
	}
	if len(in.Passengers) == 0 || len(in.Passengers) > maxPassengers {
		return invalid(c, "passengers must have 1 to 9 entries")
	}
	if in.CabinClass == "" {
		in.CabinClass = CabinEconomy
	}
	if _, ok := cabinFactor[in.CabinClass]; !ok {
		return invalid(c, "cabin_class must be economy, premium_economy, business or first")
	}
	now := s.sbNow()
	today := now.Truncate(24 * time.Hour)
	type leg struct {
		from, to sbAirport
		day      time.Time
	}
	legs := make([]leg, len(in.Slices))
	for i, sl := range in.Slices {
		from, ok1 := sandboxAirport(sl.Origin)
		to, ok2 := sandboxAirport(sl.Destination)
		if !ok1 || !ok2 {
			return invalid(c, "The sandbox does not fly "+sl.Origin+" to "+sl.Destination)
		}
		if from.IATA == to.IATA {
			return invalid(c, "A slice's origin and destination must differ")
		}
		day, err := time.Parse("2006-01-02", sl.DepartureDate)
		if err != nil || day.Before(today) || day.After(today.AddDate(1, 0, 0)) {
			return invalid(c, "departure_date must be a date from today to a year ahead")
		}
		if i > 0 && day.Before(legs[i-1].day) {
			return invalid(c, "slices must be in date order")
		}
		legs[i] = leg{from, to, day}
	}
	adults, infants := 0, 0
	pax := make([]OfferPassenger, len(in.Passengers))
	for i, p := range in.Passengers {
		typ := p.Type
		if typ == "" && p.Age != nil {
			switch a := *p.Age; {
			case a < 2:
				typ = PassengerInfant
			case a < 12:
				typ = PassengerChild
			default:
				typ = PassengerAdult
			}
		}
		switch typ {
		case PassengerAdult:
			adults++
		case PassengerInfant:
			infants++
		case PassengerChild:
		default:
			return invalid(c, "passenger type must be adult, child or infant_without_seat")
		}
		pax[i] = OfferPassenger{ID: sbID("pas"), Type: typ, Age: p.Age}
	}
	if adults == 0 || infants > adults {
		return invalid(c, "There must be at least one adult and no more infants than adults")
	}
	req := OfferRequest{ID: sbID("orq"), Slices: in.Slices, CabinClass: in.CabinClass, CreatedAt: now,
		Offers: []Offer{}}
	for _, p := range pax {
		req.Passengers = append(req.Passengers, OfferRequestPassenger{ID: p.ID, Type: p.Type, Age: p.Age})
	}
	per := make([]map[string][]sbItinerary, len(legs))
	for i, l := range legs {
		per[i] = itineraries(l.from, l.to, l.day)
	}
	daysAhead := int(legs[0].day.Sub(today).Hours() / 24)
	var rows []sbOfferRow
	// interline: when too few carriers fly every slice, each slice's k-th
	// earliest option by any carrier, sold by the first slice's carrier
	mixed := func(k int) ([]sbItinerary, bool) {
		its := make([]sbItinerary, len(legs))
		for i := range legs {
			var all []sbItinerary
			for _, c := range sbCarriers {
				all = append(all, per[i][c.Code]...)
			}
			if len(all) == 0 {
				return nil, false
			}
			sort.SliceStable(all, func(a, b int) bool { return all[a].legs[0].dep.Before(all[b].legs[0].dep) })
			if i > 0 {
				// leave at least two hours after the previous slice lands
				prevArr := its[i-1].legs[len(its[i-1].legs)-1].arr
				kept := all[:0:0]
				for _, it := range all {
					if it.legs[0].dep.After(prevArr.Add(2 * time.Hour)) {
						kept = append(kept, it)
					}
				}
				all = kept
			}
			if len(all) == 0 {
				return nil, false
			}
			its[i] = all[(k*3)%len(all)]
		}
		return its, true
	}
	for _, carrier := range sbCarriers {
		n := 2
		for i := range legs {
			if len(per[i][carrier.Code]) < n {
				n = len(per[i][carrier.Code])
			}
		}
		for k := 0; k < n; k++ {
			its := make([]sbItinerary, len(legs))
			for i := range legs {
				its[i] = per[i][carrier.Code][k]
			}
			o, row := s.buildOffer(req.ID, carrier, its, in.CabinClass, pax, daysAhead, now)
			req.Offers = append(req.Offers, o)
			rows = append(rows, row)
		}
	}
	if len(legs) > 1 && len(rows) < 3 {
		for k := 0; k < 3; k++ {
			its, ok := mixed(k)
			if !ok {
				break
			}
			carrier := its[0].legs[0].carrier
			o, row := s.buildOffer(req.ID, carrier, its, in.CabinClass, pax, daysAhead, now)
			req.Offers = append(req.Offers, o)
			rows = append(rows, row)
		}
	}
	if err := s.saveOffers(c.Context(), rows); err != nil {
		return err
	}
	for i := range req.Offers {
		req.Offers[i].AvailableServices = nil // services come with GET /air/offers/{id}
	}
	return writeData(c, fiber.StatusCreated, req)
}

// buildOffer prices one carrier's itineraries for the passengers.
func (s *Sandbox) buildOffer(reqID string, carrier sbCarrier, its []sbItinerary, cabin string, pax []OfferPassenger,
	daysAhead int, now time.Time) (Offer, sbOfferRow) {
	id := sbID("off")
	var total int64
	keys := []string{carrier.Code, cabin}
	for _, it := range its {
		fare := adultFare(it, it.legs[0].carrier, cabin, daysAhead)
		for _, p := range pax {
			total += int64(float64(fare)*paxFactor(p.Type)) / 100 * 100 * 100 // whole hundreds of naira, in kobo
		}
		for _, l := range it.legs {
			keys = append(keys, l.number, l.dep.Format("2006-01-02"))
		}
	}
	h := sbHash(keys...)
	tax := total * 22 / 100 / 100 * 100
	o := Offer{ID: id, ExpiresAt: now.Add(OfferTTL), CreatedAt: now, UpdatedAt: now, TotalAmount: FormatAmount(total),
		TotalCurrency: "NGN", BaseAmount: FormatAmount(total - tax), TaxAmount: FormatAmount(tax),
		Owner: Airline{IATACode: carrier.Code, Name: carrier.Name}, Passengers: pax,
		PaymentRequirements: PaymentRequirements{RequiresInstantPayment: true}}
	for i, it := range its {
		o.Slices = append(o.Slices, buildSlice(id, i, it, cabin, pax))
	}
	refundable := cabin != CabinEconomy || h%3 != 0
	penalty := total * 20 / 100 / 100 * 100
	if cabin == CabinBusiness || cabin == CabinFirst {
		penalty = 0
	}
	o.Conditions.RefundBeforeDeparture = &Condition{Allowed: refundable}
	o.Conditions.ChangeBeforeDeparture = &Condition{Allowed: true, PenaltyAmount: FormatAmount(total * 10 / 100 / 100 * 100),
		PenaltyCurrency: "NGN"}
	if refundable {
		o.Conditions.RefundBeforeDeparture.PenaltyAmount = FormatAmount(penalty)
		o.Conditions.RefundBeforeDeparture.PenaltyCurrency = "NGN"
	}
	var paying []string
	for _, p := range pax {
		if p.Type != PassengerInfant {
			paying = append(paying, p.ID)
		}
	}
	var segs []string
	for _, sl := range o.Slices {
		for _, sg := range sl.Segments {
			segs = append(segs, sg.ID)
		}
	}
	kg := 23
	for i, pid := range paying {
		o.AvailableServices = append(o.AvailableServices, AvailableService{ID: "ase_" + id[4:] + "_" + itoa(i),
			Type: "baggage", TotalAmount: FormatAmount(bagPrice * int64(len(o.Slices))), TotalCurrency: "NGN",
			MaximumQuantity: 2, PassengerIDs: []string{pid}, SegmentIDs: segs,
			Metadata: ServiceMetadata{Type: "checked", MaximumWeightKg: &kg}})
	}
	km := 0.0
	for _, it := range its {
		for _, l := range it.legs {
			km += l.km
		}
	}
	o.TotalEmissionsKg = itoa(int(km * 0.09 * float64(len(paying))))
	row := sbOfferRow{ID: id, RequestID: reqID, TotalAmount: total, Currency: "NGN", SoldOut: h%9 == 4,
		ExpiresAt: o.ExpiresAt, CreatedAt: now}
	if h%6 == 1 {
		row.RepriceBPS = 300 + int(h>>16%6)*100
	}
	b, _ := json.Marshal(o)
	row.Body = string(b)
	return o, row
}

// getOffer answers an offer again: the re-price. An offer whose schedule
// says so costs reprice_bps more from its first re-fetch on.
func (s *Sandbox) getOffer(c fiber.Ctx) error {
	row, err := s.offer(c.Context(), c.Params("id"))
	if err != nil {
		return notFound(c, "offer")
	}
	if row.RepriceBPS != 0 && !row.Repriced {
		if row, err = s.reprice(c.Context(), row); err != nil {
			return err
		}
	}
	var o Offer
	if err := json.Unmarshal([]byte(row.Body), &o); err != nil {
		return err
	}
	if !strings.EqualFold(c.Query("return_available_services"), "true") {
		o.AvailableServices = nil
	}
	return writeData(c, fiber.StatusOK, o)
}
