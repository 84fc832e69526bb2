package money

import (
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/page"
)

// KeysetSQL is the SQL of a keyset history page, for the plan tests.
func KeysetSQL(db bun.IDB, userID string, f TxnFilter, c page.Cursor) string {
	var rows []txnRow
	return txnsAfterQuery(db, &rows, userID, f, c).String()
}
