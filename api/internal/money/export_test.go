package money

import (
	"context"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	dbx "sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/page"
)

// KeysetSQL is the SQL of a keyset history page, for the plan tests.
func KeysetSQL(db bun.IDB, userID string, f TxnFilter, c page.Cursor) string {
	var rows []txnRow
	return txnsAfterQuery(db, &rows, userID, f, c).String()
}

// TxnIDsAfter reads a keyset history page twice, by the bun query and by
// the prepared statement of PostgreSQL (store_keyset.go), and answers both
// pages' row ids and creation times.
func TxnIDsAfter(ctx context.Context, db *bun.DB, userID string, f TxnFilter, c page.Cursor) (viaBun, viaStmt []string, err error) {
	var rows []txnRow
	if err := txnsAfterQuery(db, &rows, userID, f, c).Scan(ctx); err != nil {
		return nil, nil, err
	}
	st := newStore(dbx.Postgres)
	prepared, err := st.pgTxnsAfter(ctx, db.DB, userID, f, c)
	if err != nil {
		return nil, nil, err
	}
	show := func(rs []txnRow) []string {
		out := make([]string, len(rs))
		for i, r := range rs {
			out[i] = r.ID + "@" + r.CreatedAt.UTC().Format(time.RFC3339Nano) + "/" + r.Type + "/" + r.Direction +
				"/" + strconv.FormatInt(r.Amount, 10)
		}
		return out
	}
	return show(rows), show(prepared), nil
}
