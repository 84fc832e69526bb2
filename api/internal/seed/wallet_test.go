package seed_test

import (
	"context"
	"net/url"
	"testing"

	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

// The demo traveller's wallet has a history of more than one page, reached by
// following next_cursor; running the seed again moves nothing, and the ledger
// verifies clean.
func checkDemoWalletHistory(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	s := e.Login("user@example.com", seed.DemoPassword)
	var mine int
	for _, tr := range seed.Transfers {
		if tr.From == "user@example.com" || tr.To == "user@example.com" {
			mine++
		}
	}
	want := mine + 1 // and the welcome credit (other demo data may add more)
	got, pages, cursor := 0, 0, ""
	seen := map[any]bool{}
	for {
		var body struct {
			Data []map[string]any `json:"data"`
			Meta struct {
				NextCursor *string `json:"next_cursor"`
			} `json:"meta"`
		}
		e.Get("/api/v1/wallet/transactions?limit=20&cursor="+url.QueryEscape(cursor), s.AccessToken).Expect(200).JSON(&body)
		got += len(body.Data)
		for _, row := range body.Data {
			if seen[row["id"]] {
				t.Fatalf("transaction %v shown on two pages", row["id"])
			}
			seen[row["id"]] = true
		}
		pages++
		if body.Meta.NextCursor == nil {
			break
		}
		cursor = *body.Meta.NextCursor
	}
	if got < want || pages < 2 {
		t.Fatalf("the demo history has %d rows on %d pages, want at least %d rows on more than one page", got, pages, want)
	}
	rep, err := e.App.Money.Verify(ctx)
	if err != nil || !rep.Clean() {
		t.Fatalf("ledger verify after the demo seed: %+v %v", rep, err)
	}
}
