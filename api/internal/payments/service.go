package payments

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/paystack"
)

// Payment statuses.
const (
	StatusPending           = "pending"
	StatusSuccess           = "success"
	StatusFailed            = "failed"
	StatusAbandoned         = "abandoned"
	StatusRefunded          = "refunded"
	StatusPartiallyRefunded = "partially_refunded"
)

// Refund statuses.
const (
	RefundPending   = "pending"
	RefundProcessed = "processed"
	RefundFailed    = "failed"
)

// Payment purposes. wallet_topup is built in; the others are registered by
// their domains.
const (
	PurposeWalletTopUp = "wallet_topup"
	PurposeGiftCard    = "gift_card"
	PurposeOrder       = "order"
	PurposeBooking     = "booking"
	PurposeRental      = "rental" // a car rental: its price and deposit (rentals)
	// PurposeCarReservation is a car reserved for sale whose deposit is paid
	// by card (dealers).
	PurposeCarReservation = "car_reservation"
)

// Top-up bounds (minor units): NGN 100 to NGN 1,000,000.
const (
	MinTopUp int64 = 10_000
	MaxTopUp int64 = 100_000_000
)

// AbandonAfter is how long a payment Paystack still reports as not
// completed counts as "still confirming"; after it, verify (or the sweep,
// AbandonStale) marks it abandoned.
const AbandonAfter = 30 * time.Minute

// sweepBatch bounds the payments one AbandonStale call looks at.
const sweepBatch = 100

// CallbackPath is the portal page Paystack sends the browser back to; the
// query carries reference (and trxref, added by Paystack) and return, the
// page to go back to afterwards.
const CallbackPath = "/payments/callback"

// Payment is a card payment through Paystack.
type Payment struct {
	ID               string
	Reference        string
	UserID           string
	Purpose          string
	PurposeID        string
	Amount           int64
	Currency         string
	Status           string
	AccessCode       string
	AuthorizationURL string
	// PublicKey is the Paystack public key for the browser's popup when live
	// keys are configured; "" in sandbox mode (the browser is redirected).
	PublicKey      string
	PaystackID     int64
	Channel        string
	PaidAt         *time.Time
	RefundedAmount int64
	FailureReason  string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// PaidFunc fulfils a paid payment inside the transaction that marks it paid.
// The money has been taken: return an error only for a failure worth
// retrying (the webhook is then answered 500 and Paystack delivers again),
// never to refuse the purchase for a business reason.
type PaidFunc func(ctx context.Context, tx bun.Tx, p Payment) error

// RefundOrder is one refund of a paid payment, handed to the purpose's
// RefundFunc: move Amount back towards the card with money.Refund (To:
// money.MethodCard, Reference: Reference, Key: Key), in tx.
type RefundOrder struct {
	Key       string
	Reference string
	Reason    string
	ActorID   string
	Amount    int64
}

// RefundFunc reverses the ledger side of a refund inside the refund's
// transaction (e.g. money.Refund from the purchase's escrow to the card).
type RefundFunc func(ctx context.Context, tx bun.Tx, p Payment, r RefundOrder) error

// FailedFunc undoes what a purpose prepared for a payment that failed or
// was abandoned (p.Status says which, p.FailureReason why), inside the
// transaction that marks it so. It runs once per payment: when it leaves
// pending. A payment that fails may still be paid later (a customer who
// retries on Paystack's page): the PaidFunc then runs as usual and must
// accept what its FailedFunc left behind.
type FailedFunc func(ctx context.Context, tx bun.Tx, p Payment) error

type purpose struct {
	onPaid   PaidFunc
	onFailed FailedFunc
	onRefund RefundFunc
	// refundHint answers an admin's refund of a purpose refunded elsewhere
	// (409 with this message instead of the generic one).
	refundHint string
}

// Directory is what payments need of the accounts domain (accounts.Service):
// a payer's email for Paystack, and payers shown and searched for by admins.
type Directory interface {
	Person(ctx context.Context, id string) (accounts.Person, error)
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
	Search(ctx context.Context, q string, limit int) ([]accounts.Person, error)
}

// Config is what the payments module needs.
type Config struct {
	DB    *db.DB
	Clock clock.Clock
	Log   *slog.Logger // nil: slog.Default()
	// Settings gives the Paystack public key and the portal origins the
	// browser is sent back to.
	Settings  *config.Config
	Money     *money.Service
	Audit     *audit.Log
	Directory Directory
	// Paystack is the client and webhook secret (NewPaystack).
	Paystack Paystack
	// Idempotency guards the money-moving POSTs.
	Idempotency *idempotency.Middleware
	// Events tells providers their payout was paid or failed (notify.go); nil: nobody.
	Events events.Emitter
}

// Service holds the payment rules.
type Service struct {
	c      Config
	money  *money.Service
	audit  *audit.Log
	dir    Directory
	client *paystack.Client
	secret string
	log    *slog.Logger
	st     *store

	mu       sync.RWMutex
	purposes map[string]*purpose

	banks bankCache
}

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Settings == nil || c.Money == nil || c.Audit == nil || c.Directory == nil ||
		c.Paystack.Client == nil || c.Idempotency == nil {
		return nil, errors.New("payments: Config needs DB, Clock, Settings, Money, Audit, Directory, Paystack and Idempotency")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	if c.Events == nil {
		c.Events = events.Discard{}
	}
	s := &Service{c: c, money: c.Money, audit: c.Audit, dir: c.Directory, client: c.Paystack.Client,
		secret: c.Paystack.Secret, log: c.Log, st: &store{db: c.DB.DB}, purposes: map[string]*purpose{}}
	s.purposes[PurposeWalletTopUp] = &purpose{onPaid: s.creditTopUp, onFailed: s.failTopUp, onRefund: s.refundTopUp}
	return s, nil
}

// Register mounts the payment, payout and admin payment routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&Handler{s: s, idem: s.c.Idempotency}).routes(r) }

// RegisterPurpose names a kind of card payment and the function that fulfils
// it once paid (see PaidFunc). Registering a name twice replaces its
// function; an empty name or a nil function panics (a wiring mistake).
func (s *Service) RegisterPurpose(name string, onPaid func(ctx context.Context, tx bun.Tx, p Payment) error) {
	if name == "" || onPaid == nil {
		panic("payments: RegisterPurpose needs a name and a function")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if p, ok := s.purposes[name]; ok {
		p.onPaid = onPaid
		return
	}
	s.purposes[name] = &purpose{onPaid: onPaid}
}

// RegisterFailure gives a registered purpose a function run once when one
// of its payments fails or is abandoned (see FailedFunc).
func (s *Service) RegisterFailure(name string, fn FailedFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.purposes[name]
	if !ok || fn == nil {
		panic("payments: RegisterFailure needs a registered purpose and a function")
	}
	p.onFailed = fn
}

// RegisterRefund lets admins refund payments of a registered purpose: fn
// reverses the purchase's ledger side (see RefundFunc). Payments of a
// purpose without one answer 409 to a refund.
func (s *Service) RegisterRefund(name string, fn RefundFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.purposes[name]
	if !ok || fn == nil {
		panic("payments: RegisterRefund needs a registered purpose and a function")
	}
	p.onRefund = fn
}

// RegisterRefundHint tells admins where payments of a registered purpose
// without a refund function are refunded instead: a refund here answers
// 409 with hint (a booking is refunded by cancelling it, say).
func (s *Service) RegisterRefundHint(name, hint string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.purposes[name]
	if !ok || hint == "" {
		panic("payments: RegisterRefundHint needs a registered purpose and a hint")
	}
	p.refundHint = hint
}

func (s *Service) purpose(name string) (*purpose, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	p, ok := s.purposes[name]
	return p, ok
}
