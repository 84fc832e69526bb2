package seed

import (
	"context"
	"fmt"

	"sojourn/api/internal/app"
	"sojourn/api/internal/giftcards"
)

// gift is a demo gift card one demo account bought for another (kobo).
type gift struct {
	Key, From, To, ToName, Product, Message string
	Amount                                  int64
	// Redeemed: the recipient has added it to their wallet already.
	Redeemed bool
}

// Gifts give the demo traveller's "My gift cards", Received, something to
// show: a card from Kofi they added to their wallet, then one from Zainab
// waiting for them.
var Gifts = []gift{
	{Key: "seed:gift-from-kofi", From: "writer@example.com", To: "user@example.com", ToName: "Amara",
		Product: "Sojourn Travel Gift", Amount: 2500000, Redeemed: true,
		Message: "For the Accra trip we keep planning. Your turn to find the jollof spot!"},
	{Key: "seed:gift-from-zainab", From: "affiliate@example.com", To: "user@example.com", ToName: "Amara",
		Product: "Wellness Retreat", Amount: 2000000,
		Message: "Happy birthday, Amara! Book yourself a quiet weekend of yoga. You have earned it."},
}

// demoGifts buys the demo gifts from the givers' wallets (credited by
// demoWallets) and adds the redeemed ones to the recipient's wallet, through
// the gift-card service, each purchase under its own key: running it again
// finds the cards it made and changes nothing. It returns how many it made.
func demoGifts(ctx context.Context, a *app.App, ids map[string]string) (int, error) {
	made := 0
	for _, g := range Gifts {
		p, ok, err := a.GiftCards.ProductByName(ctx, g.Product)
		if err != nil || !ok {
			return made, fmt.Errorf("%s: product %q: %v (found %v)", g.Key, g.Product, err, ok)
		}
		amount := g.Amount
		res, err := a.GiftCards.Purchase(ctx, ids[g.From], g.Key, "", giftcards.PurchaseInput{ProductID: p.ID,
			Amount: &amount, RecipientEmail: g.To, RecipientName: g.ToName, Message: g.Message,
			PayWith: giftcards.PayWallet})
		if err != nil {
			return made, fmt.Errorf("%s: %w", g.Key, err)
		}
		if res.Card == nil || res.Card.Code == nil { // made by an earlier run
			continue
		}
		made++
		if g.Redeemed {
			if _, err := a.GiftCards.RedeemReceived(ctx, ids[g.To], res.Card.ID); err != nil {
				return made, fmt.Errorf("%s: add to the wallet: %w", g.Key, err)
			}
		}
	}
	return made, nil
}
