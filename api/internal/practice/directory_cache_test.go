package practice

import (
	"testing"
	"time"

	"sojourn/api/internal/platform/page"
)

func TestDirectoryCache(t *testing.T) {
	c := newDirCache()
	now := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return now }
	lo, hi := int64(100), int64(100)
	rating := 4.0
	cur := page.Cursor{Limit: 20}
	keys := map[string]bool{}
	for _, q := range []Search{
		{Kind: KindTherapist}, {Kind: KindCoach}, {Kind: KindTherapist, Language: "french"},
		{Kind: KindTherapist, Specialty: "french"}, {Kind: KindTherapist, MinPrice: &lo}, {Kind: KindTherapist, MaxPrice: &hi},
		{Kind: KindTherapist, MinRating: &rating}, {Kind: KindTherapist, AvailableWeek: true}, {Kind: KindTherapist, Format: FormatVideo},
		{Kind: KindTherapist, Q: "lagos"},
	} {
		k := dirKey(q, cur)
		if keys[k] {
			t.Fatalf("two different searches share the key %q", k)
		}
		keys[k] = true
	}
	after := page.Cursor{Limit: 20, After: &page.Key{CreatedAt: time.UnixMicro(5), ID: "x"}}
	if dirKey(Search{Kind: KindCoach}, after) == dirKey(Search{Kind: KindCoach}, cur) {
		t.Fatal("the cursor must be part of the key")
	}

	rows := []*providerRow{{ID: "a"}}
	c.put("k", rows)
	if got, ok := c.get("k"); !ok || got[0].ID != "a" {
		t.Fatal("a fresh entry is served")
	}
	now = now.Add(dirCacheTTL + time.Millisecond)
	if _, ok := c.get("k"); ok {
		t.Fatal("an entry older than the TTL is not served")
	}
	c.put("k", rows)
	c.dirty()
	if _, ok := c.get("k"); ok {
		t.Fatal("a write drops the cache")
	}
	for i := 0; i < dirCacheMax+5; i++ {
		c.put(string(rune('a'+i%26))+time.Duration(i).String(), rows)
	}
	if len(c.items) > dirCacheMax {
		t.Fatalf("the cache holds %d entries, more than %d", len(c.items), dirCacheMax)
	}
}
