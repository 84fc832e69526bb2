package seed_test

import (
	"context"
	"net/http"
	"testing"

	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

func checkDemoSeedGiftCardProducts(t *testing.T, e *testkit.Env) {
	var list struct {
		Data []struct {
			Name          string  `json:"name"`
			ImageURL      *string `json:"image_url"`
			AmountType    string  `json:"amount_type"`
			Denominations []int64 `json:"denominations"`
			MinAmount     *int64  `json:"min_amount"`
			MaxAmount     *int64  `json:"max_amount"`
		} `json:"data"`
		Meta struct {
			Total int `json:"total"`
		} `json:"meta"`
	}
	e.Get("/api/v1/gift-cards/products", "").Expect(http.StatusOK).JSON(&list)
	if list.Meta.Total != len(seed.GiftCards) || len(seed.GiftCards) != 3 {
		t.Fatalf("want 3 products once, got %d", list.Meta.Total)
	}
	// No generated gradient images: the portals draw each card's artwork (mark, name and value).
	for _, p := range list.Data {
		if p.ImageURL != nil {
			t.Fatalf("%s has a seeded image %s; the portals draw the design", p.Name, *p.ImageURL)
		}
	}
	w := list.Data[1]
	if w.Name != "Wellness Retreat" || w.AmountType != "custom" || *w.MinAmount != 500000 || *w.MaxAmount != 20000000 {
		t.Fatalf("wellness: %+v", w)
	}
	if g := list.Data[0]; g.AmountType != "fixed" || len(g.Denominations) != 3 {
		t.Fatalf("travel gift: %+v", g)
	}
}

// The demo traveller's received gift cards: one from Zainab waiting to be
// added to the wallet, one from Kofi already added; running the seed again
// buys nothing more, and the ledger verifies clean.
func checkDemoSeedReceivedGiftCards(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	s := e.Login("user@example.com", seed.DemoPassword)
	var list struct {
		Data []struct {
			Status   string `json:"status"`
			Message  string `json:"message"`
			CanRedem bool   `json:"can_redeem"`
			Redeemed bool   `json:"redeemed_by_you"`
			Product  struct {
				Name string `json:"name"`
			} `json:"product"`
			From *struct {
				Username    string `json:"username"`
				DisplayName string `json:"display_name"`
			} `json:"from"`
		} `json:"data"`
	}
	e.Get("/api/v1/gift-cards/received", s.AccessToken).Expect(http.StatusOK).JSON(&list)
	if len(list.Data) != 2 {
		t.Fatalf("received: %+v", list.Data)
	}
	w, r := list.Data[0], list.Data[1]
	if w.Status != "active" || !w.CanRedem || w.Product.Name != "Wellness Retreat" || w.From == nil ||
		w.From.DisplayName != "Zainab Bello" || w.Message == "" {
		t.Fatalf("waiting card: %+v", w)
	}
	if r.Status != "redeemed" || !r.Redeemed || r.CanRedem || r.From == nil || r.From.Username != "kofi.writes" {
		t.Fatalf("redeemed card: %+v", r)
	}
	rep, err := e.App.Money.Verify(ctx)
	if err != nil || !rep.Clean() {
		t.Fatalf("ledger verify after the demo seed: %+v %v", rep, err)
	}
}
