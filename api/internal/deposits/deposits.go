package deposits

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
)

// MaxAmount is the largest deposit in minor units (5,000,000.00).
const MaxAmount int64 = 500_000_000

// States of a deposit.
const (
	StatusHeld           = "held"
	StatusReleased       = "released"
	StatusCaptured       = "captured"
	StatusPartlyCaptured = "partly_captured"
)

// Errors.
var (
	ErrNotFound = apperr.NotFound("Deposit")
	ErrSettled  = apperr.Conflict("This deposit has already been released or captured.")
	ErrExists   = apperr.Conflict("A deposit is already held for this.")
)

// Ref names what a deposit is held against, in the owning domain's terms
// (Type "rental", ID the rental booking's id).
type Ref struct {
	Type string
	ID   string
}

// Deposit is one deposit as other domains see it.
type Deposit struct {
	ID             string
	Ref            Ref
	PayerID        string
	ProviderUserID string
	Amount         int64
	Currency       string
	Status         string
	CapturedAmount int64
	Reason         string
	ReleaseAt      *time.Time
	SettledAt      *time.Time
	CreatedAt      time.Time
}

// Refunded is what went (or goes) back to the payer once settled.
func (d Deposit) Refunded() int64 {
	if d.Status == StatusHeld {
		return 0
	}
	return d.Amount - d.CapturedAmount
}

// HoldInput is one deposit to hold.
type HoldInput struct {
	Key            string // idempotency of the money movement
	Ref            Ref
	PayerID        string
	ProviderUserID string
	Amount         int64
	Currency       string
	Pay            money.Method // wallet (default) or card (its payment has settled)
	ReleaseAt      *time.Time   // nil: held until released or captured
	Reason         string       // shown in the payer's history; default "Deposit"
}

// Scheduler inserts a River job in the caller's transaction (jobs.Inserter).
type Scheduler interface {
	InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Config is what deposits need.
type Config struct {
	DB    *db.DB
	Clock clock.Clock
	Money *money.Service
	Jobs  Scheduler
}

// Service holds and settles deposits.
type Service struct{ c Config }

// New makes the service.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Money == nil || c.Jobs == nil {
		return nil, errors.New("deposits: Config needs DB, Clock, Money and Jobs")
	}
	return &Service{c: c}, nil
}

type row struct {
	bun.BaseModel  `bun:"table:deposits"`
	ID             string     `bun:"id,pk"`
	RefType        string     `bun:"ref_type"`
	RefID          string     `bun:"ref_id"`
	PayerID        string     `bun:"payer_id"`
	ProviderUserID string     `bun:"provider_user_id"`
	Amount         int64      `bun:"amount"`
	Currency       string     `bun:"currency"`
	Status         string     `bun:"status"`
	CapturedAmount int64      `bun:"captured_amount"`
	Reason         string     `bun:"reason"`
	ReleaseAt      *time.Time `bun:"release_at"`
	SettledAt      *time.Time `bun:"settled_at"`
	SettledBy      *string    `bun:"settled_by"`
	CreatedAt      time.Time  `bun:"created_at"`
}

func (r *row) out() Deposit {
	return Deposit{ID: r.ID, Ref: Ref{r.RefType, r.RefID}, PayerID: r.PayerID, ProviderUserID: r.ProviderUserID,
		Amount: r.Amount, Currency: r.Currency, Status: r.Status, CapturedAmount: r.CapturedAmount, Reason: r.Reason,
		ReleaseAt: r.ReleaseAt, SettledAt: r.SettledAt, CreatedAt: r.CreatedAt}
}

func checkRef(f apperr.Fields, ref Ref) {
	f.Check(ref.Type != "" && len(ref.Type) <= 40 && ref.ID != "" && len(ref.ID) <= 64, "ref", "must name what the deposit is for")
}

// Hold moves the deposit from the payer into its own escrow, in tx, and
// schedules its release when in.ReleaseAt is set.
func (s *Service) Hold(ctx context.Context, tx bun.Tx, in HoldInput) (Deposit, error) {
	f := apperr.Fields{}
	checkRef(f, in.Ref)
	f.Check(in.Amount > 0 && in.Amount <= MaxAmount, "deposit", "must be more than 0 and at most 5,000,000.00")
	f.Check(in.PayerID != "" && in.ProviderUserID != "", "deposit", "needs a payer and a provider")
	f.Check(in.PayerID != in.ProviderUserID, "deposit", "cannot be held for your own listing")
	if err := f.Err(); err != nil {
		return Deposit{}, err
	}
	now := s.c.Clock.Now()
	r := &row{ID: ids.New(), RefType: in.Ref.Type, RefID: in.Ref.ID, PayerID: in.PayerID,
		ProviderUserID: in.ProviderUserID, Amount: in.Amount, Currency: in.Currency, Status: StatusHeld,
		ReleaseAt: in.ReleaseAt, CreatedAt: now}
	if _, err := tx.NewInsert().Model(r).Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) {
			return Deposit{}, ErrExists
		}
		return Deposit{}, err
	}
	reason := in.Reason
	if reason == "" {
		reason = "Deposit"
	}
	if _, err := s.c.Money.Hold(ctx, tx, money.Hold{Key: in.Key, Reason: reason, Ref: money.Ref{Type: money.RefDeposit, ID: r.ID},
		PayerID: in.PayerID, Amount: in.Amount, Currency: in.Currency, Pay: in.Pay}); err != nil {
		return Deposit{}, err
	}
	if in.ReleaseAt != nil {
		if _, err := s.c.Jobs.InsertTx(ctx, tx, ReleaseJob{DepositID: r.ID}, &river.InsertOpts{ScheduledAt: *in.ReleaseAt}); err != nil {
			return Deposit{}, err
		}
	}
	return r.out(), nil
}

// settle moves a held deposit to status, in tx, by a conditional update.
func (s *Service) settle(ctx context.Context, tx bun.IDB, id, status string, captured int64, reason, actorID string) error {
	now := s.c.Clock.Now()
	var by *string
	if actorID != "" {
		by = &actorID
	}
	res, err := tx.NewUpdate().Table("deposits").Set("status = ?", status).Set("captured_amount = ?", captured).
		Set("reason = ?", reason).Set("settled_at = ?", now).Set("settled_by = ?", by).
		Where("id = ?", id).Where("status = ?", StatusHeld).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrSettled
	}
	return nil
}

func (s *Service) byRef(ctx context.Context, idb bun.IDB, ref Ref) (*row, error) {
	r := new(row)
	err := idb.NewSelect().Model(r).Where("ref_type = ?", ref.Type).Where("ref_id = ?", ref.ID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

func (s *Service) refund(ctx context.Context, tx bun.IDB, r *row, amount int64, actorID, note string) error {
	if amount <= 0 {
		return nil
	}
	_, err := s.c.Money.Refund(ctx, tx, money.Refund{Key: "deposit-release:" + r.ID, Reason: "Deposit returned",
		Ref: money.Ref{Type: money.RefDeposit, ID: r.ID}, UserID: r.PayerID, Amount: amount, Currency: r.Currency,
		From: money.RefundFromEscrow, To: money.MethodWallet, ActorID: actorID, Note: note})
	return err
}

// Release gives a held deposit back to its payer in full.
func (s *Service) Release(ctx context.Context, tx bun.IDB, ref Ref, actorID, note string) (Deposit, error) {
	r, err := s.byRef(ctx, tx, ref)
	if err != nil {
		return Deposit{}, err
	}
	note = strings.TrimSpace(note)
	if utf8.RuneCountInString(note) > 500 {
		return Deposit{}, apperr.Validation(map[string]string{"note": "must be at most 500 characters"})
	}
	if err := s.settle(ctx, tx, r.ID, StatusReleased, 0, note, actorID); err != nil {
		return Deposit{}, err
	}
	if err := s.refund(ctx, tx, r, r.Amount, actorID, note); err != nil {
		return Deposit{}, err
	}
	return s.reread(ctx, tx, r.ID)
}

// Capture gives amount of a held deposit to the provider (no platform fee)
// and the rest back to the payer; reason is shown to the payer.
func (s *Service) Capture(ctx context.Context, tx bun.IDB, ref Ref, amount int64, reason, actorID string) (Deposit, error) {
	r, err := s.byRef(ctx, tx, ref)
	if err != nil {
		return Deposit{}, err
	}
	reason = strings.TrimSpace(reason)
	f := apperr.Fields{}
	f.Check(amount > 0 && amount <= r.Amount, "amount", "must be more than 0 and at most the deposit")
	f.Check(reason != "" && utf8.RuneCountInString(reason) <= 500, "reason", "is required (at most 500 characters): the customer sees it")
	if err := f.Err(); err != nil {
		return Deposit{}, err
	}
	status := StatusCaptured
	if amount < r.Amount {
		status = StatusPartlyCaptured
	}
	if err := s.settle(ctx, tx, r.ID, status, amount, reason, actorID); err != nil {
		return Deposit{}, err
	}
	zero := 0
	if _, err := s.c.Money.Release(ctx, tx, money.Release{Key: "deposit-capture:" + r.ID, Reason: "Deposit kept: " + reason,
		Ref: money.Ref{Type: money.RefDeposit, ID: r.ID}, ProviderID: r.ProviderUserID, Amount: amount,
		Currency: r.Currency, FeeBPS: &zero}); err != nil {
		return Deposit{}, err
	}
	if err := s.refund(ctx, tx, r, r.Amount-amount, actorID, reason); err != nil {
		return Deposit{}, err
	}
	return s.reread(ctx, tx, r.ID)
}

func (s *Service) reread(ctx context.Context, idb bun.IDB, id string) (Deposit, error) {
	r := new(row)
	if err := idb.NewSelect().Model(r).Where("id = ?", id).Scan(ctx); err != nil {
		return Deposit{}, err
	}
	return r.out(), nil
}

// Get reads the deposit held against ref.
func (s *Service) Get(ctx context.Context, ref Ref) (Deposit, error) {
	r, err := s.byRef(ctx, s.c.DB.DB, ref)
	if err != nil {
		return Deposit{}, err
	}
	return r.out(), nil
}

// ByRefs reads the deposits of several things of one type (at most 200),
// for a page of the owning domain's list; things without one are absent.
func (s *Service) ByRefs(ctx context.Context, refType string, refIDs []string) (map[string]Deposit, error) {
	out := map[string]Deposit{}
	if len(refIDs) == 0 {
		return out, nil
	}
	if len(refIDs) > 200 {
		return nil, errors.New("deposits: at most 200 refs at once")
	}
	var rows []row
	if err := s.c.DB.NewSelect().Model(&rows).Where("ref_type = ?", refType).Where("ref_id IN (?)", bun.In(refIDs)).
		Scan(ctx); err != nil {
		return nil, err
	}
	for i := range rows {
		out[rows[i].RefID] = rows[i].out()
	}
	return out, nil
}

// View is a deposit as the contract's Deposit schema shows it (for the
// owning domains' answers).
type View struct {
	Status         string     `json:"status"`
	Amount         int64      `json:"amount"`
	Currency       string     `json:"currency"`
	CapturedAmount int64      `json:"captured_amount"`
	RefundedAmount int64      `json:"refunded_amount"`
	Reason         string     `json:"reason"`
	ReleaseAt      *time.Time `json:"release_at"`
	SettledAt      *time.Time `json:"settled_at"`
}

// View is the deposit as the contract shows it.
func (d Deposit) View() View {
	return View{Status: d.Status, Amount: d.Amount, Currency: d.Currency, CapturedAmount: d.CapturedAmount,
		RefundedAmount: d.Refunded(), Reason: d.Reason, ReleaseAt: d.ReleaseAt, SettledAt: d.SettledAt}
}
