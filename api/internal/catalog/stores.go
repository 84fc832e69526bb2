package catalog

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/page"
)

var logoLimits = images.Limits{MaxPixels: 40_000_000, MaxSide: 512}

// MyStore is the caller's storefront (404 before it is set up).
func (s *Service) MyStore(ctx context.Context, userID string) (VendorStore, error) {
	r, err := s.st.storeOfUser(ctx, s.c.DB, userID)
	if err != nil {
		return VendorStore{}, err
	}
	return r.vendorView(), nil
}

// SaveStore creates or replaces the caller's storefront (its slug follows
// the name; a name another store uses is refused).
func (s *Service) SaveStore(ctx context.Context, userID string, in StoreInput) (VendorStore, error) {
	ship, err := in.validate()
	if err != nil {
		return VendorStore{}, err
	}
	var out storeRow
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.storeOfUser(ctx, tx, userID)
		now := s.now()
		isNew := errors.Is(err, ErrStoreNotFound)
		switch {
		case isNew:
			r = &storeRow{ID: ids.New(), UserID: userID, HealthWeight: 100, HealthDetails: "{}", CreatedAt: now}
		case err != nil:
			return err
		}
		r.Name, r.Slug, r.About, r.Address, r.City, r.Country = in.Name, slugify(in.Name), in.About, in.Address, in.City, in.Country
		r.ReturnDays, r.ReturnPolicy, r.Shipping, r.UpdatedAt = in.ReturnDays, in.ReturnPolicy, jsonText(ship), now
		if isNew {
			_, err = tx.NewInsert().Model(r).Exec(ctx)
		} else {
			_, err = tx.NewUpdate().Model(r).ExcludeColumn("health_score", "health_details", "health_at", "health_weight").
				WherePK().Exec(ctx)
		}
		if db.IsUniqueViolation(err) {
			return errSlugTaken
		}
		out = *r
		return err
	})
	if err != nil {
		return VendorStore{}, err
	}
	return out.vendorView(), nil
}

// SetLogo checks an uploaded logo, re-encodes it (at most 512 pixels a
// side) and sets it on the caller's store.
func (s *Service) SetLogo(ctx context.Context, userID string, data []byte) (VendorStore, error) {
	r, err := s.st.storeOfUser(ctx, s.c.DB, userID)
	if err != nil {
		if errors.Is(err, ErrStoreNotFound) {
			return VendorStore{}, errNoStore
		}
		return VendorStore{}, err
	}
	img, err := s.reencode(ctx, data, logoLimits)
	if err != nil {
		return VendorStore{}, err
	}
	url, err := s.c.Storage.Put(ctx, "shop/stores/"+r.ID+"/logo-"+ids.New()+"."+img.Ext, img.Data)
	if err != nil {
		return VendorStore{}, err
	}
	old := r.LogoURL
	r.LogoURL, r.UpdatedAt = url, s.now()
	if _, err := s.c.DB.NewUpdate().Model(r).Column("logo_url", "updated_at").WherePK().Exec(ctx); err != nil {
		s.deleteFile(ctx, url)
		return VendorStore{}, err
	}
	s.deleteFile(ctx, old)
	return r.vendorView(), nil
}

// PublicStore is an active store's page.
func (s *Service) PublicStore(ctx context.Context, id string) (StoreView, error) {
	r, err := s.st.storeByID(ctx, s.c.DB, id)
	if err != nil || r.Suspended {
		return StoreView{}, ErrStoreNotFound
	}
	return r.view(), nil
}

// PublicStores lists active stores by name (keyset), optionally those
// whose name holds q.
func (s *Service) PublicStores(ctx context.Context, q, rawCursor string, limit int) (CursorPage[StoreView], error) {
	q = strings.TrimSpace(q)
	after, err := decodeCursor(rawCursor, "name", fingerprint(q))
	if err != nil {
		return CursorPage[StoreView]{}, err
	}
	var rows []storeRow
	sel := s.c.DB.NewSelect().Model(&rows).Where("s.suspended = ?", false).OrderExpr("s.name ASC, s.id ASC").Limit(int64(limit + 1))
	if q != "" {
		sel.Where("lower(s.name) LIKE ? ESCAPE '\\'", "%"+likeEscape(strings.ToLower(q))+"%")
	}
	if after != nil {
		sel.Where("(s.name, s.id) > (?, ?)", after.S, after.ID)
	}
	if err := sel.Scan(ctx); err != nil {
		return CursorPage[StoreView]{}, err
	}
	var next *cursor
	if len(rows) > limit {
		rows = rows[:limit]
		last := rows[limit-1]
		next = &cursor{Sort: "name", S: last.Name, ID: last.ID, F: fingerprint(q)}
	}
	out := make([]StoreView, len(rows))
	for i, r := range rows {
		out[i] = r.view()
	}
	return newPage(out, limit, next), nil
}

// AdminStores is every store for admins (numbered pages, newest first).
func (s *Service) AdminStores(ctx context.Context, q string, p page.Page) ([]VendorStore, int, error) {
	var rows []storeRow
	sel := s.c.DB.NewSelect().Model(&rows).OrderExpr("s.created_at DESC, s.id DESC").
		Offset(p.Offset()).Limit(p.Limit())
	if q = strings.TrimSpace(q); q != "" {
		sel.Where("lower(s.name) LIKE ? ESCAPE '\\'", "%"+likeEscape(strings.ToLower(q))+"%")
	}
	n, err := sel.ScanAndCount(ctx)
	if err != nil {
		return nil, 0, err
	}
	out := make([]VendorStore, len(rows))
	for i, r := range rows {
		out[i] = r.vendorView()
	}
	return out, int(n), nil
}

// AdminStore is one store for admins (404 when there is none).
func (s *Service) AdminStore(ctx context.Context, id string) (VendorStore, error) {
	r, err := s.st.storeByID(ctx, s.c.DB, id)
	if err != nil {
		return VendorStore{}, err
	}
	return r.vendorView(), nil
}

// AdminStorePatch is an admin's change to a store.
type AdminStorePatch struct {
	ReviewAll *bool   `json:"review_all"`
	Suspended *bool   `json:"suspended"`
	Reason    *string `json:"reason"`
}

// AdminUpdateStore sets review_all, or suspends (with a reason the vendor
// sees) or reinstates a store; written to the audit log.
func (s *Service) AdminUpdateStore(ctx context.Context, adminID, ip, id string, in AdminStorePatch) (VendorStore, error) {
	f := apperr.Fields{}
	line(f, "reason", in.Reason, 0, 500)
	if in.Suspended != nil && *in.Suspended && (in.Reason == nil || len(*in.Reason) < 3) {
		f.Add("reason", "is required to suspend a store")
	}
	if err := f.Err(); err != nil {
		return VendorStore{}, err
	}
	var out storeRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.storeByID(ctx, tx, id)
		if err != nil {
			return err
		}
		details := map[string]any{}
		if in.ReviewAll != nil {
			r.ReviewAll = *in.ReviewAll
			details["review_all"] = r.ReviewAll
		}
		if in.Suspended != nil {
			r.Suspended = *in.Suspended
			r.SuspensionReason = ""
			if r.Suspended {
				r.SuspensionReason = *in.Reason
			}
			details["suspended"] = r.Suspended
			details["reason"] = r.SuspensionReason
		}
		r.UpdatedAt = s.now()
		// The products' copies of the flag, before and after the store row (store_copies.go).
		if err := s.st.copyStoreToProducts(ctx, tx, r.ID, in.Suspended, nil); err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Model(r).Column("review_all", "suspended", "suspension_reason", "updated_at").
			WherePK().Exec(ctx); err != nil {
			return err
		}
		if err := s.st.copyStoreToProducts(ctx, tx, r.ID, in.Suspended, nil); err != nil {
			return err
		}
		out = *r
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "shop.store.update", TargetType: "shop_store",
			TargetID: r.ID, SubjectID: r.UserID, IP: ip, Details: details})
	})
	if err != nil {
		return VendorStore{}, err
	}
	return out.vendorView(), nil
}

func (st store) storeOfUser(ctx context.Context, q bun.IDB, userID string) (*storeRow, error) {
	r := new(storeRow)
	err := q.NewSelect().Model(r).Where("s.user_id = ?", userID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrStoreNotFound
	}
	return r, err
}

func (st store) storeByID(ctx context.Context, q bun.IDB, id string) (*storeRow, error) {
	r := new(storeRow)
	err := q.NewSelect().Model(r).Where("s.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrStoreNotFound
	}
	return r, err
}

// likeEscape escapes LIKE's wildcards (the pattern uses ESCAPE '\').
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// reencode checks an upload by its bytes and re-encodes it within lim.
func (s *Service) reencode(ctx context.Context, data []byte, lim images.Limits) (*images.Processed, error) {
	if len(data) > MaxPhotoBytes {
		return nil, errPhotoTooLarge
	}
	img, err := s.c.Images.Reencode(ctx, data, lim)
	switch {
	case errors.Is(err, images.ErrNotImage):
		return nil, errPhotoNotImage
	case errors.Is(err, images.ErrTooLarge):
		return nil, errPhotoPixels
	}
	return img, err
}

func (s *Service) deleteFile(ctx context.Context, url string) {
	if url == "" {
		return
	}
	if key, ok := s.c.Storage.KeyFromURL(url); ok {
		if err := s.c.Storage.Delete(ctx, key); err != nil {
			s.c.Log.Warn("delete shop file", "key", key, "error", err.Error())
		}
	}
}
