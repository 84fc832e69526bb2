package money

import (
	"context"
	"fmt"
	"io"
	"sojourn/api/internal/platform/page"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

// Report is the outcome of Verify.
type Report struct {
	Accounts int
	Entries  int
	Postings int
	// Mismatched are accounts whose stored balance differs from the sum of
	// their postings.
	Mismatched []AccountMismatch
	// Unbalanced are entries whose postings do not sum to zero in a currency.
	Unbalanced []UnbalancedEntry
	// Negative are accounts that may not go negative but are.
	Negative []AccountMismatch
}

// AccountMismatch describes one bad account.
type AccountMismatch struct {
	AccountID string
	Kind      string
	OwnerID   string
	Currency  string
	Balance   int64
	Postings  int64
}

// UnbalancedEntry is an entry whose postings do not sum to zero.
type UnbalancedEntry struct {
	EntryID  string
	Currency string
	Sum      int64
}

// Clean reports whether the ledger holds together.
func (r Report) Clean() bool {
	return len(r.Mismatched) == 0 && len(r.Unbalanced) == 0 && len(r.Negative) == 0
}

// Print writes a human summary.
func (r Report) Print(w io.Writer) {
	fmt.Fprintf(w, "ledger: %d accounts, %d entries, %d postings\n", r.Accounts, r.Entries, r.Postings)
	for _, m := range r.Mismatched {
		fmt.Fprintf(w, "MISMATCH account %s (%s %q %s): balance %d, postings sum %d\n", m.AccountID, m.Kind, m.OwnerID,
			m.Currency, m.Balance, m.Postings)
	}
	for _, u := range r.Unbalanced {
		fmt.Fprintf(w, "UNBALANCED entry %s: postings in %s sum to %d\n", u.EntryID, u.Currency, u.Sum)
	}
	for _, m := range r.Negative {
		fmt.Fprintf(w, "NEGATIVE account %s (%s %q %s): balance %d\n", m.AccountID, m.Kind, m.OwnerID, m.Currency,
			m.Balance)
	}
	if r.Clean() {
		fmt.Fprintln(w, "ledger verify: clean")
	} else {
		fmt.Fprintf(w, "ledger verify: %d mismatched, %d unbalanced, %d negative\n", len(r.Mismatched),
			len(r.Unbalanced), len(r.Negative))
	}
}

// Verify recomputes every account's balance from its postings, checks that
// every entry sums to zero per currency and that no account that may not go
// negative is negative. It reads in one transaction (a consistent snapshot
// on PostgreSQL with REPEATABLE READ; SQLite reads are snapshots anyway).
func (s *Service) Verify(ctx context.Context) (Report, error) {
	var r Report
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.snapshot(ctx, tx); err != nil {
			return err
		}
		var accts []struct {
			ID            string `bun:"id"`
			Kind          string `bun:"kind"`
			OwnerID       string `bun:"owner_id"`
			Currency      string `bun:"currency"`
			Balance       int64  `bun:"balance"`
			AllowNegative bool   `bun:"allow_negative"`
			Sum           int64  `bun:"sum"`
		}
		err := tx.NewRaw(`SELECT a.id, a.kind, a.owner_id, a.currency, a.balance, a.allow_negative,
				COALESCE((SELECT SUM(p.amount) FROM postings p WHERE p.account_id = a.id), 0) AS sum
			FROM ledger_accounts a ORDER BY a.id`).Scan(ctx, &accts)
		if err != nil {
			return err
		}
		r.Accounts = len(accts)
		for _, a := range accts {
			m := AccountMismatch{AccountID: a.ID, Kind: a.Kind, OwnerID: a.OwnerID, Currency: a.Currency,
				Balance: a.Balance, Postings: a.Sum}
			if a.Balance != a.Sum {
				r.Mismatched = append(r.Mismatched, m)
			}
			if !a.AllowNegative && (a.Balance < 0 || a.Sum < 0) {
				r.Negative = append(r.Negative, m)
			}
		}
		var bad []struct {
			EntryID  string `bun:"entry_id"`
			Currency string `bun:"currency"`
			Sum      int64  `bun:"sum"`
		}
		if err := tx.NewRaw(`SELECT entry_id, currency, SUM(amount) AS sum FROM postings
			GROUP BY entry_id, currency HAVING SUM(amount) <> 0 ORDER BY entry_id`).Scan(ctx, &bad); err != nil {
			return err
		}
		for _, b := range bad {
			r.Unbalanced = append(r.Unbalanced, UnbalancedEntry{EntryID: b.EntryID, Currency: b.Currency, Sum: b.Sum})
		}
		// A posting whose currency differs from its account's is unbalanced too.
		var cross []struct {
			EntryID  string `bun:"entry_id"`
			Currency string `bun:"currency"`
			Sum      int64  `bun:"amount"`
		}
		if err := tx.NewRaw(`SELECT p.entry_id, p.currency, p.amount FROM postings p
			JOIN ledger_accounts a ON a.id = p.account_id WHERE a.currency <> p.currency`).Scan(ctx, &cross); err != nil {
			return err
		}
		for _, c := range cross {
			r.Unbalanced = append(r.Unbalanced, UnbalancedEntry{EntryID: c.EntryID, Currency: c.Currency, Sum: c.Sum})
		}
		n, err := tx.NewSelect().Table("journal_entries").Count(ctx)
		if err != nil {
			return err
		}
		r.Entries = int(n)
		n, err = tx.NewSelect().Table("postings").Count(ctx)
		r.Postings = int(n)
		return err
	})
	return r, err
}

// Transactions is a page of userID's history, newest first.
func (s *Service) Transactions(ctx context.Context, userID string, f TxnFilter, p page.Page) ([]Txn, int, error) {
	rows, total, err := s.st.listTxns(ctx, s.db.DB, userID, f, p)
	if err != nil {
		return nil, 0, err
	}
	out := make([]Txn, 0, len(rows))
	for i := range rows {
		out = append(out, rows[i].txn())
	}
	return out, total, nil
}

// TransactionsAfter is a keyset page of userID's history, newest first
// (created_at, then id, descending): the rows after c.After, at most c.Limit,
// and the key the next page starts after (nil on the last page).
func (s *Service) TransactionsAfter(ctx context.Context, userID string, f TxnFilter, c page.Cursor) ([]Txn, *page.Key, error) {
	rows, err := s.st.txnsAfter(ctx, s.db.DB, userID, f, c)
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r txnRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out := make([]Txn, 0, len(rows))
	for i := range rows {
		out = append(out, rows[i].txn())
	}
	return out, next, nil
}

// Transaction is one of userID's history rows; another user's is
// ErrTxnNotFound.
func (s *Service) Transaction(ctx context.Context, userID, id string) (Txn, error) {
	r, err := s.st.txn(ctx, s.db.DB, userID, id)
	if err != nil {
		if err == apperr.ErrNotFound {
			return Txn{}, ErrTxnNotFound
		}
		return Txn{}, err
	}
	return r.txn(), nil
}

// ValidTxnType reports whether t is a history row type.
func ValidTxnType(t string) bool {
	for _, x := range TxnTypes {
		if string(x) == t {
			return true
		}
	}
	return false
}
