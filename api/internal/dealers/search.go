package dealers

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

// Sort orders of the buyers' search.
const (
	SortNewest     = "newest"
	SortPriceAsc   = "price_asc"
	SortPriceDesc  = "price_desc"
	SortMileageAsc = "mileage_asc"
)

// Sorts lists them.
var Sorts = []string{SortNewest, SortPriceAsc, SortPriceDesc, SortMileageAsc}

// Search is a buyers' query. Every filter is optional; prices compare in
// minor units of the listing's currency.
type Search struct {
	Make, Model, Body, Fuel, Transmission, City string
	YearMin, YearMax                            *int
	PriceMin, PriceMax                          *int64
	MileageMax                                  *int
	Sort                                        string
	unlisted                                    []string // dealerships to leave out (set by Search)
}

// Validate reports every bad filter.
func (q *Search) Validate(maxYear int) error {
	f := apperr.Fields{}
	for name, p := range map[string]*string{"make": &q.Make, "model": &q.Model, "city": &q.City} {
		*p = strings.TrimSpace(*p)
		f.Check(len(*p) <= 80, name, "must be at most 80 characters")
	}
	check := func(name, v string, allowed []string) {
		f.Check(v == "" || slices.Contains(allowed, v), name, "must be one of "+strings.Join(allowed, ", "))
	}
	check("body", q.Body, Bodies)
	check("fuel", q.Fuel, Fuels)
	check("transmission", q.Transmission, Transmissions)
	if q.Sort == "" {
		q.Sort = SortNewest
	}
	check("sort", q.Sort, Sorts)
	yr := func(name string, p *int) {
		if p != nil && (*p < MinYear || *p > maxYear) {
			f.Add(name, fmt.Sprintf("must be from %d to %d", MinYear, maxYear))
		}
	}
	yr("year_min", q.YearMin)
	yr("year_max", q.YearMax)
	if q.YearMin != nil && q.YearMax != nil && *q.YearMin > *q.YearMax {
		f.Add("year_max", "must not be before year_min")
	}
	for name, p := range map[string]*int64{"price_min": q.PriceMin, "price_max": q.PriceMax} {
		if p != nil && (*p < 0 || *p > MaxPrice) {
			f.Add(name, fmt.Sprintf("must be from 0 to %d (minor units)", int64(MaxPrice)))
		}
	}
	if q.PriceMin != nil && q.PriceMax != nil && *q.PriceMin > *q.PriceMax {
		f.Add("price_max", "must not be below price_min")
	}
	if q.MileageMax != nil && (*q.MileageMax < 0 || *q.MileageMax > MaxMileageKm) {
		f.Add("mileage_max", fmt.Sprintf("must be from 0 to %d", MaxMileageKm))
	}
	return f.Err()
}

// filter applies the buyers' visibility and every filter but skip (the
// facet being counted).
func (q *Search) filter(sel *bun.SelectQuery, skip string) *bun.SelectQuery {
	sel = sel.Where("l.hidden = ?", false).Where("l.status IN (?)", bun.In([]string{StatusAvailable, StatusReserved}))
	if len(q.unlisted) > 0 { // dealerships not published or suspended: neither on the page nor in the facets
		sel = sel.Where("l.provider_id NOT IN (?)", bun.In(q.unlisted))
	}
	eq := func(name, col, v string) {
		if v != "" && name != skip {
			sel = sel.Where("? = ?", bun.Ident("l."+col), v)
		}
	}
	eq("make", "make", q.Make)
	eq("model", "model", q.Model)
	eq("body", "body", q.Body)
	eq("fuel", "fuel", q.Fuel)
	eq("transmission", "transmission", q.Transmission)
	eq("city", "city", q.City)
	if q.YearMin != nil {
		sel = sel.Where("l.year >= ?", *q.YearMin)
	}
	if q.YearMax != nil {
		sel = sel.Where("l.year <= ?", *q.YearMax)
	}
	if q.PriceMin != nil {
		sel = sel.Where("l.price >= ?", *q.PriceMin)
	}
	if q.PriceMax != nil {
		sel = sel.Where("l.price <= ?", *q.PriceMax)
	}
	if q.MileageMax != nil {
		sel = sel.Where("l.mileage_km <= ?", *q.MileageMax)
	}
	return sel
}

// sortKey carries the row's sort key in a page.Key: the time for newest,
// the price or mileage as microseconds otherwise (small non-negative
// integers, like the directory's score).
func (q *Search) sortKey(r listingRow) page.Key {
	switch q.Sort {
	case SortPriceAsc, SortPriceDesc:
		return page.Key{CreatedAt: time.UnixMicro(r.Price).UTC(), ID: r.ID}
	case SortMileageAsc:
		return page.Key{CreatedAt: time.UnixMicro(int64(r.MileageKm)).UTC(), ID: r.ID}
	}
	return page.Key{CreatedAt: r.ListedAt, ID: r.ID}
}

var cardColumns = []string{"id", "provider_id", "make", "model", "year", "trim", "body", "mileage_km", "fuel",
	"transmission", "condition", "price", "currency", "city", "status", "cover_url", "listed_at", "sold_at"}

func (s store) search(ctx context.Context, q *Search, c page.Cursor) ([]listingRow, error) {
	rows := make([]listingRow, 0, c.Fetch())
	sel := q.filter(s.db.NewSelect().Model(&rows).Column(cardColumns...), "")
	switch q.Sort {
	case SortPriceAsc:
		if c.After != nil {
			sel = sel.Where("(l.price, l.id) > (?, ?)", c.After.CreatedAt.UnixMicro(), c.After.ID)
		}
		sel = sel.OrderExpr("l.price ASC, l.id ASC")
	case SortPriceDesc:
		if c.After != nil {
			sel = sel.Where("(l.price, l.id) < (?, ?)", c.After.CreatedAt.UnixMicro(), c.After.ID)
		}
		sel = sel.OrderExpr("l.price DESC, l.id DESC")
	case SortMileageAsc:
		if c.After != nil {
			sel = sel.Where("(l.mileage_km, l.id) > (?, ?)", c.After.CreatedAt.UnixMicro(), c.After.ID)
		}
		sel = sel.OrderExpr("l.mileage_km ASC, l.id ASC")
	default:
		if c.After != nil {
			sel = sel.Where("(l.listed_at, l.id) < (?, ?)", c.After.CreatedAt, c.After.ID)
		}
		sel = sel.OrderExpr("l.listed_at DESC, l.id DESC")
	}
	return rows, sel.Limit(int64(c.Fetch())).Scan(ctx)
}

// facet counts the values of one column over the cars matching every
// filter but its own (the 50 commonest).
func (s store) facet(ctx context.Context, q *Search, col string) ([]Facet, error) {
	out := []Facet{}
	sel := s.db.NewSelect().TableExpr("car_listings AS l").ColumnExpr("? AS value", bun.Ident("l."+col)).
		ColumnExpr("COUNT(*) AS count")
	err := q.filter(sel, col).GroupExpr("?", bun.Ident("l."+col)).OrderExpr("count DESC, value ASC").Limit(50).
		Scan(ctx, &out)
	return out, err
}

// highestPrices answers each listing's highest price so far (a card says
// "price dropped" when the current one is lower).
func (s store) highestPrices(ctx context.Context, idList []string) (map[string]int64, error) {
	out := map[string]int64{}
	if len(idList) == 0 {
		return out, nil
	}
	var rows []struct {
		ListingID string `bun:"listing_id"`
		High      int64  `bun:"high"`
	}
	err := s.db.NewSelect().Model((*priceRow)(nil)).Column("listing_id").ColumnExpr("MAX(price) AS high").
		Where("listing_id IN (?)", bun.In(idList)).Group("listing_id").Scan(ctx, &rows)
	for _, r := range rows {
		out[r.ListingID] = r.High
	}
	return out, err
}

// SearchResult is one page of cars and the facet counts.
type SearchResult struct {
	Cars   []CarCard
	Next   *page.Key
	Facets Facets
}

// Search answers a page of cars for sale and the facet counts. Cars of a
// dealership that is not listed (unverified, suspended, or gone back to
// draft) are left out by the query, of the page and of the facet counts;
// the check after it remains for a dealership suspended in between.
func (s *Service) Search(ctx context.Context, q Search, c page.Cursor, withFacets bool) (SearchResult, error) {
	if err := q.Validate(s.maxYear()); err != nil {
		return SearchResult{}, err
	}
	var err error
	if q.unlisted, err = s.c.Practice.UnlistedOfKind(ctx, Kind); err != nil {
		return SearchResult{}, err
	}
	rows, err := s.st.search(ctx, &q, c)
	if err != nil {
		return SearchResult{}, err
	}
	rows, next := page.Trim(rows, c, q.sortKey)
	live, err := s.liveDealers(ctx, rows)
	if err != nil {
		return SearchResult{}, err
	}
	ids := make([]string, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	highs, err := s.st.highestPrices(ctx, ids)
	if err != nil {
		return SearchResult{}, err
	}
	out := SearchResult{Cars: make([]CarCard, 0, len(rows)), Next: next}
	for i := range rows {
		r := &rows[i]
		if !live[r.ProviderID] {
			continue
		}
		out.Cars = append(out.Cars, CarCard{ID: r.ID, Make: r.Make, Model: r.Model, Year: r.Year, Trim: r.Trim,
			Body: r.Body, MileageKm: r.MileageKm, Fuel: r.Fuel, Transmission: r.Transmission, Condition: r.Condition,
			Price: r.Price, Currency: r.Currency, City: r.City, Status: r.Status, CoverURL: r.CoverURL,
			DaysOnMarket: s.daysOnMarket(r), PriceDropped: highs[r.ID] > r.Price, ListedAt: r.ListedAt})
	}
	if withFacets {
		if out.Facets, err = s.facets(ctx, &q); err != nil {
			return SearchResult{}, err
		}
	}
	return out, nil
}

func (s *Service) facets(ctx context.Context, q *Search) (Facets, error) {
	var f Facets
	var err error
	for _, d := range []struct {
		col string
		dst *[]Facet
	}{{"make", &f.Make}, {"body", &f.Body}, {"fuel", &f.Fuel}, {"transmission", &f.Transmission}, {"city", &f.City}} {
		if *d.dst, err = s.st.facet(ctx, q, d.col); err != nil {
			return Facets{}, err
		}
	}
	f.Model = []Facet{}
	if q.Make != "" { // models only make sense within a make
		if f.Model, err = s.st.facet(ctx, q, "model"); err != nil {
			return Facets{}, err
		}
	}
	return f, nil
}

// liveDealers says which of the rows' dealerships are published (listed
// and bookable); asked once per dealership on the page.
func (s *Service) liveDealers(ctx context.Context, rows []listingRow) (map[string]bool, error) {
	out := map[string]bool{}
	for _, r := range rows {
		if _, seen := out[r.ProviderID]; seen {
			continue
		}
		p, err := s.c.Practice.Provider(ctx, r.ProviderID)
		if err != nil && !apperr.Is(err, apperr.CodeNotFound) {
			return nil, err
		}
		out[r.ProviderID] = err == nil && p.Status == "published"
	}
	return out, nil
}
