package catalog

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
)

// Photo sizes: the large one for the gallery's zoom, the page size and the
// thumbnail for cards; each re-encoded without metadata.
var (
	photoLarge  = images.Limits{MaxPixels: 40_000_000, MaxSide: 1600}
	photoMedium = images.Limits{MaxPixels: 1600 * 1600, MaxSide: 800}
	photoThumb  = images.Limits{MaxPixels: 1600 * 1600, MaxSide: 320}
	certLimits  = images.Limits{MaxPixels: 40_000_000, MaxSide: 2400}
	certThumb   = images.Limits{MaxPixels: 2400 * 2400, MaxSide: 320}
)

// PhotoSet is one photo in its three sizes, already encoded.
type PhotoSet struct {
	Large, Medium, Thumb []byte
	Ext                  string
	Width, Height        int // of the medium size
}

// AddPhoto checks an upload by its bytes (an image, at most 5 MB and 40
// megapixels), makes its three sizes and adds it to one of the caller's
// products (the first photo is the cover).
func (s *Service) AddPhoto(ctx context.Context, userID, productID string, data []byte) (Product, error) {
	if _, err := s.st.ownProduct(ctx, s.c.DB, userID, productID); err != nil {
		return Product{}, err
	}
	large, err := s.reencode(ctx, data, photoLarge)
	if err != nil {
		return Product{}, err
	}
	medium, err := s.c.Images.Reencode(ctx, large.Data, photoMedium)
	if err != nil {
		return Product{}, err
	}
	thumb, err := s.c.Images.Reencode(ctx, medium.Data, photoThumb)
	if err != nil {
		return Product{}, err
	}
	if err := s.AddPhotoSet(ctx, userID, productID, PhotoSet{Large: large.Data, Medium: medium.Data, Thumb: thumb.Data,
		Ext: large.Ext, Width: medium.Width, Height: medium.Height}); err != nil {
		return Product{}, err
	}
	return s.MyProduct(ctx, userID, productID)
}

// AddPhotoSet stores a photo already made in its sizes (AddPhoto's, or the
// demo data's drawings) on one of the vendor's products.
func (s *Service) AddPhotoSet(ctx context.Context, userID, productID string, set PhotoSet) error {
	id := ids.New()
	base := "shop/products/" + productID + "/" + id
	var urls []string
	for _, part := range []struct {
		suffix string
		data   []byte
	}{{"-l", set.Large}, {"", set.Medium}, {"-s", set.Thumb}} {
		u, err := s.c.Storage.Put(ctx, base+part.suffix+"."+set.Ext, part.data)
		if err != nil {
			s.deleteFiles(ctx, urls)
			return err
		}
		urls = append(urls, u)
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.st.ownProduct(ctx, tx, userID, productID)
		if err != nil {
			return err
		}
		n, err := tx.NewSelect().Model((*photoRow)(nil)).Where("product_id = ?", p.ID).Count(ctx)
		if err != nil {
			return err
		}
		if n >= maxPhotos {
			return errTooManyPhotos
		}
		if _, err := tx.NewInsert().Model(&photoRow{ID: id, ProductID: p.ID, LargeURL: urls[0], URL: urls[1],
			ThumbURL: urls[2], Width: set.Width, Height: set.Height, Position: int(n), CreatedAt: s.now()}).Exec(ctx); err != nil {
			return err
		}
		if n == 0 {
			_, err = tx.NewUpdate().Model(p).Set("cover_url = ?, cover_thumb_url = ?", urls[1], urls[2]).WherePK().Exec(ctx)
		}
		return err
	})
	if err != nil {
		s.deleteFiles(ctx, urls)
	}
	return err
}

// DeletePhoto removes a photo of one of the caller's products (the next
// becomes the cover).
func (s *Service) DeletePhoto(ctx context.Context, userID, productID, photoID string) (Product, error) {
	var gone photoRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.st.ownProduct(ctx, tx, userID, productID)
		if err != nil {
			return err
		}
		if err := tx.NewSelect().Model(&gone).Where("id = ? AND product_id = ?", photoID, p.ID).Scan(ctx); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return ErrPhotoNotFound
			}
			return err
		}
		if _, err := tx.NewDelete().Model(&gone).WherePK().Exec(ctx); err != nil {
			return err
		}
		var next photoRow
		cover, thumb := "", ""
		if err := tx.NewSelect().Model(&next).Where("product_id = ?", p.ID).OrderExpr("position, id").Limit(1).
			Scan(ctx); err == nil {
			cover, thumb = next.URL, next.ThumbURL
		} else if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		_, err = tx.NewUpdate().Model(p).Set("cover_url = ?, cover_thumb_url = ?", cover, thumb).WherePK().Exec(ctx)
		return err
	})
	if err != nil {
		return Product{}, err
	}
	s.deleteFiles(ctx, []string{gone.LargeURL, gone.URL, gone.ThumbURL})
	return s.MyProduct(ctx, userID, productID)
}

func (s *Service) deleteFiles(ctx context.Context, urls []string) {
	for _, u := range urls {
		s.deleteFile(ctx, u)
	}
}

// UploadCertificate keeps a luxury product's authenticity certificate (an
// image, re-encoded without metadata, with a preview), replacing any
// earlier one; it waits for an admin's verification.
func (s *Service) UploadCertificate(ctx context.Context, userID, productID string, data []byte) (Certificate, error) {
	p, err := s.st.ownProduct(ctx, s.c.DB, userID, productID)
	if err != nil {
		return Certificate{}, err
	}
	if !p.Luxury {
		return Certificate{}, errNotLuxury
	}
	img, err := s.reencode(ctx, data, certLimits)
	if err != nil {
		return Certificate{}, err
	}
	th, err := s.c.Images.Reencode(ctx, img.Data, certThumb)
	if err != nil {
		return Certificate{}, err
	}
	c := &certificateRow{ID: ids.New(), ProductID: p.ID, StoreID: p.StoreID, ContentType: img.ContentType,
		Width: img.Width, Height: img.Height, SizeBytes: int64(len(img.Data)), Content: img.Data,
		ThumbType: th.ContentType, Thumb: th.Data, Status: CertPending, CreatedAt: s.now()}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewDelete().Model((*certificateRow)(nil)).Where("product_id = ?", p.ID).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(c).Exec(ctx); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Model(p).Set("certificate_status = ?", CertPending).WherePK().Exec(ctx)
		return err
	})
	if err != nil {
		return Certificate{}, err
	}
	return c.view(), nil
}

// DocumentFile is a certificate's bytes (or its preview's).
type DocumentFile struct {
	ID          string
	ContentType string
	Data        []byte
}

// CertificateFile is the caller's own product's certificate.
func (s *Service) CertificateFile(ctx context.Context, userID, productID string, preview bool) (DocumentFile, error) {
	p, err := s.st.ownProduct(ctx, s.c.DB, userID, productID)
	if err != nil {
		return DocumentFile{}, err
	}
	c, err := s.st.certificate(ctx, s.c.DB, p.ID)
	if err != nil {
		return DocumentFile{}, err
	}
	return c.file(preview), nil
}

// AdminCertificateFile is a product's certificate for an admin; the read
// is written to the audit log in the transaction that reads it.
func (s *Service) AdminCertificateFile(ctx context.Context, adminID, ip, productID string, preview bool) (DocumentFile, error) {
	var out DocumentFile
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		c, err := s.st.certificate(ctx, tx, productID)
		if err != nil {
			return err
		}
		out = c.file(preview)
		var vendor string
		if err := tx.NewSelect().TableExpr("shop_products").Column("vendor_id").Where("id = ?", productID).
			Scan(ctx, &vendor); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "shop.certificate.read",
			TargetType: "shop_product", TargetID: productID, SubjectID: vendor, IP: ip,
			Details: map[string]any{"certificate_id": c.ID, "preview": preview}})
	})
	return out, err
}

// DecideCertificate verifies or rejects (with a reason the vendor sees) a
// product's pending certificate; a verified one gives the luxury badge.
func (s *Service) DecideCertificate(ctx context.Context, adminID, ip, productID string, verify bool, reason string) (Product, error) {
	status := CertVerified
	if !verify {
		status = CertRejected
		f := map[string]string{}
		if len(reason) < 3 {
			f["reason"] = "is required"
		}
		if len(f) > 0 {
			return Product{}, apperr.Validation(f)
		}
	}
	var p *productRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if p, err = s.st.product(ctx, tx, productID); err != nil {
			return err
		}
		c, err := s.st.certificate(ctx, tx, p.ID)
		if err != nil {
			return err
		}
		now := s.now()
		res, err := tx.NewUpdate().Model((*certificateRow)(nil)).Set("status = ?, note = ?, reviewed_by = ?, reviewed_at = ?",
			status, reason, adminID, now).Where("id = ? AND status = ?", c.ID, CertPending).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errCertDecided
		}
		if _, err := tx.NewUpdate().Model(p).Set("certificate_status = ?", status).WherePK().Exec(ctx); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "shop.certificate." + status,
			TargetType: "shop_product", TargetID: p.ID, SubjectID: p.VendorID, IP: ip,
			Details: map[string]any{"certificate_id": c.ID, "reason": reason}})
	})
	if err != nil {
		return Product{}, err
	}
	return s.AdminProduct(ctx, productID)
}

func (st store) certificate(ctx context.Context, q bun.IDB, productID string) (*certificateRow, error) {
	c := new(certificateRow)
	err := q.NewSelect().Model(c).Where("product_id = ?", productID).OrderExpr("created_at DESC, id DESC").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrCertificateNotFound
	}
	return c, err
}

func (c certificateRow) view() Certificate {
	var reviewed *time.Time
	if c.ReviewedAt != nil {
		t := c.ReviewedAt.UTC()
		reviewed = &t
	}
	return Certificate{ID: c.ID, Status: c.Status, ContentType: c.ContentType, Width: c.Width, Height: c.Height,
		SizeBytes: c.SizeBytes, Note: c.Note, ReviewedAt: reviewed, CreatedAt: c.CreatedAt}
}

func (c certificateRow) file(preview bool) DocumentFile {
	if preview {
		return DocumentFile{ID: c.ID, ContentType: c.ThumbType, Data: c.Thumb}
	}
	return DocumentFile{ID: c.ID, ContentType: c.ContentType, Data: c.Content}
}
