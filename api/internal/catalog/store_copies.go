package catalog

import (
	"context"

	"github.com/uptrace/bun"
)

// A product carries copies of its store's suspended flag and health_weight
// (shop_products.store_suspended, store_weight; migration 0054) so a search
// page filters and ranks products alone. They are kept in step here, in the
// transactions that change the store, and set when a product is created.
//
// Locks: the catalogue's product transactions lock a product, then its store
// (product_count, the rating aggregate), so a store change takes the same
// order: its products first, then the store row, then once more the
// products committed in between (a product created meanwhile read the store
// FOR SHARE, so by the time the store row is ours it has committed and the
// second pass, a statement with a new snapshot, sees it).

// copyStoreToProducts writes a store's suspended flag and weight onto its
// products that differ (nil: leave that copy as it is).
func (st store) copyStoreToProducts(ctx context.Context, tx bun.IDB, storeID string, suspended *bool, weight *int) error {
	if suspended != nil {
		if _, err := tx.NewRaw("UPDATE shop_products SET store_suspended = ? WHERE store_id = ? AND store_suspended <> ?",
			*suspended, storeID, *suspended).Exec(ctx); err != nil {
			return err
		}
	}
	if weight != nil {
		if _, err := tx.NewRaw("UPDATE shop_products SET store_weight = ? WHERE store_id = ? AND store_weight <> ?",
			*weight, storeID, *weight).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// copyStoreToProduct sets a new product's copies from its store, read FOR
// SHARE on PostgreSQL (a store change waits for this transaction, then its
// second pass sees the product); SQLite serialises writers.
func (st store) copyStoreToProduct(ctx context.Context, tx bun.IDB, productID, storeID string) error {
	lock := ""
	if st.postgres() {
		lock = " FOR SHARE"
	}
	var suspended bool
	var weight int
	if err := tx.NewRaw("SELECT suspended, health_weight FROM shop_stores WHERE id = ?"+lock, storeID).
		Scan(ctx, &suspended, &weight); err != nil {
		return err
	}
	_, err := tx.NewRaw("UPDATE shop_products SET store_suspended = ?, store_weight = ? WHERE id = ?",
		suspended, weight, productID).Exec(ctx)
	return err
}
