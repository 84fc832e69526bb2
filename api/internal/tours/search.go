package tours

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/practice"
)

// maxScan bounds the rows one search request reads to apply the filters
// the table cannot answer.
const maxScan = 400

// SearchInput is the public search's filters (all optional).
type SearchInput struct {
	City        string
	Date        string // YYYY-MM-DD, local to the tour
	Travellers  int    // seats wanted (with or without a date)
	MinPrice    *int64
	MaxPrice    *int64
	MaxDuration *int // minutes
	Language    string
	MinRating   *float64
	KidFriendly bool
	Accessible  bool
	Private     *bool
}

// Validate reports every bad filter.
func (in *SearchInput) Validate() error {
	f := apperr.Fields{}
	in.City = strings.TrimSpace(in.City)
	in.Language = strings.TrimSpace(in.Language)
	f.Check(len([]rune(in.City)) <= maxCity, "city", "must be at most 80 characters")
	f.Check(len([]rune(in.Language)) <= maxLanguageLen, "language", "must be at most 40 characters")
	if in.Date != "" {
		d, err := time.Parse("2006-01-02", in.Date)
		f.Check(err == nil && d.Year() >= 2000 && d.Year() <= 2100, "date", "must be a date YYYY-MM-DD from 2000 to 2100")
	}
	f.Check(in.Travellers >= 0 && in.Travellers <= 50, "travellers", "must be from 1 to 50")
	for name, p := range map[string]*int64{"min_price": in.MinPrice, "max_price": in.MaxPrice} {
		if p != nil {
			f.Check(*p >= 0 && *p <= money.MaxAmount, name, "must be from 0 to "+money.AmountTooLarge)
		}
	}
	if in.MaxDuration != nil {
		f.Check(*in.MaxDuration >= 1 && *in.MaxDuration <= practice.MaxDepartureMinutes, "max_duration_min",
			"must be from 1 to 20160 minutes")
	}
	if in.MinRating != nil {
		f.Check(*in.MinRating >= 0 && *in.MinRating <= 5, "min_rating", "must be from 0 to 5")
	}
	return f.Err()
}

// GuideCard is the guide on a tour card.
type GuideCard struct {
	ID          string          `json:"id"`
	DisplayName string          `json:"display_name"`
	AvatarURL   *string         `json:"avatar_url"`
	Rating      practice.Rating `json:"rating"`
	Verified    bool            `json:"verified"`
}

// Departure is one start of a tour with its seats left.
type Departure struct {
	Start     time.Time `json:"start"`
	End       time.Time `json:"end"`
	Date      string    `json:"date"`
	StartTime string    `json:"start_time"`
	SeatsLeft int       `json:"seats_left"`
}

// TourCard is a tour in the search.
type TourCard struct {
	ID          string         `json:"id"`
	Title       string         `json:"title"`
	City        string         `json:"city"`
	Country     string         `json:"country"`
	CoverURL    *string        `json:"cover_url"`
	Price       practice.Money `json:"price"`
	Pricing     string         `json:"pricing"`
	DurationMin int            `json:"duration_min"`
	Capacity    int            `json:"capacity"`
	Languages   []string       `json:"languages"`
	Private     bool           `json:"private"`
	Accessible  bool           `json:"accessible"`
	KidFriendly bool           `json:"kid_friendly"`
	Guide       GuideCard      `json:"guide"`
	// Departures on the searched date with enough seats (empty without a
	// date).
	Departures []Departure `json:"departures"`
}

func key(t *tourRow) page.Key { return page.Key{CreatedAt: t.CreatedAt, ID: t.OfferingID} }

// Search is the public tour search (doc.go).
func (s *Service) Search(ctx context.Context, in SearchInput, cur page.Cursor) ([]TourCard, *page.Key, error) {
	if err := in.Validate(); err != nil {
		return nil, nil, err
	}
	guides := map[string]*practice.PublicProfile{}
	out := []TourCard{}
	after := cur.After
	scanned := 0
	for scanned < maxScan {
		batch := min(max(cur.Limit*2, 20), maxScan-scanned)
		rows, err := s.seek(ctx, in, after, batch)
		if err != nil {
			return nil, nil, err
		}
		for i, t := range rows {
			scanned++
			k := key(t)
			after = &k
			card, ok, err := s.card(ctx, t, in, guides)
			if err != nil {
				return nil, nil, err
			}
			if ok {
				out = append(out, card)
				if len(out) == cur.Limit {
					if i == len(rows)-1 && len(rows) < batch {
						return out, nil, nil
					}
					return out, after, nil
				}
			}
		}
		if len(rows) < batch {
			return out, nil, nil
		}
	}
	return out, after, nil
}

// seek reads the next rows of the SQL-filterable part of the search.
func (s *Service) seek(ctx context.Context, in SearchInput, after *page.Key, n int) ([]*tourRow, error) {
	var rows []*tourRow
	q := s.db.NewSelect().Model(&rows).Where("t.active AND NOT t.hidden")
	if in.City != "" {
		q = q.Where("t.city_key = ?", cityKey(in.City))
	}
	if in.MinPrice != nil {
		q = q.Where("t.price >= ?", *in.MinPrice)
	}
	if in.MaxPrice != nil {
		q = q.Where("t.price <= ?", *in.MaxPrice)
	}
	if in.MaxDuration != nil {
		q = q.Where("t.duration_min <= ?", *in.MaxDuration)
	}
	if in.KidFriendly {
		q = q.Where("t.kid_friendly")
	}
	if in.Accessible {
		q = q.Where("t.accessible")
	}
	if in.Private != nil {
		q = q.Where("t.private = ?", *in.Private)
	}
	if in.Travellers > 0 {
		q = q.Where("t.capacity >= ?", in.Travellers)
	}
	if in.Language != "" {
		q = q.Where("EXISTS (SELECT 1 FROM tour_languages l WHERE l.offering_id = t.offering_id AND lower(l.language) = ?)",
			strings.ToLower(in.Language))
	}
	if after != nil {
		q = q.Where("(t.created_at < ? OR (t.created_at = ? AND t.offering_id < ?))", after.CreatedAt, after.CreatedAt,
			after.ID)
	}
	err := q.OrderExpr("t.created_at DESC, t.offering_id DESC").Limit(int64(n)).Scan(ctx)
	return rows, err
}

// card applies the filters the table cannot answer to one row.
func (s *Service) card(ctx context.Context, t *tourRow, in SearchInput,
	guides map[string]*practice.PublicProfile) (TourCard, bool, error) {
	g, ok := guides[t.ProviderID]
	if !ok {
		p, err := s.c.Practice.PublicProfile(ctx, t.ProviderID)
		switch {
		case practice.IsNotFoundErr(err):
			g = nil
		case err != nil:
			return TourCard{}, false, err
		default:
			g = &p
		}
		guides[t.ProviderID] = g
	}
	if g == nil || (in.MinRating != nil && g.Rating.Average < *in.MinRating) {
		return TourCard{}, false, nil
	}
	card := TourCard{ID: t.OfferingID, Title: t.Title, City: t.City, Country: t.Country,
		Price: practice.Money{Amount: t.Price, Currency: t.Currency}, Pricing: t.Pricing, DurationMin: t.DurationMin,
		Capacity: t.Capacity, Private: t.Private, Accessible: t.Accessible, KidFriendly: t.KidFriendly,
		Guide: GuideCard{ID: g.ID, DisplayName: g.DisplayName, AvatarURL: g.AvatarURL, Rating: g.Rating,
			Verified: g.Verified}, Departures: []Departure{}, Languages: []string{}}
	if in.Date != "" {
		deps, err := s.departures(ctx, t.OfferingID, in.Date, in.Date, g.TimeZone, max(in.Travellers, 1), t.Private)
		if err != nil {
			return TourCard{}, false, err
		}
		if len(deps) == 0 {
			return TourCard{}, false, nil
		}
		card.Departures = deps
	}
	langs, photos, err := s.extras(ctx, []string{t.OfferingID})
	if err != nil {
		return TourCard{}, false, err
	}
	if l := langs[t.OfferingID]; l != nil {
		card.Languages = l
	}
	if p := photos[t.OfferingID]; len(p) > 0 {
		card.CoverURL = &p[0].URL
	}
	return card, true, nil
}

// departures lists a tour's starts between two local dates with at least
// seats seats left (a private tour: free, and seats within its capacity).
func (s *Service) departures(ctx context.Context, id, from, to, tz string, seats int, private bool) ([]Departure, error) {
	res, err := s.c.Slots.Slots(ctx, id, from, to, tz)
	if err != nil {
		if _, ok := apperr.As(err); ok {
			return []Departure{}, nil // not bookable (archived, guide unlisted): no departures
		}
		return nil, err
	}
	out := []Departure{}
	for _, sl := range res.Slots {
		if sl.SeatsLeft < seats {
			continue
		}
		l := sl.Start.In(res.Viewer)
		out = append(out, Departure{Start: sl.Start, End: sl.End, Date: l.Format("2006-01-02"),
			StartTime: l.Format("15:04"), SeatsLeft: sl.SeatsLeft})
	}
	return out, nil
}

// PublicGuide is the guide on a tour's page.
type PublicGuide struct {
	GuideCard
	Headline  string   `json:"headline"`
	Bio       string   `json:"bio"`
	Languages []string `json:"languages"`
	City      string   `json:"city"`
}

// TourPage is one tour's public page: the tour, its guide and its
// departures of the next 30 days (in the guide's zone) with seats left.
type TourPage struct {
	Tour       TourView    `json:"tour"`
	Guide      PublicGuide `json:"guide"`
	TimeZone   string      `json:"time_zone"`
	Departures []Departure `json:"departures"`
}

// Tour is a listed tour's public page; hidden, archived and unlisted
// guides' tours are not found.
func (s *Service) Tour(ctx context.Context, id string) (TourPage, error) {
	if len(id) > 64 {
		return TourPage{}, ErrNotFound
	}
	t := new(tourRow)
	if err := s.db.NewSelect().Model(t).Where("offering_id = ? AND active AND NOT hidden", id).Scan(ctx); err != nil {
		return TourPage{}, notFound(err)
	}
	g, err := s.c.Practice.PublicProfile(ctx, t.ProviderID)
	if practice.IsNotFoundErr(err) {
		return TourPage{}, ErrNotFound
	}
	if err != nil {
		return TourPage{}, err
	}
	off, err := s.c.Practice.Offering(ctx, id)
	if err != nil {
		return TourPage{}, notFound(err)
	}
	views, err := s.views(ctx, []*tourRow{t}, map[string]practice.OfferingView{id: offeringView(off)})
	if err != nil {
		return TourPage{}, err
	}
	v := views[0]
	v.Hidden, v.HiddenReason = false, ""
	loc, err := time.LoadLocation(g.TimeZone)
	if err != nil || g.TimeZone == "" {
		loc = time.UTC
	}
	now := s.c.Clock.Now().In(loc)
	deps, err := s.departures(ctx, id, now.Format("2006-01-02"), now.AddDate(0, 0, 30).Format("2006-01-02"), loc.String(),
		1, t.Private)
	if err != nil {
		return TourPage{}, err
	}
	return TourPage{Tour: v, TimeZone: loc.String(), Departures: deps, Guide: PublicGuide{GuideCard: GuideCard{ID: g.ID,
		DisplayName: g.DisplayName, AvatarURL: g.AvatarURL, Rating: g.Rating, Verified: g.Verified},
		Headline: g.Headline, Bio: g.Bio, Languages: g.Languages, City: g.City}}, nil
}

func notFound(err error) error {
	if err == nil {
		return nil
	}
	if practice.IsNotFoundErr(err) || errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}
