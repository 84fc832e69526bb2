package catalog

import (
	"strings"
	"testing"

	"sojourn/api/internal/platform/apperr"
)

func TestSanitise(t *testing.T) {
	h, text := sanitise(`<p onclick="x()">Waxed <strong>canvas</strong><script>alert(1)</script></p>` +
		`<a href="javascript:alert(1)">bad</a><a href="https://example.com/care">care guide</a>` +
		`<img src=x onerror=alert(1)><ul><li>Two pockets</li><li>Brass zip</li></ul><style>p{}</style>`)
	for _, bad := range []string{"onclick", "script", "javascript", "<img", "onerror", "<style"} {
		if strings.Contains(h, bad) {
			t.Errorf("sanitised HTML keeps %q: %s", bad, h)
		}
	}
	for _, good := range []string{"<p>", "<strong>canvas</strong>", `href="https://example.com/care"`, `rel="nofollow`, "<li>Two pockets</li>"} {
		if !strings.Contains(h, good) {
			t.Errorf("sanitised HTML lost %q: %s", good, h)
		}
	}
	if text != "Waxed canvas bad care guide Two pockets Brass zip" {
		t.Errorf("plain text: %q", text)
	}
}

func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{"Kente & Clay": "kente-and-clay", "  Lagos Luggage Co. ": "lagos-luggage-co",
		"Ìmí": "m", "!!!": "store", strings.Repeat("a", 80): strings.Repeat("a", 60)} {
		if got := slugify(in); got != want {
			t.Errorf("slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCursorTamper(t *testing.T) {
	c := cursor{Sort: "newest", N: 1700000000000000, ID: "01a20e9e-2135-7105-912a-2f1aac66323f", F: 42}
	s := c.encode()
	got, err := decodeCursor(s, "newest", 42)
	if err != nil || *got != c {
		t.Fatalf("round trip: %+v %v", got, err)
	}
	for _, bad := range []struct {
		s, sort string
		fp      uint32
	}{{s, "price_asc", 42}, {s, "newest", 43}, {s[:len(s)-2], "newest", 42}, {"x" + s[1:], "newest", 42},
		{strings.Repeat("A", 600), "newest", 42}, {"not base64!", "newest", 42}} {
		if _, err := decodeCursor(bad.s, bad.sort, bad.fp); !apperr.Is(err, apperr.CodeValidation) {
			t.Errorf("cursor %q for %s/%d accepted: %v", bad.s, bad.sort, bad.fp, err)
		}
	}
}

func TestCheckVariants(t *testing.T) {
	opts := []Option{{Name: "Colour", Values: []string{"Indigo", "Sand"}}, {Name: "Size", Values: []string{"M", "L"}}}
	f := apperr.Fields{}
	titles := checkVariants(f, opts, []VariantInput{{Price: 100, Options: map[string]string{"Colour": "Sand", "Size": "L"}},
		{Price: 100, Options: map[string]string{"Colour": "Indigo", "Size": "M"}}}, false)
	if len(f) != 0 || titles[0] != "Sand / L" || titles[1] != "Indigo / M" {
		t.Fatalf("titles %v, fields %v", titles, f)
	}
	for _, vs := range [][]VariantInput{
		{{Price: 100, Options: map[string]string{"Colour": "Sand", "Size": "XL"}}},
		{{Price: 100, Options: map[string]string{"Colour": "Sand"}}},
		{{Price: 0, Options: map[string]string{"Colour": "Sand", "Size": "L"}}},
		{{Price: 100, Options: map[string]string{"Colour": "Sand", "Size": "L"}}, {Price: 200, Options: map[string]string{"Colour": "Sand", "Size": "L"}}},
	} {
		f := apperr.Fields{}
		checkVariants(f, opts, vs, false)
		if len(f) == 0 {
			t.Errorf("accepted %+v", vs)
		}
	}
	f = apperr.Fields{}
	checkVariants(f, nil, []VariantInput{{Price: 0}}, true)
	if len(f) != 0 {
		t.Errorf("price on request with price 0 refused: %v", f)
	}
}

func TestMergeLines(t *testing.T) {
	ls, err := merge([]StockLine{{"b", 2}, {"a", 1}, {"b", 3}})
	if err != nil || len(ls) != 2 || ls[0] != (StockLine{"a", 1}) || ls[1] != (StockLine{"b", 5}) {
		t.Fatalf("merge: %v %v", ls, err)
	}
	if _, err := merge([]StockLine{{"a", MaxLineQuantity}, {"a", 1}}); err == nil {
		t.Fatal("a variant's total above the maximum accepted")
	}
}

func TestTransitions(t *testing.T) {
	if canMove(StatusDraft, StatusRejected) || canMove(StatusArchived, StatusPublished) || !canMove(StatusPendingReview, StatusPublished) {
		t.Fatal("state machine")
	}
}
