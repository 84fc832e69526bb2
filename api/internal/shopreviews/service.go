package shopreviews

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/storage"
	"sojourn/api/internal/shop"
)

// Shop is what reviews need of the shop (shop.Service): the caller's
// delivered order lines.
type Shop interface {
	DeliveredLine(ctx context.Context, userID, lineID string) (shop.DeliveredLine, error)
	DeliveredLines(ctx context.Context, userID string, limit int) ([]shop.DeliveredLine, error)
}

// Catalog receives a product's aggregate of published reviews
// (catalog.Service), in the transaction that changed it.
type Catalog interface {
	SetProductRating(ctx context.Context, db bun.IDB, productID string, average float64, count int) error
}

// Directory names authors (accounts.Service).
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
}

// Config is what the module needs.
type Config struct {
	DB        *db.DB
	Clock     clock.Clock
	Log       *slog.Logger
	Shop      Shop
	Catalog   Catalog
	Directory Directory
	Storage   storage.Storage
	Images    *images.Processor
	Audit     *audit.Log
	// Events tells the vendor when a review of their product is published
	// (nil: nobody).
	Events events.Emitter
}

// Service holds the product review rules.
type Service struct {
	c  Config
	st store
}

// The domain's errors.
var (
	ErrNotFound       = apperr.NotFound("Review")
	errReviewedTwice  = apperr.Conflict("This order line has been reviewed already.")
	errReplied        = apperr.Conflict("This review has a reply already.")
	errReported       = apperr.Conflict("You have reported this review already.")
	errNotPending     = apperr.Conflict("Only a pending review can be approved.")
	errRejected       = apperr.Conflict("This review was rejected already.")
	errTooManyPhotos  = apperr.Conflict("A review has at most 4 photos.")
	errPhotosClosed   = apperr.Conflict("Photos may be added only while the review awaits moderation.")
	errPhotoMissing   = apperr.Validation(map[string]string{"file": "is required"})
	errPhotoTooLarge  = apperr.New(apperr.CodePayloadTooLarge, "A photo may be at most 5 MB.")
	errPhotoNotImage  = apperr.Validation(map[string]string{"file": "must be a JPEG, PNG, GIF or WebP image"})
	errPhotoPixels    = apperr.Validation(map[string]string{"file": "must be at most 40 megapixels"})
	errPhotoMultipart = apperr.New(apperr.CodeUnsupportedMedia, "Send the photo as multipart/form-data in the field file.")
)

var (
	photoLarge = images.Limits{MaxPixels: 40_000_000, MaxSide: 1600}
	photoThumb = images.Limits{MaxPixels: 1600 * 1600, MaxSide: 320}
)

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Shop == nil || c.Catalog == nil || c.Directory == nil || c.Storage == nil ||
		c.Images == nil || c.Audit == nil {
		return nil, errors.New("shopreviews: Config needs DB, Clock, Shop, Catalog, Directory, Storage, Images and Audit")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Service{c: c, st: store{db: c.DB.DB}}, nil
}

// Register mounts the routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&handler{s: s}).routes(r) }

func checkText(f apperr.Fields, field, s string, max int, required bool) {
	if required {
		f.Check(strings.TrimSpace(s) != "", field, "is required")
	}
	f.Check(utf8.RuneCountInString(s) <= max, field, "is too long")
}

// Create writes the caller's review of one of their delivered order lines
// (pending until an admin approves it). Another's line, or one not
// delivered yet, is 404; a second review of a line 409.
func (s *Service) Create(ctx context.Context, userID string, in ReviewInput) (Review, error) {
	f := apperr.Fields{}
	f.Check(strings.TrimSpace(in.OrderLineID) != "", "order_line_id", "is required")
	f.Check(len(in.OrderLineID) <= 64, "order_line_id", "is too long")
	f.Check(in.Rating >= 1 && in.Rating <= 5, "rating", "must be 1 to 5")
	checkText(f, "text", in.Text, MaxBody, false)
	if err := f.Err(); err != nil {
		return Review{}, err
	}
	l, err := s.c.Shop.DeliveredLine(ctx, userID, in.OrderLineID)
	if err != nil {
		return Review{}, err
	}
	now := s.c.Clock.Now()
	r := &reviewRow{ID: ids.New(), OrderLineID: l.ID, OrderID: l.OrderID, ProductID: l.ProductID, StoreID: l.StoreID,
		VendorID: l.VendorID, AuthorID: userID, Title: l.Title, VariantTitle: l.VariantTitle, Rating: in.Rating,
		Body: strings.TrimSpace(in.Text), Status: StatusPending, CreatedAt: now, UpdatedAt: now}
	ok, err := s.st.insert(ctx, r)
	if err != nil {
		return Review{}, err
	}
	if !ok {
		return Review{}, errReviewedTwice
	}
	return s.one(ctx, r, true)
}

// AddPhoto adds a photo (an image of at most 5 MB and 40 megapixels,
// re-encoded in two sizes) to the caller's pending review; at most 4.
func (s *Service) AddPhoto(ctx context.Context, userID, id string, data []byte) (Review, error) {
	r, err := s.st.get(ctx, s.c.DB, id)
	if err != nil || r.AuthorID != userID {
		return Review{}, ErrNotFound
	}
	if r.Status != StatusPending {
		return Review{}, errPhotosClosed
	}
	if len(data) > MaxPhotoBytes {
		return Review{}, errPhotoTooLarge
	}
	large, err := s.c.Images.Reencode(ctx, data, photoLarge)
	switch {
	case errors.Is(err, images.ErrNotImage):
		return Review{}, errPhotoNotImage
	case errors.Is(err, images.ErrTooLarge):
		return Review{}, errPhotoPixels
	case err != nil:
		return Review{}, err
	}
	thumb, err := s.c.Images.Reencode(ctx, large.Data, photoThumb)
	if err != nil {
		return Review{}, err
	}
	pid := ids.New()
	base := "shop/reviews/" + id + "/" + pid
	url, err := s.c.Storage.Put(ctx, base+"."+large.Ext, large.Data)
	if err != nil {
		return Review{}, err
	}
	turl, err := s.c.Storage.Put(ctx, base+"-s."+thumb.Ext, thumb.Data)
	if err != nil {
		s.deleteFiles(ctx, url)
		return Review{}, err
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		n, err := s.st.lockPhotos(ctx, tx, id)
		if err != nil {
			return err
		}
		if n >= MaxPhotos {
			return errTooManyPhotos
		}
		return s.st.insertPhoto(ctx, tx, &photoRow{ID: pid, ReviewID: id, Position: n, URL: url, ThumbURL: turl,
			CreatedAt: s.c.Clock.Now()})
	})
	if err != nil {
		s.deleteFiles(ctx, url, turl)
		return Review{}, err
	}
	return s.one(ctx, r, true)
}

func (s *Service) deleteFiles(ctx context.Context, urls ...string) {
	for _, u := range urls {
		if key, ok := s.c.Storage.KeyFromURL(u); ok {
			if err := s.c.Storage.Delete(ctx, key); err != nil {
				s.c.Log.Warn("delete review photo", "key", key, "error", err.Error())
			}
		}
	}
}

// count adds a published review (+1) to or takes one (-1) from its
// product's aggregate and pushes the result to the catalogue, in tx. The
// aggregate row's upsert serialises concurrent changes per product.
func (s *Service) count(ctx context.Context, tx bun.Tx, productID string, delta, rating int) error {
	n, sum, err := s.st.bump(ctx, tx, productID, delta, delta*rating, s.c.Clock.Now())
	if err != nil {
		return err
	}
	avg := 0.0
	if n > 0 {
		avg = math.Round(float64(sum)/float64(n)*100) / 100
	}
	return s.c.Catalog.SetProductRating(ctx, tx, productID, avg, n)
}

func (s *Service) one(ctx context.Context, r *reviewRow, private bool) (Review, error) {
	out, err := s.many(ctx, []reviewRow{*r}, private)
	if err != nil {
		return Review{}, err
	}
	return out[0], nil
}

// many maps rows to the API form with their authors' names and photos;
// private adds the order line, the rejection reason and the report count.
func (s *Service) many(ctx context.Context, rows []reviewRow, private bool) ([]Review, error) {
	who := make([]string, 0, len(rows))
	rids := make([]string, 0, len(rows))
	for _, r := range rows {
		who, rids = append(who, r.AuthorID), append(rids, r.ID)
	}
	people, err := s.c.Directory.Lookup(ctx, who)
	if err != nil {
		return nil, err
	}
	photos, err := s.st.photos(ctx, rids)
	if err != nil {
		return nil, err
	}
	out := make([]Review, 0, len(rows))
	for _, r := range rows {
		v := Review{ID: r.ID, ProductID: r.ProductID, StoreID: r.StoreID, Title: r.Title, VariantTitle: r.VariantTitle,
			AuthorName: name(people[r.AuthorID]), Rating: r.Rating, Text: r.Body, Photos: []Photo{}, Status: r.Status,
			Reply: r.Reply, CreatedAt: r.CreatedAt.UTC()}
		for _, p := range photos {
			if p.ReviewID == r.ID {
				v.Photos = append(v.Photos, Photo{URL: p.URL, ThumbURL: p.ThumbURL})
			}
		}
		if r.RepliedAt != nil {
			t := r.RepliedAt.UTC()
			v.RepliedAt = &t
		}
		if private {
			v.OrderLineID, v.RejectReason, v.ReportCount = r.OrderLineID, r.RejectReason, r.ReportCount
		}
		out = append(out, v)
	}
	return out, nil
}

func name(p accounts.Person) string {
	if p.DisplayName != "" {
		return p.DisplayName
	}
	if p.Username != "" {
		return p.Username
	}
	return "A Sojourn shopper"
}
