package bookings

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/config"
	dbx "sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/mail"
	"sojourn/api/internal/practice"
)

// Rules of time.
const (
	HoldTTL         = 10 * time.Minute    // a hold reserves its slot this long
	CardHoldTTL     = 40 * time.Minute    // a hold waiting for a card payment (payments.AbandonAfter + margin)
	ConfirmTTL      = 24 * time.Hour      // a request not answered in this time is declined and refunded
	ReviewWindow    = 14 * 24 * time.Hour // review_until = completed + this
	MaxTextLen      = 2000                // note, reasons, intake answers
	nextHorizon     = 30                  // days the next-free-slot search looks ahead
	maxLiveHolds    = 5                   // held bookings one user may have at once
	maxCalendarDays = 62
)

// Credits is what bookings need of session packages (implemented by
// packages.Service).
type Credits interface {
	// ConsumeCredit takes one credit for this offering in tx from the
	// user's package purchase purchaseID, or with purchaseID "" from the
	// usable one whose validity ends soonest; it answers the credit and
	// the purchase it came from, or an error (a 409 when none is left, a
	// 422 on package_id when the named purchase is not the user's or is
	// for another offering).
	ConsumeCredit(ctx context.Context, tx bun.Tx, userID, offeringID, bookingID, purchaseID string) (creditID,
		usedPurchaseID string, err error)
	// ReturnCredit gives back the credit bookingID used (idempotent).
	ReturnCredit(ctx context.Context, tx bun.Tx, bookingID string) error
}

// Practice is what bookings need of provider profiles and offerings
// (practice.Service).
type Practice interface {
	Offering(ctx context.Context, id string) (practice.Offering, error)
	Availability(ctx context.Context, providerID string, fromDate, toDate string) (practice.Availability, error)
	Provider(ctx context.Context, providerID string) (practice.Provider, error)
	ProvidersOfUser(ctx context.Context, userID string) ([]practice.Provider, error)
	ProvidersByID(ctx context.Context, ids []string) (map[string]practice.Provider, error)
	BookableProviders(ctx context.Context, after string, limit int) ([]string, error)
	SetNextAvailable(ctx context.Context, db bun.IDB, providerID string, at *time.Time) error
}

// offeringLister is optional: a Practice that lists a provider's active
// offerings (practice.Service does) lets the next-free-slot search use
// their real durations, buffers and notice.
type offeringLister interface {
	PublicOfferings(ctx context.Context, providerID string) ([]practice.OfferingView, error)
}

// Payments is what bookings need of card payments (payments.Service).
type Payments interface {
	RegisterPurpose(name string, onPaid func(ctx context.Context, tx bun.Tx, p payments.Payment) error)
	RegisterFailure(name string, fn payments.FailedFunc)
	StartCardPayment(ctx context.Context, in payments.StartInput) (payments.Payment, error)
}

// Inserter schedules River jobs inside a transaction (jobs.Inserter).
type Inserter interface {
	InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Directory is what bookings need of accounts: people's names and emails.
type Directory interface {
	Person(ctx context.Context, id string) (accounts.Person, error)
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
	Search(ctx context.Context, q string, limit int) ([]accounts.Person, error)
}

// Config is what the bookings module needs.
type Config struct {
	DB          *dbx.DB
	Clock       clock.Clock
	Log         *slog.Logger
	Settings    *config.Config
	Practice    Practice
	Money       *money.Service
	Payments    Payments
	Jobs        Inserter
	Mailer      mail.Mailer
	Directory   Directory
	Idempotency *idempotency.Middleware
	// Credits pays with session packages; nil: pay_with "package" is 422.
	Credits Credits
	// Reviews tells the user's views which bookings they reviewed
	// (reviews.Lookup); nil: no review information (review null,
	// can_review false).
	Reviews ReviewLookup
	// Audit records the admins' cancellations (admin.go).
	Audit Audit
	// Events tells the user and the provider about confirmations,
	// cancellations, reschedules and reminders (notify.go); nil: nobody.
	Events events.Emitter
}

// Service holds the booking rules.
type Service struct {
	c     Config
	db    *dbx.DB
	clock clock.Clock
	money *money.Service
	log   *slog.Logger
	// skipPrecheck turns off the read before a hold's write (tests only,
	// through SetPrecheck, to show the conditional upserts alone decide).
	skipPrecheck atomic.Bool
}

// New makes the module and registers the booking payment purpose.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Settings == nil || c.Practice == nil || c.Money == nil ||
		c.Payments == nil || c.Jobs == nil || c.Mailer == nil || c.Directory == nil || c.Idempotency == nil {
		return nil, errors.New("bookings: Config needs DB, Clock, Settings, Practice, Money, Payments, Jobs, " +
			"Mailer, Directory and Idempotency")
	}
	if c.Audit == nil {
		return nil, errors.New("bookings: Config needs Audit")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	if c.Events == nil {
		c.Events = events.Discard{}
	}
	s := &Service{c: c, db: c.DB, clock: c.Clock, money: c.Money, log: c.Log}
	s.registerPurpose()
	s.registerRefundHint()
	return s, nil
}

// Register mounts the booking routes under /api/v1.
func (s *Service) Register(r httpx.Router) {
	h := &handler{s: s, idem: s.c.Idempotency}
	h.routes(r)
	h.adminRoutes(r)
}

// Booking returns one booking (ErrNotFound when missing).
func (s *Service) Booking(ctx context.Context, id string) (Booking, error) {
	r, err := s.get(ctx, s.db.DB, id)
	if err != nil {
		return Booking{}, err
	}
	return r.public(), nil
}

// HasClient reports whether userID ever booked providerID (any status but
// a lapsed or abandoned hold).
func (s *Service) HasClient(ctx context.Context, providerID, userID string) (bool, error) {
	return s.db.NewSelect().Model((*bookingRow)(nil)).Where("provider_id = ? AND user_id = ?", providerID, userID).
		Where("status NOT IN (?, ?, ?)", StatusHeld, StatusAwaitingPayment, StatusExpired).Exists(ctx)
}

// get reads one booking.
func (s *Service) get(ctx context.Context, db bun.IDB, id string) (*bookingRow, error) {
	r := new(bookingRow)
	err := db.NewSelect().Model(r).Where("id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

// transition moves b from its status to `to` (checked against the state
// machine) with a conditional UPDATE, applies set to the same UPDATE,
// frees the slot when `to` gives it back, and writes the history row. It
// reports false (and changes nothing) when b is no longer in the status it
// was read in.
func (s *Service) transition(ctx context.Context, db bun.IDB, b *bookingRow, to, actorID, actorRole, note string,
	set func(q *bun.UpdateQuery) *bun.UpdateQuery) (bool, error) {
	from := b.Status
	if !CanTransition(from, to) {
		return false, ErrWrongState
	}
	now := s.clock.Now().UTC()
	q := db.NewUpdate().Table("bookings").Set("status = ?", to).Set("updated_at = ?", now).
		Where("id = ? AND status = ?", b.ID, from)
	if set != nil {
		q = set(q)
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return false, err
	}
	if live(from) && !live(to) && to != StatusCompleted && to != StatusNoShow {
		if err := s.free(ctx, db, b); err != nil {
			return false, err
		}
	}
	b.Status, b.UpdatedAt = to, now
	if err := s.event(ctx, db, b.ID, from, to, actorID, actorRole, note); err != nil {
		return false, err
	}
	return true, s.notifyTransition(ctx, db, b, from, to, actorID)
}

// event writes one history row.
func (s *Service) event(ctx context.Context, db bun.IDB, bookingID, from, to, actorID, actorRole, note string) error {
	_, err := db.NewInsert().Model(&eventRow{ID: ids.New(), BookingID: bookingID, FromStatus: from, ToStatus: to,
		ActorID: actorID, ActorRole: actorRole, Note: note, CreatedAt: s.clock.Now().UTC()}).Exec(ctx)
	return err
}

// free gives a booking's cells (its person's) and its practice's period
// counts back.
func (s *Service) free(ctx context.Context, db bun.IDB, b *bookingRow) error {
	if err := releaseCells(ctx, db, resourceOf(b), b.SessionKey, heldSeats(b), b.CellFrom, b.CellTo); err != nil {
		return err
	}
	if err := uncount(ctx, db, b.ProviderID, b.DayPeriod); err != nil {
		return err
	}
	return uncount(ctx, db, b.ProviderID, b.WeekPeriod)
}

// occupy reserves a booking's cells in its person's time and counts it in
// its practice's periods.
func occupy(ctx context.Context, db bun.IDB, b *bookingRow, dailyLimit, weeklyLimit int) error {
	if err := reserveCells(ctx, db, resourceOf(b), b.SessionKey, b.Capacity, heldSeats(b), b.CellFrom, b.CellTo); err != nil {
		return err
	}
	if err := countIn(ctx, db, b.ProviderID, b.DayPeriod, dailyLimit); err != nil {
		return err
	}
	return countIn(ctx, db, b.ProviderID, b.WeekPeriod, weeklyLimit)
}

// heldSeats is the seats a booking's cells take (rows from before 0026: 1).
func heldSeats(b *bookingRow) int { return max(b.HeldSeats, 1) }
