package discovery

import (
	"context"
	"errors"
	"net/url"
	"sort"
	"time"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/stays"
)

// StaySearcher is the stays service as far as the grid uses it.
type StaySearcher interface {
	Search(ctx context.Context, in stays.SearchInput) (stays.SearchResult, error)
}

// Stays offers hotels through the travel supplier. A hotel search needs a
// place and dates, so stays join the grid only when a city is chosen: the
// city is searched for the dates chosen (else a night two weeks ahead, one
// adult), one supplier search per page, and the hotels page by their id (a
// stable key). A city the supplier does not cover shows no stays.
func Stays(s StaySearcher, now func() time.Time) Source {
	return NewSource(KindStay, func(ctx context.Context, q Query, cursor string, limit int) ([]Item, string, error) {
		if q.City == "" {
			return nil, "", nil
		}
		in := stays.SearchInput{City: q.City, Rooms: 1, Adults: 1}
		if q.From != nil && q.To != nil { // To is the last night (inclusive): check out the morning after
			out := q.To.AddDate(0, 0, 1)
			in.CheckIn, in.CheckOut = day(q.From), day(&out)
		} else {
			from := now().UTC().AddDate(0, 0, 14)
			to := from.AddDate(0, 0, 1)
			in.CheckIn, in.CheckOut = day(&from), day(&to)
		}
		res, err := s.Search(ctx, in)
		var ae *apperr.Error
		if errors.As(err, &ae) && ae.Code == apperr.CodeValidation {
			return nil, "", nil // not a city (or dates) the supplier searches
		}
		if err != nil {
			return nil, "", err
		}
		cards := res.Data
		sort.Slice(cards, func(i, j int) bool { return cards[i].ID < cards[j].ID })
		var out []Item
		for _, c := range cards {
			if cursor != "" && c.ID <= cursor {
				continue
			}
			if len(out) == limit {
				return out, out[len(out)-1].ID, nil
			}
			price := Money{c.Nightly.Amount, c.Nightly.Currency}
			it := Item{Kind: KindStay, ID: c.ID, Title: c.Name, Subtitle: stars(c.Stars) + c.Address, City: c.City,
				Country: c.Country, PhotoURL: strPtr(c.Photo), PriceFrom: &price, PriceUnit: "night",
				Link: "/booking/hotel/" + url.PathEscape(c.ID) + "?" + url.Values{"check_in": {in.CheckIn},
					"check_out": {in.CheckOut}, "rooms": {"1"}, "adults": {"1"}}.Encode()}
			if c.ReviewCount > 0 {
				it.Rating = &Rating{Average: c.ReviewScore / 2, Count: c.ReviewCount}
			}
			out = append(out, it)
		}
		return out, "", nil
	})
}

func stars(n int) string {
	if n <= 0 {
		return ""
	}
	return string(rune('0'+n)) + "-star hotel · "
}
