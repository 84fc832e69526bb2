// Package payments takes card payments through Paystack (wallet top-ups,
// gift cards, later orders and bookings), settles them from Paystack's
// webhook or from the verify call, refunds them, and pays providers out to
// their bank accounts. Money moves only through the money service, always
// in the same transaction as the payment's state change; Paystack is never
// called inside an open transaction (on SQLite the sandbox shares the
// database).
//
// Other domains start a card payment with StartCardPayment and fulfil it in
// the function they registered with RegisterPurpose, which runs inside the
// transaction that marks the payment paid; RegisterFailure adds a function
// run once, inside the transaction that marks it failed or abandoned (by the
// webhook, verify, or AbandonStale for payments left pending past 30
// minutes), and RegisterRefund one that reverses a refunded purchase:
//
//	payments.RegisterPurpose(payments.PurposeGiftCard, func(ctx context.Context, tx bun.Tx, p payments.Payment) error {
//		return giftcards.issuePaid(ctx, tx, p.PurposeID, p) // e.g. money.IssueGiftCardLiability with Pay: MethodCard
//	})
//	p, err := payments.StartCardPayment(ctx, payments.StartInput{UserID: buyerID, Purpose: payments.PurposeGiftCard,
//		PurposeID: purchaseID, Amount: 500000, Currency: "NGN", CallbackPath: "/gift-card/" + productID,
//		Origin: c.Get("Origin")})
//	// send the browser to p.AuthorizationURL
//
// A payment settles once: the first of the webhook and verify to see it paid
// moves it from pending (or abandoned, or declined) to success with a
// conditional update, and only that caller runs the purpose's function.
package payments

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/ids"
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
}

// Users is what the service needs of the accounts domain.
type Users interface {
	Summary(ctx context.Context, userID string) (accounts.Summary, error)
}

// Service holds the payment rules.
type Service struct {
	deps   *platform.Deps
	money  *money.Service
	audit  *audit.Log
	users  Users
	client *paystack.Client
	secret string
	log    *slog.Logger
	st     *store

	mu       sync.RWMutex
	purposes map[string]*purpose

	banks bankCache
}

// NewService makes the service. client calls Paystack (or the sandbox);
// webhookSecret is the secret key the webhooks are signed with.
func NewService(d *platform.Deps, m *money.Service, a *audit.Log, users Users, client *paystack.Client,
	webhookSecret string) *Service {
	log := d.Log
	if log == nil {
		log = slog.Default()
	}
	s := &Service{deps: d, money: m, audit: a, users: users, client: client, secret: webhookSecret, log: log,
		st: &store{db: d.DB.DB}, purposes: map[string]*purpose{}}
	s.purposes[PurposeWalletTopUp] = &purpose{onPaid: s.creditTopUp, onFailed: s.failTopUp, onRefund: s.refundTopUp}
	return s
}

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

func (s *Service) purpose(name string) (*purpose, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	p, ok := s.purposes[name]
	return p, ok
}

var refEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newReference is "<prefix>" + 20 random lowercase base32 characters (100
// bits). Letters, digits and "-" satisfy both Paystack's transaction rule
// (alphanumerics, "-", ".", "=") and its stricter transfer rule (lowercase,
// digits, "-", "_").
func newReference(prefix string) string {
	b := make([]byte, 13)
	_, _ = rand.Read(b)
	return prefix + refEncoding.EncodeToString(b)[:20]
}

// StartInput starts a card payment. Email defaults to the user's;
// Currency to NGN; CallbackPath is the portal page to return to after the
// callback page (default "/"); Origin, when it is one of our portal origins
// (the request's Origin header), is where the browser comes back, else the
// origin of Portal (a portal name, "" = the user portal).
type StartInput struct {
	UserID       string
	Email        string
	Purpose      string
	PurposeID    string
	Amount       int64
	Currency     string
	CallbackPath string
	Portal       string
	Origin       string
}

// StartCardPayment records a pending payment and initialises it with
// Paystack; send the browser to the answer's AuthorizationURL. The purpose
// must be registered. Paystack failing is 503 (unreachable) or 409 (refused);
// the payment is then failed.
func (s *Service) StartCardPayment(ctx context.Context, in StartInput) (Payment, error) {
	return s.start(ctx, in, nil)
}

func (s *Service) start(ctx context.Context, in StartInput, before func(ctx context.Context, tx bun.Tx, p Payment) error) (Payment, error) {
	if _, ok := s.purpose(in.Purpose); !ok {
		return Payment{}, ErrUnknownPurpose
	}
	f := apperr.Fields{}
	f.Check(in.UserID != "", "user_id", "is required")
	f.Check(in.Amount > 0, "amount", "must be a positive whole number of minor units")
	cur := strings.ToUpper(strings.TrimSpace(in.Currency))
	if cur == "" {
		cur = money.DefaultCurrency
	}
	f.Check(money.ValidCurrency(cur), "currency", "must be one of "+strings.Join(money.Currencies, ", "))
	back := in.CallbackPath
	if back == "" {
		back = "/"
	}
	f.Check(strings.HasPrefix(back, "/") && !strings.HasPrefix(back, "//") && !strings.Contains(back, `\`),
		"callback_path", "must be a path on the portal")
	if err := f.Err(); err != nil {
		return Payment{}, err
	}
	email := in.Email
	if email == "" {
		u, err := s.users.Summary(ctx, in.UserID)
		if err != nil {
			return Payment{}, err
		}
		email = u.Email
	}
	now := s.deps.Clock.Now()
	row := &paymentRow{ID: ids.New(), Reference: newReference("sj-"), UserID: in.UserID, Purpose: in.Purpose,
		PurposeID: in.PurposeID, Amount: in.Amount, Currency: cur, Status: StatusPending, CreatedAt: now, UpdatedAt: now}
	err := s.deps.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.insertPayment(ctx, tx, row); err != nil {
			return err
		}
		if before != nil {
			return before(ctx, tx, row.payment())
		}
		return nil
	})
	if err != nil {
		return Payment{}, err
	}
	callback := s.origin(in.Portal, in.Origin) + CallbackPath + "?" +
		url.Values{"reference": {row.Reference}, "return": {back}}.Encode()
	meta, _ := json.Marshal(map[string]string{"payment_id": row.ID, "purpose": row.Purpose,
		"purpose_id": row.PurposeID, "user_id": row.UserID})
	// Outside any transaction: Paystack may be slow, and on SQLite the
	// sandbox writes to this same database.
	d, err := s.client.Initialize(ctx, paystack.InitializeRequest{Email: email, Amount: row.Amount, Currency: cur,
		Reference: row.Reference, CallbackURL: callback, Metadata: meta})
	if err != nil {
		return Payment{}, s.startFailed(ctx, row, err)
	}
	if err := s.st.setStarted(ctx, row.ID, d.AccessCode, d.AuthorizationURL, s.deps.Clock.Now()); err != nil {
		return Payment{}, err
	}
	row.AccessCode, row.AuthorizationURL = d.AccessCode, d.AuthorizationURL
	out := row.payment()
	if s.deps.Config.PaystackSecretKey != "" {
		out.PublicKey = s.deps.Config.PaystackPublicKey
	}
	return out, nil
}

// startFailed fails a payment Paystack would not initialise.
func (s *Service) startFailed(ctx context.Context, row *paymentRow, cause error) error {
	s.log.Error("payments: initialize", "reference", row.Reference, "err", cause)
	var ae *paystack.APIError
	refused := errors.As(cause, &ae) && ae.Status >= 400 && ae.Status < 500
	reason := "Paystack could not be reached"
	if refused {
		reason = "Paystack refused the payment: " + ae.Message
	}
	if err := s.fail(ctx, row, []string{StatusPending}, StatusFailed, reason, false); err != nil {
		s.log.Error("payments: fail unstarted payment", "reference", row.Reference, "err", err)
	}
	if refused {
		return apperr.Wrap(apperr.CodeConflict, reason+".", cause)
	}
	return unavailable(cause)
}

// origin is the browser's portal origin: the request's Origin when it is
// one of ours, else the named portal's.
func (s *Service) origin(portal, origin string) string {
	cfg := s.deps.Config
	if origin != "" && httpx.PortalOrigin(cfg.BaseDomain)(origin) {
		return strings.TrimRight(origin, "/")
	}
	return cfg.PortalOrigin(portal)
}

// fail moves a payment from one of from to status with a reason and, when
// it left pending, tells its purpose, in one transaction.
func (s *Service) fail(ctx context.Context, row *paymentRow, from []string, status, reason string, mismatch bool) error {
	_, err := s.failed(ctx, row, from, status, reason, mismatch)
	return err
}

// failed is fail reporting whether the payment moved. The move from pending
// is tried on its own first, so the purpose hears of a failure once even
// when an abandoned payment later fails for good.
func (s *Service) failed(ctx context.Context, row *paymentRow, from []string, status, reason string, mismatch bool) (bool, error) {
	moved := false
	err := s.deps.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := s.deps.Clock.Now()
		var rest []string
		for _, st := range from {
			if st != StatusPending {
				rest = append(rest, st)
			}
		}
		if len(rest) < len(from) {
			ok, err := s.st.markUnpaid(ctx, tx, row.ID, []string{StatusPending}, status, reason, mismatch, now)
			if err != nil {
				return err
			}
			if ok {
				moved = true
				if pp, known := s.purpose(row.Purpose); known && pp.onFailed != nil {
					p := row.payment()
					p.Status, p.FailureReason, p.UpdatedAt = status, reason, now
					return pp.onFailed(ctx, tx, p)
				}
				return nil
			}
		}
		if len(rest) == 0 {
			return nil
		}
		ok, err := s.st.markUnpaid(ctx, tx, row.ID, rest, status, reason, mismatch, now)
		moved = ok
		return err
	})
	return moved && err == nil, err
}

// AbandonStale closes the card payments still pending AbandonAfter after
// they started, which neither the webhook nor verify has settled: each is
// checked with Paystack once (outside any transaction), settled when
// Paystack reports it paid or failed, and otherwise marked abandoned,
// telling its purpose. Paystack being unreachable abandons it too: a
// payment that succeeds later still settles from abandoned. It returns how
// many were abandoned. Serve runs it every minute.
func (s *Service) AbandonStale(ctx context.Context) (int, error) {
	rows, err := s.st.stalePending(ctx, s.deps.Clock.Now().Add(-AbandonAfter), sweepBatch)
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for i := range rows {
		row := &rows[i]
		t, err := s.client.Verify(ctx, row.Reference)
		switch {
		case err != nil:
			s.log.Warn("payments: verify before abandoning", "reference", row.Reference, "err", err)
		case t.Reference == row.Reference && (t.Status == paystack.StatusSuccess || t.Status == paystack.StatusFailed):
			if err := s.settleCharge(ctx, t); err != nil {
				errs = append(errs, fmt.Errorf("payments: settle %s: %w", row.Reference, err))
			}
			continue
		}
		ok, err := s.failed(ctx, row, []string{StatusPending}, StatusAbandoned,
			"The payment was not completed within 30 minutes", false)
		if err != nil {
			errs = append(errs, fmt.Errorf("payments: abandon %s: %w", row.Reference, err))
		} else if ok {
			n++
		}
	}
	return n, errors.Join(errs...)
}

// settleCharge applies what Paystack says of a charge (a charge.success
// event or a verify answer). It credits only a success whose amount and
// currency are what was initialised, once.
func (s *Service) settleCharge(ctx context.Context, t *paystack.Transaction) error {
	row, err := s.st.paymentByReference(ctx, nil, t.Reference)
	if errors.Is(err, apperr.ErrNotFound) {
		return ErrPaymentNotFound
	}
	if err != nil {
		return err
	}
	switch t.Status {
	case paystack.StatusSuccess:
		if t.Amount != row.Amount || !strings.EqualFold(t.Currency, row.Currency) {
			reason := fmt.Sprintf("Paystack reported %d %s paid where %d %s was initialised; not credited",
				t.Amount, strings.ToUpper(t.Currency), row.Amount, row.Currency)
			s.log.Error("payments: charge does not match its payment", "reference", row.Reference,
				"paid", t.Amount, "paid_currency", t.Currency, "expected", row.Amount, "currency", row.Currency)
			return s.fail(ctx, row, settleable, StatusFailed, reason, true)
		}
		pp, known := s.purpose(row.Purpose)
		if !known {
			return fmt.Errorf("payments: %s is paid but no purpose %q is registered", row.Reference, row.Purpose)
		}
		paidAt := s.deps.Clock.Now()
		if t.PaidAt != nil {
			paidAt = t.PaidAt.UTC()
		}
		return s.deps.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			now := s.deps.Clock.Now()
			ok, err := s.st.markPaid(ctx, tx, row.ID, paidAt, t.Channel, t.ID, now)
			if err != nil || !ok {
				return err // !ok: settled already (or a mismatch): nothing changes
			}
			p := row.payment()
			p.Status, p.PaidAt, p.Channel, p.PaystackID, p.FailureReason, p.UpdatedAt =
				StatusSuccess, &paidAt, t.Channel, t.ID, "", now
			return pp.onPaid(ctx, tx, p)
		})
	case paystack.StatusFailed:
		reason := t.GatewayResponse
		if reason == "" {
			reason = "The payment failed"
		}
		return s.fail(ctx, row, []string{StatusPending, StatusAbandoned}, StatusFailed, reason, false)
	case paystack.StatusAbandoned:
		if s.deps.Clock.Now().Sub(row.CreatedAt) >= AbandonAfter {
			return s.fail(ctx, row, []string{StatusPending}, StatusAbandoned, "The payment was not completed", false)
		}
	}
	// ongoing, pending, processing, queued: not final yet.
	return nil
}

// Verify asks Paystack about one of the user's payments (outside any
// transaction) and settles it as the webhook would; another user's
// reference is ErrPaymentNotFound. A payment Paystack cannot answer for
// is returned as it stands, so the callback page can say "still confirming".
func (s *Service) Verify(ctx context.Context, userID, reference string) (Payment, error) {
	row, err := s.st.paymentOf(ctx, userID, reference)
	if errors.Is(err, apperr.ErrNotFound) {
		return Payment{}, ErrPaymentNotFound
	}
	if err != nil {
		return Payment{}, err
	}
	if row.Mismatch || (row.Status != StatusPending && row.Status != StatusAbandoned && row.Status != StatusFailed) {
		return row.payment(), nil
	}
	t, err := s.client.Verify(ctx, reference)
	if err != nil {
		s.log.Warn("payments: verify", "reference", reference, "err", err)
		return row.payment(), nil
	}
	if t.Reference != reference {
		s.log.Error("payments: verify answered another reference", "reference", reference, "got", t.Reference)
		return row.payment(), nil
	}
	if err := s.settleCharge(ctx, t); err != nil {
		return Payment{}, err
	}
	if row, err = s.st.paymentOf(ctx, userID, reference); err != nil {
		return Payment{}, err
	}
	return row.payment(), nil
}

// Payment is one of the user's payments, without asking Paystack.
func (s *Service) Payment(ctx context.Context, userID, reference string) (Payment, error) {
	row, err := s.st.paymentOf(ctx, userID, reference)
	if errors.Is(err, apperr.ErrNotFound) {
		return Payment{}, ErrPaymentNotFound
	}
	if err != nil {
		return Payment{}, err
	}
	return row.payment(), nil
}

// HandleWebhook checks a webhook's signature over the raw body and applies
// the event. A bad or missing signature is 401 and changes nothing; unknown
// events are ignored; an event for a payment, payout or refund we do not
// know is logged and ignored. An error asks Paystack to deliver again.
func (s *Service) HandleWebhook(ctx context.Context, raw []byte, signature string) error {
	if !paystack.ValidSignature(s.secret, raw, signature) {
		return errBadSignature
	}
	ev, err := paystack.ParseEvent(raw)
	if err != nil {
		return apperr.Wrap(apperr.CodeInvalidJSON, "The webhook body is not a Paystack event.", err)
	}
	switch ev.Event {
	case paystack.EventChargeSuccess:
		t, err := ev.Transaction()
		if err != nil {
			return apperr.Wrap(apperr.CodeInvalidJSON, "The charge event's data is not a transaction.", err)
		}
		if err := s.settleCharge(ctx, t); errors.Is(err, ErrPaymentNotFound) {
			s.log.Warn("payments: charge.success for an unknown reference", "reference", t.Reference)
			return nil
		} else if err != nil {
			return err
		}
	case paystack.EventTransferSuccess, paystack.EventTransferFailed, paystack.EventTransferReversed:
		t, err := ev.Transfer()
		if err != nil {
			return apperr.Wrap(apperr.CodeInvalidJSON, "The transfer event's data is not a transfer.", err)
		}
		return s.settleTransfer(ctx, ev.Event, t)
	case paystack.EventRefundProcessed, paystack.EventRefundFailed:
		r, err := ev.Refund()
		if err != nil {
			return apperr.Wrap(apperr.CodeInvalidJSON, "The refund event's data is not a refund.", err)
		}
		return s.settleRefund(ctx, ev.Event, r)
	default:
		s.log.Debug("payments: webhook event ignored", "event", ev.Event)
	}
	return nil
}

// --- wallet top-ups ---

// TopUpInput is the body of POST /api/v1/wallet/topups.
type TopUpInput struct {
	Amount   json.RawMessage `json:"amount"`
	Currency string          `json:"currency"`
}

// parseAmount accepts only a positive JSON integer.
func parseAmount(raw json.RawMessage) (int64, bool) {
	var n json.Number
	str := strings.TrimSpace(string(raw))
	if str == "" || strings.ContainsAny(str, ".eE+\"") || json.Unmarshal(raw, &n) != nil {
		return 0, false
	}
	v, err := n.Int64()
	return v, err == nil && v > 0
}

// TopUp starts a card top-up of the user's wallet: a pending payment and a
// pending history row; the wallet is credited when the payment settles.
func (s *Service) TopUp(ctx context.Context, userID, origin string, in TopUpInput) (Payment, error) {
	amount, ok := parseAmount(in.Amount)
	f := apperr.Fields{}
	f.Check(ok, "amount", "must be a positive whole number of minor units (kobo)")
	f.Check(!ok || (amount >= MinTopUp && amount <= MaxTopUp), "amount",
		fmt.Sprintf("must be from %d to %d minor units", MinTopUp, MaxTopUp))
	cur := strings.ToUpper(strings.TrimSpace(in.Currency))
	f.Check(cur == "" || money.ValidCurrency(cur), "currency", "must be one of "+strings.Join(money.Currencies, ", "))
	if err := f.Err(); err != nil {
		return Payment{}, err
	}
	return s.start(ctx, StartInput{UserID: userID, Purpose: PurposeWalletTopUp, Amount: amount, Currency: cur,
		CallbackPath: "/user-wallet", Origin: origin},
		func(ctx context.Context, tx bun.Tx, p Payment) error {
			_, err := s.money.BeginTopUp(ctx, tx, money.TopUp{Reason: "Wallet top-up by card", UserID: p.UserID,
				Amount: p.Amount, Currency: p.Currency, Reference: p.Reference,
				Ref: money.Ref{Type: money.RefPayment, ID: p.Reference}})
			return err
		})
}

func (s *Service) creditTopUp(ctx context.Context, tx bun.Tx, p Payment) error {
	_, err := s.money.CreditTopUp(ctx, tx, money.TopUp{Key: "topup:" + p.Reference, Reason: "Wallet top-up by card",
		Ref: money.Ref{Type: money.RefPayment, ID: p.Reference}, UserID: p.UserID, Amount: p.Amount,
		Currency: p.Currency, Reference: p.Reference})
	return err
}

func (s *Service) failTopUp(ctx context.Context, tx bun.Tx, p Payment) error {
	err := s.money.FailTopUp(ctx, tx, p.UserID, p.Reference)
	if errors.Is(err, money.ErrNoPendingTopUp) {
		return nil
	}
	return err
}

func (s *Service) refundTopUp(ctx context.Context, tx bun.Tx, p Payment, r RefundOrder) error {
	_, err := s.money.Refund(ctx, tx, money.Refund{Key: r.Key, Reason: r.Reason,
		Ref: money.Ref{Type: money.RefPayment, ID: p.Reference}, UserID: p.UserID, Amount: r.Amount,
		Currency: p.Currency, From: money.RefundFromWallet, To: money.MethodCard, ActorID: r.ActorID,
		Note: "Refund of a card top-up: " + r.Reason, Reference: r.Reference})
	return err
}
