package clientnotes

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/bookings"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/page"
)

// Limits of shared documents.
const (
	// MaxDocumentBytes is the largest upload (an image or a PDF).
	MaxDocumentBytes = 5 << 20
	// MaxPerBooking bounds the documents shared through one booking.
	MaxPerBooking = 10
	maxTitle      = 120
)

// documentLimits: an image is at most 40 megapixels, kept with its longest
// side at most 2400 pixels (readable scans).
var documentLimits = images.Limits{MaxPixels: 40_000_000, MaxSide: 2400}

var (
	errNotDocument   = apperr.Validation(map[string]string{"file": "must be a JPEG, PNG, GIF or WebP image, or a PDF"})
	errDocPixels     = apperr.Validation(map[string]string{"file": "the image has more than 40 megapixels"})
	errDocTooLarge   = apperr.New(apperr.CodePayloadTooLarge, "A document may be at most 5 MB.")
	errTooManyShared = apperr.Conflict("At most 10 documents can be shared through one booking.")
	errBookingClosed = apperr.Conflict("Documents can be shared through a paid booking only.")
)

// Share stores a document the caller shares with the provider of one of
// their bookings (another user's booking is 404). Images go through the
// image guard (checked by their bytes and pixel count, re-encoded, which
// drops their metadata); a PDF is accepted by its magic bytes as it is.
func (s *Service) Share(ctx context.Context, userID, bookingID, title string, data []byte) (Document, error) {
	b, err := s.c.Bookings.Booking(ctx, bookingID)
	if errors.Is(err, bookings.ErrNotFound) || (err == nil && b.UserID != userID) {
		return Document{}, errBookingFound
	}
	if err != nil {
		return Document{}, err
	}
	if b.Status == bookings.StatusHeld || b.Status == bookings.StatusAwaitingPayment || b.Status == bookings.StatusExpired {
		return Document{}, errBookingClosed
	}
	title = strings.TrimSpace(title)
	f := apperr.Fields{}
	f.Check(utf8.RuneCountInString(title) <= maxTitle, "title", "must be at most 120 characters")
	if err := f.Err(); err != nil {
		return Document{}, err
	}
	if len(data) > MaxDocumentBytes {
		return Document{}, errDocTooLarge
	}
	d := &docFile{ID: ids.New(), BookingID: b.ID, ClientID: userID, ProviderID: b.ProviderID,
		ProviderUserID: b.ProviderUserID, Title: title, CreatedAt: s.c.Clock.Now()}
	if bytes.HasPrefix(data, []byte("%PDF-")) {
		d.ContentType, d.Content = "application/pdf", data
	} else {
		img, err := s.c.Images.Reencode(ctx, data, documentLimits)
		switch {
		case errors.Is(err, images.ErrNotImage):
			return Document{}, errNotDocument
		case errors.Is(err, images.ErrTooLarge):
			return Document{}, errDocPixels
		case err != nil:
			return Document{}, err
		}
		d.ContentType, d.Content = img.ContentType, img.Data
	}
	d.SizeBytes = int64(len(d.Content))
	if d.Title == "" {
		d.Title = "Shared document"
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		// Counted after the booking's row lock would be better; a count in the
		// writing transaction bounds it on SQLite and to a few over on PostgreSQL.
		n, err := s.st.countForBooking(ctx, tx, b.ID)
		if err != nil {
			return err
		}
		if n >= MaxPerBooking {
			return errTooManyShared
		}
		return s.st.insertDoc(ctx, tx, d)
	})
	if err != nil {
		return Document{}, err
	}
	return d.row().dto(), nil
}

// Mine is a keyset page of the documents the caller shared, newest first.
func (s *Service) Mine(ctx context.Context, userID string, c page.Cursor) ([]Document, *page.Key, error) {
	rows, err := s.st.docs(ctx, "client_id = ?", []any{userID}, c)
	return trimDocs(rows, c, err)
}

// OfClient is a keyset page of the documents a client shared with the
// caller (through bookings of the caller's profiles); a caller the client
// never booked gets 404.
func (s *Service) OfClient(ctx context.Context, userID, clientID string, c page.Cursor) ([]Document, *page.Key, error) {
	if _, err := s.clientOf(ctx, userID, clientID); err != nil {
		return nil, nil, err
	}
	rows, err := s.st.docs(ctx, "provider_user_id = ? AND client_id = ?", []any{userID, clientID}, c)
	return trimDocs(rows, c, err)
}

func trimDocs(rows []docRow, c page.Cursor, err error) ([]Document, *page.Key, error) {
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r docRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out := make([]Document, 0, len(rows))
	for i := range rows {
		out = append(out, rows[i].dto())
	}
	return out, next, nil
}

// MyFile is the bytes of a document the caller shared (anyone else's 404).
func (s *Service) MyFile(ctx context.Context, userID, id string) (*docFile, error) {
	return s.st.file(ctx, s.c.DB, "id = ? AND client_id = ?", id, userID)
}

// ClientFile is the bytes of a document a client shared with the caller;
// the read is audited.
func (s *Service) ClientFile(ctx context.Context, userID, ip, clientID, id string) (*docFile, error) {
	if _, err := s.clientOf(ctx, userID, clientID); err != nil {
		return nil, err
	}
	var f *docFile
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if f, err = s.st.file(ctx, tx, "id = ? AND client_id = ? AND provider_user_id = ?", id, clientID, userID); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: userID, Action: "client_document.read",
			TargetType: "client_document", TargetID: id, SubjectID: clientID, IP: ip})
	})
	return f, err
}
