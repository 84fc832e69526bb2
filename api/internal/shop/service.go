package shop

import (
	"context"
	"errors"
	"log/slog"
	"sojourn/api/internal/catalog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
)

// Catalog is what the shop needs of the catalogue (catalog.Service):
// variants and stores to price and split a cart, and the stock moves of an
// order, each in the caller's transaction.
type Catalog interface {
	Variants(ctx context.Context, db bun.IDB, ids []string) (map[string]Variant, error)
	Stores(ctx context.Context, db bun.IDB, ids []string) (map[string]Store, error)
	Reserve(ctx context.Context, db bun.IDB, lines []StockLine) error
	Release(ctx context.Context, db bun.IDB, lines []StockLine) error
	Consume(ctx context.Context, db bun.IDB, lines []StockLine) error
	Restock(ctx context.Context, db bun.IDB, lines []StockLine) error
	SetStoreHealth(ctx context.Context, db bun.IDB, storeID string, score int, details catalog.HealthDetails) error
}

// Ledger is what the shop needs of the money core: each seller order's
// escrow, its refunds and its release minus the commission.
type Ledger interface {
	Hold(ctx context.Context, db bun.IDB, in money.Hold) (money.Result, error)
	Release(ctx context.Context, db bun.IDB, in money.Release) (money.Result, error)
	Refund(ctx context.Context, db bun.IDB, in money.Refund) (money.Result, error)
	Balance(ctx context.Context, db bun.IDB, kind money.Kind, owner, currency string) (int64, error)
	FeeBPS() int
}

// Payments is what the shop needs of card payments (payments.Service).
type Payments interface {
	payments.Registrar
	StartCardPayment(ctx context.Context, in payments.StartInput) (payments.Payment, error)
	Payment(ctx context.Context, userID, reference string) (payments.Payment, error)
}

// Directory names shoppers and finds them by email (accounts).
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
	FindByHandle(ctx context.Context, handle string) (accounts.Person, error)
}

// Audit records admins' refunds and commission rule changes.
type Audit interface {
	Record(ctx context.Context, db bun.IDB, e audit.Event) error
}

// Scheduler inserts a River job in the caller's transaction (jobs.Inserter).
type Scheduler interface {
	InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Config is what the shop module needs.
type Config struct {
	DB          *db.DB
	Clock       clock.Clock
	Log         *slog.Logger
	Catalog     Catalog
	Money       Ledger
	Payments    Payments
	Directory   Directory
	Audit       Audit
	Jobs        Scheduler
	Idempotency *idempotency.Middleware
	// Replies is optional: without it the health score has no review factor.
	Replies ReviewReplies
	// Events tells shoppers and vendors about their orders (notify.go); nil: nobody.
	Events events.Emitter
}

// Service holds the shop's cart, checkout and order rules.
type Service struct {
	c  Config
	st store
}

// New makes the module and registers its card payment purpose.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Catalog == nil || c.Money == nil || c.Payments == nil || c.Directory == nil ||
		c.Audit == nil || c.Jobs == nil || c.Idempotency == nil {
		return nil, errors.New("shop: Config needs DB, Clock, Catalog, Money, Payments, Directory, Audit, Jobs and Idempotency")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	if c.Events == nil {
		c.Events = events.Discard{}
	}
	s := &Service{c: c, st: store{db: c.DB}}
	s.registerPurpose()
	return s, nil
}

// Register mounts the shop's routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&handler{s: s, idem: s.c.Idempotency}).routes(r) }

func (s *Service) now() time.Time { return s.c.Clock.Now().UTC() }
