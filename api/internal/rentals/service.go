package rentals

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
	"sojourn/api/internal/bookings/ranges"
	"sojourn/api/internal/deposits"
	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/clock"
	dbx "sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/storage"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/reviews"
	"sojourn/api/internal/trips"
)

// Rules of time and size.
const (
	HoldTTL       = 15 * time.Minute // a pending rental reserves the car this long
	SettleAfter   = 48 * time.Hour   // after the return the deposit is released in full unless settled
	ReminderAhead = 24 * time.Hour   // the renter is reminded this long before the pick-up
	CardHoldTTL   = 40 * time.Minute // a rental waiting for its card payment (payments.AbandonAfter + margin)
	MaxRentalDays = 90
	MaxAdvance    = 400 * 24 * time.Hour
	MaxAmount     = 100_000_000_00 // the largest day rate, fee, extra or deposit (minor units)
	maxText       = 2000
	maxCarPhotos  = 12
	maxHandPhotos = 12
	maxBranches   = 50
	maxCars       = 500
)

// Practice is what rentals need of provider profiles (practice.Service): the
// company is the caller's practice of kind car_rental.
type Practice interface {
	Provider(ctx context.Context, providerID string) (practice.Provider, error)
	ProviderOfUser(ctx context.Context, userID, kind string) (practice.Provider, error)
}

// Money moves the price (money.Service).
type Money interface {
	Hold(ctx context.Context, db bun.IDB, in money.Hold) (money.Result, error)
	Release(ctx context.Context, db bun.IDB, in money.Release) (money.Result, error)
	Refund(ctx context.Context, db bun.IDB, in money.Refund) (money.Result, error)
}

// Deposits holds refundable deposits in their own escrow (deposits.Service).
type Deposits interface {
	Hold(ctx context.Context, tx bun.Tx, in deposits.HoldInput) (deposits.Deposit, error)
	Release(ctx context.Context, tx bun.IDB, ref deposits.Ref, actorID, note string) (deposits.Deposit, error)
	Capture(ctx context.Context, tx bun.IDB, ref deposits.Ref, amount int64, reason, actorID string) (deposits.Deposit, error)
	ByRefs(ctx context.Context, refType string, refIDs []string) (map[string]deposits.Deposit, error)
}

// Inserter schedules River jobs inside a transaction (jobs.Inserter).
type Inserter interface {
	InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Directory is what rentals need of accounts: names, and the payer's email
// for Paystack.
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
	Person(ctx context.Context, id string) (accounts.Person, error)
}

// Payments is what rentals need of card payments (payments.Service).
type Payments interface {
	RegisterPurpose(name string, onPaid func(ctx context.Context, tx bun.Tx, p payments.Payment) error)
	RegisterFailure(name string, fn payments.FailedFunc)
	RegisterRefundHint(name, hint string)
	StartCardPayment(ctx context.Context, in payments.StartInput) (payments.Payment, error)
}

// Reviews writes a renter's review of a completed rental (reviews.Service):
// the rental described as a reviews.Subject, so reviews never imports
// rentals.
type Reviews interface {
	CreateFor(ctx context.Context, userID string, subject reviews.Subject, in reviews.ReviewInput) (reviews.Review, error)
}

// ReviewLookup tells the renter's views which rentals they reviewed, one
// query per page (reviews.Lookup).
type ReviewLookup interface {
	ReviewedBookings(ctx context.Context, authorID string, bookingIDs []string) (map[string]bookings.ReviewRef, error)
}

// Audit records admin moderation.
type Audit interface {
	Record(ctx context.Context, db bun.IDB, e audit.Event) error
}

// Trips joins a new rental to the renter's trip it falls in, in the
// rental's transaction, never starting a trip (trips.Service.Join).
type Trips interface {
	Join(ctx context.Context, db bun.IDB, in trips.Attach) (string, error)
}

// Config is what the rentals module needs.
type Config struct {
	DB          *dbx.DB
	Clock       clock.Clock
	Log         *slog.Logger
	Storage     storage.Storage
	Images      *images.Processor
	Practice    Practice
	Money       Money
	Deposits    Deposits
	Jobs        Inserter
	Directory   Directory
	Audit       Audit
	Idempotency *idempotency.Middleware
	// Payments takes card payments (pay_with card) for the purpose
	// payments.PurposeRental, registered by New.
	Payments Payments
	// Reviews and ReviewLookup: the renter's reviews of completed rentals.
	Reviews      Reviews
	ReviewLookup ReviewLookup
	// Trips is optional: nil leaves new rentals out of trips.
	Trips Trips
}

// Service is the rentals module.
type Service struct {
	c         Config
	ranges    *ranges.Ranges
	companies *companies
	search    *searchCache
}

// New builds the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Storage == nil || c.Images == nil || c.Practice == nil || c.Money == nil ||
		c.Deposits == nil || c.Jobs == nil || c.Directory == nil || c.Audit == nil || c.Idempotency == nil ||
		c.Payments == nil || c.Reviews == nil || c.ReviewLookup == nil {
		return nil, errors.New("rentals: Config needs DB, Clock, Storage, Images, Practice, Money, Deposits, Jobs, " +
			"Directory, Audit, Idempotency, Payments, Reviews and ReviewLookup")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	s := &Service{c: c, ranges: ranges.New(c.DB), companies: &companies{m: map[string]cachedCompany{}},
		search: newSearchCache()}
	s.registerPurpose()
	return s, nil
}

// company is the caller's car-rental practice; 404 when they have none.
func (s *Service) company(ctx context.Context, userID string) (practice.Provider, error) {
	p, err := s.c.Practice.ProviderOfUser(ctx, userID, practice.KindCarRental)
	if errors.Is(err, practice.ErrNotFound) {
		return p, errNoCompany
	}
	return p, err
}

func (s *Service) now() time.Time { return s.c.Clock.Now().UTC() }

// bunIn is bun.In (a list for IN (?)).
func bunIn(v []string) any { return bun.In(v) }
