package wallet_test

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/testkit"
)

// walk follows next_cursor from the first page of query (limit per page)
// and returns every row and the number of pages read.
func walk(t *testing.T, e *testkit.Env, token, query string, limit int) ([]txn, int) {
	t.Helper()
	var all []txn
	cursor := ""
	for pages := 1; ; pages++ {
		if pages > 1000 {
			t.Fatal("the cursor never ended")
		}
		path := "/api/v1/wallet/transactions?limit=" + strconv.Itoa(limit) + "&" + query
		if cursor != "" {
			path += "&cursor=" + url.QueryEscape(cursor)
		}
		var l txnList
		e.Get(path, token).Expect(http.StatusOK).JSON(&l)
		if l.Meta.Limit != limit || len(l.Data) > limit {
			t.Fatalf("page %d: %d rows, meta %+v", pages, len(l.Data), l.Meta)
		}
		all = append(all, l.Data...)
		if l.Meta.NextCursor == nil {
			return all, pages
		}
		if len(l.Data) != limit {
			t.Fatalf("page %d: a short page (%d rows) with a next cursor", pages, len(l.Data))
		}
		cursor = *l.Meta.NextCursor
	}
}

// newestFirst fails unless rows are strictly ordered by (created_at, id)
// descending and none repeats.
func newestFirst(t *testing.T, rows []txn) {
	t.Helper()
	seen := map[string]bool{}
	for i, r := range rows {
		if seen[r.ID] {
			t.Fatalf("row %s twice", r.ID)
		}
		seen[r.ID] = true
		if i == 0 {
			continue
		}
		p := rows[i-1]
		if p.CreatedAt.Before(r.CreatedAt) || (p.CreatedAt.Equal(r.CreatedAt) && p.ID <= r.ID) {
			t.Fatalf("rows %d and %d out of order: %s %s, then %s %s", i-1, i, p.CreatedAt, p.ID, r.CreatedAt, r.ID)
		}
	}
}

func rowIDs(rows []txn) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.ID
	}
	return out
}

func sameIDs(t *testing.T, what string, got, want []txn) {
	t.Helper()
	g, w := rowIDs(got), rowIDs(want)
	if len(g) != len(w) {
		t.Fatalf("%s: %d rows, want %d", what, len(g), len(w))
	}
	for i := range g {
		if g[i] != w[i] {
			t.Fatalf("%s: row %d is %s, want %s", what, i, g[i], w[i])
		}
	}
}

func TestIntegrationHistoryCursor(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := e.Register("ada@example.com", "ada")
		bola := e.Register("bola@example.com", "bola")
		e.Post("/api/v1/wallet", ada.AccessToken, nil).Expect(http.StatusCreated)
		seed(t, e, ada.UserID, 1_000_000)
		// 23 transfers: runs of them share a created_at (the clock moves every
		// fourth), so pages split ties that only the id orders.
		for i := range 23 {
			if i%4 == 3 {
				e.Clock.Advance(time.Second)
			}
			to, token := "bola", ada.AccessToken
			if i%3 == 2 {
				to, token = "ada", bola.AccessToken
			}
			e.Post("/api/v1/wallet/transfers", token, map[string]any{"to": to, "amount": 100 + i}).
				Expect(http.StatusCreated)
		}
		var full txnList
		e.Get("/api/v1/wallet/transactions?limit=100", ada.AccessToken).Expect(http.StatusOK).JSON(&full)
		if len(full.Data) != 24 || full.Meta.NextCursor != nil || full.Meta.Limit != 100 {
			t.Fatalf("the whole history: %d rows, meta %+v", len(full.Data), full.Meta)
		}
		newestFirst(t, full.Data)

		// Every row exactly once, in order, whatever the page size; an exact
		// multiple of the limit ends without an empty extra page.
		for _, limit := range []int{1, 2, 5, 7, 12, 24} {
			rows, pages := walk(t, e, ada.AccessToken, "", limit)
			sameIDs(t, "limit "+strconv.Itoa(limit), rows, full.Data)
			if want := (24 + limit - 1) / limit; pages != want {
				t.Fatalf("limit %d: %d pages, want %d", limit, pages, want)
			}
		}
		var def txnList
		e.Get("/api/v1/wallet/transactions", ada.AccessToken).Expect(http.StatusOK).JSON(&def)
		if len(def.Data) != 20 || def.Meta.Limit != 20 || def.Meta.NextCursor == nil {
			t.Fatalf("the default page: %d rows, meta %+v", len(def.Data), def.Meta)
		}
		sameIDs(t, "default page", def.Data, full.Data[:20])

		// Filters combine with the cursor: each page holds only matching rows
		// and the walk is the filtered list.
		var debits txnList
		e.Get("/api/v1/wallet/transactions?limit=100&direction=debit", ada.AccessToken).Expect(http.StatusOK).
			JSON(&debits)
		if len(debits.Data) != 16 {
			t.Fatalf("%d debits, want 16", len(debits.Data))
		}
		rows, _ := walk(t, e, ada.AccessToken, "direction=debit", 4)
		sameIDs(t, "debits by 4", rows, debits.Data)
		rows, _ = walk(t, e, ada.AccessToken, "type=transfer_in&status=completed", 3)
		if len(rows) != 7 {
			t.Fatalf("%d transfers in, want 7", len(rows))
		}
		for _, r := range rows {
			if r.Type != "transfer_in" {
				t.Fatalf("a %s row under type=transfer_in", r.Type)
			}
		}
		newestFirst(t, rows)
		from := full.Data[10].CreatedAt.Format(time.RFC3339Nano)
		rows, _ = walk(t, e, ada.AccessToken, "from="+url.QueryEscape(from), 2)
		for _, r := range rows {
			if r.CreatedAt.Before(full.Data[10].CreatedAt) {
				t.Fatalf("a row from %s under from=%s", r.CreatedAt, from)
			}
		}
		if len(rows) < 11 {
			t.Fatalf("from=%s: %d rows", from, len(rows))
		}

		// Stable under inserts: rows arriving between page reads neither shift
		// nor repeat the pages after the cursor.
		var first txnList
		e.Get("/api/v1/wallet/transactions?limit=5", ada.AccessToken).Expect(http.StatusOK).JSON(&first)
		got := append([]txn{}, first.Data...)
		cursor := *first.Meta.NextCursor
		inserted := 0
		for {
			e.Clock.Advance(time.Second)
			inserted++
			e.Post("/api/v1/wallet/transfers", ada.AccessToken, map[string]any{"to": "bola", "amount": 7}).
				Expect(http.StatusCreated)
			var l txnList
			e.Get("/api/v1/wallet/transactions?limit=5&cursor="+url.QueryEscape(cursor), ada.AccessToken).
				Expect(http.StatusOK).JSON(&l)
			got = append(got, l.Data...)
			if l.Meta.NextCursor == nil {
				break
			}
			cursor = *l.Meta.NextCursor
		}
		sameIDs(t, "read while transfers arrive", got, full.Data)
		after, _ := walk(t, e, ada.AccessToken, "", 100)
		if inserted != 4 || len(after) != 24+inserted {
			t.Fatalf("%d rows after %d inserts, want %d", len(after), inserted, 24+inserted)
		}
		newestFirst(t, after)

		// A cursor only says where to start: another user's cursor starts the
		// caller's own list there and shows nothing of the other user.
		var theirs txnList
		e.Get("/api/v1/wallet/transactions?limit=3&cursor="+url.QueryEscape(*def.Meta.NextCursor), bola.AccessToken).
			Expect(http.StatusOK).JSON(&theirs)
		for _, r := range theirs.Data {
			if r.Type != "transfer_in" && r.Type != "transfer_out" || r.Counterparty == nil ||
				r.Counterparty.Username != "ada" {
				t.Fatalf("bola's list shows %+v", r)
			}
		}

		// Bad cursors and limits are 422 naming the field, never a 5xx.
		valid := *def.Meta.NextCursor
		raw, err := base64.RawURLEncoding.DecodeString(valid)
		if err != nil {
			t.Fatal(err)
		}
		flipped := append([]byte{}, raw...)
		flipped[5] ^= 0x01
		version := append([]byte{}, raw...)
		version[0] = 2
		for _, c := range []string{"abc", "!!!", "null", valid[:len(valid)-2], valid + "AA",
			base64.RawURLEncoding.EncodeToString(flipped), base64.RawURLEncoding.EncodeToString(version),
			base64.RawURLEncoding.EncodeToString([]byte("1234567890123456")), string(make([]byte, 300))} {
			res := e.Get("/api/v1/wallet/transactions?cursor="+url.QueryEscape(c), ada.AccessToken)
			res.Expect(http.StatusUnprocessableEntity)
			if f, _ := res.Map()["error"].(map[string]any)["fields"].(map[string]any); f["cursor"] == nil {
				t.Fatalf("cursor %q: %s", c, res.Body)
			}
		}
		for _, l := range []string{"0", "-1", "101", "x", "1.5", "99999999999999999999"} {
			res := e.Get("/api/v1/wallet/transactions?limit="+l, ada.AccessToken)
			res.Expect(http.StatusUnprocessableEntity)
			if f, _ := res.Map()["error"].(map[string]any)["fields"].(map[string]any); f["limit"] == nil {
				t.Fatalf("limit %s: %s", l, res.Body)
			}
		}
		e.Get("/api/v1/wallet/transactions?limit=100&cursor="+url.QueryEscape(valid), ada.AccessToken).
			Expect(http.StatusOK)
		// A well-formed cursor past the oldest row is an empty last page.
		old := page.Key{CreatedAt: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), ID: "x"}.Encode()
		var none txnList
		e.Get("/api/v1/wallet/transactions?cursor="+old, ada.AccessToken).Expect(http.StatusOK).JSON(&none)
		if len(none.Data) != 0 || none.Meta.NextCursor != nil {
			t.Fatalf("past the end: %+v", none)
		}
		verify(t, e)
	})
}
