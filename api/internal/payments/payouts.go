package payments

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sojourn/api/internal/platform/page"
	"strings"
	"sync"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/paystack"
)

// Payout statuses.
const (
	PayoutPending  = "pending"
	PayoutSuccess  = "success"
	PayoutFailed   = "failed"
	PayoutReversed = "reversed"
)

// bankCache keeps Paystack's bank lists for a while: they change rarely and
// every payout-account form asks for them.
type bankCache struct {
	mu      sync.Mutex
	entries map[string]bankEntry
}

type bankEntry struct {
	banks []paystack.Bank
	until time.Time
}

const bankTTL = 6 * time.Hour

// PayoutCurrency is the payout currency of a country Paystack pays out to
// (NG, GH, KE, ZA; ISO 3166-1 alpha-2, any case); false for any other.
func PayoutCurrency(country string) (string, bool) {
	c, ok := paystack.PayoutCountries[strings.ToUpper(strings.TrimSpace(country))]
	return c.Currency, ok
}

// BanksFor lists the banks that accept transfers in a country (its payout
// currency) or a currency; given both, they must agree.
func (s *Service) BanksFor(ctx context.Context, country, currency string) ([]paystack.Bank, error) {
	if strings.TrimSpace(country) == "" {
		return s.Banks(ctx, currency)
	}
	cur, ok := PayoutCurrency(country)
	if !ok {
		return nil, apperr.Validation(map[string]string{"country": "Paystack pays out in NG, GH, KE and ZA only"})
	}
	if c := strings.ToUpper(strings.TrimSpace(currency)); c != "" && c != cur {
		return nil, apperr.Validation(map[string]string{"currency": "must be " + cur + ", the currency of " + strings.ToUpper(strings.TrimSpace(country))})
	}
	return s.Banks(ctx, cur)
}

// Banks lists the banks of a currency that accept transfers.
func (s *Service) Banks(ctx context.Context, currency string) ([]paystack.Bank, error) {
	cur := strings.ToUpper(strings.TrimSpace(currency))
	if cur == "" {
		cur = money.DefaultCurrency
	}
	if !money.ValidCurrency(cur) || cur == "USD" {
		return nil, apperr.Validation(map[string]string{"currency": "must be one of GHS, KES, NGN, ZAR"})
	}
	now := s.c.Clock.Now()
	s.banks.mu.Lock()
	e, ok := s.banks.entries[cur]
	s.banks.mu.Unlock()
	if ok && now.Before(e.until) {
		return e.banks, nil
	}
	all, err := s.client.ListBanks(ctx, cur)
	if err != nil {
		return nil, unavailable(err)
	}
	banks := make([]paystack.Bank, 0, len(all))
	for _, b := range all {
		if b.Active && b.SupportsTransfer {
			banks = append(banks, b)
		}
	}
	s.banks.mu.Lock()
	if s.banks.entries == nil {
		s.banks.entries = map[string]bankEntry{}
	}
	s.banks.entries[cur] = bankEntry{banks: banks, until: now.Add(bankTTL)}
	s.banks.mu.Unlock()
	return banks, nil
}

// AccountInput is the body of POST /api/v1/payout-accounts.
type AccountInput struct {
	BankCode      string `json:"bank_code"`
	AccountNumber string `json:"account_number"`
	AccountName   string `json:"account_name"`
	Currency      string `json:"currency"`
}

// AddAccount registers the user's bank account as a Paystack transfer
// recipient and makes it the user's payout account in its currency,
// replacing the previous one.
func (s *Service) AddAccount(ctx context.Context, userID string, in AccountInput) (Account, error) {
	in.BankCode, in.AccountNumber = strings.TrimSpace(in.BankCode), strings.TrimSpace(in.AccountNumber)
	in.AccountName = strings.Join(strings.Fields(in.AccountName), " ")
	cur := strings.ToUpper(strings.TrimSpace(in.Currency))
	if cur == "" {
		cur = money.DefaultCurrency
	}
	f := apperr.Fields{}
	f.Check(in.BankCode != "", "bank_code", "is required")
	if cur == "NGN" {
		f.Check(paystack.AccountNumberValid(cur, in.AccountNumber), "account_number", "must be 10 digits")
	} else {
		f.Check(paystack.AccountNumberValid(cur, in.AccountNumber), "account_number", "must be 6-20 digits")
	}
	f.Check(len(in.AccountName) >= 2 && len(in.AccountName) <= 100, "account_name", "must be 2-100 characters")
	f.Check(money.ValidCurrency(cur) && cur != "USD", "currency", "must be one of GHS, KES, NGN, ZAR")
	if err := f.Err(); err != nil {
		return Account{}, err
	}
	banks, err := s.Banks(ctx, cur)
	if err != nil {
		return Account{}, err
	}
	i := slices.IndexFunc(banks, func(b paystack.Bank) bool { return b.Code == in.BankCode })
	if i < 0 {
		return Account{}, apperr.Validation(map[string]string{"bank_code": "is not a bank that accepts transfers in " + cur})
	}
	typ := banks[i].Type // nuban, ghipss, kepss, basa or mobile_money: Paystack's recipient type is the bank's
	if typ == "" {
		typ = "nuban"
	}
	rcp, err := s.client.CreateRecipient(ctx, paystack.RecipientRequest{Type: typ, Name: in.AccountName,
		AccountNumber: in.AccountNumber, BankCode: in.BankCode, Currency: cur, Description: "Sojourn payouts " + userID})
	var ae *paystack.APIError
	if errors.As(err, &ae) && ae.Status >= 400 && ae.Status < 500 {
		return Account{}, apperr.Validation(map[string]string{"account_number": "Paystack refused the account: " + ae.Message})
	}
	if err != nil {
		return Account{}, unavailable(err)
	}
	now := s.c.Clock.Now()
	row := &accountRow{ID: ids.New(), UserID: userID, Currency: cur, BankCode: in.BankCode, BankName: banks[i].Name,
		AccountNumber: in.AccountNumber, AccountName: in.AccountName, RecipientCode: rcp.RecipientCode, Active: true,
		CreatedAt: now, UpdatedAt: now}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return s.st.replaceAccount(ctx, tx, row) })
	if errors.Is(err, apperr.ErrConflict) {
		return Account{}, apperr.Conflict("Another payout account was saved at the same time; reload and try again.")
	}
	if err != nil {
		return Account{}, err
	}
	return toAccount(row), nil
}

// Accounts are the user's active payout accounts (one per currency).
func (s *Service) Accounts(ctx context.Context, userID string) ([]Account, error) {
	rows, err := s.st.accountsOf(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]Account, 0, len(rows))
	for i := range rows {
		out = append(out, toAccount(&rows[i]))
	}
	return out, nil
}

// PayoutInput is the body of POST /api/v1/payouts.
type PayoutInput struct {
	Amount   json.RawMessage `json:"amount"`
	Currency string          `json:"currency"`
}

// RequestPayout withdraws amount of a provider's available earnings to
// their payout account: the payout row and the ledger movement commit
// together, then Paystack is asked for the transfer (outside the
// transaction); its transfer.* event settles the payout. key (the
// Idempotency-Key) makes a retry return the first payout.
func (s *Service) RequestPayout(ctx context.Context, p *authn.Principal, key string, in PayoutInput) (Payout, error) {
	amount, ok := parseAmount(in.Amount)
	cur := strings.ToUpper(strings.TrimSpace(in.Currency))
	if cur == "" {
		cur = money.DefaultCurrency
	}
	fee, minimum := s.money.PayoutFee(), s.money.MinPayout()
	f := apperr.Fields{}
	f.Check(ok, "amount", "must be a positive whole number of minor units (kobo)")
	f.Check(!ok || amount <= money.MaxAmount, "amount", money.AmountTooLarge)
	f.Check(!ok || (amount >= minimum && amount > fee), "amount", "must be at least the minimum payout of "+
		formatMinor(max(minimum, fee+1))+" (minor units)")
	f.Check(money.ValidCurrency(cur), "currency", "must be one of "+strings.Join(money.Currencies, ", "))
	if err := f.Err(); err != nil {
		return Payout{}, err
	}
	if prev, err := s.st.payoutByRequestKey(ctx, p.UserID, key); err == nil {
		return toPayout(prev), nil
	} else if !errors.Is(err, apperr.ErrNotFound) {
		return Payout{}, err
	}
	acct, err := s.st.activeAccount(ctx, p.UserID, cur)
	if errors.Is(err, apperr.ErrNotFound) {
		return Payout{}, errNoPayoutAccount
	}
	if err != nil {
		return Payout{}, err
	}
	now := s.c.Clock.Now()
	row := &payoutRow{ID: ids.New(), Reference: newReference("sj-po-"), UserID: p.UserID, PayoutAccountID: acct.ID,
		RequestKey: key, Amount: amount, Fee: fee, NetAmount: amount - fee, Currency: cur, Status: PayoutPending,
		CreatedAt: now, UpdatedAt: now}
	// The pending payout is saved with the money before Paystack hears of
	// it: its transfer.* event may arrive before the transfer call answers.
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.insertPayout(ctx, tx, row); err != nil {
			return err
		}
		_, err := s.money.RequestPayout(ctx, tx, money.Payout{Key: "payout:" + row.ID, Reason: "Payout to " +
			acct.BankName + " " + lastFour(acct.AccountNumber), Ref: money.Ref{Type: money.RefPayout, ID: row.ID},
			UserID: p.UserID, Amount: amount, Currency: cur, Fee: &fee})
		return err
	})
	if errors.Is(err, apperr.ErrConflict) { // the same key at the same time: answer the first
		if prev, perr := s.st.payoutByRequestKey(ctx, p.UserID, key); perr == nil {
			return toPayout(prev), nil
		}
	}
	if err != nil {
		return Payout{}, err
	}
	d, err := s.client.Transfer(ctx, paystack.TransferRequest{Amount: row.NetAmount, Recipient: acct.RecipientCode,
		Reference: row.Reference, Reason: "Sojourn payout", Currency: cur})
	var ae *paystack.APIError
	switch {
	case errors.As(err, &ae) && ae.Status >= 400 && ae.Status < 500:
		// Refused outright: nothing left the platform, the money goes back.
		if serr := s.settlePayout(ctx, row, PayoutFailed, "Paystack refused the transfer: "+ae.Message); serr != nil {
			return Payout{}, serr
		}
	case err != nil:
		// Unknown outcome: the payout stays pending until Paystack's event.
		s.log.Error("payments: transfer", "payout", row.ID, "reference", row.Reference, "err", err)
	default:
		if err := s.st.setPayoutTransfer(ctx, row.ID, d.TransferCode, d.ID, s.c.Clock.Now()); err != nil {
			return Payout{}, err
		}
		if d.Status == paystack.StatusFailed {
			if err := s.settlePayout(ctx, row, PayoutFailed, "The transfer failed"); err != nil {
				return Payout{}, err
			}
		}
	}
	out, err := s.st.payoutByID(ctx, row.ID)
	if err != nil {
		return Payout{}, err
	}
	return toPayout(out), nil
}

func lastFour(s string) string {
	if len(s) <= 4 {
		return s
	}
	return "••••" + s[len(s)-4:]
}

// Payouts is a keyset page of the user's payouts, newest first, and the key
// the next page starts after (nil on the last page).
func (s *Service) Payouts(ctx context.Context, userID string, c page.Cursor) ([]Payout, *page.Key, error) {
	rows, err := s.st.payoutsAfter(ctx, userID, c)
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r payoutWithAccount) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out := make([]Payout, 0, len(rows))
	for i := range rows {
		out = append(out, toPayout(&rows[i]))
	}
	return out, next, nil
}

// settleTransfer applies a transfer.* event to its payout.
func (s *Service) settleTransfer(ctx context.Context, event string, t *paystack.Transfer) error {
	row, err := s.st.payoutByReference(ctx, nil, t.Reference)
	if errors.Is(err, apperr.ErrNotFound) {
		s.log.Warn("payments: transfer event for an unknown payout", "event", event, "reference", t.Reference)
		return nil
	}
	if err != nil {
		return err
	}
	switch event {
	case paystack.EventTransferSuccess:
		return s.settlePayout(ctx, row, PayoutSuccess, "")
	case paystack.EventTransferFailed:
		return s.settlePayout(ctx, row, PayoutFailed, "The bank transfer failed")
	default:
		return s.settlePayout(ctx, row, PayoutReversed, "The bank reversed the transfer")
	}
}

// settlePayout moves a payout to its outcome with the ledger, once per
// outcome: success settles a pending payout; failed a pending one; reversed
// a pending or successful one (the money and the fee come back).
func (s *Service) settlePayout(ctx context.Context, row *payoutRow, outcome, reason string) error {
	from := []string{PayoutPending}
	if outcome == PayoutReversed {
		from = append(from, PayoutSuccess)
	}
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		cur, err := s.st.payoutByReference(ctx, tx, row.Reference)
		if err != nil {
			return err
		}
		if !slices.Contains(from, cur.Status) {
			return nil // settled already, or an event out of order after a final state
		}
		ok, err := s.st.settlePayout(ctx, tx, row.ID, cur.Status, outcome, reason, s.c.Clock.Now())
		if err != nil || !ok {
			return err
		}
		mo := map[string]string{PayoutSuccess: money.PayoutSuccess, PayoutFailed: money.PayoutFailed,
			PayoutReversed: money.PayoutReversed}[outcome]
		if _, err = s.money.SettlePayout(ctx, tx, money.PayoutSettlement{Key: "payout-" + outcome + ":" + row.ID,
			Reason: "Payout " + outcome, Ref: money.Ref{Type: money.RefPayout, ID: row.ID}, Outcome: mo}); err != nil {
			return err
		}
		return s.notifyPayout(ctx, tx, cur, outcome, reason)
	})
}

// Earnings is a provider's balances and a keyset page of their earning
// lines, newest first, with the key the next page of lines starts after
// (nil on the last page); the balances are the same on every page.
func (s *Service) Earnings(ctx context.Context, userID, currency string, c page.Cursor) (Earnings, *page.Key, error) {
	cur := strings.ToUpper(strings.TrimSpace(currency))
	if cur == "" {
		cur = money.DefaultCurrency
	}
	if !money.ValidCurrency(cur) {
		return Earnings{}, nil, apperr.Validation(map[string]string{"currency": "must be one of " +
			strings.Join(money.Currencies, ", ")})
	}
	w, err := s.money.Wallet(ctx, userID, cur) // matures due lines first
	if err != nil {
		return Earnings{}, nil, err
	}
	out := Earnings{Currency: cur, MinPayout: s.money.MinPayout(), PayoutFee: s.money.PayoutFee(), Lines: []EarningLine{}}
	if w != nil {
		out.Pending, out.Available, out.NextAvailableAt = w.Pending, w.Available, w.NextAvailableAt
	}
	lines, next, err := s.money.TransactionsAfter(ctx, userID, money.TxnFilter{Type: money.TxnEarning}, c)
	if err != nil {
		return Earnings{}, nil, err
	}
	for _, l := range lines {
		out.Lines = append(out.Lines, toEarningLine(l))
	}
	return out, next, nil
}
