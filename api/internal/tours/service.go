package tours

import (
	"context"
	"errors"
	"log/slog"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/bookings"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/storage"
	"sojourn/api/internal/practice"
)

// Kind is the practice kind of tour guides.
const Kind = practice.KindTourGuide

// Practice is what tours need of the guide's practice (practice.Service).
type Practice interface {
	ProviderOfUser(ctx context.Context, userID, kind string) (practice.Provider, error)
	Provider(ctx context.Context, providerID string) (practice.Provider, error)
	PublicProfile(ctx context.Context, providerID string) (practice.PublicProfile, error)
	Offering(ctx context.Context, id string) (practice.Offering, error)
	CreateOffering(ctx context.Context, userID, kind string, in practice.OfferingInput) (practice.OfferingView, error)
	UpdateOffering(ctx context.Context, userID, id string, in practice.OfferingInput) (practice.OfferingView, error)
	MyOffering(ctx context.Context, userID, id string) (practice.OfferingView, error)
}

// Slots is what tours need of the booking kernel: a tour's departures
// with seats left (bookings.Service).
type Slots interface {
	Slots(ctx context.Context, offeringID, fromDate, toDate, tz string) (bookings.SlotSearch, error)
}

// Audit records the admins' moderation inside its transaction (audit.Log).
type Audit interface {
	Record(ctx context.Context, db bun.IDB, e audit.Event) error
}

// Config is what the tours module needs.
type Config struct {
	DB       *db.DB
	Clock    clock.Clock
	Log      *slog.Logger
	Practice Practice
	Slots    Slots
	Storage  storage.Storage
	Images   *images.Processor
	Audit    Audit
}

// Service holds the tour rules.
type Service struct {
	c   Config
	db  *db.DB
	log *slog.Logger
}

// Errors.
var (
	ErrNotFound     = apperr.NotFound("Tour")
	errPhotoMissing = apperr.NotFound("Photo")
	errTooManyPhoto = apperr.Conflict("A tour holds at most 10 photos: delete one first.")
	errNotImage     = apperr.Validation(map[string]string{"file": "must be a JPEG, PNG or WebP image"})
	errPixels       = apperr.Validation(map[string]string{"file": "must be at most 40 megapixels"})
	errTooLarge     = apperr.Validation(map[string]string{"file": "must be at most 8 MB"})
)

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Practice == nil || c.Slots == nil || c.Storage == nil || c.Images == nil ||
		c.Audit == nil {
		return nil, errors.New("tours: Config needs DB, Clock, Practice, Slots, Storage, Images and Audit")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Service{c: c, db: c.DB, log: c.Log}, nil
}

// Register mounts the tour routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&handler{s: s}).routes(r) }
