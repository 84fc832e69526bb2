package rentals

import (
	"context"
	"strings"
	"sync"
	"time"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/practice"
)

// Search is a car search. City matches the branch city (case-insensitive);
// with Start and End only cars free for [Start, End) are answered. The list
// is cheapest first, keyset on (day_rate, id).
type Search struct {
	City         string
	ProviderID   string
	Category     string
	Transmission string
	MinSeats     int
	MinPrice     int64
	MaxPrice     int64
	Start, End   *time.Time
	AfterRate    int64
	AfterID      string
	Limit        int
}

// validate checks the filters (the handler parsed them).
func (q *Search) validate(now time.Time) error {
	f := apperr.Fields{}
	f.Check(len(q.City) <= 100, "city", "must be at most 100 characters")
	f.Check(q.Category == "" || oneOf(q.Category, Categories), "category", "must be one of "+strings.Join(Categories, ", "))
	f.Check(q.Transmission == "" || oneOf(q.Transmission, Transmissions), "transmission", "must be automatic or manual")
	f.Check(q.MinSeats >= 0 && q.MinSeats <= 60, "seats", "must be from 1 to 60")
	f.Check(q.MinPrice >= 0 && q.MinPrice <= MaxAmount, "min_price", "must be from 0 to 10,000,000,000")
	f.Check(q.MaxPrice >= 0 && q.MaxPrice <= MaxAmount, "max_price", "must be from 0 to 10,000,000,000")
	if (q.Start == nil) != (q.End == nil) {
		f.Add("to", "give both from and to, or neither")
	}
	if q.Start != nil && q.End != nil {
		f.Check(q.End.After(*q.Start), "to", "must be after from")
		f.Check(q.End.Sub(*q.Start) <= MaxRentalDays*24*time.Hour, "to", "a rental is at most 90 days")
	}
	return f.Err()
}

// companies remembers company profiles for a few seconds: a search page
// names a handful of companies, and a suspension shows within the TTL.
type companies struct {
	mu sync.Mutex
	m  map[string]cachedCompany
}

type cachedCompany struct {
	p  practice.Provider
	at time.Time
}

const companyTTL = 5 * time.Second

// companyOf is a company profile by its id, through the short cache.
func (s *Service) companyOf(ctx context.Context, id string) (practice.Provider, error) {
	now := time.Now()
	s.companies.mu.Lock()
	c, ok := s.companies.m[id]
	s.companies.mu.Unlock()
	if ok && now.Sub(c.at) < companyTTL {
		return c.p, nil
	}
	p, err := s.c.Practice.Provider(ctx, id)
	if err != nil {
		return p, err
	}
	s.companies.mu.Lock()
	if len(s.companies.m) > 10000 {
		s.companies.m = map[string]cachedCompany{}
	}
	s.companies.m[id] = cachedCompany{p: p, at: now}
	s.companies.mu.Unlock()
	return p, nil
}

// listed is a company whose cars renters may see and book: a car-rental
// practice whose licence an admin verified and which is not suspended (its
// practice profile need not be published in the therapists' directory,
// which asks for session offerings a rental company does not have).
func listed(p practice.Provider) bool {
	return p.Kind == practice.KindCarRental && p.Verified && p.Status != practice.StatusSuspended
}

// CompanyCard is a listed company with published cars.
type CompanyCard struct {
	Company
	Headline  string   `json:"headline"`
	AvatarURL string   `json:"avatar_url"`
	Cars      int      `json:"cars"`
	FromRate  MoneyDTO `json:"from_day_rate"`
	Cities    []string `json:"cities"`
}

type companyAgg struct {
	ProviderID string `bun:"provider_id"`
	N          int    `bun:"n"`
	MinRate    int64  `bun:"min_rate"`
	Currency   string `bun:"currency"`
}

// Companies lists the listed companies with published cars (in city when
// given), keyset on the company id.
func (s *Service) Companies(ctx context.Context, city, after string, limit int) ([]CompanyCard, string, error) {
	if len(city) > 100 {
		return nil, "", apperr.Validation(map[string]string{"city": "must be at most 100 characters"})
	}
	var rows []companyAgg
	q := s.c.DB.NewSelect().TableExpr("rental_cars AS c").
		ColumnExpr("c.provider_id, count(*) AS n, min(c.day_rate) AS min_rate, min(c.currency) AS currency").
		Where("c.status = ?", CarPublished).Group("c.provider_id")
	if city != "" {
		q = q.Where("lower(c.city) = ?", strings.ToLower(strings.TrimSpace(city)))
	}
	if after != "" {
		q = q.Where("c.provider_id > ?", after)
	}
	if err := q.OrderExpr("c.provider_id").Limit(int64(limit+1)).Scan(ctx, &rows); err != nil {
		return nil, "", err
	}
	next := ""
	if len(rows) > limit {
		rows = rows[:limit]
		next = rows[len(rows)-1].ProviderID
	}
	out := []CompanyCard{}
	for _, r := range rows {
		co, err := s.companyOf(ctx, r.ProviderID)
		if err != nil || !listed(co) {
			continue
		}
		var cities []string
		if err := s.c.DB.NewSelect().TableExpr("rental_branches").ColumnExpr("DISTINCT city").
			Where("provider_id = ?", r.ProviderID).OrderExpr("city").Limit(20).Scan(ctx, &cities); err != nil {
			return nil, "", err
		}
		out = append(out, CompanyCard{Company: Company{ID: co.ID, Name: co.DisplayName, City: co.City,
			Verified: co.Verified, Rating: co.Rating}, Headline: co.Headline, AvatarURL: co.AvatarURL, Cars: r.N,
			FromRate: MoneyDTO{r.MinRate, r.Currency}, Cities: cities})
	}
	return out, next, nil
}

// SearchCars answers published cars of listed companies matching q, and
// the position of the next page (nil on the last). A page may hold fewer
// than Limit cars when some belong to a company suspended since.
func (s *Service) SearchCars(ctx context.Context, q Search) ([]Car, *Car, error) {
	if err := q.validate(s.now()); err != nil {
		return nil, nil, err
	}
	key := searchKey(q)
	rows, ok := s.search.get(key)
	if !ok {
		var err error
		if rows, err = s.searchRows(ctx, q); err != nil {
			return nil, nil, err
		}
		s.search.put(key, rows)
	}
	var next *Car
	more := len(rows) > q.Limit
	if more {
		rows = rows[:q.Limit:q.Limit]
	}
	out := make([]Car, 0, len(rows))
	for _, r := range rows {
		co, err := s.companyOf(ctx, r.ProviderID)
		if err != nil {
			return nil, nil, err
		}
		c := toCar(r, co)
		if more && r == rows[len(rows)-1] {
			next = &c
		}
		if listed(co) {
			out = append(out, c)
		}
	}
	return out, next, nil
}

// PublicCar is a published car of a listed company.
func (s *Service) PublicCar(ctx context.Context, id string) (Car, error) {
	row := new(carRow)
	if err := s.c.DB.NewSelect().Model(row).Where("id = ?", id).Where("status = ?", CarPublished).Scan(ctx); err != nil {
		return Car{}, errCarNotFound
	}
	co, err := s.companyOf(ctx, row.ProviderID)
	if err != nil || !listed(co) {
		return Car{}, errCarNotFound
	}
	return toCar(row, co), nil
}

// QuoteInput asks what renting a car would cost.
type QuoteInput struct {
	CarID           string
	PickupBranchID  string
	DropoffBranchID string
	Start, End      time.Time
	Extras          []string
}

// Quote is a price breakdown and whether the car is free for the range.
type Quote struct {
	Breakdown Breakdown `json:"breakdown"`
	Available bool      `json:"available"`
}

// Quote prices a rental without reserving anything.
func (s *Service) Quote(ctx context.Context, in QuoteInput) (Quote, error) {
	car, row, err := s.bookable(ctx, in.CarID)
	if err != nil {
		return Quote{}, err
	}
	b, err := s.price(ctx, car, row, in, false)
	if err != nil {
		return Quote{}, err
	}
	busy, err := s.ranges.Busy(ctx, []string{car.ID}, in.Start, in.End)
	if err != nil {
		return Quote{}, err
	}
	return Quote{Breakdown: b, Available: len(busy) == 0}, nil
}

// bookable is a published car of a listed company, and its row.
func (s *Service) bookable(ctx context.Context, carID string) (Car, *carRow, error) {
	row := new(carRow)
	if err := s.c.DB.NewSelect().Model(row).Where("id = ?", carID).Where("status = ?", CarPublished).Scan(ctx); err != nil {
		return Car{}, nil, errCarNotFound
	}
	co, err := s.c.Practice.Provider(ctx, row.ProviderID)
	if err != nil || !listed(co) {
		return Car{}, nil, errCarNotFound
	}
	return toCar(row, co), row, nil
}

// price checks the range, the branches and the extras, and prices them.
func (s *Service) price(ctx context.Context, car Car, row *carRow, in QuoteInput, past bool) (Breakdown, error) {
	now := s.now()
	f := apperr.Fields{}
	f.Check(in.End.After(in.Start), "end", "must be after the start")
	f.Check(in.End.Sub(in.Start) <= MaxRentalDays*24*time.Hour, "end", "a rental is at most 90 days")
	f.Check(past || !in.Start.Before(now), "start", "must not be in the past")
	f.Check(in.Start.Sub(now) <= MaxAdvance, "start", "must be within 400 days")
	f.Check(len(in.Extras) <= 10, "extras", "at most 10")
	if in.PickupBranchID == "" {
		in.PickupBranchID = row.BranchID
	}
	if in.DropoffBranchID == "" {
		in.DropoffBranchID = in.PickupBranchID
	}
	branches, err := s.Branches(ctx, row.ProviderID)
	if err != nil {
		return Breakdown{}, err
	}
	has := func(id string) bool {
		for _, b := range branches {
			if b.ID == id {
				return true
			}
		}
		return false
	}
	f.Check(has(in.PickupBranchID), "pickup_branch_id", "is not a branch of this company")
	f.Check(has(in.DropoffBranchID), "dropoff_branch_id", "is not a branch of this company")
	oneWay := in.DropoffBranchID != in.PickupBranchID
	f.Check(!oneWay || car.OneWayAllowed, "dropoff_branch_id", "this car must be returned where it was picked up")
	var chosen []Extra
	seen := map[string]bool{}
	for i, code := range in.Extras {
		var found *Extra
		for j := range car.Extras {
			if car.Extras[j].Code == code {
				found = &car.Extras[j]
			}
		}
		k := "extras[" + itoa(i) + "]"
		f.Check(found != nil && !seen[code], k, "is not an extra of this car (or is named twice)")
		if found != nil && !seen[code] {
			chosen = append(chosen, *found)
		}
		seen[code] = true
	}
	if err := f.Err(); err != nil {
		return Breakdown{}, err
	}
	fee := int64(0)
	if oneWay {
		fee = row.OneWayFee
	}
	loc := time.UTC
	if co, err := s.companyOf(ctx, row.ProviderID); err == nil && co.TimeZone != "" {
		if l, err := time.LoadLocation(co.TimeZone); err == nil {
			loc = l
		}
	}
	return Price(PriceInput{DayRate: row.DayRate, Seasons: car.Seasons, Extras: chosen, OneWayFee: fee,
		Deposit: row.Deposit, Currency: row.Currency, Start: in.Start, End: in.End, Loc: loc}), nil
}

// searchRows runs the car search's query (the cache's miss).
func (s *Service) searchRows(ctx context.Context, q Search) ([]*carRow, error) {
	var rows []*carRow
	sel := s.c.DB.NewSelect().Model(&rows).Where("c.status = ?", CarPublished)
	if q.City != "" {
		sel = sel.Where("lower(c.city) = ?", strings.ToLower(strings.TrimSpace(q.City)))
	}
	if q.ProviderID != "" {
		sel = sel.Where("c.provider_id = ?", q.ProviderID)
	}
	if q.Category != "" {
		sel = sel.Where("c.category = ?", q.Category)
	}
	if q.Transmission != "" {
		sel = sel.Where("c.transmission = ?", q.Transmission)
	}
	if q.MinSeats > 0 {
		sel = sel.Where("c.seats >= ?", q.MinSeats)
	}
	if q.MinPrice > 0 {
		sel = sel.Where("c.day_rate >= ?", q.MinPrice)
	}
	if q.MaxPrice > 0 {
		sel = sel.Where("c.day_rate <= ?", q.MaxPrice)
	}
	if q.AfterID != "" {
		sel = sel.Where("(c.day_rate, c.id) > (?, ?)", q.AfterRate, q.AfterID)
	}
	if q.Start != nil {
		sel = s.ranges.Free(sel, "c.id", *q.Start, *q.End)
	}
	if err := sel.OrderExpr("c.day_rate, c.id").Limit(int64(q.Limit + 1)).Scan(ctx); err != nil {
		return nil, err
	}
	return rows, nil
}
