package dealers

import (
	"context"
	"math"
	"slices"
	"time"

	"github.com/uptrace/bun"
)

// The market price indicator, like CarGurus' deal rating: a car's price
// against the median asking price of comparable cars on Sojourn.
//
// Comparable: same make and model, the same currency, a model year within
// one of the car's (a three-year band), a mileage within the mileage band
// (the car's mileage plus or minus a quarter of it, at least 20,000 km),
// listed and not hidden by moderation: for sale now, reserved, or sold in
// the last 365 days (their last asking price). The car itself never
// counts. At least MinComparables are needed; with fewer the page says
// there are not enough to judge.
//
// Rating from the price against the median: at most 90% great, at most
// 97% good, at most 105% fair, above that high.
const (
	MinComparables  = 3
	maxComparables  = 500
	minMileageBand  = 20_000
	yearBand        = 1
	soldWindowDays  = 365
	RatingGreat     = "great"
	RatingGood      = "good"
	RatingFair      = "fair"
	RatingHigh      = "high"
	RatingNotEnough = "not_enough_data"
)

// Market is a car's price against comparable cars.
type Market struct {
	Rating        string   `json:"rating"`
	Comparables   int      `json:"comparables"`
	MedianPrice   *int64   `json:"median_price"`
	Difference    *int64   `json:"difference"`
	DifferencePct *float64 `json:"difference_pct"`
	YearFrom      int      `json:"year_from"`
	YearTo        int      `json:"year_to"`
	MileageFrom   int      `json:"mileage_from"`
	MileageTo     int      `json:"mileage_to"`
	Method        string   `json:"method"`
}

// MarketMethod is the explanation the car page shows.
const MarketMethod = "We compare this car's price with the asking prices of comparable cars on Sojourn: the same make " +
	"and model, a model year within one year of this one, and a mileage within a quarter of this car's (at least " +
	"20,000 km either way), including cars for sale now and cars sold in the last year. The rating compares the " +
	"price with their median: 90% or less is a great price, up to 97% a good price, up to 105% a fair price, and " +
	"above that a high price. It does not see a car's condition, history or extras, so use it as a guide."

func mileageBand(km int) (int, int) {
	band := max(km/4, minMileageBand)
	return max(0, km-band), km + band
}

// rate answers the rating of price against the comparable prices.
func rate(price int64, comps []int64) (string, *int64) {
	if len(comps) < MinComparables {
		return RatingNotEnough, nil
	}
	slices.Sort(comps)
	n := len(comps)
	med := comps[n/2]
	if n%2 == 0 {
		med = (comps[n/2-1] + comps[n/2]) / 2
	}
	ratio := float64(price) / float64(med)
	switch {
	case ratio <= 0.90:
		return RatingGreat, &med
	case ratio <= 0.97:
		return RatingGood, &med
	case ratio <= 1.05:
		return RatingFair, &med
	}
	return RatingHigh, &med
}

func (s store) comparablePrices(ctx context.Context, r *listingRow, now time.Time) ([]int64, error) {
	lo, hi := mileageBand(r.MileageKm)
	var prices []int64
	err := s.db.NewSelect().Model((*listingRow)(nil)).Column("price").
		Where("l.make = ? AND l.model = ? AND l.currency = ?", r.Make, r.Model, r.Currency).
		Where("l.year BETWEEN ? AND ?", r.Year-yearBand, r.Year+yearBand).
		Where("l.mileage_km BETWEEN ? AND ?", lo, hi).
		Where("l.hidden = ? AND l.id <> ?", false, r.ID).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("l.status <> ?", StatusSold).WhereOr("l.sold_at >= ?", now.AddDate(0, 0, -soldWindowDays))
		}).
		Limit(maxComparables).Scan(ctx, &prices)
	return prices, err
}

// market rates a car.
func (s *Service) market(ctx context.Context, r *listingRow) (Market, error) {
	comps, err := s.st.comparablePrices(ctx, r, s.now())
	if err != nil {
		return Market{}, err
	}
	lo, hi := mileageBand(r.MileageKm)
	m := Market{Comparables: len(comps), YearFrom: r.Year - yearBand, YearTo: r.Year + yearBand, MileageFrom: lo,
		MileageTo: hi, Method: MarketMethod}
	var med *int64
	m.Rating, med = rate(r.Price, comps)
	if med != nil {
		d := r.Price - *med
		pct := math.Round(float64(d)/float64(*med)*1000) / 10
		m.MedianPrice, m.Difference, m.DifferencePct = med, &d, &pct
	}
	return m, nil
}
