package giftcards_test

import (
	"net/http"
	"testing"

	"sojourn/api/internal/testkit"
)

// "My gift cards" reads the cards one bought (GET /purchased) and the cards
// one received and redeemed (GET /received), each with its product and state.
func TestIntegrationGiftCardsReceived(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada) // gift mail goes out in a verified sender's name
		bola := e.Register("bola@example.com", "bola")
		p := travelGift(t, e, admin.AccessToken)
		fund(t, e, ada.UserID, 3000000)

		var pb purchaseBody
		buy(e, ada.AccessToken, p.ID, 1000000, "bola@example.com", nil).Expect(http.StatusCreated).JSON(&pb)
		var none cardList
		e.Get("/api/v1/gift-cards/received", bola.AccessToken).Expect(http.StatusOK).JSON(&none)
		if none.Meta.NextCursor != nil || len(none.Data) != 0 {
			t.Fatalf("received before redeeming: %+v", none)
		}
		e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, map[string]any{"code": *pb.Data.Card.Code}).
			Expect(http.StatusOK)

		var got cardList
		e.Get("/api/v1/gift-cards/received", bola.AccessToken).Expect(http.StatusOK).JSON(&got)
		if got.Meta.NextCursor != nil || len(got.Data) != 1 {
			t.Fatalf("received: %+v", got)
		}
		c := got.Data[0]
		if c.ID != pb.Data.Card.ID || c.Status != "redeemed" || c.Product.Name != "Sojourn Travel Gift" ||
			c.Amount != 1000000 || c.Code != nil || c.CodeLast4 == "" {
			t.Fatalf("received card: %+v", c)
		}
		// The buyer did not receive it; they bought it, and see it redeemed there.
		var mine cardList
		e.Get("/api/v1/gift-cards/received", ada.AccessToken).Expect(http.StatusOK).JSON(&mine)
		if len(mine.Data) != 0 {
			t.Fatalf("buyer's received: %+v", mine)
		}
		var bought cardList
		e.Get("/api/v1/gift-cards/purchased", ada.AccessToken).Expect(http.StatusOK).JSON(&bought)
		if len(bought.Data) != 1 || bought.Data[0].Status != "redeemed" {
			t.Fatalf("buyer's purchased: %+v", bought)
		}
		e.Get("/api/v1/gift-cards/received", "").Expect(http.StatusUnauthorized)
		verify(t, e)
	})
}
