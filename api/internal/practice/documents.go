package practice

import (
	"context"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
)

// Licence documents: the scans or photos of a provider's licence that an
// admin looks at before verifying it. They are private: stored in the
// database (never under the public /media files) and served only to their
// owner and to admins, each admin read written to the audit log.
const (
	// MaxDocumentBytes is the largest upload (below the server's 6 MB body
	// limit, so the answer names the field).
	MaxDocumentBytes = 5 << 20
	// MaxLicenceDocuments bounds the documents of one profile.
	MaxLicenceDocuments = 5
)

// documentLimits: a scan is at most 40 megapixels (checked from the header
// before decoding), kept with its longest side at most 2400 pixels so small
// print stays readable; thumbLimits make the admin's preview.
var (
	documentLimits = images.Limits{MaxPixels: 40_000_000, MaxSide: 2400}
	thumbLimits    = images.Limits{MaxPixels: 2400 * 2400, MaxSide: 320}
)

var (
	errDocNotFound  = apperr.Wrap(apperr.CodeNotFound, "Licence document not found", ErrNotFound)
	errDocTooLarge  = apperr.Validation(map[string]string{"file": "must be at most 5 MB"})
	errDocNotImage  = apperr.Validation(map[string]string{"file": "must be a JPEG, PNG, GIF or WebP image of your licence"})
	errDocPixels    = apperr.Validation(map[string]string{"file": "must be at most 40 megapixels"})
	errTooManyDocs  = apperr.Validation(map[string]string{"file": "a licence holds at most 5 documents: remove one first"})
	errDocsVerified = apperr.Conflict("Your licence is verified, so its documents are kept as they were checked. " +
		"Saving a new licence number sends it back for verification with new documents.")
)

// LicenceDocument is one licence document as its owner and admins see it
// (the bytes come from the file routes).
type LicenceDocument struct {
	ID          string    `json:"id"`
	ContentType string    `json:"content_type"`
	Width       int       `json:"width"`
	Height      int       `json:"height"`
	SizeBytes   int64     `json:"size_bytes"`
	CreatedAt   time.Time `json:"created_at"`
}

// DocumentFile is the bytes of a licence document or of its preview.
type DocumentFile struct {
	ID          string
	ContentType string
	Data        []byte
}

// AddLicenceDocument checks an upload by its bytes (an image only: JPEG,
// PNG, GIF or WebP, at most 5 MB and 40 megapixels), re-encodes it without
// metadata, makes its preview and adds both to the caller's profile of
// kind: at most MaxLicenceDocuments, and not to a verified licence. A
// document added to a rejected licence sends it back to the admins
// (pending), as saving a corrected licence does.
func (s *Service) AddLicenceDocument(ctx context.Context, userID, kind string, data []byte) (LicenceDocument, error) {
	if len(data) > MaxDocumentBytes {
		return LicenceDocument{}, errDocTooLarge
	}
	img, err := s.c.Images.Reencode(ctx, data, documentLimits)
	switch {
	case errors.Is(err, images.ErrNotImage):
		return LicenceDocument{}, errDocNotImage
	case errors.Is(err, images.ErrTooLarge):
		return LicenceDocument{}, errDocPixels
	case err != nil:
		return LicenceDocument{}, err
	}
	thumb, err := s.c.Images.Reencode(ctx, img.Data, thumbLimits)
	if err != nil {
		return LicenceDocument{}, err
	}
	now := s.c.Clock.Now()
	f := &licenceDocFile{ID: ids.New(), ContentType: img.ContentType, Width: img.Width, Height: img.Height,
		SizeBytes: int64(len(img.Data)), Content: img.Data, ThumbType: thumb.ContentType, Thumb: thumb.Data,
		CreatedAt: now}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.mine(ctx, tx, userID, kind) // locked: the count below holds
		if err != nil {
			return err
		}
		if p.Verification == VerificationVerified {
			return errDocsVerified
		}
		n, err := tx.NewSelect().Model((*licenceDocRow)(nil)).Where("provider_id = ?", p.ID).Count(ctx)
		if err != nil {
			return err
		}
		if n >= MaxLicenceDocuments {
			return errTooManyDocs
		}
		f.ProviderID = p.ID
		if _, err := tx.NewInsert().Model(f).Exec(ctx); err != nil {
			return err
		}
		if p.Verification == VerificationRejected && p.LicenceNumber != "" {
			p.Verification, p.VerificationNote, p.VerifiedAt, p.VerifiedBy = VerificationPending, "", nil, nil
			p.UpdatedAt = now
			return s.st.updateProvider(ctx, tx, p, "verification", "verification_note", "verified_at",
				"verified_by", "updated_at")
		}
		return nil
	})
	if err != nil {
		return LicenceDocument{}, err
	}
	return f.meta(), nil
}

// DeleteLicenceDocument removes one of the caller's licence documents while
// the licence is not verified (another user's is not found).
func (s *Service) DeleteLicenceDocument(ctx context.Context, userID, id string) error {
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		d, err := s.st.licenceDoc(ctx, tx, id, userID)
		if err != nil {
			return err
		}
		p, err := s.st.provider(ctx, tx, d.ProviderID, true)
		if err != nil {
			return err
		}
		if p.Verification == VerificationVerified {
			return errDocsVerified
		}
		res, err := tx.NewDelete().Model((*licenceDocRow)(nil)).Where("id = ?", id).Exec(ctx)
		return affected(res, err, errDocNotFound)
	})
}

// MyLicenceFile is a licence document of the caller (its preview when
// thumb); anyone else's is not found.
func (s *Service) MyLicenceFile(ctx context.Context, userID, id string, thumb bool) (DocumentFile, error) {
	d, err := s.st.licenceFile(ctx, s.c.DB, id, "", userID)
	if err != nil {
		return DocumentFile{}, err
	}
	return d.file(thumb), nil
}

// AdminLicenceFile is a licence document of profile providerID for an
// admin; the read is written to the audit log in the transaction that
// reads it.
func (s *Service) AdminLicenceFile(ctx context.Context, adminID, ip, providerID, id string, thumb bool) (DocumentFile, error) {
	var out DocumentFile
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.st.provider(ctx, tx, providerID, false)
		if err != nil {
			return err
		}
		d, err := s.st.licenceFile(ctx, tx, id, p.ID, "")
		if err != nil {
			return err
		}
		out = d.file(thumb)
		size := "full"
		if thumb {
			size = "preview"
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "provider.licence_document.read",
			TargetType: "provider", TargetID: p.ID, SubjectID: p.UserID, IP: ip,
			Details: map[string]any{"document_id": id, "size": size, "kind": p.Kind,
				"licence_number": p.LicenceNumber}})
	})
	return out, err
}

// licenceDocs lists a profile's documents (without their bytes), oldest
// first.
func (s *store) licenceDocs(ctx context.Context, q bun.IDB, providerID string) ([]*licenceDocRow, error) {
	var rows []*licenceDocRow
	err := q.NewSelect().Model(&rows).Where("provider_id = ?", providerID).OrderExpr("created_at, id").Scan(ctx)
	return rows, err
}

// licenceDoc reads a document of a profile of userID.
func (s *store) licenceDoc(ctx context.Context, q bun.IDB, id, userID string) (*licenceDocRow, error) {
	d := new(licenceDocRow)
	err := q.NewSelect().Model(d).Where("id = ?", id).
		Where("provider_id IN (?)", q.NewSelect().Model((*providerRow)(nil)).Column("id").Where("user_id = ?", userID)).
		Scan(ctx)
	if err != nil {
		return nil, notFound(err, errDocNotFound)
	}
	return d, nil
}

// licenceFile reads a document with its bytes, of providerID or of a
// profile of userID (whichever is given).
func (s *store) licenceFile(ctx context.Context, q bun.IDB, id, providerID, userID string) (*licenceDocFile, error) {
	d := new(licenceDocFile)
	sel := q.NewSelect().Model(d).Where("id = ?", id)
	if providerID != "" {
		sel = sel.Where("provider_id = ?", providerID)
	} else {
		sel = sel.Where("provider_id IN (?)",
			q.NewSelect().Model((*providerRow)(nil)).Column("id").Where("user_id = ?", userID))
	}
	if err := sel.Scan(ctx); err != nil {
		return nil, notFound(err, errDocNotFound)
	}
	return d, nil
}

func toDocuments(rows []*licenceDocRow) []LicenceDocument {
	out := make([]LicenceDocument, 0, len(rows))
	for _, r := range rows {
		out = append(out, LicenceDocument{ID: r.ID, ContentType: r.ContentType, Width: r.Width, Height: r.Height,
			SizeBytes: r.SizeBytes, CreatedAt: r.CreatedAt})
	}
	return out
}

// licenceDocRow is a row of practice_licence_documents without its bytes.
type licenceDocRow struct {
	bun.BaseModel `bun:"table:practice_licence_documents"`
	ID            string    `bun:"id,pk"`
	ProviderID    string    `bun:"provider_id"`
	ContentType   string    `bun:"content_type"`
	Width         int       `bun:"width"`
	Height        int       `bun:"height"`
	SizeBytes     int64     `bun:"size_bytes"`
	CreatedAt     time.Time `bun:"created_at"`
}

// licenceDocFile is a row of practice_licence_documents with its bytes.
type licenceDocFile struct {
	bun.BaseModel `bun:"table:practice_licence_documents"`
	ID            string    `bun:"id,pk"`
	ProviderID    string    `bun:"provider_id"`
	ContentType   string    `bun:"content_type"`
	Width         int       `bun:"width"`
	Height        int       `bun:"height"`
	SizeBytes     int64     `bun:"size_bytes"`
	Content       []byte    `bun:"content"`
	ThumbType     string    `bun:"thumb_type"`
	Thumb         []byte    `bun:"thumb"`
	CreatedAt     time.Time `bun:"created_at"`
}

func (f *licenceDocFile) meta() LicenceDocument {
	return LicenceDocument{ID: f.ID, ContentType: f.ContentType, Width: f.Width, Height: f.Height,
		SizeBytes: f.SizeBytes, CreatedAt: f.CreatedAt}
}

func (f *licenceDocFile) file(thumb bool) DocumentFile {
	if thumb {
		return DocumentFile{ID: f.ID, ContentType: f.ThumbType, Data: f.Thumb}
	}
	return DocumentFile{ID: f.ID, ContentType: f.ContentType, Data: f.Content}
}
