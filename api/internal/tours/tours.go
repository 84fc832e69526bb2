package tours

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/practice"
)

var errNoProfile = apperr.Conflict("Set up your guide profile first (Profile, Edit profile).")

// CreateTour adds a tour to the caller's guide practice: the offering
// through practice, then the tour's own row.
func (s *Service) CreateTour(ctx context.Context, userID string, in TourInput) (TourView, error) {
	now := s.c.Clock.Now().UTC()
	t := &tourRow{Itinerary: "[]", Included: "[]", Excluded: "[]", CreatedAt: now, UpdatedAt: now}
	f := apperr.Fields{}
	langs := in.apply(f, t, true)
	if err := f.Err(); err != nil {
		return TourView{}, err
	}
	p, err := s.c.Practice.ProviderOfUser(ctx, userID, Kind)
	if practice.IsNotFoundErr(err) {
		return TourView{}, errNoProfile
	}
	if err != nil {
		return TourView{}, err
	}
	off, err := s.c.Practice.CreateOffering(ctx, userID, Kind, in.offeringInput(true))
	if err != nil {
		return TourView{}, err
	}
	t.OfferingID, t.ProviderID, t.UserID = off.ID, p.ID, userID
	if t.Country == "" {
		t.Country = p.Country
	}
	copyOffering(t, off)
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(t).Exec(ctx); err != nil {
			return err
		}
		return setLanguages(ctx, tx, t.OfferingID, langs)
	})
	if err != nil {
		// The offering without its tour must not be sold: archive it.
		no := false
		if _, e := s.c.Practice.UpdateOffering(ctx, userID, off.ID, practice.OfferingInput{Active: &no}); e != nil {
			s.log.Warn("tours: archive an orphan offering", "offering", off.ID, "err", e)
		}
		return TourView{}, err
	}
	return view(t, off, langs, nil), nil
}

func copyOffering(t *tourRow, off practice.OfferingView) {
	t.Title, t.Price, t.Currency, t.Pricing = off.Title, off.Price.Amount, off.Price.Currency, off.Pricing
	t.DurationMin, t.Capacity, t.Active = off.DurationMin, off.Capacity, off.Active
}

func setLanguages(ctx context.Context, tx bun.Tx, id string, langs []string) error {
	if langs == nil {
		return nil
	}
	if _, err := tx.NewDelete().Model((*languageRow)(nil)).Where("offering_id = ?", id).Exec(ctx); err != nil {
		return err
	}
	if len(langs) == 0 {
		return nil
	}
	rows := make([]languageRow, 0, len(langs))
	for _, l := range langs {
		rows = append(rows, languageRow{OfferingID: id, Language: l})
	}
	_, err := tx.NewInsert().Model(&rows).Exec(ctx)
	return err
}

// mine reads one of the caller's tours (anyone else's: ErrNotFound).
func (s *Service) mine(ctx context.Context, db bun.IDB, userID, id string) (*tourRow, error) {
	t := new(tourRow)
	err := db.NewSelect().Model(t).Where("offering_id = ? AND user_id = ?", id, userID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return t, err
}

// UpdateTour changes the given fields of one of the caller's tours.
func (s *Service) UpdateTour(ctx context.Context, userID, id string, in TourInput) (TourView, error) {
	t, err := s.mine(ctx, s.db.DB, userID, id)
	if err != nil {
		return TourView{}, err
	}
	f := apperr.Fields{}
	langs := in.apply(f, t, false)
	if err := f.Err(); err != nil {
		return TourView{}, err
	}
	off, err := s.c.Practice.UpdateOffering(ctx, userID, id, in.offeringInput(false))
	if err != nil {
		return TourView{}, err
	}
	copyOffering(t, off)
	t.UpdatedAt = s.c.Clock.Now().UTC()
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewUpdate().Model(t).WherePK().ExcludeColumn("hidden", "hidden_reason", "hidden_at",
			"created_at", "user_id", "provider_id").Exec(ctx); err != nil {
			return err
		}
		return setLanguages(ctx, tx, id, langs)
	})
	if err != nil {
		return TourView{}, err
	}
	return s.MyTour(ctx, userID, id)
}

// MyTour is one of the caller's tours.
func (s *Service) MyTour(ctx context.Context, userID, id string) (TourView, error) {
	t, err := s.mine(ctx, s.db.DB, userID, id)
	if err != nil {
		return TourView{}, err
	}
	off, err := s.c.Practice.MyOffering(ctx, userID, id)
	if err != nil {
		return TourView{}, err
	}
	out, err := s.views(ctx, []*tourRow{t}, map[string]practice.OfferingView{id: off})
	if err != nil {
		return TourView{}, err
	}
	return out[0], nil
}

// MyTours lists the caller's tours, newest first (a guide has at most 50
// offerings, so the list is bounded).
func (s *Service) MyTours(ctx context.Context, userID string) ([]TourView, error) {
	var rows []*tourRow
	if err := s.db.NewSelect().Model(&rows).Where("user_id = ?", userID).
		OrderExpr("created_at DESC, offering_id DESC").Limit(100).Scan(ctx); err != nil {
		return nil, err
	}
	offs := map[string]practice.OfferingView{}
	for _, t := range rows {
		off, err := s.c.Practice.MyOffering(ctx, userID, t.OfferingID)
		if err != nil {
			return nil, err
		}
		offs[t.OfferingID] = off
	}
	return s.views(ctx, rows, offs)
}

// views adds languages and photos to rows (one query each).
func (s *Service) views(ctx context.Context, rows []*tourRow, offs map[string]practice.OfferingView) ([]TourView, error) {
	out := make([]TourView, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]string, 0, len(rows))
	for _, t := range rows {
		ids = append(ids, t.OfferingID)
	}
	langs, photos, err := s.extras(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, t := range rows {
		out = append(out, view(t, offs[t.OfferingID], langs[t.OfferingID], photos[t.OfferingID]))
	}
	return out, nil
}

func (s *Service) extras(ctx context.Context, ids []string) (map[string][]string, map[string][]Photo, error) {
	var ls []languageRow
	if err := s.db.NewSelect().Model(&ls).Where("offering_id IN (?)", bun.In(ids)).
		OrderExpr("offering_id, language").Scan(ctx); err != nil {
		return nil, nil, err
	}
	var ps []photoRow
	if err := s.db.NewSelect().Model(&ps).Where("offering_id IN (?)", bun.In(ids)).
		OrderExpr("offering_id, position, id").Scan(ctx); err != nil {
		return nil, nil, err
	}
	langs := map[string][]string{}
	for _, l := range ls {
		langs[l.OfferingID] = append(langs[l.OfferingID], l.Language)
	}
	photos := map[string][]Photo{}
	for _, p := range ps {
		photos[p.OfferingID] = append(photos[p.OfferingID], Photo{ID: p.ID, URL: p.URL})
	}
	return langs, photos, nil
}

// MaxPhotoBytes is the largest tour photo upload accepted.
const MaxPhotoBytes = 8 << 20

var photoLimits = images.Limits{MaxPixels: 40_000_000, MaxSide: 1600}

// AddPhoto checks an upload by its bytes (platform/images), re-encodes and
// stores it, and adds it to the caller's tour (at most 10).
func (s *Service) AddPhoto(ctx context.Context, userID, id string, data []byte) (Photo, error) {
	if _, err := s.mine(ctx, s.db.DB, userID, id); err != nil {
		return Photo{}, err
	}
	if len(data) > MaxPhotoBytes {
		return Photo{}, errTooLarge
	}
	img, err := s.c.Images.Reencode(ctx, data, photoLimits)
	switch {
	case errors.Is(err, images.ErrNotImage):
		return Photo{}, errNotImage
	case errors.Is(err, images.ErrTooLarge):
		return Photo{}, errPixels
	case err != nil:
		return Photo{}, err
	}
	row := &photoRow{ID: ids.New(), OfferingID: id, CreatedAt: s.c.Clock.Now().UTC()}
	url, err := s.c.Storage.Put(ctx, "tours/"+id+"/"+row.ID+"."+img.Ext, img.Data)
	if err != nil {
		return Photo{}, err
	}
	row.URL = url
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		n, err := s.db.ForUpdate(tx.NewSelect().Model((*tourRow)(nil)).Column("offering_id").
			Where("offering_id = ?", id)).Count(ctx)
		if err != nil || n == 0 {
			return errors.Join(err, ErrNotFound)
		}
		k, err := tx.NewSelect().Model((*photoRow)(nil)).Where("offering_id = ?", id).Count(ctx)
		if err != nil {
			return err
		}
		if k >= maxPhotos {
			return errTooManyPhoto
		}
		row.Position = int(k)
		_, err = tx.NewInsert().Model(row).Exec(ctx)
		return err
	})
	if err != nil {
		s.deleteFile(ctx, url)
		return Photo{}, err
	}
	return Photo{ID: row.ID, URL: row.URL}, nil
}

// DeletePhoto removes a photo of one of the caller's tours.
func (s *Service) DeletePhoto(ctx context.Context, userID, id, photoID string) error {
	if _, err := s.mine(ctx, s.db.DB, userID, id); err != nil {
		return err
	}
	p := new(photoRow)
	if err := s.db.NewSelect().Model(p).Where("id = ? AND offering_id = ?", photoID, id).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return errPhotoMissing
		}
		return err
	}
	res, err := s.db.NewDelete().Model(p).WherePK().Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errPhotoMissing
	}
	s.deleteFile(ctx, p.URL)
	return nil
}

func (s *Service) deleteFile(ctx context.Context, url string) {
	if key, ok := s.c.Storage.KeyFromURL(url); ok {
		if err := s.c.Storage.Delete(ctx, key); err != nil {
			s.log.Warn("tours: delete photo file", "key", key, "err", err)
		}
	}
}
