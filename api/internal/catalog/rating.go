package catalog

import (
	"context"
	"math"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

// SetProductRating records a product's review aggregate (the reviews' owner
// computes it from its own table and hands it over in the transaction that
// publishes or removes a review): the average (0 to 5) and the number of
// published reviews. The product's rating feeds the rating sort and facet;
// its store's aggregate is recomputed from its products in the same call.
func (s *Service) SetProductRating(ctx context.Context, db bun.IDB, productID string, average float64, count int) error {
	if math.IsNaN(average) || average < 0 || average > 5 || count < 0 || (count == 0 && average != 0) {
		return apperr.Validation(map[string]string{"rating": "the average is 0 to 5 (0 without reviews) and the count not negative"})
	}
	return s.inTx(ctx, db, func(ctx context.Context, tx bun.IDB) error {
		var storeID string
		if err := tx.NewRaw("SELECT store_id FROM shop_products WHERE id = ?", productID).Scan(ctx, &storeID); err != nil {
			return ErrProductNotFound
		}
		if _, err := tx.NewRaw("UPDATE shop_products SET rating = ?, rating_count = ? WHERE id = ?",
			int(math.Round(average*100)), count, productID).Exec(ctx); err != nil {
			return err
		}
		_, err := tx.NewRaw(`UPDATE shop_stores SET
			rating_sum = COALESCE((SELECT SUM(rating * rating_count) FROM shop_products WHERE store_id = shop_stores.id), 0),
			rating_count = COALESCE((SELECT SUM(rating_count) FROM shop_products WHERE store_id = shop_stores.id), 0)
			WHERE id = ?`, storeID).Exec(ctx)
		return err
	})
}
