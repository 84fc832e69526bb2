package page

import (
	"encoding/base64"
	"errors"
	"testing"
	"time"
)

func TestKeyRoundTrip(t *testing.T) {
	for _, k := range []Key{
		{CreatedAt: time.Date(2026, 3, 2, 10, 4, 5, 123456000, time.UTC), ID: "0196f1c2-7d3a-7b1e-9c4f-5a6b7c8d9e0f"},
		{CreatedAt: time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC), ID: "x"},
		{CreatedAt: time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), ID: "ünïcode"},
	} {
		got, err := DecodeKey(k.Encode())
		if err != nil || !got.CreatedAt.Equal(k.CreatedAt) || got.ID != k.ID {
			t.Fatalf("%+v came back as %+v, %v", k, got, err)
		}
	}
	// Microseconds are what the databases keep; finer digits are dropped.
	k := Key{CreatedAt: time.Date(2026, 3, 2, 10, 4, 5, 123456789, time.FixedZone("WAT", 3600)), ID: "a"}
	got, err := DecodeKey(k.Encode())
	if err != nil || !got.CreatedAt.Equal(k.CreatedAt.Truncate(time.Microsecond)) || got.CreatedAt.Location() != time.UTC {
		t.Fatalf("got %v, %v", got.CreatedAt, err)
	}
}

func TestDecodeKeyRefusesWhatItDidNotMake(t *testing.T) {
	good := Key{CreatedAt: time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC), ID: "row-1"}.Encode()
	raw, _ := base64.RawURLEncoding.DecodeString(good)
	enc := base64.RawURLEncoding.EncodeToString
	mutate := func(f func(b []byte) []byte) string { return enc(f(append([]byte{}, raw...))) }
	for name, s := range map[string]string{
		"empty":         "",
		"not base64":    "!!!",
		"padded":        good + "=",
		"truncated":     good[:len(good)-3],
		"short":         enc([]byte{cursorV1, 0, 0}),
		"a flipped bit": mutate(func(b []byte) []byte { b[4] ^= 0x10; return b }),
		"an edited id":  mutate(func(b []byte) []byte { b[10] = 'X'; return b }),
		"version 2": mutate(func(b []byte) []byte {
			b[0] = 2
			return b
		}),
		"too long": enc(make([]byte, 400)),
	} {
		if _, err := DecodeKey(s); !errors.Is(err, ErrBadCursor) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A correctly summed cursor with a control character or an impossible
	// time is refused too.
	for name, k := range map[string]Key{
		"control character": {CreatedAt: time.Unix(0, 0), ID: "a\x00b"},
		"year 10000":        {CreatedAt: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), ID: "a"},
	} {
		if _, err := DecodeKey(k.Encode()); !errors.Is(err, ErrBadCursor) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestTrimAndMeta(t *testing.T) {
	key := func(n int) Key { return Key{CreatedAt: time.Unix(int64(n), 0).UTC(), ID: "id"} }
	c := Cursor{Limit: 3}
	if c.Fetch() != 4 {
		t.Fatalf("fetch %d", c.Fetch())
	}
	rows, next := Trim([]int{9, 8, 7, 6}, c, key)
	if len(rows) != 3 || next == nil || !next.CreatedAt.Equal(key(7).CreatedAt) {
		t.Fatalf("a full page and more: %v %+v", rows, next)
	}
	m := NewCursorMeta(next, c)
	if m.Limit != 3 || m.NextCursor == nil {
		t.Fatalf("meta %+v", m)
	}
	if k, err := DecodeKey(*m.NextCursor); err != nil || !k.CreatedAt.Equal(next.CreatedAt) {
		t.Fatalf("the meta's cursor: %+v %v", k, err)
	}
	for _, in := range [][]int{{9, 8, 7}, {9}, nil} {
		rows, next := Trim(in, c, key)
		if len(rows) != len(in) || next != nil || NewCursorMeta(next, c).NextCursor != nil {
			t.Fatalf("the last page %v: %v %+v", in, rows, next)
		}
	}
}
