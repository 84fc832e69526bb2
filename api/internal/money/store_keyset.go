package money

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"sync"

	"github.com/uptrace/bun"

	dbx "sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/page"
)

// The wallet history's keyset page on PostgreSQL. It is the busiest read of
// the ledger, and PostgreSQL spends longer planning the query bun writes
// out in full each time than running it; so on PostgreSQL, outside a
// transaction, txnsAfter runs it as a prepared statement with parameters
// (one statement per combination of filters, at most 64, each prepared once
// per connection by database/sql) and scans the columns by hand. SQLite,
// and reads inside a caller's transaction, take the bun query
// (txnsAfterQuery), which answers the same rows.

// keysetStmts are the prepared statements of the keyset page, by SQL text.
type keysetStmts struct {
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

func newKeysetStmts() *keysetStmts { return &keysetStmts{stmts: map[string]*sql.Stmt{}} }

// newStore is the ledger's store for a dialect.
func newStore(d dbx.Dialect) store {
	st := store{dialect: d}
	if d == dbx.Postgres {
		st.keyset = newKeysetStmts()
	}
	return st
}

func (k *keysetStmts) prepare(ctx context.Context, db *sql.DB, query string) (*sql.Stmt, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if s, ok := k.stmts[query]; ok {
		return s, nil
	}
	s, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	k.stmts[query] = s
	return s, nil
}

// txnColumns are txnRow's columns in the order scanTxn reads them.
const txnColumns = `id, user_id, entry_id, type, direction, amount, fee, currency, method, status, reference,
	counterparty_user_id, ref_type, ref_id, note, available_at, created_at, updated_at`

// preparedKeyset reports whether txnsAfter can take the prepared path: on
// PostgreSQL, with the pool itself (not a transaction).
func (st store) preparedKeyset(db bun.IDB) (*sql.DB, bool) {
	if st.dialect != dbx.Postgres || st.keyset == nil {
		return nil, false
	}
	b, ok := db.(*bun.DB)
	if !ok {
		return nil, false
	}
	return b.DB, true
}

// pgTxnsAfter is txnsAfter as a prepared statement: the same conditions and
// order as txnsAfterQuery and filterTxns, with numbered parameters.
func (st store) pgTxnsAfter(ctx context.Context, db *sql.DB, userID string, f TxnFilter, c page.Cursor) ([]txnRow, error) {
	var q strings.Builder
	q.WriteString("SELECT " + txnColumns + " FROM wallet_transactions WHERE user_id = $1")
	args := make([]any, 2, 9)
	args[0], args[1] = userID, c.Fetch()
	cond := func(sqlText string, v any) {
		args = append(args, v)
		q.WriteString(" AND ")
		q.WriteString(strings.Replace(sqlText, "?", "$"+strconv.Itoa(len(args)), 1))
	}
	if c.After != nil {
		args = append(args, c.After.CreatedAt.UTC(), c.After.ID)
		q.WriteString(" AND (created_at, id) < ($3, $4)")
	}
	if f.Type != "" {
		cond("type = ?", string(f.Type))
	}
	if f.Direction != "" {
		cond("direction = ?", f.Direction)
	}
	if f.Status != "" {
		cond("status = ?", f.Status)
	}
	if f.From != nil {
		cond("created_at >= ?", f.From.UTC())
	}
	if f.To != nil {
		cond("created_at < ?", f.To.UTC())
	}
	q.WriteString(" ORDER BY created_at DESC, id DESC LIMIT $2")
	stmt, err := st.keyset.prepare(ctx, db, q.String())
	if err != nil {
		return nil, err
	}
	rs, err := stmt.QueryContext(ctx, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	out := make([]txnRow, 0, c.Fetch())
	for rs.Next() {
		out = append(out, txnRow{})
		r := &out[len(out)-1]
		if err := rs.Scan(&r.ID, &r.UserID, &r.EntryID, &r.Type, &r.Direction, &r.Amount, &r.Fee, &r.Currency,
			&r.Method, &r.Status, &r.Reference, &r.CounterpartyID, &r.RefType, &r.RefID, &r.Note, &r.AvailableAt,
			&r.CreatedAt, &r.UpdatedAt); err != nil {
			return nil, err
		}
	}
	return out, rs.Err()
}
