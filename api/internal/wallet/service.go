package wallet

import (
	"context"
	"errors"
	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/page"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/ratelimit"
)

// maxNote is the longest transfer note, in characters.
const maxNote = 140

// Directory is what the wallet needs of the accounts domain
// (accounts.Service): a transfer's recipient by email or username, and the
// counterparties' usernames.
type Directory interface {
	FindByHandle(ctx context.Context, emailOrUsername string) (accounts.Person, error)
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
}

// Recipient look-ups: a user may send to at most RecipientLookups distinct
// emails or usernames (known or not) per RecipientWindow; sending again to
// one already looked up is free. Past it, a transfer to someone new is 429
// with Retry-After, so the transfer form cannot be used to test which
// addresses have accounts (issue 8, finding 7).
const (
	RecipientLookups = 20
	RecipientWindow  = time.Hour
)

// Config is what the wallet module needs.
type Config struct {
	Money     *money.Service
	Clock     clock.Clock // nil: the system clock
	Directory Directory
	// Idempotency guards the money-moving POSTs.
	Idempotency *idempotency.Middleware
	// Limits counts the rate limits on every instance together.
	Limits *ratelimit.Store
}

// Service holds the wallet API's rules; money moves through money.Service.
type Service struct {
	money      *money.Service
	dir        Directory
	idem       *idempotency.Middleware
	recipients *ratelimit.Distinct
}

// New makes the module.
func New(c Config) (*Service, error) {
	if c.Money == nil || c.Directory == nil || c.Idempotency == nil || c.Limits == nil {
		return nil, errors.New("wallet: Config needs Money, Directory, Idempotency and Limits")
	}
	if c.Clock == nil {
		c.Clock = clock.System{}
	}
	return &Service{money: c.Money, dir: c.Directory, idem: c.Idempotency,
		recipients: c.Limits.Distinct("wallet.recipients", RecipientLookups, RecipientWindow)}, nil
}

// Register mounts the wallet routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&Handler{s: s, idem: s.idem}).routes(r) }

// Get is the caller's wallet (nil when not activated).
func (s *Service) Get(ctx context.Context, userID, currency string) (*money.Wallet, error) {
	return s.money.Wallet(ctx, userID, currency)
}

// Activate opens the caller's wallet; created is false when it was open.
func (s *Service) Activate(ctx context.Context, userID, currency string) (money.Wallet, bool, error) {
	return s.money.Activate(ctx, nil, userID, currency)
}

// parseAmount accepts only a positive JSON integer.
func parseAmount(raw []byte) (int64, bool) {
	s := strings.TrimSpace(string(raw))
	if s == "" || strings.ContainsAny(s, ".eE+\"") {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && money.ValidAmount(n)
}

// Transfer sends money from the caller to the user named by in.To (email or
// username); key makes it happen once.
func (s *Service) Transfer(ctx context.Context, fromID, key string, in TransferInput) (TxnDTO, error) {
	to := strings.TrimSpace(in.To)
	note := strings.TrimSpace(in.Note)
	f := apperr.Fields{}
	amount, ok := parseAmount(in.Amount)
	f.Check(ok, "amount", "must be a positive whole number of minor units (kobo), at most "+
		strconv.FormatInt(money.MaxAmount, 10))
	f.Check(to != "", "to", "is required: an email or a username")
	f.Check(utf8.RuneCountInString(note) <= maxNote, "note", "must be at most 140 characters")
	cur := strings.ToUpper(strings.TrimSpace(in.Currency))
	f.Check(cur == "" || money.ValidCurrency(cur), "currency", "must be one of "+strings.Join(money.Currencies, ", "))
	if err := f.Err(); err != nil {
		return TxnDTO{}, err
	}
	if ok, wait := s.recipients.Allow(fromID, accounts.FoldHandle(to)); !ok {
		return TxnDTO{}, apperr.RateLimited("You have sent to many different people in the last hour. "+
			"Try again later, or send to someone you have sent to recently.", wait)
	}
	u, err := s.dir.FindByHandle(ctx, to)
	if errors.Is(err, apperr.ErrNotFound) {
		return TxnDTO{}, errUnknownRecipient
	}
	if err != nil {
		return TxnDTO{}, err
	}
	if u.ID == fromID {
		return TxnDTO{}, errToSelf
	}
	if !u.Active() {
		return TxnDTO{}, errRecipientClosed
	}
	res, err := s.money.Transfer(ctx, nil, money.Transfer{Key: "transfer:" + fromID + ":" + key,
		Reason: "Transfer to " + u.Username, FromID: fromID, ToID: u.ID, Amount: amount, Currency: cur, Note: note})
	if err != nil {
		return TxnDTO{}, err
	}
	t, ok := res.For(fromID)
	if !ok {
		return TxnDTO{}, apperr.Wrap(apperr.CodeInternal, "internal", errors.New("wallet: transfer without a debit row"))
	}
	// The counterparty is the recipient just found: no second lookup.
	return toTxn(t, map[string]string{u.ID: u.Username}), nil
}

// Adjust is an admin's correction of a user's wallet or available earnings.
func (s *Service) Adjust(ctx context.Context, actorID, key, ip string, in AdjustInput) (money.Txn, error) {
	f := apperr.Fields{}
	raw := strings.TrimSpace(string(in.Amount))
	amount, err := strconv.ParseInt(raw, 10, 64)
	f.Check(err == nil && amount != 0 && amount >= -money.MaxAmount && amount <= money.MaxAmount, "amount",
		"must be a non-zero whole number of minor units, at most "+strconv.FormatInt(money.MaxAmount, 10)+" either way")
	account := money.Kind(in.Account)
	if in.Account == "" {
		account = money.KindWallet
	}
	f.Check(account == money.KindWallet || account == money.KindEarningsAvailable, "account",
		"must be wallet or earnings_available")
	userID := strings.TrimSpace(in.UserID)
	f.Check(userID != "", "user_id", "is required")
	if err := f.Err(); err != nil {
		return money.Txn{}, err
	}
	people, err := s.dir.Lookup(ctx, []string{userID})
	if err != nil {
		return money.Txn{}, err
	}
	if _, ok := people[userID]; !ok {
		return money.Txn{}, apperr.Validation(map[string]string{"user_id": "no such user"})
	}
	res, err := s.money.Adjust(ctx, nil, money.Adjustment{Key: "adjust:" + actorID + ":" + key, Reason: in.Reason,
		ActorID: actorID, UserID: userID, Account: account, Amount: amount, Currency: in.Currency, IP: ip})
	if err != nil {
		return money.Txn{}, err
	}
	t, ok := res.For(userID)
	if !ok {
		return money.Txn{}, apperr.Wrap(apperr.CodeInternal, "internal", errors.New("wallet: adjustment without a row"))
	}
	return t, nil
}

// The date filters' range: a from or to outside [MinFilterTime,
// MaxFilterTime] is 422 (PostgreSQL refuses years before 1 and after 294276,
// and nothing in Sojourn is older than 2000 or planned past 2100).
var (
	MinFilterTime = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	MaxFilterTime = time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)
)

// parseTime reads RFC 3339 or YYYY-MM-DD within the filter range; a bare
// date as an upper bound covers that whole day.
func parseTime(s string, upper bool) (*time.Time, bool) {
	if s == "" {
		return nil, true
	}
	t, err := time.Parse(time.RFC3339, s)
	if err == nil {
		t = t.UTC()
	} else if t, err = time.Parse("2006-01-02", s); err != nil {
		return nil, false
	}
	if t.Before(MinFilterTime) || t.After(MaxFilterTime) {
		return nil, false
	}
	if upper && len(s) == len("2006-01-02") {
		t = t.AddDate(0, 0, 1)
	}
	return &t, true
}

const dateProblem = "must be an RFC 3339 time or a YYYY-MM-DD date from 2000-01-01 to 2100-01-01"

// Query is the raw history filter from the query string.
type Query struct {
	Type, Direction, Status, From, To string
}

// Filter validates a history query.
func (q Query) Filter() (money.TxnFilter, error) {
	f := apperr.Fields{}
	out := money.TxnFilter{Type: money.TxnType(q.Type), Direction: q.Direction, Status: q.Status}
	f.Check(q.Type == "" || money.ValidTxnType(q.Type), "type", "is not a transaction type")
	f.Check(q.Direction == "" || q.Direction == money.Credit || q.Direction == money.Debit, "direction",
		"must be credit or debit")
	f.Check(q.Status == "" || q.Status == money.StatusPending || q.Status == money.StatusCompleted ||
		q.Status == money.StatusFailed || q.Status == money.StatusReversed, "status",
		"must be pending, completed, failed or reversed")
	var ok bool
	out.From, ok = parseTime(q.From, false)
	f.Check(ok, "from", dateProblem)
	out.To, ok = parseTime(q.To, true)
	f.Check(ok, "to", dateProblem)
	return out, f.Err()
}

// History is a keyset page of the caller's transactions, newest first, with
// counterparties named, and the key the next page starts after (nil on the
// last page). The filters apply to every page; the cursor only says where the
// page starts.
func (s *Service) History(ctx context.Context, userID string, q Query, c page.Cursor) ([]TxnDTO, *page.Key, error) {
	f, err := q.Filter()
	if err != nil {
		return nil, nil, err
	}
	ts, next, err := s.money.TransactionsAfter(ctx, userID, f, c)
	if err != nil {
		return nil, nil, err
	}
	out, err := s.dtos(ctx, ts)
	if err != nil {
		return nil, nil, err
	}
	return out, next, nil
}

func (s *Service) dtos(ctx context.Context, ts []money.Txn) ([]TxnDTO, error) {
	var ids []string
	seen := map[string]bool{}
	for _, t := range ts {
		if t.CounterpartyID != nil && !seen[*t.CounterpartyID] {
			seen[*t.CounterpartyID] = true
			ids = append(ids, *t.CounterpartyID)
		}
	}
	names, err := s.usernames(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]TxnDTO, 0, len(ts))
	for _, t := range ts {
		out = append(out, toTxn(t, names))
	}
	return out, nil
}

// One is one of the caller's transactions (another user's is 404).
func (s *Service) One(ctx context.Context, userID, id string) (TxnDTO, error) {
	t, err := s.money.Transaction(ctx, userID, id)
	if err != nil {
		return TxnDTO{}, err
	}
	return s.DTO(ctx, t)
}

// DTO names a transaction's counterparty.
func (s *Service) DTO(ctx context.Context, t money.Txn) (TxnDTO, error) {
	out, err := s.dtos(ctx, []money.Txn{t})
	if err != nil {
		return TxnDTO{}, err
	}
	return out[0], nil
}

// usernames maps user ids to usernames.
func (s *Service) usernames(ctx context.Context, ids []string) (map[string]string, error) {
	people, err := s.dir.Lookup(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(people))
	for id, p := range people {
		out[id] = p.Username
	}
	return out, nil
}

var errUserNotFound = apperr.NotFound("user")

// knownUser is nil when id names an account, and a 404 otherwise (the
// admin's reads of someone's wallet).
func (s *Service) knownUser(ctx context.Context, id string) error {
	if !ids.Valid(id) {
		return errUserNotFound
	}
	m, err := s.dir.Lookup(ctx, []string{id})
	if err != nil {
		return err
	}
	if _, ok := m[id]; !ok {
		return errUserNotFound
	}
	return nil
}
