package practice

import (
	"context"
	"errors"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
)

// MaxMediaBytes is the largest photo upload accepted.
const MaxMediaBytes = 8 << 20

// maxPhotos bounds a profile's photos.
const maxPhotos = 12

// photoLimits: a profile photo is at most 40 megapixels (checked from the
// header before decoding) and is stored with its longest side at most 1600
// pixels, without metadata.
var photoLimits = images.Limits{MaxPixels: 40_000_000, MaxSide: 1600}

// AddPhoto checks the upload by its bytes, re-encodes it, stores it and adds
// it to the caller's profile of kind.
func (s *Service) AddPhoto(ctx context.Context, userID, kind string, data []byte) (MediaItem, error) {
	if len(data) > MaxMediaBytes {
		return MediaItem{}, errMediaTooLarge
	}
	img, err := s.c.Images.Reencode(ctx, data, photoLimits)
	switch {
	case errors.Is(err, images.ErrNotImage):
		return MediaItem{}, errMediaNotImage
	case errors.Is(err, images.ErrTooLarge):
		return MediaItem{}, errMediaPixels
	case err != nil:
		return MediaItem{}, err
	}
	row := &mediaRow{ID: ids.New(), Kind: "photo", CreatedAt: s.c.Clock.Now()}
	key := "practice/" + userID + "/" + row.ID + "." + img.Ext
	url, err := s.c.Storage.Put(ctx, key, img.Data)
	if err != nil {
		return MediaItem{}, err
	}
	row.URL = url
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.mine(ctx, tx, userID, kind)
		if err != nil {
			return err
		}
		n, err := tx.NewSelect().Model((*mediaRow)(nil)).Where("provider_id = ?", p.ID).Count(ctx)
		if err != nil {
			return err
		}
		if n >= maxPhotos {
			return errTooManyMedia
		}
		row.ProviderID = p.ID
		if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
			return err
		}
		return s.recompute(ctx, tx, p.ID)
	})
	if err != nil {
		s.deleteFile(ctx, url)
		return MediaItem{}, err
	}
	return toMedia([]*mediaRow{row})[0], nil
}

// DeleteMedia removes one of the caller's photos and its file.
func (s *Service) DeleteMedia(ctx context.Context, userID, id string) error {
	var url string
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		m := new(mediaRow)
		err := tx.NewSelect().Model(m).Where("id = ?", id).
			Where("provider_id IN (?)", tx.NewSelect().Model((*providerRow)(nil)).Column("id").Where("user_id = ?", userID)).
			Scan(ctx)
		if err != nil {
			return notFound(err, errMediaNotFound)
		}
		res, err := tx.NewDelete().Model(m).WherePK().Exec(ctx)
		if err := affected(res, err, errMediaNotFound); err != nil {
			return err
		}
		url = m.URL
		return s.recompute(ctx, tx, m.ProviderID)
	})
	if err != nil {
		return err
	}
	s.deleteFile(ctx, url)
	return nil
}

func (s *Service) deleteFile(ctx context.Context, url string) {
	if url == "" {
		return
	}
	key, ok := s.c.Storage.KeyFromURL(url)
	if !ok {
		return
	}
	if err := s.c.Storage.Delete(ctx, key); err != nil {
		s.log.Warn("delete practice media file", "key", key, "error", err.Error())
	}
}
