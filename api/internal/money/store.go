package money

import (
	"context"
	"database/sql"
	"errors"
	"sojourn/api/internal/platform/page"
	"strings"
	"time"

	"github.com/lib/pq"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	dbx "sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
)

// store holds the ledger's queries. Both dialects share them: the upserts
// are INSERT ... ON CONFLICT DO NOTHING (PostgreSQL, SQLite >= 3.24) and the
// balance guard is the table's CHECK constraint (see write). Where the
// dialects differ (write, writeAlone, snapshot) the store decides, so the
// service reads the same on both databases.
type store struct {
	dialect dbx.Dialect
	// keyset holds the prepared statements of the history's keyset page on
	// PostgreSQL (store_keyset.go); nil elsewhere.
	keyset *keysetStmts
}

// insertEntry writes the journal entry unless its idempotency key exists;
// false means a movement with that key is already recorded. On PostgreSQL a
// concurrent insert of the same key waits for the other transaction.
func (store) insertEntry(ctx context.Context, db bun.IDB, e *entryRow) (bool, error) {
	res, err := db.NewInsert().Model(e).On("CONFLICT (idempotency_key) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (store) entryByKey(ctx context.Context, db bun.IDB, key string) (*entryRow, error) {
	e := &entryRow{}
	err := db.NewSelect().Model(e).Where("idempotency_key = ?", key).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.ErrNotFound
	}
	return e, err
}

// accountID finds an account; "" when it does not exist.
func (store) accountID(ctx context.Context, db bun.IDB, kind Kind, owner, currency string) (string, error) {
	var id string
	err := db.NewSelect().Table("ledger_accounts").Column("id").
		Where("kind = ? AND owner_id = ? AND currency = ?", string(kind), owner, currency).Scan(ctx, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// ensureAccount finds or creates an account.
func (s store) ensureAccount(ctx context.Context, db bun.IDB, kind Kind, owner, currency string, now time.Time) (string, bool, error) {
	id, err := s.accountID(ctx, db, kind, owner, currency)
	if err != nil || id != "" {
		return id, false, err
	}
	row := &accountRow{ID: ids.New(), Kind: string(kind), OwnerID: owner, Currency: currency,
		AllowNegative: mayGoNegative[kind], CreatedAt: now, UpdatedAt: now}
	res, err := db.NewInsert().Model(row).On("CONFLICT (kind, owner_id, currency) DO NOTHING").Exec(ctx)
	if err != nil {
		return "", false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return row.ID, true, nil
	}
	id, err = s.accountID(ctx, db, kind, owner, currency)
	return id, false, err
}

// write applies an entry's postings to the balances (in the postings' order,
// which is by account id, so concurrent movements lock accounts in one order)
// and stores the postings and the history rows, inside the caller's
// transaction db.
//
// The balance guard is the database's own: ledger_accounts has
// CHECK (allow_negative OR balance >= 0), so an update that would take a
// wallet, earnings or escrow below zero fails and rolls the movement back;
// it is reported as ErrInsufficientFunds. Likewise a balance beyond
// MaxBalance either way (CHECK ledger_accounts_balance_limit on PostgreSQL,
// triggers on SQLite, where an overflowing sum would otherwise become a
// float) fails the update and is ErrBalanceLimit. On PostgreSQL every statement goes
// in one round trip (the simple query protocol runs several statements; bun
// has already interpolated the values); SQLite runs in-process and takes
// them one by one.
func (st store) write(ctx context.Context, db bun.IDB, ps []postingRow, ts []txnRow, now time.Time) error {
	stmts := st.statements(db, ps, ts, now)
	if st.dialect == dbx.Postgres {
		_, err := db.ExecContext(ctx, strings.Join(stmts, ";\n"))
		return balanceErr(err)
	}
	for _, q := range stmts {
		if _, err := db.ExecContext(ctx, q); err != nil {
			return balanceErr(err)
		}
	}
	return nil
}

// writeAlone writes the entry e and everything write does, all or nothing,
// in a transaction of its own; fresh is false (and nothing is written) when a
// movement with e's idempotency key is already recorded.
//
// On PostgreSQL it is ONE simple-protocol query outside any transaction,
// which PostgreSQL runs as one transaction: a repeated key fails the entry's
// unique index (duplicateKey), a balance going below zero the CHECK. SQLite
// runs in-process, so round trips cost nothing: it inserts the entry (ON
// CONFLICT DO NOTHING) and writes in one transaction.
func (st store) writeAlone(ctx context.Context, d *dbx.DB, e *entryRow, ps []postingRow, ts []txnRow, now time.Time) (bool, error) {
	if st.dialect == dbx.Postgres {
		stmts := append([]string{d.NewInsert().Model(e).String()}, st.statements(d.DB, ps, ts, now)...)
		_, err := d.ExecContext(ctx, strings.Join(stmts, ";\n"))
		if duplicateKey(err) {
			return false, nil
		}
		return err == nil, balanceErr(err)
	}
	fresh := false
	err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if fresh, err = st.insertEntry(ctx, tx, e); err != nil || !fresh {
			return err
		}
		return st.write(ctx, tx, ps, ts, now)
	})
	return fresh && err == nil, err
}

// duplicateKey reports the entry's idempotency key already being recorded
// (PostgreSQL).
func duplicateKey(err error) bool {
	var pqErr *pq.Error
	return errors.As(err, &pqErr) && pqErr.Code == "23505" && pqErr.Table == "journal_entries"
}

// snapshot makes the transaction tx read one consistent snapshot throughout
// (REPEATABLE READ on PostgreSQL; a SQLite transaction's reads are one
// snapshot already).
func (st store) snapshot(ctx context.Context, tx bun.Tx) error {
	if st.dialect != dbx.Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
	return err
}

// statements are the SQL of the balance updates, postings and history rows,
// with their values interpolated by bun.
func (store) statements(db bun.IDB, ps []postingRow, ts []txnRow, now time.Time) []string {
	stmts := make([]string, 0, len(ps)+2)
	for _, p := range ps {
		stmts = append(stmts, db.NewRaw("UPDATE ledger_accounts SET balance = balance + ?, updated_at = ? WHERE id = ?",
			p.Amount, now, p.AccountID).String())
	}
	if len(ps) > 0 {
		stmts = append(stmts, db.NewInsert().Model(&ps).String())
	}
	if len(ts) > 0 {
		stmts = append(stmts, db.NewInsert().Model(&ts).String())
	}
	return stmts
}

// balanceLimit names the database's guard of MaxBalance: the CHECK
// constraint on PostgreSQL, and the message the SQLite triggers raise
// (migration 0009).
const balanceLimit = "ledger_accounts_balance_limit"

// balanceErr turns the balance guards' violations into errors: below zero is
// ErrInsufficientFunds, beyond MaxBalance ErrBalanceLimit.
func balanceErr(err error) error {
	if err == nil {
		return nil
	}
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "23514" && pqErr.Table == "ledger_accounts" {
		if pqErr.Constraint == balanceLimit {
			return ErrBalanceLimit
		}
		return ErrInsufficientFunds
	}
	if errors.As(err, &pqErr) && pqErr.Code == "22003" { // numeric out of range: cannot happen within the limits
		return ErrBalanceLimit
	}
	msg := err.Error()
	if strings.Contains(msg, balanceLimit) {
		return ErrBalanceLimit
	}
	if strings.Contains(msg, "CHECK constraint failed") && strings.Contains(msg, "balance") {
		return ErrInsufficientFunds
	}
	return err
}

func (store) insertTxns(ctx context.Context, db bun.IDB, ts []txnRow) error {
	if len(ts) == 0 {
		return nil
	}
	_, err := db.NewInsert().Model(&ts).Exec(ctx)
	return err
}

func (store) txnsOfEntry(ctx context.Context, db bun.IDB, entryID string) ([]txnRow, error) {
	var rows []txnRow
	err := db.NewSelect().Model(&rows).Where("entry_id = ?", entryID).OrderExpr("id").Scan(ctx)
	return rows, err
}

// balances reads the owner's accounts of the kinds in one currency.
func (store) balances(ctx context.Context, db bun.IDB, owner, currency string, kinds ...Kind) (map[Kind]int64, error) {
	var rows []accountRow
	ks := make([]string, len(kinds))
	for i, k := range kinds {
		ks[i] = string(k)
	}
	err := db.NewSelect().Model(&rows).Column("kind", "balance").
		Where("owner_id = ? AND currency = ? AND kind IN (?)", owner, currency, bun.In(ks)).Scan(ctx)
	if err != nil {
		return nil, err
	}
	out := map[Kind]int64{}
	for _, r := range rows {
		out[Kind(r.Kind)] = r.Balance
	}
	return out, nil
}

// nextAvailable is the soonest maturity of the user's pending earnings.
func (store) nextAvailable(ctx context.Context, db bun.IDB, userID, currency string) (*time.Time, error) {
	var rows []txnRow
	err := db.NewSelect().Model(&rows).Column("available_at").
		Where("user_id = ? AND currency = ? AND type = ? AND status = ? AND available_at IS NOT NULL",
			userID, currency, string(TxnEarning), StatusPending).
		OrderExpr("available_at ASC").Limit(1).Scan(ctx)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	t := rows[0].AvailableAt.UTC()
	return &t, nil
}

// maturing lists pending earning lines due at now (of one user, or all).
func (store) maturing(ctx context.Context, db bun.IDB, userID string, now time.Time, limit int) ([]txnRow, error) {
	var rows []txnRow
	q := db.NewSelect().Model(&rows).
		Where("type = ? AND status = ? AND available_at <= ?", string(TxnEarning), StatusPending, now).
		OrderExpr("available_at ASC").Limit(int64(limit))
	if userID != "" {
		q = q.Where("user_id = ?", userID)
	}
	return rows, q.Scan(ctx)
}

// setStatus moves a history row from one status to another; false when it
// was not in the from status.
func (store) setStatus(ctx context.Context, db bun.IDB, id, from, to string, entryID *string, now time.Time) (bool, error) {
	q := db.NewUpdate().Table("wallet_transactions").Set("status = ?", to).Set("updated_at = ?", now).
		Where("id = ? AND status = ?", id, from)
	if entryID != nil {
		q = q.Set("entry_id = ?", *entryID)
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (store) txnByReference(ctx context.Context, db bun.IDB, userID, reference string, typ TxnType) (*txnRow, error) {
	r := &txnRow{}
	err := db.NewSelect().Model(r).Where("user_id = ? AND reference = ? AND type = ?", userID, reference, string(typ)).
		Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.ErrNotFound
	}
	return r, err
}

func (store) txnByRef(ctx context.Context, db bun.IDB, ref Ref, typ TxnType) (*txnRow, error) {
	r := &txnRow{}
	err := db.NewSelect().Model(r).Where("ref_type = ? AND ref_id = ? AND type = ?", ref.Type, ref.ID, string(typ)).
		OrderExpr("created_at ASC").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.ErrNotFound
	}
	return r, err
}

func (store) listTxns(ctx context.Context, db bun.IDB, userID string, f TxnFilter, p page.Page) ([]txnRow, int, error) {
	var rows []txnRow
	q := db.NewSelect().Model(&rows).Where("user_id = ?", userID).
		OrderExpr("created_at DESC, id DESC").Limit(p.Limit()).Offset(p.Offset())
	n, err := filterTxns(q, f).ScanAndCount(ctx)
	return rows, int(n), err
}

// txnsAfter reads c.Fetch() history rows of userID after the cursor's key,
// newest first, seeking through wallet_transactions_user_keyset_idx
// (user_id, created_at, id); the other filters are checked on the rows the
// seek reaches. Nothing is counted.
func (st store) txnsAfter(ctx context.Context, db bun.IDB, userID string, f TxnFilter, c page.Cursor) ([]txnRow, error) {
	if sqlDB, ok := st.preparedKeyset(db); ok {
		return st.pgTxnsAfter(ctx, sqlDB, userID, f, c)
	}
	rows := make([]txnRow, 0, c.Fetch())
	return rows, txnsAfterQuery(db, &rows, userID, f, c).Scan(ctx)
}

// txnsAfterQuery is txnsAfter's query, scanning into rows.
func txnsAfterQuery(db bun.IDB, rows *[]txnRow, userID string, f TxnFilter, c page.Cursor) *bun.SelectQuery {
	q := db.NewSelect().Model(rows).Where("user_id = ?", userID).
		OrderExpr("created_at DESC, id DESC").Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(created_at, id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	return filterTxns(q, f)
}

// filterTxns narrows a history query to f.
func filterTxns(q *bun.SelectQuery, f TxnFilter) *bun.SelectQuery {
	if f.Type != "" {
		q = q.Where("type = ?", string(f.Type))
	}
	if f.Direction != "" {
		q = q.Where("direction = ?", f.Direction)
	}
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	if f.From != nil {
		q = q.Where("created_at >= ?", *f.From)
	}
	if f.To != nil {
		q = q.Where("created_at < ?", *f.To)
	}
	return q
}

func (store) txn(ctx context.Context, db bun.IDB, userID, id string) (*txnRow, error) {
	r := &txnRow{}
	err := db.NewSelect().Model(r).Where("id = ? AND user_id = ?", id, userID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.ErrNotFound
	}
	return r, err
}
