package catalog

import (
	"context"
	"encoding/json"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

// HealthFactor is one part of a vendor's health score: how many of the
// store's orders in the window went wrong this way (Count of Of), the rate
// in percent, the rate at which the factor scores 0 (Limit), the factor's
// own score (0..100), its weight in the total (percent) and what to do.
type HealthFactor struct {
	Key    string  `json:"key"` // late_shipments | vendor_cancellations | returns
	Label  string  `json:"label"`
	Count  int     `json:"count"`
	Of     int     `json:"of"`
	Rate   float64 `json:"rate"`
	Limit  float64 `json:"limit"`
	Weight int     `json:"weight"`
	Score  int     `json:"score"`
	Advice string  `json:"advice"`
}

// HealthDetails is what the score was computed from.
type HealthDetails struct {
	WindowDays int            `json:"window_days"`
	Orders     int            `json:"orders"`
	Factors    []HealthFactor `json:"factors"`
}

// StoreHealth is a store's health as the vendor and admins see it.
type StoreHealth struct {
	Score      int       `json:"score"`
	ComputedAt time.Time `json:"computed_at"`
	HealthDetails
}

// HealthWeight is the search-ranking weight (percent, 100 = neutral) of a
// health score: a healthy store ranks as it would, an unhealthy one sinks,
// at most by half (score 0 -> 50).
func HealthWeight(score int) int { return 50 + score/2 }

// SetStoreHealth writes a store's health score (0..100) and its factors,
// and the ranking weight that follows from it (HealthWeight); the shop's
// health chore calls it. Passed a transaction it runs in it.
func (s *Service) SetStoreHealth(ctx context.Context, db bun.IDB, storeID string, score int, details HealthDetails) error {
	if score < 0 || score > 100 {
		return apperr.Validation(map[string]string{"score": "must be from 0 to 100"})
	}
	if details.Factors == nil {
		details.Factors = []HealthFactor{}
	}
	b, err := json.Marshal(details)
	if err != nil {
		return err
	}
	// The products' copies of the weight, before and after the store row (store_copies.go).
	w := HealthWeight(score)
	return s.inTx(ctx, db, func(ctx context.Context, tx bun.IDB) error {
		if err := s.st.copyStoreToProducts(ctx, tx, storeID, nil, &w); err != nil {
			return err
		}
		res, err := tx.NewUpdate().Table("shop_stores").Set("health_score = ?", score).Set("health_details = ?", string(b)).
			Set("health_at = ?", s.now()).Set("health_weight = ?", w).Where("id = ?", storeID).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrStoreNotFound
		}
		return s.st.copyStoreToProducts(ctx, tx, storeID, nil, &w)
	})
}

// health is the row's health, nil before it is first computed.
func (r storeRow) health() *StoreHealth {
	if r.HealthScore == nil || r.HealthAt == nil {
		return nil
	}
	h := &StoreHealth{Score: *r.HealthScore, ComputedAt: *r.HealthAt}
	if err := json.Unmarshal([]byte(r.HealthDetails), &h.HealthDetails); err != nil || h.Factors == nil {
		h.Factors = []HealthFactor{}
	}
	return h
}
