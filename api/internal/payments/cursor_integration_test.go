package payments_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"sojourn/api/internal/money"
	"sojourn/api/internal/testkit"
)

// keysetPage is one page of a keyset list: the ids of its rows (top-level
// data, or data.lines for the earnings) and its meta.
type keysetPage struct {
	IDs        []string
	NextCursor *string
	Limit      int
}

func readKeyset(t *testing.T, e *testkit.Env, path, token string, q url.Values) keysetPage {
	t.Helper()
	var raw struct {
		Data json.RawMessage `json:"data"`
		Meta struct {
			NextCursor *string `json:"next_cursor"`
			Limit      int     `json:"limit"`
		} `json:"meta"`
	}
	e.Get(path+"?"+q.Encode(), token).Expect(http.StatusOK).JSON(&raw)
	var rows []struct {
		ID string `json:"id"`
	}
	if path == "/api/v1/earnings" {
		var d struct {
			Lines []struct {
				ID string `json:"id"`
			} `json:"lines"`
		}
		if err := json.Unmarshal(raw.Data, &d); err != nil {
			t.Fatal(err)
		}
		rows = d.Lines
	} else if err := json.Unmarshal(raw.Data, &rows); err != nil {
		t.Fatal(err)
	}
	p := keysetPage{NextCursor: raw.Meta.NextCursor, Limit: raw.Meta.Limit}
	for _, r := range rows {
		p.IDs = append(p.IDs, r.ID)
	}
	return p
}

// walkKeyset reads path two rows a page, calling insert after each page but
// the last, and checks the pages read are exactly want: rows inserted while
// paging are newer than every cursor, so none repeats, shows or is skipped.
func walkKeyset(t *testing.T, e *testkit.Env, path, token string, want []string, insert func()) {
	t.Helper()
	var got []string
	cursor := ""
	for page := 1; ; page++ {
		q := url.Values{"limit": {"2"}}
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		p := readKeyset(t, e, path, token, q)
		if len(p.IDs) > 2 || p.Limit != 2 {
			t.Fatalf("%s page %d: %d rows, limit %d", path, page, len(p.IDs), p.Limit)
		}
		got = append(got, p.IDs...)
		if p.NextCursor == nil {
			break
		}
		if page > 20 {
			t.Fatalf("%s: the cursor does not end", path)
		}
		cursor = *p.NextCursor
		insert()
	}
	if !slices.Equal(got, want) {
		t.Fatalf("%s paged %v, want %v", path, got, want)
	}
}

func allKeyset(t *testing.T, e *testkit.Env, path, token string) []string {
	t.Helper()
	p := readKeyset(t, e, path, token, url.Values{"limit": {"100"}})
	if p.NextCursor != nil || p.Limit != 100 {
		t.Fatalf("%s at limit 100: next %v, limit %d", path, p.NextCursor, p.Limit)
	}
	return p.IDs
}

// A provider's payouts and earning lines page by keyset: a payout or an
// earning made between two pages neither repeats nor hides a row; a cursor
// this API did not make, or a limit out of 1..100, is a 422 as on the wallet
// history.
func TestIntegrationPayoutsAndEarningsKeyset(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		v := e.Register("vendor@example.com", "vendor")
		e.GrantRole(v.UserID, "vendor")
		buyer := e.Register("buyer@example.com", "buyer")
		if _, err := e.App.Money.Adjust(ctx(), nil, money.Adjustment{Key: "seed", Reason: "test seed", ActorID: v.UserID,
			UserID: buyer.UserID, Account: money.KindWallet, Amount: 20_000_000}); err != nil {
			t.Fatal(err)
		}
		orders := 0
		earn := func() {
			t.Helper()
			orders++
			ref := money.Ref{Type: money.RefOrder, ID: fmt.Sprintf("order-%d", orders)}
			if _, err := e.App.Money.Hold(ctx(), nil, money.Hold{Key: "hold-" + ref.ID, Ref: ref, PayerID: buyer.UserID,
				Amount: 1_000_000, Pay: money.MethodWallet}); err != nil {
				t.Fatal(err)
			}
			if _, err := e.App.Money.Release(ctx(), nil, money.Release{Key: "release-" + ref.ID, Ref: ref,
				ProviderID: v.UserID, Amount: 1_000_000}); err != nil {
				t.Fatal(err)
			}
		}
		// Five earnings, the first two at the same instant (the id breaks
		// the tie), the rest a second apart.
		for i := range 5 {
			if i >= 2 {
				e.Clock.Advance(time.Second)
			}
			earn()
		}
		e.Clock.Advance(e.Config.RefundWindow + time.Hour)
		v = e.Login(v.Email, v.Password)
		lines := allKeyset(t, e, "/api/v1/earnings", v.AccessToken)
		if len(lines) != 5 {
			t.Fatalf("earning lines: %v", lines)
		}
		walkKeyset(t, e, "/api/v1/earnings", v.AccessToken, lines, func() {
			e.Clock.Advance(time.Second)
			earn()
		})
		if all := allKeyset(t, e, "/api/v1/earnings", v.AccessToken); len(all) != orders ||
			!slices.Equal(all[orders-5:], lines) {
			t.Fatalf("earning lines after the walk: %v", all)
		}
		// The balances are the same on every page of lines.
		first, second := earnings(t, e, v.AccessToken), earningsBody{}
		p := readKeyset(t, e, "/api/v1/earnings", v.AccessToken, url.Values{"limit": {"1"}})
		e.Get("/api/v1/earnings?cursor="+url.QueryEscape(*p.NextCursor), v.AccessToken).Expect(http.StatusOK).
			JSON(&second)
		if first.Data.Available != second.Data.Available || first.Data.Pending != second.Data.Pending ||
			len(second.Data.Lines) != orders-1 {
			t.Fatalf("second page of lines: %+v, first %+v", second.Data, first.Data)
		}

		// Payouts.
		e.Post("/api/v1/payout-accounts", v.AccessToken, map[string]any{"bank_code": firstBank(t, e, v.AccessToken),
			"account_number": "0123456789", "account_name": "Vendor Ventures"}).Expect(http.StatusCreated)
		payout := func() {
			t.Helper()
			e.Post("/api/v1/payouts", v.AccessToken, map[string]any{"amount": e.Config.MinPayout}).
				Expect(http.StatusCreated)
			e.Paystack.Wait()
		}
		for i := range 5 {
			if i >= 2 {
				e.Clock.Advance(time.Second)
			}
			payout()
		}
		v = e.Login(v.Email, v.Password)
		payouts := allKeyset(t, e, "/api/v1/payouts", v.AccessToken)
		if len(payouts) != 5 {
			t.Fatalf("payouts: %v", payouts)
		}
		extra := 0
		walkKeyset(t, e, "/api/v1/payouts", v.AccessToken, payouts, func() {
			e.Clock.Advance(time.Second)
			payout()
			extra++
		})
		if all := allKeyset(t, e, "/api/v1/payouts", v.AccessToken); len(all) != 5+extra ||
			!slices.Equal(all[extra:], payouts) {
			t.Fatalf("payouts after the walk: %v", all)
		}
		// Another user's cursor starts only their own (empty) list.
		buyer = e.Login(buyer.Email, buyer.Password)
		pp := readKeyset(t, e, "/api/v1/payouts", v.AccessToken, url.Values{"limit": {"1"}})
		if got := readKeyset(t, e, "/api/v1/payouts", buyer.AccessToken, url.Values{"cursor": {*pp.NextCursor}}); len(got.IDs) != 0 {
			t.Fatalf("the buyer reads the vendor's payouts: %v", got.IDs)
		}

		for _, path := range []string{"/api/v1/payouts", "/api/v1/earnings"} {
			for _, q := range []string{"cursor=bogus", "cursor=AQAAAAAAAAAAYWJj", "limit=0", "limit=101", "limit=x"} {
				if code := e.Get(path+"?"+q, v.AccessToken).Expect(http.StatusUnprocessableEntity).ErrCode(); code != "validation_failed" {
					t.Fatalf("%s?%s: %s", path, q, code)
				}
			}
		}
		if r, err := e.App.Money.Verify(ctx()); err != nil || !r.Clean() {
			t.Fatalf("ledger: %+v %v", r, err)
		}
	})
}
