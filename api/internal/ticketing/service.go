package ticketing

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
)

// Ledger is what ticketing needs of the money core.
type Ledger interface {
	Hold(ctx context.Context, db bun.IDB, in money.Hold) (money.Result, error)
	Refund(ctx context.Context, db bun.IDB, in money.Refund) (money.Result, error)
	Release(ctx context.Context, db bun.IDB, in money.Release) (money.Result, error)
	KeepEscrow(ctx context.Context, db bun.IDB, in money.Keep) (money.Result, error)
}

// Directory finds people (a transfer's recipient, an organiser's name).
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
	FindByHandle(ctx context.Context, handle string) (accounts.Person, error)
}

// Scheduler enqueues River jobs in the causing transaction.
type Scheduler interface {
	InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Config wires the service. Secret signs the QR codes (app derives it from
// the server's JWT secret).
type Config struct {
	DB          *db.DB
	Clock       clock.Clock
	Log         *slog.Logger
	Money       Ledger
	Directory   Directory
	Jobs        Scheduler
	Trips       Trips
	Idempotency *idempotency.Middleware
	Secret      []byte
}

// Service is the ticketing domain.
type Service struct {
	c   Config
	key []byte
}

// New checks the configuration.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Money == nil || c.Directory == nil || c.Jobs == nil || c.Trips == nil ||
		c.Idempotency == nil || len(c.Secret) == 0 {
		return nil, errors.New("ticketing: Config needs DB, Clock, Money, Directory, Jobs, Trips, Idempotency and Secret")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	m := hmac.New(sha256.New, c.Secret)
	m.Write([]byte("sojourn ticketing qr v1"))
	return &Service{c: c, key: m.Sum(nil)}, nil
}

// Register mounts the routes.
func (s *Service) Register(r httpx.Router) { (&handler{s: s, idem: s.c.Idempotency}).routes(r) }

func (s *Service) now() time.Time { return s.c.Clock.Now().UTC() }

var (
	ErrNotFound       = apperr.NotFound("Event")
	ErrOrderNotFound  = apperr.NotFound("Order")
	ErrTicketNotFound = apperr.NotFound("Ticket")
	errNotOnSale      = apperr.Conflict("This event is not selling tickets.")
	errHoldOver       = apperr.Conflict("The hold on these seats has expired; choose your tickets again.")
	errNotHeld        = apperr.Conflict("This order is not waiting for payment.")
	errTooLateRefund  = apperr.Conflict("The organiser's refund policy no longer allows cancelling this order.")
	errNotPaid        = apperr.Conflict("This order is not paid.")
	errKeyUsed        = apperr.Conflict("This Idempotency-Key was used for another order.")
	errSelf           = apperr.Conflict("The ticket is already yours.")
	errCheckedIn      = apperr.Conflict("A ticket that has been checked in cannot be transferred.")
	errSold           = apperr.Conflict("Ticket types cannot be removed or the quota shrunk below the seats taken.")
)

func errSoldOut(name string) error {
	e := apperr.New(apperr.CodeOutOfStock, "The tickets of "+name+" are sold out.")
	e.Fields = map[string]string{"items": "sold_out"}
	return e
}

func orErr(err, other error) error {
	if err != nil {
		return err
	}
	return other
}
