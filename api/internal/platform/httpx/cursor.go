package httpx

import (
	"strconv"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

// CursorList is the envelope of a keyset-paged list: meta.next_cursor is
// null on the last page.
type CursorList[T any] struct {
	Data []T             `json:"data"`
	Meta page.CursorMeta `json:"meta"`
}

// NewCursorList builds a keyset list envelope (never a null data array).
func NewCursorList[T any](items []T, c page.Cursor, next *page.Key) CursorList[T] {
	if items == nil {
		items = []T{}
	}
	return CursorList[T]{Data: items, Meta: page.NewCursorMeta(next, c)}
}

// ParseCursor reads ?cursor= (a meta.next_cursor this API gave out) and
// ?limit= (default 20, 1 to 100); a bad value of either is a 422 naming it.
func ParseCursor(c fiber.Ctx) (page.Cursor, error) {
	cur := page.Cursor{Limit: page.DefaultLimit}
	f := apperr.Fields{}
	if s := c.Query("limit"); s != "" {
		n, err := strconv.Atoi(s)
		f.Check(err == nil && n >= 1 && n <= page.MaxLimit, "limit", "must be a whole number from 1 to 100")
		cur.Limit = n
	}
	if s := c.Query("cursor"); s != "" {
		k, err := page.DecodeKey(s)
		f.Check(err == nil, "cursor", "is not a cursor from this list: start again without it")
		cur.After = &k
	}
	return cur, f.Err()
}
