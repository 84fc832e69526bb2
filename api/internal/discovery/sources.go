package discovery

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"sojourn/api/internal/dealers"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/rentals"
	"sojourn/api/internal/tours"
)

// The other domains' services, as far as the grid uses them (app hands them in).
type (
	TourSearcher interface {
		Search(ctx context.Context, in tours.SearchInput, cur page.Cursor) ([]tours.TourCard, *page.Key, error)
	}
	RentalSearcher interface {
		SearchCars(ctx context.Context, q rentals.Search) ([]rentals.Car, *rentals.Car, error)
	}
	CarSearcher interface {
		Search(ctx context.Context, q dealers.Search, c page.Cursor, withFacets bool) (dealers.SearchResult, error)
	}
	PracticeDirectory interface {
		Directory(ctx context.Context, q practice.Search, cur page.Cursor) ([]practice.Card, *page.Key, error)
	}
)

// keyCursor reads a source cursor made by page.Key.Encode ("" = the start).
func keyCursor(raw string, limit int) (page.Cursor, error) {
	c := page.Cursor{Limit: limit}
	if raw != "" {
		k, err := page.DecodeKey(raw)
		if err != nil {
			return c, ErrBadCursor
		}
		c.After = &k
	}
	return c, nil
}

func keyNext(k *page.Key) string {
	if k == nil {
		return ""
	}
	return k.Encode()
}

func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func rating(r practice.Rating) *Rating {
	if r.Count == 0 {
		return nil
	}
	return &Rating{Average: r.Average, Count: r.Count}
}

func day(t *time.Time) string { return t.Format("2006-01-02") }

type funcSource struct {
	kind string
	page func(ctx context.Context, q Query, cursor string, limit int) ([]Item, string, error)
}

func (f funcSource) Kind() string { return f.kind }
func (f funcSource) Page(ctx context.Context, q Query, cursor string, limit int) ([]Item, string, error) {
	return f.page(ctx, q, cursor, limit)
}

// NewSource makes a Source from a kind and a paging function (a domain
// that offers its inventory to the grid writes one of these).
func NewSource(kind string, fn func(ctx context.Context, q Query, cursor string, limit int) ([]Item, string, error)) Source {
	return funcSource{kind: kind, page: fn}
}

// Tours offers listed tours, newest first; with dates, those with a
// departure on the first day (the tour search takes one date).
func Tours(s TourSearcher) Source {
	return NewSource(KindTour, func(ctx context.Context, q Query, cursor string, limit int) ([]Item, string, error) {
		cur, err := keyCursor(cursor, limit)
		if err != nil {
			return nil, "", err
		}
		in := tours.SearchInput{City: q.City}
		if q.From != nil {
			in.Date = day(q.From)
		}
		cards, next, err := s.Search(ctx, in, cur)
		if err != nil {
			return nil, "", err
		}
		out := make([]Item, 0, len(cards))
		for _, t := range cards {
			unit := "person"
			if t.Pricing == "per_group" {
				unit = "group"
			}
			price := Money{t.Price.Amount, t.Price.Currency}
			out = append(out, Item{Kind: KindTour, ID: t.ID, Title: t.Title,
				Subtitle: fmt.Sprintf("%s · with %s", duration(t.DurationMin), t.Guide.DisplayName),
				City:     t.City, Country: t.Country, PhotoURL: t.CoverURL, PriceFrom: &price, PriceUnit: unit,
				Rating: rating(t.Guide.Rating), Link: "/booking/tour-guide/tour-details?id=" + url.QueryEscape(t.ID)})
		}
		return out, keyNext(next), nil
	})
}

// thousands writes n with commas: 81000 -> "81,000".
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func duration(min int) string {
	switch {
	case min < 60:
		return fmt.Sprintf("%d min", min)
	case min%60 == 0 && min < 48*60:
		return fmt.Sprintf("%d h", min/60)
	case min < 48*60:
		return fmt.Sprintf("%d h %d min", min/60, min%60)
	}
	return fmt.Sprintf("%d days", (min+12*60)/(24*60))
}

// RentalCars offers published cars of listed rental companies, cheapest
// first; with dates, those free for the whole days from..to.
func RentalCars(s RentalSearcher) Source {
	return NewSource(KindRentalCar, func(ctx context.Context, q Query, cursor string, limit int) ([]Item, string, error) {
		in := rentals.Search{City: q.City, Limit: limit}
		if cursor != "" {
			rate, id, ok := strings.Cut(cursor, ":")
			n, err := strconv.ParseInt(rate, 10, 64)
			if !ok || err != nil || n < 0 || id == "" || len(id) > 64 {
				return nil, "", ErrBadCursor
			}
			in.AfterRate, in.AfterID = n, id
		}
		trip := ""
		if q.From != nil && q.To != nil {
			start, end := *q.From, q.To.AddDate(0, 0, 1)
			in.Start, in.End = &start, &end
			trip = "&from=" + day(q.From) + "&to=" + day(q.To)
		}
		cars, next, err := s.SearchCars(ctx, in)
		if err != nil {
			return nil, "", err
		}
		out := make([]Item, 0, len(cars))
		for _, c := range cars {
			var photo *string
			if len(c.Photos) > 0 {
				photo = strPtr(c.Photos[0])
			}
			price := Money{c.DayRate.Amount, c.DayRate.Currency}
			out = append(out, Item{Kind: KindRentalCar, ID: c.ID, Title: c.Title,
				Subtitle: fmt.Sprintf("%s · %d seats · %s", c.Company.Name, c.Seats, c.Transmission),
				City:     c.City, PhotoURL: photo, PriceFrom: &price, PriceUnit: "day", Rating: rating(c.Company.Rating),
				Link: "/booking/car-rentals/OfferingDetails?id=" + url.QueryEscape(c.ID) + trip})
		}
		if next == nil {
			return out, "", nil
		}
		return out, fmt.Sprintf("%d:%s", next.DayRate.Amount, next.ID), nil
	})
}

// CarsForSale offers cars for sale of listed dealerships, newest first
// (dates do not apply).
func CarsForSale(s CarSearcher) Source {
	return NewSource(KindCarForSale, func(ctx context.Context, q Query, cursor string, limit int) ([]Item, string, error) {
		cur, err := keyCursor(cursor, limit)
		if err != nil {
			return nil, "", err
		}
		res, err := s.Search(ctx, dealers.Search{City: q.City, Sort: dealers.SortNewest}, cur, false)
		if err != nil {
			return nil, "", err
		}
		out := make([]Item, 0, len(res.Cars))
		for _, c := range res.Cars {
			sub := []string{}
			if c.Trim != "" {
				sub = append(sub, c.Trim)
			}
			sub = append(sub, thousands(c.MileageKm)+" km", c.Transmission)
			price := Money{c.Price, c.Currency}
			out = append(out, Item{Kind: KindCarForSale, ID: c.ID, Title: fmt.Sprintf("%d %s %s", c.Year, c.Make, c.Model),
				Subtitle: strings.Join(sub, " · "), City: c.City, PhotoURL: strPtr(c.CoverURL), PriceFrom: &price,
				Link: "/cars/" + url.PathEscape(c.ID)})
		}
		return out, keyNext(res.Next), nil
	})
}

// Practitioners offers the listed providers of a kind (therapist, coach)
// in the directory's order; the city is matched by the directory's text
// search (city, headline or tags), and dates do not apply.
func Practitioners(d PracticeDirectory, kind string) Source {
	link := map[string]string{practice.KindTherapist: "/user-therapy/therapist-details?id=",
		practice.KindCoach: "/user-coach/coach-details?id="}[kind]
	return NewSource(kind, func(ctx context.Context, q Query, cursor string, limit int) ([]Item, string, error) {
		cur, err := keyCursor(cursor, limit)
		if err != nil {
			return nil, "", err
		}
		cards, next, err := d.Directory(ctx, practice.Search{Kind: kind, Q: q.City}, cur)
		if err != nil {
			return nil, "", err
		}
		out := make([]Item, 0, len(cards))
		for _, c := range cards {
			var price *Money
			if c.PriceRange != nil {
				price = &Money{c.PriceRange.Min, c.PriceRange.Currency}
			}
			out = append(out, Item{Kind: kind, ID: c.ID, Title: c.DisplayName, Subtitle: c.Headline, City: c.City,
				Country: c.Country, PhotoURL: c.AvatarURL, PriceFrom: price, PriceUnit: "session", Rating: rating(c.Rating),
				Link: link + url.QueryEscape(c.ID)})
		}
		return out, keyNext(next), nil
	})
}
