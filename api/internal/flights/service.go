package flights

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
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/mail"
	"sojourn/api/internal/trips"
)

// Rules of size and time.
const (
	// Supplier names the payable Sojourn owes for flights.
	Supplier = "duffel"
	// PurposeFlight is the card payment purpose of a flight order.
	PurposeFlight = "flight_order"
	// DefaultMarkupBPS is Sojourn's margin on the supplier's price when the
	// configuration sets none (5%).
	DefaultMarkupBPS = 500
	MaxPassengers    = 9
	MaxSlices        = 4
	MaxBagsPerPerson = 2
	// MaxAdvance is how far ahead a flight may be searched.
	MaxAdvance = 330 * 24 * time.Hour
	// PlaceAttempts bounds the supplier order's retries on retryable errors.
	PlaceAttempts = 5
	// webhookTolerance is how old a signed webhook may be.
	webhookTolerance = 5 * time.Minute
)

// Supplier is the Duffel Flights API (duffel.Client).
type SupplierAPI interface {
	SearchOffers(ctx context.Context, in duffel.CreateOfferRequest) (duffel.OfferRequest, error)
	GetOffer(ctx context.Context, id string) (duffel.Offer, error)
	CreateOrder(ctx context.Context, idemKey string, in duffel.CreateOrder) (duffel.Order, error)
	QuoteCancellation(ctx context.Context, idemKey, orderID string) (duffel.OrderCancellation, error)
	ConfirmCancellation(ctx context.Context, idemKey, id string) (duffel.OrderCancellation, error)
}

// Money moves the traveller's payment (money.Service).
type Money interface {
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

// Directory gives the traveller's email (accounts.Service).
type Directory interface {
	Person(ctx context.Context, id string) (accounts.Person, error)
}

// Inserter schedules River jobs inside a transaction (jobs.Inserter).
type Inserter interface {
	InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Config is what the flights module needs.
type Config struct {
	DB          *dbx.DB
	Clock       clock.Clock
	Log         *slog.Logger
	Supplier    SupplierAPI
	Money       Money
	Payments    Payments
	Directory   Directory
	Jobs        Inserter
	Mailer      mail.Mailer
	Idempotency *idempotency.Middleware
	// MarkupBPS is Sojourn's margin in basis points (config.TravelMarkupBPS,
	// shared with stays; 0 = none).
	MarkupBPS int
	// WebhookSecret checks the signatures of Duffel's webhook events.
	WebhookSecret string
	// Trips puts a confirmed order in the traveller's trip (nil: none).
	Trips trips.Attacher
	// Events tells the traveller of schedule changes through the outbox,
	// in the webhook's transaction (nil: mailed directly instead).
	Events events.Emitter
	// OtherEvents receives the webhook events flights does not handle
	// (stays'), after the signature and idempotency checks (nil: ignored).
	OtherEvents func(ctx context.Context, ev duffel.Event) error
	// PortalOrigin is the user portal's origin for links in emails.
	PortalOrigin string
}

// Service is the flights module.
type Service struct {
	c Config
}

// New builds the module and registers its card payment purpose.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Supplier == nil || c.Money == nil || c.Payments == nil ||
		c.Directory == nil || c.Jobs == nil || c.Mailer == nil || c.Idempotency == nil {
		return nil, errors.New("flights: Config needs DB, Clock, Supplier, Money, Payments, Directory, Jobs, " +
			"Mailer and Idempotency")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	if c.MarkupBPS < 0 || c.MarkupBPS > 5000 {
		return nil, errors.New("flights: MarkupBPS must be 0 to 5000")
	}
	s := &Service{c: c}
	s.registerPurpose()
	return s, nil
}

func (s *Service) now() time.Time { return s.c.Clock.Now().UTC() }

// markup is the traveller's price of a supplier cost: cost plus the
// margin, rounded up to whole naira.
func (s *Service) markup(cost int64) (price, margin int64) {
	margin = cost * int64(s.c.MarkupBPS) / 10000
	price = (cost + margin + 99) / 100 * 100
	return price, price - cost
}

func ref(id string) money.Ref { return money.Ref{Type: money.RefFlightOrder, ID: id} }
