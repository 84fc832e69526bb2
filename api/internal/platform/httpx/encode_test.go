package httpx_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/page"
)

type embedded struct {
	A int `json:"a"`
}

type custom struct{ v int }

func (c custom) MarshalJSON() ([]byte, error) { return []byte(fmt.Sprintf(`{"v":%d}`, c.v)), nil }

type textKey struct{ s string }

func (k textKey) MarshalText() ([]byte, error) { return []byte("key<" + k.s + ">"), nil }

// The answers' encoder writes exactly what encoding/json writes.
func TestMarshalJSONIsEncodingJSON(t *testing.T) {
	many := map[string]any{}
	for i := range 100 {
		many[fmt.Sprintf("k%03d", 99-i)] = i
	}
	var none *int
	key := page.Key{CreatedAt: time.Date(2026, 3, 2, 10, 0, 0, 123456000, time.UTC), ID: "0196f1c2"}
	values := []any{
		map[string]any{"status": "ok", "bytes": []byte("hi"), "raw": json.RawMessage(`{"x":1}`), "big": 1.5e300,
			"small": 0.000001, "whole": 3.0, "neg": -0, "max": int64(9007199254740993)},
		many,
		map[int]string{3: "c", 1: "a"},
		map[textKey]int{{"b"}: 2, {"a"}: 1},
		struct {
			embedded
			Nil    *int   `json:"nil"`
			Empty  string `json:"empty,omitempty"`
			Slice  []int  `json:"slice"`
			Custom custom `json:"custom"`
			Ptr    *custom
			HTML   string    `json:"html"`
			Bad    string    `json:"bad"`
			Any    any       `json:"any"`
			When   time.Time `json:"when"`
			Skip   int       `json:"-"`
		}{embedded{1}, none, "", nil, custom{2}, &custom{3}, "<a href='x'>&amp;</a>\u2028\u2029", "\xff bad",
			[]any{1, "x", nil, map[string]any{}}, time.Date(2026, 1, 2, 3, 4, 5, 6, time.FixedZone("WAT", 3600)), 9},
		httpx.NewCursorList([]map[string]any{{"id": "1", "note": "<b>"}}, page.Cursor{Limit: 20}, &key),
		httpx.NewCursorList([]string(nil), page.Cursor{Limit: 20}, nil),
	}
	for i, v := range values {
		want, errWant := json.Marshal(v)
		got, errGot := httpx.MarshalJSON(v)
		if string(got) != string(want) || (errWant == nil) != (errGot == nil) {
			t.Errorf("value %d:\nencoding/json %s %v\nMarshalJSON   %s %v", i, want, errWant, got, errGot)
		}
	}
	if _, err := httpx.MarshalJSON(map[string]any{"f": func() {}}); err == nil {
		t.Error("a function must not encode")
	}
}
