package stays

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/duffel"
)

// SearchInput is a stay search: a city by name or a point and radius, the
// dates and the party, and the list's filters and order.
type SearchInput struct {
	City             string
	Lat, Lng         *float64
	RadiusKM         float64
	CheckIn          string
	CheckOut         string
	Rooms            int
	Adults           int
	MinPrice         int64
	MaxPrice         int64
	MinStars         int
	Amenities        []string
	FreeCancellation bool
	Sort             string // price (default) | rating | stars | distance
}

// Sorts the search offers.
var Sorts = []string{"price", "rating", "stars", "distance"}

// stay is a validated question.
type stay struct {
	city          string
	lat, lng, rad float64
	in, out       string
	nights        int
	rooms, adults int
}

// checkDates validates check-in and check-out, the party and returns the nights.
func (s *Service) checkStay(f apperr.Fields, in, out string, rooms, adults int) int {
	today := s.now().Truncate(24 * time.Hour)
	a, err1 := time.Parse(time.DateOnly, in)
	b, err2 := time.Parse(time.DateOnly, out)
	n := 0
	switch {
	case err1 != nil:
		f.Add("check_in", "must be a date (YYYY-MM-DD)")
	case a.Before(today):
		f.Add("check_in", "must be today or later")
	case a.After(today.AddDate(0, 0, MaxAdvanceDays)):
		f.Add("check_in", fmt.Sprintf("must be within %d days", MaxAdvanceDays))
	case err2 != nil:
		f.Add("check_out", "must be a date (YYYY-MM-DD)")
	case !b.After(a):
		f.Add("check_out", "must be after check-in")
	default:
		n = int(b.Sub(a).Hours() / 24)
		f.Check(n <= MaxNights, "check_out", fmt.Sprintf("a stay is at most %d nights", MaxNights))
	}
	f.Check(rooms >= 1 && rooms <= MaxRooms, "rooms", fmt.Sprintf("must be 1 to %d", MaxRooms))
	f.Check(adults >= 1 && adults <= MaxGuests, "adults", fmt.Sprintf("must be 1 to %d", MaxGuests))
	if rooms >= 1 && adults >= 1 {
		f.Check(adults >= rooms, "adults", "at least one guest per room")
		f.Check(adults <= rooms*4, "adults", "at most four guests per room")
	}
	return n
}

func (s *Service) validate(in SearchInput) (stay, error) {
	f := apperr.Fields{}
	q := stay{in: in.CheckIn, out: in.CheckOut, rooms: in.Rooms, adults: in.Adults, rad: in.RadiusKM}
	switch {
	case strings.TrimSpace(in.City) != "":
		c, ok := cityByName(in.City)
		if !ok {
			names := make([]string, len(Cities))
			for i, c := range Cities {
				names[i] = c.Name
			}
			f.Add("city", "must be one of "+strings.Join(names, ", "))
		}
		q.city, q.lat, q.lng = c.Name, c.Lat, c.Lng
	case in.Lat != nil && in.Lng != nil:
		f.Check(*in.Lat >= -90 && *in.Lat <= 90, "lat", "must be -90 to 90")
		f.Check(*in.Lng >= -180 && *in.Lng <= 180, "lng", "must be -180 to 180")
		q.lat, q.lng = *in.Lat, *in.Lng
	default:
		f.Add("city", "name a city, or give lat and lng")
	}
	if q.rad == 0 {
		q.rad = DefaultRadius
	}
	f.Check(q.rad >= 1 && q.rad <= MaxRadiusKM, "radius", fmt.Sprintf("must be 1 to %d km", MaxRadiusKM))
	q.nights = s.checkStay(f, in.CheckIn, in.CheckOut, in.Rooms, in.Adults)
	f.Check(in.MinPrice >= 0 && in.MinPrice <= 1e13, "min_price", "must be 0 to 10^13")
	f.Check(in.MaxPrice >= 0 && in.MaxPrice <= 1e13, "max_price", "must be 0 to 10^13")
	f.Check(in.MinStars >= 0 && in.MinStars <= 5, "stars", "must be 0 to 5")
	f.Check(len(in.Amenities) <= 20, "amenities", "at most 20")
	f.Check(in.Sort == "" || slices.Contains(Sorts, in.Sort), "sort", "must be price, rating, stars or distance")
	return q, f.Err()
}

func guests(n int) []duffel.StaysGuest {
	g := make([]duffel.StaysGuest, n)
	for i := range g {
		g[i] = duffel.StaysGuest{Type: "adult"}
	}
	return g
}

// supplierErr maps the supplier's refusals to the traveller's errors.
func supplierErr(err error, notFound error) error {
	switch {
	case err == nil:
		return nil
	case duffel.IsCode(err, "not_found"):
		return notFound
	case duffel.IsCode(err, "rate_unavailable"):
		return errRateGone
	case duffel.IsCode(err, "quote_expired"):
		return errQuoteExpired
	case duffel.IsRetryable(err):
		return apperr.Wrap(apperr.CodeUnavailable, errSupplierDown.Message, err)
	}
	var ae *duffel.APIError
	if errors.As(err, &ae) && ae.Status == 422 {
		return apperr.Validation(map[string]string{"search": ae.Errors[0].Message})
	}
	return err
}

// Search finds properties for the dates, cheapest rate per property with
// Sojourn's markup, filtered and sorted.
func (s *Service) Search(ctx context.Context, in SearchInput) (SearchResult, error) {
	q, err := s.validate(in)
	if err != nil {
		return SearchResult{}, err
	}
	res, err := s.c.Supplier.StaysSearch(ctx, duffel.StaysSearchRequest{
		Location:    &duffel.StaysLocation{Radius: q.rad, GeographicCoordinates: duffel.Coordinates{Latitude: q.lat, Longitude: q.lng}},
		CheckInDate: q.in, CheckOutDate: q.out, Rooms: q.rooms, Guests: guests(q.adults)})
	if err != nil {
		return SearchResult{}, supplierErr(err, errProperty)
	}
	out := SearchResult{Data: []PropertyCard{}, Query: SearchQuery{City: q.city, Lat: q.lat, Lng: q.lng,
		RadiusKM: q.rad, CheckIn: q.in, CheckOut: q.out, Rooms: q.rooms, Adults: q.adults, Nights: q.nights,
		Total: len(res.Results)}}
	ids := map[string]string{}
	for _, r := range res.Results {
		total, err := duffel.ParseAmount(r.CheapestRateTotalAmount)
		if err != nil {
			continue
		}
		card := s.card(r.Accommodation, total, r.CheapestRateCurrency, q)
		if (in.MinPrice > 0 && card.Price.Amount < in.MinPrice) || (in.MaxPrice > 0 && card.Price.Amount > in.MaxPrice) ||
			card.Stars < in.MinStars || !hasAll(card.Amenities, in.Amenities) {
			continue
		}
		ids[card.ID] = r.ID
		out.Data = append(out.Data, card)
	}
	if in.FreeCancellation {
		out.Data = s.withFreeCancellation(ctx, out.Data, ids)
	}
	sortCards(out.Data, in.Sort)
	return out, nil
}

func (s *Service) card(a duffel.Accommodation, total int64, currency string, q stay) PropertyCard {
	price := total + s.markup(total)
	c := PropertyCard{ID: a.ID, Name: a.Name, ReviewCount: a.ReviewCount, City: a.Location.Address.CityName,
		Country: a.Location.Address.CountryCode, Address: a.Location.Address.LineOne,
		Lat: a.Location.GeographicCoordinates.Latitude, Lng: a.Location.GeographicCoordinates.Longitude,
		Amenities: []Amenity{}, Price: Money{price, currency}, Nights: q.nights,
		Nightly: Money{price / int64(max(1, q.nights)) / 100 * 100, currency}}
	c.DistanceKM = math.Round(distanceKM(q.lat, q.lng, c.Lat, c.Lng)*10) / 10
	if a.Rating != nil {
		c.Stars = *a.Rating
	}
	if a.ReviewScore != nil {
		c.ReviewScore = *a.ReviewScore
	}
	if len(a.Photos) > 0 {
		c.Photo = a.Photos[0].URL
	}
	for _, am := range a.Amenities {
		c.Amenities = append(c.Amenities, Amenity{Type: am.Type, Label: am.Description})
	}
	return c
}

func hasAll(have []Amenity, want []string) bool {
	for _, w := range want {
		if !slices.ContainsFunc(have, func(a Amenity) bool { return a.Type == w }) {
			return false
		}
	}
	return true
}

// withFreeCancellation keeps the properties with a refundable rate (the
// rates of each fetched in parallel, at most 8 at a time).
func (s *Service) withFreeCancellation(ctx context.Context, cards []PropertyCard, ids map[string]string) []PropertyCard {
	keep := make([]bool, len(cards))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i := range cards {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			full, err := s.c.Supplier.StaysFetchAllRates(ctx, ids[cards[i].ID])
			if err != nil {
				return
			}
			for _, r := range full.Accommodation.Rooms {
				for _, rt := range r.Rates {
					keep[i] = keep[i] || len(rt.CancellationTimeline) > 0
				}
			}
		}(i)
	}
	wg.Wait()
	out := []PropertyCard{}
	yes := true
	for i, c := range cards {
		if keep[i] {
			c.FreeCancellation = &yes
			out = append(out, c)
		}
	}
	return out
}

func sortCards(cs []PropertyCard, by string) {
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		switch by {
		case "rating":
			if a.ReviewScore != b.ReviewScore {
				return a.ReviewScore > b.ReviewScore
			}
		case "stars":
			if a.Stars != b.Stars {
				return a.Stars > b.Stars
			}
		case "distance":
			if a.DistanceKM != b.DistanceKM {
				return a.DistanceKM < b.DistanceKM
			}
		}
		if a.Price.Amount != b.Price.Amount {
			return a.Price.Amount < b.Price.Amount
		}
		return a.ID < b.ID
	})
}

func distanceKM(lat1, lng1, lat2, lng2 float64) float64 {
	const r = 6371.0
	p1, p2 := lat1*math.Pi/180, lat2*math.Pi/180
	dp, dl := (lat2-lat1)*math.Pi/180, (lng2-lng1)*math.Pi/180
	a := math.Sin(dp/2)*math.Sin(dp/2) + math.Cos(p1)*math.Cos(p2)*math.Sin(dl/2)*math.Sin(dl/2)
	return 2 * r * math.Asin(math.Sqrt(a))
}
