package duffel

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"
)

// The sandbox's Stays API (paths and shapes as Duffel's): search,
// fetch_all_rates, quotes (some re-price, a few find the room gone),
// bookings (stored in duffel_sandbox_stay_bookings, idempotent by the
// Idempotency-Key header) and cancellation by the rate's timeline.
//
// Test switches on a booking's first guest: family name "Unavailable"
// fails it for good (422 rate_unavailable); given name "Flaky" answers 503
// to the first attempt of each Idempotency-Key.

const (
	sbResultTTL = 30 * time.Minute // search results and quotes
	sbMaxNights = 30
	sbMaxRadius = 100.0
)

func (s *Sandbox) registerStays(r fiber.Router) {
	r.Post("/stays/search", s.staysSearch)
	r.Post("/stays/search_results/:id/actions/fetch_all_rates", s.staysFetchAllRates)
	r.Post("/stays/quotes", s.staysQuote)
	r.Post("/stays/bookings", s.staysBook)
	r.Get("/stays/bookings/:id", s.staysGetBooking)
	r.Post("/stays/bookings/:id/actions/cancel", s.staysCancel)
}

// registerStaysPublic mounts what browsers load without the token: the
// properties' photos (Duffel serves its photos from a public CDN).
func (s *Sandbox) registerStaysPublic(r fiber.Router) {
	r.Get("/stays/photos/:acc/:n", s.staysPhoto)
}

func decodeData(c fiber.Ctx, v any) error {
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(c.Body(), &env); err != nil || len(env.Data) == 0 {
		return writeError(c, http.StatusBadRequest, "validation_error", "malformed_request", "Malformed request",
			"The body must be JSON: {\"data\": {...}}.")
	}
	if err := json.Unmarshal(env.Data, v); err != nil {
		return writeError(c, http.StatusBadRequest, "validation_error", "malformed_request", "Malformed request",
			err.Error())
	}
	return nil
}

func invalidStay(c fiber.Ctx, msg string) error {
	return writeError(c, http.StatusUnprocessableEntity, "validation_error", "invalid_request", "Invalid request", msg)
}

func notFoundStay(c fiber.Ctx, what string) error {
	return writeError(c, http.StatusNotFound, "invalid_request_error", "not_found", "Not found",
		"The "+what+" was not found.")
}

// checkStay validates the dates, rooms and adults of a question.
func (s *Sandbox) checkStay(in, out string, rooms, adults int) string {
	ns, err := nights(in, out)
	switch {
	case err != nil:
		return "check_in_date and check_out_date must be dates (YYYY-MM-DD), check-out after check-in."
	case len(ns) > sbMaxNights:
		return fmt.Sprintf("A stay is at most %d nights.", sbMaxNights)
	case ns[0].Before(s.now().Truncate(24*time.Hour).AddDate(0, 0, -1)):
		return "check_in_date must not be in the past."
	case rooms < 1 || rooms > 9:
		return "rooms must be 1 to 9."
	case adults < rooms || adults > rooms*4:
		return "guests must number at least one and at most four per room."
	}
	return ""
}

func (s *Sandbox) staysSearch(c fiber.Ctx) error {
	var in StaysSearchRequest
	if err := decodeData(c, &in); err != nil {
		return err
	}
	adults := 0
	for _, g := range in.Guests {
		if g.Type == "adult" || g.Type == "child" {
			adults++
		}
	}
	if msg := s.checkStay(in.CheckInDate, in.CheckOutDate, in.Rooms, adults); msg != "" {
		return invalidStay(c, msg)
	}
	var props []*sbProperty
	switch {
	case in.Location != nil:
		l := in.Location
		if l.Radius <= 0 || l.Radius > sbMaxRadius || math.Abs(l.GeographicCoordinates.Latitude) > 90 ||
			math.Abs(l.GeographicCoordinates.Longitude) > 180 {
			return invalidStay(c, "location needs a radius of up to 100 km and valid geographic_coordinates.")
		}
		type near struct {
			p *sbProperty
			d float64
		}
		var ns []near
		for _, p := range sbProps {
			if d := distanceKM(l.GeographicCoordinates.Latitude, l.GeographicCoordinates.Longitude, p.Lat, p.Lng); d <= l.Radius {
				ns = append(ns, near{p, d})
			}
		}
		sort.SliceStable(ns, func(i, j int) bool { return ns[i].d < ns[j].d })
		for _, n := range ns {
			props = append(props, n.p)
		}
	case in.Accommodation != nil && len(in.Accommodation.IDs) > 0 && len(in.Accommodation.IDs) <= 200:
		for _, id := range in.Accommodation.IDs {
			if p := sbPropByID[id]; p != nil {
				props = append(props, p)
			}
		}
	default:
		return invalidStay(c, "Search by location or by accommodation ids.")
	}
	now := s.now()
	out := StaysSearchResponse{CreatedAt: now, Results: []StaysSearchResult{}}
	for _, p := range props {
		q := sbSearch{Acc: p.ID, In: in.CheckInDate, Out: in.CheckOutDate, Rooms: in.Rooms, Adults: adults}
		cheapest, ok := cheapestRate(p, q)
		if !ok {
			continue
		}
		out.Results = append(out.Results, StaysSearchResult{ID: q.id(), CheckInDate: q.In, CheckOutDate: q.Out,
			Rooms: q.Rooms, Guests: in.Guests, ExpiresAt: now.Add(sbResultTTL),
			CheapestRateTotalAmount: amountString(cheapest), CheapestRateCurrency: "NGN",
			Accommodation: accommodation(p, nil)})
	}
	return writeData(c, http.StatusOK, out)
}

// cheapestRate is the lowest total of a stay at p: the non-refundable
// room-only rate of the cheapest room type with rooms left (what
// fetch_all_rates would list first).
func cheapestRate(p *sbProperty, q sbSearch) (int64, bool) {
	ns, err := nights(q.In, q.Out)
	if err != nil {
		return 0, false
	}
	g := guestsPerRoom(q)
	best, found := int64(0), false
	for i, rm := range p.Rooms {
		if rm.Max < g || available(p, i, ns) < q.Rooms {
			continue
		}
		base, tax, err := price(sbRate{sbSearch: q, Room: i, Board: "room_only"})
		if err == nil && (!found || base+tax < best) {
			best, found = base+tax, true
		}
	}
	return best, found
}

func mustAmount(s string) int64 { v, _ := ParseAmount(s); return v }

// roomsFor lists the room types with rooms left for the stay, and their rates.
func roomsFor(p *sbProperty, q sbSearch, now time.Time) []AccommodationRoom {
	ns, err := nights(q.In, q.Out)
	if err != nil {
		return nil
	}
	g := guestsPerRoom(q)
	var out []AccommodationRoom
	for i, rm := range p.Rooms {
		left := available(p, i, ns)
		if rm.Max < g || left < q.Rooms {
			continue
		}
		room := AccommodationRoom{Name: rm.Name, Beds: rm.Beds, Photos: []Photo{}}
		for _, b := range boards(p) {
			r := b
			r.sbSearch, r.Room = q, i
			base, tax, err := price(r)
			if err != nil {
				continue
			}
			room.Rates = append(room.Rates, rateView(p, r, base, tax, left, now))
		}
		out = append(out, room)
	}
	return out
}

func rateView(p *sbProperty, r sbRate, base, tax int64, left int, now time.Time) StaysRate {
	total := base + tax
	conds := []RateCondition{{Title: "Payment", Description: "Paid in full at booking; nothing is due at the property."}}
	if r.Refundable {
		conds = append(conds, RateCondition{Title: "Cancellation", Description: fmt.Sprintf(
			"Free cancellation until %d day(s) before check-in (noon, local time).", p.FreeDays)})
	} else {
		conds = append(conds, RateCondition{Title: "Cancellation",
			Description: "Non-refundable: nothing is refunded if the booking is cancelled."})
	}
	return StaysRate{ID: r.id(), TotalAmount: amountString(total), TotalCurrency: "NGN",
		BaseAmount: amountString(base), TaxAmount: amountString(tax), FeeAmount: "0.00", BoardType: r.Board,
		PaymentType: "pay_now", QuantityAvailable: left, Conditions: conds, ExpiresAt: now.Add(sbResultTTL),
		CancellationTimeline: timeline(p, r.In, total, r.Refundable)}
}

// accommodation is a property as Duffel shows it. Its photos are
// root-relative (/_sandbox/duffel/stays/photos/...): the browser loads them
// from the server it is on, as the portals' img-src 'self' allows (Duffel's
// own photos are absolute CDN URLs).
func accommodation(p *sbProperty, rooms []AccommodationRoom) Accommodation {
	stars, score := p.Stars, p.Review
	photos := make([]Photo, sbPhotos)
	for i := range photos {
		photos[i] = Photo{URL: fmt.Sprintf("%s/stays/photos/%s/%d.jpg", SandboxMount, p.ID, i)}
	}
	if rooms == nil {
		rooms = []AccommodationRoom{}
	}
	for i := range rooms {
		rooms[i].Photos = []Photo{{URL: fmt.Sprintf("%s/stays/photos/%s/%d.jpg", SandboxMount, p.ID,
			sbPhotos+roomIndex(p, rooms[i].Name))}}
	}
	return Accommodation{ID: p.ID, Name: p.Name, Description: p.Description, Rating: &stars, ReviewScore: &score,
		ReviewCount: p.Reviews, Photos: photos, Amenities: p.Amenities, PhoneNumber: p.Phone, Email: p.Email,
		Location: AccommodationLocation{Address: Address{LineOne: p.Street, CityName: p.City.Name,
			PostalCode: p.City.Postal, Region: p.City.Region, CountryCode: p.City.Country},
			GeographicCoordinates: Coordinates{Latitude: p.Lat, Longitude: p.Lng}, TimeZone: p.City.Zone},
		CheckInInformation: &CheckInInformation{CheckInAfterTime: "15:00", CheckOutBeforeTime: "11:00"},
		Rooms:              rooms}
}

func roomIndex(p *sbProperty, name string) int {
	for i, r := range p.Rooms {
		if r.Name == name {
			return i
		}
	}
	return 0
}

func (s *Sandbox) staysFetchAllRates(c fiber.Ctx) error {
	q, err := decodeSearch(c.Params("id"))
	if err != nil {
		return notFoundStay(c, "search result")
	}
	if msg := s.checkStay(q.In, q.Out, q.Rooms, q.Adults); msg != "" {
		return invalidStay(c, msg)
	}
	now := s.now()
	p := sbPropByID[q.Acc]
	rooms := roomsFor(p, q, now)
	cheapest := ""
	for _, r := range rooms {
		for _, rt := range r.Rates {
			if cheapest == "" || mustAmount(rt.TotalAmount) < mustAmount(cheapest) {
				cheapest = rt.TotalAmount
			}
		}
	}
	guests := make([]StaysGuest, q.Adults)
	for i := range guests {
		guests[i] = StaysGuest{Type: "adult"}
	}
	return writeData(c, http.StatusOK, StaysSearchResult{ID: q.id(), CheckInDate: q.In, CheckOutDate: q.Out,
		Rooms: q.Rooms, Guests: guests, ExpiresAt: now.Add(sbResultTTL), CheapestRateTotalAmount: cheapest,
		CheapestRateCurrency: "NGN", Accommodation: accommodation(p, rooms)})
}

func (s *Sandbox) staysQuote(c fiber.Ctx) error {
	var in struct {
		RateID string `json:"rate_id"`
	}
	if err := decodeData(c, &in); err != nil {
		return err
	}
	r, err := decodeRate(in.RateID)
	if err != nil {
		return notFoundStay(c, "rate")
	}
	if msg := s.checkStay(r.In, r.Out, r.Rooms, r.Adults); msg != "" {
		return invalidStay(c, msg)
	}
	p := sbPropByID[r.Acc]
	ns, _ := nights(r.In, r.Out)
	left := available(p, r.Room, ns)
	// About one quote in forty finds the room just taken (by the hour of the
	// sandbox's clock, so the same rate can be quoted again later).
	if left < r.Rooms || unitOf(in.RateID, "gone", s.now().Format("2006010215")) < 0.025 {
		return writeError(c, http.StatusUnprocessableEntity, "invalid_request_error", "rate_unavailable",
			"Rate unavailable", "This room is no longer available for these dates.")
	}
	base, tax, err := price(r)
	if err != nil {
		return invalidStay(c, err.Error())
	}
	// About one quote in seven finds the price moved up by 3 to 8 per cent.
	if u := unit(in.RateID + "/reprice"); u < 0.15 {
		base = int64(math.Round(float64(base)*(1.03+u/3)/10000)) * 10000
		tax = int64(math.Round(float64(base)*sbTaxRate/100)) * 100
	}
	now := s.now()
	q := sbQuote{sbRate: r, Total: base + tax, At: now.Unix()}
	rate := rateView(p, r, base, tax, left, now)
	rate.ID = r.id()
	room := AccommodationRoom{Name: p.Rooms[r.Room].Name, Beds: p.Rooms[r.Room].Beds, Rates: []StaysRate{rate}}
	guests := make([]StaysGuest, r.Adults)
	for i := range guests {
		guests[i] = StaysGuest{Type: "adult"}
	}
	return writeData(c, http.StatusCreated, StaysQuote{ID: q.id(), TotalAmount: amountString(q.Total),
		TotalCurrency: "NGN", BaseAmount: amountString(base), TaxAmount: amountString(tax), CheckInDate: r.In,
		CheckOutDate: r.Out, Rooms: r.Rooms, Guests: guests, ExpiresAt: now.Add(sbResultTTL),
		Accommodation: accommodation(p, []AccommodationRoom{room})})
}

func (s *Sandbox) staysBook(c fiber.Ctx) error {
	var in StaysBookingRequest
	if err := decodeData(c, &in); err != nil {
		return err
	}
	q, err := decodeQuote(in.QuoteID)
	if err != nil {
		return notFoundStay(c, "quote")
	}
	if len(in.Guests) == 0 || len(in.Guests) > 36 || !strings.Contains(in.Email, "@") || len(in.Email) > 254 {
		return invalidStay(c, "A booking needs its guests' names and an email address.")
	}
	for _, g := range in.Guests {
		if strings.TrimSpace(g.GivenName) == "" || strings.TrimSpace(g.FamilyName) == "" ||
			len(g.GivenName) > 100 || len(g.FamilyName) > 100 {
			return invalidStay(c, "Every guest needs a given_name and a family_name.")
		}
	}
	now := s.now()
	if now.Sub(time.Unix(q.At, 0)) > sbResultTTL {
		return writeError(c, http.StatusUnprocessableEntity, "invalid_request_error", "quote_expired",
			"Quote expired", "This quote has expired; ask for a new one.")
	}
	key := c.Get("Idempotency-Key")
	if len(key) > 255 {
		return invalidStay(c, "Idempotency-Key is at most 255 characters.")
	}
	if b, ok, err := s.stayStore().byKey(c.Context(), key); err != nil {
		return err
	} else if ok {
		return writeData(c, http.StatusCreated, s.bookingView(b))
	}
	if in.Guests[0].GivenName == "Flaky" && s.stayStore().firstAttempt(key) {
		return writeError(c, http.StatusServiceUnavailable, "api_error", "service_unavailable",
			"Service unavailable", "The property's system did not answer in time; try again.")
	}
	if in.Guests[0].FamilyName == "Unavailable" {
		return writeError(c, http.StatusUnprocessableEntity, "invalid_request_error", "rate_unavailable",
			"Rate unavailable", "The property could not confirm this room.")
	}
	b, err := s.stayStore().create(c.Context(), key, q, in, now)
	if err != nil {
		return err
	}
	return writeData(c, http.StatusCreated, s.bookingView(b))
}

func (s *Sandbox) staysGetBooking(c fiber.Ctx) error {
	b, err := s.stayStore().get(c.Context(), c.Params("id"))
	if err != nil {
		return notFoundStay(c, "booking")
	}
	return writeData(c, http.StatusOK, s.bookingView(b))
}

func (s *Sandbox) staysCancel(c fiber.Ctx) error {
	b, err := s.stayStore().get(c.Context(), c.Params("id"))
	if err != nil {
		return notFoundStay(c, "booking")
	}
	if b.Status != "cancelled" {
		now := s.now()
		refund := int64(0)
		q, _ := decodeQuote(b.QuoteID)
		for _, e := range timeline(sbPropByID[q.Acc], q.In, q.Total, q.Refundable) {
			if now.Before(e.Before) {
				refund = mustAmount(e.RefundAmount)
				break
			}
		}
		if b, err = s.stayStore().cancel(c.Context(), b.ID, refund, now); err != nil {
			return err
		}
	}
	return writeData(c, http.StatusOK, s.bookingView(b))
}

func (s *Sandbox) bookingView(b *sbStayBooking) StaysBooking {
	q, _ := decodeQuote(b.QuoteID)
	p := sbPropByID[q.Acc]
	var guests []StaysBookingGuest
	_ = json.Unmarshal([]byte(b.Guests), &guests)
	base := q.Total * 1000 / 1075 / 100 * 100
	rate := rateView(p, q.sbRate, base, q.Total-base, 0, b.CreatedAt)
	rate.TotalAmount = amountString(q.Total)
	room := AccommodationRoom{Name: p.Rooms[q.Room].Name, Beds: p.Rooms[q.Room].Beds, Rates: []StaysRate{rate}}
	out := StaysBooking{ID: b.ID, Reference: b.Reference, Status: b.Status, CheckInDate: q.In, CheckOutDate: q.Out,
		Rooms: q.Rooms, Guests: guests, Email: b.Email, PhoneNumber: b.Phone, TotalAmount: amountString(q.Total),
		TotalCurrency: "NGN", Accommodation: accommodation(p, []AccommodationRoom{room}),
		ConfirmedAt: &b.CreatedAt, CancelledAt: b.CancelledAt}
	if b.Status == "cancelled" {
		out.RefundAmount = amountString(b.RefundAmount)
	}
	return out
}

// distanceKM is the great-circle distance.
func distanceKM(lat1, lng1, lat2, lng2 float64) float64 {
	const r = 6371.0
	p1, p2 := lat1*math.Pi/180, lat2*math.Pi/180
	dp, dl := (lat2-lat1)*math.Pi/180, (lng2-lng1)*math.Pi/180
	a := math.Sin(dp/2)*math.Sin(dp/2) + math.Cos(p1)*math.Cos(p2)*math.Sin(dl/2)*math.Sin(dl/2)
	return 2 * r * math.Asin(math.Sqrt(a))
}
