package money

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/config"
	dbx "sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
)

// Config is what the money core needs.
type Config struct {
	DB    *dbx.DB
	Clock clock.Clock
	Log   *slog.Logger // nil: slog.Default()
	// Settings gives the platform fee, the refund window, the minimum payout
	// and the payout fee (the config defaults when nil).
	Settings *config.Config
	Audit    *audit.Log
}

// Service is the money core.
type Service struct {
	db    *dbx.DB
	clock clock.Clock
	st    store
	audit *audit.Log
	log   *slog.Logger

	feeBPS       int
	refundWindow time.Duration
	minPayout    int64
	payoutFee    int64

	// accounts caches the ids of committed ledger accounts (they are never
	// deleted), keyed kind|owner|currency, so a hot transfer skips lookups.
	accounts sync.Map
}

// New makes the money core from the configuration (fee, refund window,
// minimum payout and payout fee).
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Audit == nil {
		return nil, errors.New("money: Config needs DB, Clock and Audit")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	s := &Service{db: c.DB, clock: c.Clock, st: newStore(c.DB.Kind), audit: c.Audit, log: c.Log,
		feeBPS: config.DefaultPlatformFeeBPS, refundWindow: config.DefaultRefundWindow,
		minPayout: config.DefaultMinPayout, payoutFee: config.DefaultPayoutFee}
	if c := c.Settings; c != nil {
		s.feeBPS, s.minPayout, s.payoutFee = c.PlatformFeeBPS, c.MinPayout, c.PayoutFee
		if c.RefundWindow > 0 {
			s.refundWindow = c.RefundWindow
		}
	}
	return s, nil
}

// FeeBPS is the configured platform fee in basis points.
func (s *Service) FeeBPS() int { return s.feeBPS }

// MinPayout is the smallest payout amount (minor units).
func (s *Service) MinPayout() int64 { return s.minPayout }

// PayoutFee is the fee of one payout (minor units).
func (s *Service) PayoutFee() int64 { return s.payoutFee }

// RefundWindow is how long released earnings stay pending.
func (s *Service) RefundWindow() time.Duration { return s.refundWindow }

// leg is one side of a movement: a signed amount on an account.
type leg struct {
	kind   Kind
	owner  string
	amount int64
	// mustExist refuses to create the account (a sender's wallet): its
	// absence is ErrNotActivated.
	mustExist bool
}

// movement is one journal entry to write.
type movement struct {
	kind     string
	key      string
	reason   string
	ref      Ref
	actor    string
	currency string
	legs     []leg
	txns     []txnRow
	// after runs inside the transaction once the postings are written; it may
	// return more history rows for the result.
	after func(ctx context.Context, db bun.IDB, e *entryRow) ([]txnRow, error)
}

func checkCurrency(c string) (string, error) {
	if c == "" {
		return DefaultCurrency, nil
	}
	c = strings.ToUpper(strings.TrimSpace(c))
	if !ValidCurrency(c) {
		return "", apperr.Validation(map[string]string{"currency": "must be one of " + strings.Join(Currencies, ", ")})
	}
	return c, nil
}

func checkBasics(key string, amount int64) error {
	f := apperr.Fields{}
	f.Check(key != "" && utf8.RuneCountInString(key) <= 255, "key", "an idempotency key of 1-255 characters is required")
	f.Check(amount > 0, "amount", "must be a positive whole number of minor units")
	f.Check(amount <= MaxAmount, "amount", AmountTooLarge)
	return f.Err()
}

func checkRef(r Ref) error {
	f := apperr.Fields{}
	valid := false
	for _, t := range RefTypes {
		valid = valid || t == r.Type
	}
	f.Check(valid, "ref", "must name what the money pays for ("+strings.Join(RefTypes, ", ")+")")
	f.Check(r.ID != "", "ref", "must have an id")
	return f.Err()
}

var refEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// newReference makes a human reference like SJ-TRF-7GQ2M4XK9P.
func newReference(prefix string) string {
	b := make([]byte, 7)
	_, _ = rand.Read(b)
	return "SJ-" + prefix + "-" + refEncoding.EncodeToString(b)[:11]
}

// inTx runs fn in db when the caller gave one, else in a new transaction;
// committed reports whether this call committed its own transaction.
func (s *Service) inTx(ctx context.Context, db bun.IDB, fn func(ctx context.Context, db bun.IDB) error) (bool, error) {
	if db != nil {
		return false, fn(ctx, db)
	}
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, tx) })
	return err == nil, err
}

func cacheKey(kind Kind, owner, currency string) string {
	return string(kind) + "|" + owner + "|" + currency
}

// account resolves an account id, from the cache when it is known.
func (s *Service) account(ctx context.Context, db bun.IDB, l leg, currency string, now time.Time) (string, bool, error) {
	ck := cacheKey(l.kind, l.owner, currency)
	if v, ok := s.accounts.Load(ck); ok {
		return v.(string), false, nil
	}
	if l.mustExist {
		id, err := s.st.accountID(ctx, db, l.kind, l.owner, currency)
		if err == nil && id == "" {
			err = ErrNotActivated
		}
		return id, false, err
	}
	return s.st.ensureAccount(ctx, db, l.kind, l.owner, currency, now)
}

// post writes a movement: the entry (or, when its key is known, the first
// result), the balance updates in account order, the postings and the
// history rows, all in one transaction.
func (s *Service) post(ctx context.Context, db bun.IDB, m movement) (Result, error) {
	var sum int64
	for _, l := range m.legs {
		sum += l.amount
	}
	if sum != 0 {
		return Result{}, apperr.Wrap(apperr.CodeInternal, "internal", errors.New("money: unbalanced movement "+m.kind))
	}
	if db == nil && m.after == nil {
		return s.postAlone(ctx, m)
	}
	var res Result
	seen := map[string]string{}
	committed, err := s.inTx(ctx, db, func(ctx context.Context, db bun.IDB) error {
		now := s.clock.Now()
		e := &entryRow{ID: ids.New(), Kind: m.kind, IdempotencyKey: m.key, Reason: m.reason, RefType: m.ref.Type,
			RefID: m.ref.ID, ActorID: m.actor, CreatedAt: now}
		fresh, err := s.st.insertEntry(ctx, db, e)
		if err != nil {
			return err
		}
		if !fresh {
			return s.replay(ctx, db, m, &res)
		}
		// Merge the legs per account, then update in id order.
		deltas := map[string]int64{}
		for _, l := range m.legs {
			if l.amount == 0 {
				continue
			}
			id, _, err := s.account(ctx, db, l, m.currency, now)
			if err != nil {
				return err
			}
			seen[cacheKey(l.kind, l.owner, m.currency)] = id
			deltas[id] += l.amount
		}
		postings, txns := s.rows(e, m, deltas, now)
		if err := s.st.write(ctx, db, postings, txns, now); err != nil {
			return err
		}
		rows := m.txns
		if m.after != nil {
			more, err := m.after(ctx, db, e)
			if err != nil {
				return err
			}
			rows = append(rows, more...)
		}
		res = Result{EntryID: e.ID}
		for i := range rows {
			res.Transactions = append(res.Transactions, rows[i].txn())
		}
		return nil
	})
	if err != nil {
		return Result{}, err
	}
	if committed {
		for k, id := range seen {
			s.accounts.Store(k, id)
		}
	}
	return res, nil
}

// postAlone is post for a movement that needs no caller's transaction and
// nothing run after its postings: the accounts are resolved first (creating
// an empty one is harmless, exactly like activating a wallet), then the store
// writes the entry, the balance updates, the postings and the history all or
// nothing (writeAlone). A repeated key is answered from the first movement.
func (s *Service) postAlone(ctx context.Context, m movement) (Result, error) {
	db := s.db.DB
	now := s.clock.Now()
	e := &entryRow{ID: ids.New(), Kind: m.kind, IdempotencyKey: m.key, Reason: m.reason, RefType: m.ref.Type,
		RefID: m.ref.ID, ActorID: m.actor, CreatedAt: now}
	seen := map[string]string{}
	deltas := map[string]int64{}
	for _, l := range m.legs {
		if l.amount == 0 {
			continue
		}
		id, _, err := s.account(ctx, db, l, m.currency, now)
		if err != nil {
			return Result{}, err
		}
		seen[cacheKey(l.kind, l.owner, m.currency)] = id
		deltas[id] += l.amount
	}
	postings, txns := s.rows(e, m, deltas, now)
	fresh, err := s.st.writeAlone(ctx, s.db, e, postings, txns, now)
	if err != nil {
		return Result{}, err
	}
	if !fresh {
		var res Result
		return res, s.replay(ctx, db, m, &res)
	}
	for k, id := range seen {
		s.accounts.Store(k, id)
	}
	res := Result{EntryID: e.ID}
	for i := range txns {
		res.Transactions = append(res.Transactions, txns[i].txn())
	}
	return res, nil
}

// rows builds an entry's postings (in account id order, the order balances
// are updated in, so concurrent movements lock accounts alike) and fills in
// its history rows.
func (s *Service) rows(e *entryRow, m movement, deltas map[string]int64, now time.Time) ([]postingRow, []txnRow) {
	order := make([]string, 0, len(deltas))
	for id := range deltas {
		order = append(order, id)
	}
	sort.Strings(order)
	postings := make([]postingRow, 0, len(order))
	for _, id := range order {
		if deltas[id] != 0 {
			postings = append(postings, postingRow{ID: ids.New(), EntryID: e.ID, AccountID: id, Amount: deltas[id],
				Currency: m.currency, CreatedAt: now})
		}
	}
	for i := range m.txns {
		t := &m.txns[i]
		t.ID, t.EntryID, t.Currency, t.CreatedAt, t.UpdatedAt = ids.New(), &e.ID, m.currency, now, now
		if t.RefType == "" {
			t.RefType, t.RefID = m.ref.Type, m.ref.ID
		}
	}
	return postings, m.txns
}

// replay answers a repeated key with the first movement's result.
func (s *Service) replay(ctx context.Context, db bun.IDB, m movement, res *Result) error {
	e, err := s.st.entryByKey(ctx, db, m.key)
	if err != nil {
		return err
	}
	if e.Kind != m.kind {
		return ErrKeyReused
	}
	rows, err := s.st.txnsOfEntry(ctx, db, e.ID)
	if err != nil {
		return err
	}
	*res = Result{EntryID: e.ID, Replayed: true}
	for i := range rows {
		res.Transactions = append(res.Transactions, rows[i].txn())
	}
	return nil
}
