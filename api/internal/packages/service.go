package packages

import (
	"context"
	"errors"
	"log/slog"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/practice"
)

// Practice is what packages need of the practice domain (practice.Service):
// the offering a package bundles and the provider selling it.
type Practice interface {
	Offering(ctx context.Context, id string) (practice.Offering, error)
	Provider(ctx context.Context, providerID string) (practice.Provider, error)
	ProviderOfUser(ctx context.Context, userID, kind string) (practice.Provider, error)
}

// Payments is what packages need of the payments domain (payments.Service):
// the package purpose's hooks and starting a card payment.
type Payments interface {
	RegisterPurpose(name string, onPaid func(ctx context.Context, tx bun.Tx, p payments.Payment) error)
	RegisterFailure(name string, fn payments.FailedFunc)
	StartCardPayment(ctx context.Context, in payments.StartInput) (payments.Payment, error)
}

// Directory is what packages need of the accounts domain: the buyer's email
// for a card payment.
type Directory interface {
	Person(ctx context.Context, id string) (accounts.Person, error)
}

// Scheduler inserts a River job in the caller's transaction (jobs.Inserter).
type Scheduler interface {
	InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Config is what the packages module needs.
type Config struct {
	DB        *db.DB
	Clock     clock.Clock
	Log       *slog.Logger // nil: slog.Default()
	Money     *money.Service
	Practice  Practice
	Directory Directory
	// Payments lets buyers pay by card; nil: pay_with "paystack" answers 422.
	Payments Payments
	Jobs     Scheduler
	// Idempotency guards purchases and refunds.
	Idempotency *idempotency.Middleware
}

// Service holds the package rules.
type Service struct {
	c  Config
	st store
}

// New makes the module; with Payments it registers the package purpose.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Money == nil || c.Practice == nil || c.Directory == nil || c.Jobs == nil ||
		c.Idempotency == nil {
		return nil, errors.New("packages: Config needs DB, Clock, Money, Practice, Directory, Jobs and Idempotency")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	s := &Service{c: c, st: store{db: c.DB.DB}}
	if c.Payments != nil {
		s.registerPurpose()
	}
	return s, nil
}

// Register mounts the package routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&handler{s: s, idem: s.c.Idempotency}).routes(r) }
