package dealers

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
	"sojourn/api/internal/bookings"
	"sojourn/api/internal/deposits"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/storage"
	"sojourn/api/internal/practice"
)

// Kind is the practice kind of a dealership.
const Kind = practice.KindCarDealer

// Practice is what dealers need of the practice domain: the dealership
// (a practice profile of kind car_dealer) and its "Test drive" offering.
type Practice interface {
	Provider(ctx context.Context, providerID string) (practice.Provider, error)
	ProviderOfUser(ctx context.Context, userID, kind string) (practice.Provider, error)
	CreateOffering(ctx context.Context, userID, kind string, in practice.OfferingInput) (practice.OfferingView, error)
	Offering(ctx context.Context, id string) (practice.Offering, error)
	UnlistedOfKind(ctx context.Context, kind string) ([]string, error)
}

// Bookings is what dealers need of the booking kernel: a test drive is a
// booking of the dealer's free "Test drive" offering.
type Bookings interface {
	BookWallet(ctx context.Context, userID, offeringID string, start time.Time, answers map[string]string,
		note string) (bookings.Booking, error)
	Booking(ctx context.Context, id string) (bookings.Booking, error)
	// ImportPast records a past (completed) booking: the demo data's test
	// drives that took place.
	ImportPast(ctx context.Context, in bookings.PastBooking) (bookings.Booking, error)
	// Dashboard counts the practice's upcoming confirmed bookings (its test
	// drives; cancelled ones are not counted).
	Dashboard(ctx context.Context, userID, kind string) (bookings.Dashboard, error)
}

// Deposits is what dealers need of the deposits service: a reservation's
// deposit, held, released or captured in the reservation's transaction.
type Deposits interface {
	Hold(ctx context.Context, tx bun.Tx, in deposits.HoldInput) (deposits.Deposit, error)
	Release(ctx context.Context, tx bun.IDB, ref deposits.Ref, actorID, note string) (deposits.Deposit, error)
	Capture(ctx context.Context, tx bun.IDB, ref deposits.Ref, amount int64, reason, actorID string) (deposits.Deposit, error)
	ByRefs(ctx context.Context, refType string, refIDs []string) (map[string]deposits.Deposit, error)
}

// Payments is what dealers need of card payments (payments.Service): a
// reservation's deposit paid by card.
type Payments interface {
	RegisterPurpose(name string, onPaid func(ctx context.Context, tx bun.Tx, p payments.Payment) error)
	RegisterFailure(name string, fn payments.FailedFunc)
	RegisterRefundHint(name, hint string)
	StartCardPayment(ctx context.Context, in payments.StartInput) (payments.Payment, error)
	Payment(ctx context.Context, userID, reference string) (payments.Payment, error)
}

// Directory is what dealers need of accounts: buyers' and dealers' names.
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
}

// Audit records admins' moderation.
type Audit interface {
	Record(ctx context.Context, db bun.IDB, e audit.Event) error
}

// Scheduler inserts a River job in the caller's transaction (jobs.Inserter).
type Scheduler interface {
	InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Config is what the dealers module needs.
type Config struct {
	DB          *db.DB
	Clock       clock.Clock
	Log         *slog.Logger
	Storage     storage.Storage
	Images      *images.Processor
	Audit       Audit
	Practice    Practice
	Bookings    Bookings
	Deposits    Deposits
	Payments    Payments
	Directory   Directory
	Jobs        Scheduler
	Idempotency *idempotency.Middleware
}

// Service holds the dealers' rules.
type Service struct {
	c  Config
	st store
}

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Storage == nil || c.Images == nil || c.Audit == nil || c.Practice == nil ||
		c.Bookings == nil || c.Deposits == nil || c.Payments == nil || c.Directory == nil || c.Jobs == nil || c.Idempotency == nil {
		return nil, errors.New("dealers: Config needs DB, Clock, Storage, Images, Audit, Practice, Bookings, Deposits, Payments, Directory, Jobs and Idempotency")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	s := &Service{c: c, st: store{db: c.DB.DB}}
	s.registerPurpose()
	return s, nil
}

// Register mounts the dealers' routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&handler{s: s, idem: s.c.Idempotency}).routes(r) }

func (s *Service) now() time.Time { return s.c.Clock.Now().UTC() }
