package catalog

import (
	"context"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

var errPhotoOrder = apperr.Validation(map[string]string{"photo_ids": "must name each of the product's photos once"})

// OrderPhotos puts a vendor's product's photos in the order given (the
// first is the cover): photoIDs must name every photo of the product once.
// The positions are rewritten in one transaction under the product's row.
func (s *Service) OrderPhotos(ctx context.Context, userID, productID string, photoIDs []string) (Product, error) {
	if len(photoIDs) == 0 || len(photoIDs) > maxPhotos {
		return Product{}, errPhotoOrder
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.st.ownProduct(ctx, tx, userID, productID)
		if err != nil {
			return err
		}
		var have []photoRow
		if err := tx.NewSelect().Model(&have).Where("product_id = ?", p.ID).Scan(ctx); err != nil {
			return err
		}
		byID := make(map[string]photoRow, len(have))
		for _, ph := range have {
			byID[ph.ID] = ph
		}
		seen := make(map[string]bool, len(photoIDs))
		for _, id := range photoIDs {
			if _, ok := byID[id]; !ok || seen[id] {
				return errPhotoOrder
			}
			seen[id] = true
		}
		if len(seen) != len(have) {
			return errPhotoOrder
		}
		for i, id := range photoIDs {
			if _, err := tx.NewUpdate().Model((*photoRow)(nil)).Set("position = ?", i).Where("id = ?", id).Exec(ctx); err != nil {
				return err
			}
		}
		first := byID[photoIDs[0]]
		_, err = tx.NewUpdate().Model(p).Set("cover_url = ?, cover_thumb_url = ?", first.URL, first.ThumbURL).WherePK().Exec(ctx)
		return err
	})
	if err != nil {
		return Product{}, err
	}
	return s.MyProduct(ctx, userID, productID)
}
