package catalog

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"

	"sojourn/api/internal/platform/apperr"
)

// cursor is the keyset position of a catalogue list: the last row's sort
// key (N, or S for names) and id, the sort it belongs to and a fingerprint
// of the query and filters, so a cursor handed to another search is refused.
// On the wire it is base64url of its JSON and a CRC-32 of that JSON: opaque,
// and refused (422) when truncated, edited or invented.
type cursor struct {
	Sort string `json:"o"`
	N    int64  `json:"n,omitempty"`
	S    string `json:"s,omitempty"`
	ID   string `json:"i"`
	F    uint32 `json:"f"`
	P    string `json:"p,omitempty"` // a relevance search's snapshot (snapshot.go)
}

var errBadCursor = apperr.Validation(map[string]string{"cursor": "is not a cursor from this list: start again without it"})

func (c cursor) encode() string {
	b, _ := json.Marshal(c)
	b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
	return base64.RawURLEncoding.EncodeToString(b)
}

// decodeCursor reads a cursor of the given sort and fingerprint.
func decodeCursor(s, sort string, fp uint32) (*cursor, error) {
	if s == "" {
		return nil, nil
	}
	if len(s) > 512 {
		return nil, errBadCursor
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(b) < 5 {
		return nil, errBadCursor
	}
	body, sum := b[:len(b)-4], binary.BigEndian.Uint32(b[len(b)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, errBadCursor
	}
	var c cursor
	if json.Unmarshal(body, &c) != nil || c.Sort != sort || c.F != fp || c.ID == "" || len(c.ID) > 64 || len(c.S) > 200 || len(c.P) > 32 {
		return nil, errBadCursor
	}
	return &c, nil
}

func fingerprint(parts ...string) uint32 {
	h := crc32.NewIEEE()
	for _, p := range parts {
		_, _ = h.Write([]byte(p))
		_, _ = h.Write([]byte{0})
	}
	return h.Sum32()
}

// CursorMeta is a catalogue list's meta.
type CursorMeta struct {
	NextCursor *string `json:"next_cursor"`
	Limit      int     `json:"limit"`
}

// CursorPage is a page of a keyset list.
type CursorPage[T any] struct {
	Data []T        `json:"data"`
	Meta CursorMeta `json:"meta"`
}

func newPage[T any](items []T, limit int, next *cursor) CursorPage[T] {
	if items == nil {
		items = []T{}
	}
	m := CursorMeta{Limit: limit}
	if next != nil {
		s := next.encode()
		m.NextCursor = &s
	}
	return CursorPage[T]{Data: items, Meta: m}
}
