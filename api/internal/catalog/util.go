package catalog

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/lib/pq"

	"sojourn/api/internal/platform/db"
)

func itoa(n int) string { return strconv.Itoa(n) }

func microTime(us int64) time.Time { return time.UnixMicro(us).UTC() }

func isUnique(err error) bool { return db.IsUniqueViolation(err) }

// isCheck reports a CHECK constraint failure (a stock below what is reserved).
func isCheck(err error) bool {
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		return pqErr.Code == "23514"
	}
	return err != nil && strings.Contains(err.Error(), "CHECK constraint failed")
}
