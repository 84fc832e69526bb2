package stays

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/clock"
	dbx "sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/duffel"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/trips"
)

// Rules of time and size.
const (
	MaxNights      = 30
	MaxAdvanceDays = 365
	MaxRooms       = 4
	MaxGuests      = 8
	MaxRadiusKM    = 50
	DefaultRadius  = 15
	BookAttempts   = 6 // River attempts of the supplier booking before it counts as failed
	maxText        = 100
	supplierName   = "duffel"
	PurposeStay    = "stay" // the card payment purpose (payments)
)

// Supplier is the travel supplier's Stays API (duffel.Client).
type Supplier interface {
	StaysSearch(ctx context.Context, in duffel.StaysSearchRequest) (duffel.StaysSearchResponse, error)
	StaysFetchAllRates(ctx context.Context, searchResultID string) (duffel.StaysSearchResult, error)
	StaysQuote(ctx context.Context, rateID string) (duffel.StaysQuote, error)
	StaysBook(ctx context.Context, idemKey string, in duffel.StaysBookingRequest) (duffel.StaysBooking, error)
	StaysCancel(ctx context.Context, idemKey, id string) (duffel.StaysBooking, error)
}

// Ledger moves the traveller's payment (money.Service).
type Ledger interface {
	Hold(ctx context.Context, db bun.IDB, in money.Hold) (money.Result, error)
	Refund(ctx context.Context, db bun.IDB, in money.Refund) (money.Result, error)
	SupplierCharge(ctx context.Context, db bun.IDB, in money.SupplierCharge) (money.Result, error)
	SupplierRefund(ctx context.Context, db bun.IDB, in money.SupplierRefund) (money.Result, error)
}

// Payments takes card payments (payments.Service).
type Payments interface {
	RegisterPurpose(name string, onPaid func(ctx context.Context, tx bun.Tx, p payments.Payment) error)
	RegisterFailure(name string, fn payments.FailedFunc)
	RegisterRefundHint(name, hint string)
	StartCardPayment(ctx context.Context, in payments.StartInput) (payments.Payment, error)
}

// Inserter schedules River jobs inside a transaction (jobs.Inserter).
type Inserter interface {
	InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Directory gives the payer's email for Paystack (accounts).
type Directory interface {
	Person(ctx context.Context, id string) (accounts.Person, error)
}

// Config is what the stays module needs.
type Config struct {
	DB          *dbx.DB
	Clock       clock.Clock
	Log         *slog.Logger
	Supplier    Supplier
	Money       Ledger
	Payments    Payments
	Jobs        Inserter
	Directory   Directory
	Idempotency *idempotency.Middleware
	// MarkupBPS is Sojourn's margin on the supplier's price
	// (config.TravelMarkupBPS, shared with flights).
	MarkupBPS int
	// Trips puts a paid stay in a trip; nil until trips is wired.
	Trips trips.Attacher
}

// Service is the stays module.
type Service struct{ c Config }

// New builds the module and registers its card payment purpose.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Supplier == nil || c.Money == nil || c.Payments == nil || c.Jobs == nil ||
		c.Directory == nil || c.Idempotency == nil {
		return nil, errors.New("stays: Config needs DB, Clock, Supplier, Money, Payments, Jobs, Directory and Idempotency")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	s := &Service{c: c}
	s.registerPurpose()
	return s, nil
}

func (s *Service) now() time.Time { return s.c.Clock.Now().UTC() }

// markup is Sojourn's margin on a supplier amount, in whole currency units.
func (s *Service) markup(total int64) int64 {
	return total * int64(s.c.MarkupBPS) / 10000 / 100 * 100
}

func ref(id string) money.Ref { return money.Ref{Type: money.RefStayBooking, ID: id} }
