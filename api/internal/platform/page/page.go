// Package page holds the list-paging values that stores and services take.
// It imports nothing of the HTTP layer: httpx parses requests into these
// values, and stores never import httpx.
//
// Two kinds of paging:
//   - Page (numbered pages with a total) for admin tables, whose size is
//     bounded or whose total is worth counting.
//   - Cursor (keyset) for user-facing lists that grow without bound: the next
//     page starts after the last row seen, so it is stable under inserts and
//     never counts the whole set (see cursor.go).
package page

// Page is a requested numbered page of a list.
type Page struct {
	Page    int
	PerPage int
}

// Offset is the number of rows to skip.
func (p Page) Offset() int64 { return int64(p.Page-1) * int64(p.PerPage) }

// Limit is the page size for a query.
func (p Page) Limit() int64 { return int64(p.PerPage) }
