package shop

import (
	"context"
	"math"
	"time"

	"sojourn/api/internal/catalog"
)

// HealthEvery is the cadence of the vendor health chore.
const HealthEvery = time.Hour

// HealthWindow is how far back the health score looks (by payment time).
const HealthWindow = 90 * 24 * time.Hour

// HealthJob is the periodic job that recomputes every store's health.
type HealthJob struct{}

// Kind names the job in River.
func (HealthJob) Kind() string { return "shop.vendor_health" }

// The factors of the health score: the rate in percent at which a factor
// scores 0, and its weight in the total (the weights add up to 100).
// ReplyWithin is how long after a review's publication the vendor's reply
// counts as prompt.
const ReplyWithin = 72 * time.Hour

// ReviewReplies tells per store how many published reviews were answered
// late (or not at all in time), out of those due: shopreviews.ReplyTimes.
type ReviewReplies interface {
	SlowReplies(ctx context.Context, since, now time.Time, within time.Duration) (map[string][2]int, error)
}

var healthFactors = []struct {
	key, label string
	limit      float64
	weight     int
	advice     string
}{
	{"late_shipments", "Late shipments", 20, 35,
		"Ship within the delivery days your shipping methods promise, or lengthen the promise to what you can keep."},
	{"vendor_cancellations", "Cancellations by you", 10, 30,
		"Cancel only what you cannot send: keep your stock counts true so buyers cannot order what you do not have."},
	{"returns", "Returns", 20, 20,
		"Describe and photograph products as they are (sizes, colours, materials) and pack them to arrive unharmed."},
	{"slow_review_replies", "Reviews answered after 3 days", 50, 15,
		"Answer each review within three days of its publication: shoppers read a seller's replies."},
}

type healthOrder struct {
	ID               string     `bun:"id"`
	StoreID          string     `bun:"store_id"`
	FulfilmentStatus string     `bun:"fulfilment_status"`
	MaxDays          int        `bun:"max_days"`
	PaidAt           *time.Time `bun:"paid_at"`
	ShippedAt        *time.Time `bun:"shipped_at"`
	DeliveredAt      *time.Time `bun:"delivered_at"`
}

// ComputeHealth recomputes the health score of every store that has ever
// had an order, from its paid orders of the last 90 days, and writes it
// through the catalogue (catalog.SetStoreHealth, which also sets the
// store's search-ranking weight). It answers how many stores it scored.
//
//	late shipments        shipped later than paid_at + the method's max_days, or
//	                      still unshipped past it
//	cancellations by you  paid orders the vendor cancelled
//	returns               delivered orders with a return request
//	slow review replies   published reviews answered more than 3 days after
//	                      publication, or not yet and past it
//
// Each factor scores 100 - 100 x rate / limit (at least 0); the score is
// their weighted sum. A store without paid orders in the window scores 100.
func (s *Service) ComputeHealth(ctx context.Context) (int, error) {
	now := s.now()
	since := now.Add(-HealthWindow)
	var storeIDs []string
	if err := s.c.DB.NewSelect().Table("shop_orders").ColumnExpr("DISTINCT store_id").Scan(ctx, &storeIDs); err != nil {
		return 0, err
	}
	var orders []healthOrder
	if err := s.c.DB.NewSelect().Table("shop_orders").
		Column("id", "store_id", "fulfilment_status", "max_days", "paid_at", "shipped_at", "delivered_at").
		Where("paid_at IS NOT NULL AND paid_at >= ?", since).Scan(ctx, &orders); err != nil {
		return 0, err
	}
	var cancelled, returned []string
	if err := s.c.DB.NewSelect().Table("shop_order_events").ColumnExpr("DISTINCT order_id").
		Where("actor_role = ? AND to_state = ? AND created_at >= ?", ActorVendor, FulCancelled, since).Scan(ctx, &cancelled); err != nil {
		return 0, err
	}
	if err := s.c.DB.NewSelect().Table("shop_returns").ColumnExpr("DISTINCT order_id").
		Where("created_at >= ?", since).Scan(ctx, &returned); err != nil {
		return 0, err
	}
	isCancelled, isReturned := set(cancelled), set(returned)
	replies := map[string][2]int{}
	if s.c.Replies != nil {
		var err error
		if replies, err = s.c.Replies.SlowReplies(ctx, since, now, ReplyWithin); err != nil {
			return 0, err
		}
	}
	type tally struct{ paid, late, cancelled, delivered, returned int }
	by := map[string]*tally{}
	for _, id := range storeIDs {
		by[id] = &tally{}
	}
	for _, o := range orders {
		t := by[o.StoreID]
		if t == nil {
			continue
		}
		t.paid++
		due := o.PaidAt.Add(time.Duration(o.MaxDays) * 24 * time.Hour)
		if isCancelled[o.ID] {
			t.cancelled++
		} else if (o.ShippedAt != nil && o.ShippedAt.After(due)) ||
			(o.ShippedAt == nil && (o.FulfilmentStatus == FulUnfulfilled || o.FulfilmentStatus == FulProcessing) && now.After(due)) {
			t.late++
		}
		if o.DeliveredAt != nil {
			t.delivered++
			if isReturned[o.ID] {
				t.returned++
			}
		}
	}
	n := 0
	for _, id := range storeIDs {
		t := by[id]
		counts := [][2]int{{t.late, t.paid}, {t.cancelled, t.paid}, {t.returned, t.delivered}, replies[id]}
		score, details := healthScore(counts)
		details.WindowDays, details.Orders = int(HealthWindow/(24*time.Hour)), t.paid
		if err := s.c.Catalog.SetStoreHealth(ctx, s.c.DB, id, score, details); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// healthScore scores the factors' (count, of) pairs, in healthFactors' order.
func healthScore(counts [][2]int) (int, catalog.HealthDetails) {
	d := catalog.HealthDetails{Factors: make([]catalog.HealthFactor, len(healthFactors))}
	total := 0.0
	for i, f := range healthFactors {
		c, of := counts[i][0], counts[i][1]
		rate := 0.0
		if of > 0 {
			rate = 100 * float64(c) / float64(of)
		}
		fs := math.Max(0, 100-100*rate/f.limit)
		total += fs * float64(f.weight) / 100
		advice := ""
		if c > 0 {
			advice = f.advice
		}
		d.Factors[i] = catalog.HealthFactor{Key: f.key, Label: f.label, Count: c, Of: of, Rate: math.Round(rate*10) / 10,
			Limit: f.limit, Weight: f.weight, Score: int(math.Round(fs)), Advice: advice}
	}
	return int(math.Round(total)), d
}

func set(ids []string) map[string]bool {
	m := make(map[string]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}
