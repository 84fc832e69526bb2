package dealers

import (
	"context"
	"errors"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
)

// photoLimits: a car photo is at most 40 megapixels (checked from the
// header before decoding) and is stored with its longest side at most 1600
// pixels, without metadata.
var photoLimits = images.Limits{MaxPixels: 40_000_000, MaxSide: 1600}

// AddPhoto checks the upload by its bytes, re-encodes it, stores it and
// adds it to one of the caller's cars (the first photo is the cover).
func (s *Service) AddPhoto(ctx context.Context, userID, listingID string, data []byte) (Listing, error) {
	if _, err := s.st.ownListing(ctx, s.c.DB, userID, listingID); err != nil {
		return Listing{}, err
	}
	if len(data) > MaxPhotoBytes {
		return Listing{}, errPhotoTooLarge
	}
	img, err := s.c.Images.Reencode(ctx, data, photoLimits)
	switch {
	case errors.Is(err, images.ErrNotImage):
		return Listing{}, errPhotoNotImage
	case errors.Is(err, images.ErrTooLarge):
		return Listing{}, errPhotoPixels
	case err != nil:
		return Listing{}, err
	}
	return s.storePhoto(ctx, userID, listingID, img.Data, img.Ext)
}

// StorePhoto adds an already encoded image (the demo data renders its own).
func (s *Service) storePhoto(ctx context.Context, userID, listingID string, data []byte, ext string) (Listing, error) {
	id := ids.New()
	url, err := s.c.Storage.Put(ctx, "cars/"+listingID+"/"+id+"."+ext, data)
	if err != nil {
		return Listing{}, err
	}
	var out *listingRow
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.ownListing(ctx, tx, userID, listingID)
		if err != nil {
			return err
		}
		n, err := tx.NewSelect().Model((*photoRow)(nil)).Where("listing_id = ?", r.ID).Count(ctx)
		if err != nil {
			return err
		}
		if n >= maxPhotos {
			return errTooManyPhotos
		}
		if _, err := tx.NewInsert().Model(&photoRow{ID: id, ListingID: r.ID, URL: url, Position: int(n),
			CreatedAt: s.now()}).Exec(ctx); err != nil {
			return err
		}
		if n == 0 {
			r.CoverURL = url
			if _, err := tx.NewUpdate().Model(r).Column("cover_url").WherePK().Exec(ctx); err != nil {
				return err
			}
		}
		out = r
		return nil
	})
	if err != nil {
		s.deleteFile(ctx, url)
		return Listing{}, err
	}
	return s.fullListing(ctx, out)
}

// DeletePhoto removes one photo of one of the caller's cars (the next one
// becomes the cover).
func (s *Service) DeletePhoto(ctx context.Context, userID, listingID, photoID string) (Listing, error) {
	var out *listingRow
	var url string
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.ownListing(ctx, tx, userID, listingID)
		if err != nil {
			return err
		}
		p := new(photoRow)
		if err := tx.NewSelect().Model(p).Where("id = ? AND listing_id = ?", photoID, r.ID).Scan(ctx); err != nil {
			return ErrPhotoNotFound
		}
		if _, err := tx.NewDelete().Model(p).WherePK().Exec(ctx); err != nil {
			return err
		}
		url = p.URL
		rest, err := s.st.photos(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		r.CoverURL = ""
		if len(rest) > 0 {
			r.CoverURL = rest[0].URL
		}
		if _, err := tx.NewUpdate().Model(r).Column("cover_url").WherePK().Exec(ctx); err != nil {
			return err
		}
		out = r
		return nil
	})
	if err != nil {
		return Listing{}, err
	}
	s.deleteFile(ctx, url)
	return s.fullListing(ctx, out)
}

func (s *Service) deleteFile(ctx context.Context, url string) {
	if key, ok := s.c.Storage.KeyFromURL(url); ok && url != "" {
		if err := s.c.Storage.Delete(ctx, key); err != nil {
			s.c.Log.Warn("delete car photo", "key", key, "error", err.Error())
		}
	}
}
