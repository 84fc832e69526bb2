package page

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"time"
	"unicode/utf8"
)

// Keyset paging. A list ordered newest first by (created_at DESC, id DESC)
// reads the next page with
//
//	WHERE <filters> AND (created_at, id) < (:after.CreatedAt, :after.ID)
//	ORDER BY created_at DESC, id DESC LIMIT :limit+1
//
// over an index on (<equality filters>, created_at, id): the database seeks
// straight to the key, however deep the page, rows inserted meanwhile never
// shift or repeat a page, and the extra row says whether a next page exists,
// so nothing is ever counted. (Row-value comparison works on PostgreSQL and on
// SQLite since 3.15; both use the index for it.)
//
// The client sees the key only as an opaque cursor: base64url of a version
// byte, the time in microseconds (the precision both databases keep), the id
// and a CRC-32 of those, so a truncated, edited or invented cursor is refused
// as a 422 instead of reaching the query. It is not a secret: every query
// that takes one still filters by its owner, so a forged key can only start
// the caller's own list somewhere else.

// Limits of a cursor page's size.
const (
	DefaultLimit = 20
	MaxLimit     = 100
)

// cursorV1 is the version byte of the encoding below.
const cursorV1 = 1

// maxKeyID bounds the id inside a cursor (ids here are 36-character UUIDs).
const maxKeyID = 128

// ErrBadCursor is a cursor this package did not make.
var ErrBadCursor = errors.New("page: malformed cursor")

// Key is the sort key of a row in a (created_at DESC, id DESC) list.
type Key struct {
	CreatedAt time.Time
	ID        string
}

// Cursor is a requested keyset page: the rows after After (nil: from the
// start), at most Limit of them.
type Cursor struct {
	After *Key
	Limit int
}

// Fetch is how many rows a store reads: one more than the page, to learn
// whether another page follows without counting.
func (c Cursor) Fetch() int { return c.Limit + 1 }

// Encode is the opaque cursor naming k.
func (k Key) Encode() string {
	b := make([]byte, 0, 1+8+len(k.ID)+4)
	b = append(b, cursorV1)
	b = binary.BigEndian.AppendUint64(b, uint64(k.CreatedAt.UnixMicro()))
	b = append(b, k.ID...)
	b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
	return base64.RawURLEncoding.EncodeToString(b)
}

// DecodeKey reads a cursor made by Key.Encode; anything else is ErrBadCursor.
func DecodeKey(s string) (Key, error) {
	if len(s) > 2*maxKeyID {
		return Key{}, ErrBadCursor
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(b) < 1+8+1+4 || b[0] != cursorV1 {
		return Key{}, ErrBadCursor
	}
	body, sum := b[:len(b)-4], binary.BigEndian.Uint32(b[len(b)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return Key{}, ErrBadCursor
	}
	id := string(body[9:])
	if len(id) > maxKeyID || !utf8.ValidString(id) {
		return Key{}, ErrBadCursor
	}
	for _, r := range id {
		if r < 0x20 || r == 0x7f {
			return Key{}, ErrBadCursor
		}
	}
	us := int64(binary.BigEndian.Uint64(body[1:9]))
	// Years 1 to 9999: a time both databases can store and compare.
	if us < -62135596800000000 || us > 253402300799999999 {
		return Key{}, ErrBadCursor
	}
	return Key{CreatedAt: time.UnixMicro(us).UTC(), ID: id}, nil
}

// Trim cuts rows read with c.Fetch() down to the page and says where the next
// page starts: the key of the last row kept, or nil when no row follows.
func Trim[T any](rows []T, c Cursor, key func(T) Key) ([]T, *Key) {
	if len(rows) <= c.Limit {
		return rows, nil
	}
	rows = rows[:c.Limit]
	if len(rows) == 0 {
		return rows, nil
	}
	k := key(rows[len(rows)-1])
	return rows, &k
}

// CursorMeta is the meta object of a keyset list: the cursor of the next page
// (null on the last page) and the page size used.
type CursorMeta struct {
	NextCursor *string `json:"next_cursor"`
	Limit      int     `json:"limit"`
}

// NewCursorMeta builds the meta for a page whose next page starts after next.
func NewCursorMeta(next *Key, c Cursor) CursorMeta {
	m := CursorMeta{Limit: c.Limit}
	if next != nil {
		s := next.Encode()
		m.NextCursor = &s
	}
	return m
}
