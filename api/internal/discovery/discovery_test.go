package discovery

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"testing"
)

// fake pages through n items of its kind, by index.
type fake struct {
	kind string
	n    int
	got  []Query
}

func (f *fake) Kind() string { return f.kind }
func (f *fake) Page(_ context.Context, q Query, cursor string, limit int) ([]Item, string, error) {
	f.got = append(f.got, q)
	start := 0
	if cursor != "" {
		var err error
		if start, err = strconv.Atoi(cursor); err != nil {
			return nil, "", ErrBadCursor
		}
	}
	var out []Item
	for i := start; i < f.n && len(out) < limit; i++ {
		out = append(out, Item{Kind: f.kind, ID: fmt.Sprint(i)})
	}
	if start+len(out) >= f.n {
		return out, "", nil
	}
	return out, strconv.Itoa(start + len(out)), nil
}

func TestDiscoverPagesEveryItemOnce(t *testing.T) {
	a, b, c := &fake{kind: "a", n: 7}, &fake{kind: "b", n: 2}, &fake{kind: "c", n: 0}
	s, err := New(Config{Sources: []Source{a, b, c}})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	cursor, pages := "", 0
	for {
		p, err := s.Discover(context.Background(), []string{"a", "b", "c"}, Query{}, cursor, 4)
		if err != nil {
			t.Fatal(err)
		}
		pages++
		// Full pages until the end: what an empty or finished kind leaves goes to the others.
		if len(p.Items) > 4 || (p.Next != "" && len(p.Items) != 4) {
			t.Fatalf("page %d of %d items", pages, len(p.Items))
		}
		if pages == 1 && (p.Items[0].Kind != "a" || p.Items[1].Kind != "b" || p.Items[2].Kind != "a") {
			t.Fatalf("not interleaved: %+v", p.Items)
		}
		for _, it := range p.Items {
			k := it.Kind + it.ID
			if seen[k] {
				t.Fatalf("%s twice", k)
			}
			seen[k] = true
		}
		if p.Next == "" {
			break
		}
		cursor = p.Next
		if pages > 10 {
			t.Fatal("no end")
		}
	}
	if len(seen) != 9 {
		t.Fatalf("saw %d items, want 9", len(seen))
	}
	// One kind only.
	p, _ := s.Discover(context.Background(), []string{"b"}, Query{}, "", 10)
	if len(p.Items) != 2 || p.Next != "" {
		t.Fatalf("kind b: %+v", p)
	}
}

func TestCursorTampering(t *testing.T) {
	s, _ := New(Config{Sources: []Source{&fake{kind: "a", n: 50}}})
	p, err := s.Discover(context.Background(), []string{"a"}, Query{}, "", 5)
	if err != nil || p.Next == "" {
		t.Fatal(p, err)
	}
	bad := []string{"x", p.Next[:len(p.Next)-2], p.Next + "A", encodeCursor(cursorState{"a": "zz"})}
	for _, c := range bad {
		if _, err := s.Discover(context.Background(), []string{"a"}, Query{}, c, 5); !errors.Is(err, ErrBadCursor) {
			t.Errorf("cursor %q: %v", c, err)
		}
	}
	if _, err := New(Config{Sources: []Source{&fake{kind: "a"}, &fake{kind: "a"}}}); err == nil {
		t.Error("two sources of one kind accepted")
	}
}

func TestParseQuery(t *testing.T) {
	known := []string{"tour", "coach"}
	kinds, q, n, err := ParseQuery(known, "coach, coach", " Lagos ", "2026-12-10", "2026-12-12", "")
	if err != nil || len(kinds) != 1 || kinds[0] != "coach" || q.City != "Lagos" || n != DefaultLimit || q.To.Sub(*q.From).Hours() != 48 {
		t.Fatalf("%v %+v %d %v", kinds, q, n, err)
	}
	if kinds, _, _, err := ParseQuery(known, "", "", "", "", "60"); err != nil || len(kinds) != 2 {
		t.Fatalf("defaults: %v %v", kinds, err)
	}
	for _, bad := range [][5]string{
		{"boat", "", "", "", ""}, {"", "a\x00b", "", "", ""}, {"", "", "2026-12-10", "", ""},
		{"", "", "2026-12-10", "2026-12-09", ""}, {"", "", "2026-01-01", "2026-06-01", ""}, {"", "", "2026-02-30", "2026-03-01", ""},
		{"", "", "", "", "0"}, {"", "", "", "", "61"}, {"", "", "", "", "x"},
	} {
		if _, _, _, err := ParseQuery(known, bad[0], bad[1], bad[2], bad[3], bad[4]); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestFormats(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 81000: "81,000", 1234567: "1,234,567"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q", n, got)
		}
	}
	for m, want := range map[int]string{45: "45 min", 180: "3 h", 150: "2 h 30 min", 4320: "3 days"} {
		if got := duration(m); got != want {
			t.Errorf("duration(%d) = %q", m, got)
		}
	}
}
