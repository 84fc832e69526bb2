package seed

import (
	"context"
	"fmt"

	"sojourn/api/internal/app"
	"sojourn/api/internal/money"
)

// credit is a welcome credit from Sojourn to a demo account (kobo).
type credit struct {
	Email  string
	Amount int64
	Reason string
}

// transfer is one demo wallet transfer between two demo accounts (kobo).
type transfer struct {
	From, To string
	Amount   int64
	Note     string
}

// Credits start the demo wallets: real admin adjustments, each with its reason.
var Credits = []credit{
	{"user@example.com", 25000000, "Welcome credit for Sojourn's early members"},
	{"affiliate@example.com", 8000000, "Welcome credit for Sojourn's early members"},
	{"writer@example.com", 6000000, "Welcome credit for Sojourn's early members"},
}

// Transfers give the demo traveller a history worth paging through (more than
// one page of 20): trips and dinners shared with friends, in both directions.
var Transfers = func() []transfer {
	const me, zee, kofi = "user@example.com", "affiliate@example.com", "writer@example.com"
	notes := []struct {
		from, to string
		amount   int64
		note     string
	}{
		{me, zee, 1850000, "My half of the Lekki beach house"},
		{zee, me, 450000, "Suya and drinks on Friday"},
		{me, kofi, 1200000, "Accra city break: hotel share"},
		{kofi, me, 300000, "Taxi from Kotoka airport"},
		{me, zee, 250000, "Yoga class pass"},
		{zee, me, 1500000, "Obudu cabin deposit, paid back"},
		{me, kofi, 600000, "Concert tickets"},
		{kofi, me, 220000, "Coffee beans from Kumasi"},
		{me, zee, 980000, "Boat to Tarkwa Bay"},
		{zee, me, 175000, "Jollof cook-off ingredients"},
		{me, kofi, 420000, "Birthday dinner, my share"},
		{kofi, me, 800000, "Camera lens, second hand"},
		{me, zee, 300000, "Art market: the two prints"},
		{zee, me, 640000, "Flight seat upgrade, split"},
		{me, kofi, 150000, "Book club snacks"},
		{kofi, me, 260000, "Museum passes"},
		{me, zee, 720000, "Spa day at Eko"},
		{zee, me, 90000, "Parking at the mall"},
		{me, kofi, 1100000, "Wine tasting weekend"},
		{kofi, me, 330000, "Dinner at Nok"},
		{me, zee, 410000, "Cinema and popcorn"},
		{zee, me, 1250000, "Cape Town flights, refund of my share"},
		{me, kofi, 275000, "Fabric for the wedding outfits"},
		{kofi, me, 560000, "Drone rental"},
	}
	out := make([]transfer, len(notes))
	for i, n := range notes {
		out[i] = transfer{From: n.from, To: n.to, Amount: n.amount, Note: n.note}
	}
	return out
}()

// demoWallets activates the demo traveller's and friends' wallets, credits
// them and plays the demo transfers, all through the money service with a
// key per movement, so running it again moves nothing. It returns how many
// movements were new.
func demoWallets(ctx context.Context, a *app.App, ids map[string]string) (int, error) {
	admin := ids["admin@example.com"]
	made := 0
	for _, c := range Credits {
		uid := ids[c.Email]
		if _, _, err := a.Money.Activate(ctx, nil, uid, "NGN"); err != nil {
			return made, fmt.Errorf("activate %s: %w", c.Email, err)
		}
		res, err := a.Money.Adjust(ctx, nil, money.Adjustment{Key: "demo:credit:" + c.Email, Reason: c.Reason,
			ActorID: admin, UserID: uid, Account: money.KindWallet, Amount: c.Amount, Currency: "NGN"})
		if err != nil {
			return made, fmt.Errorf("credit %s: %w", c.Email, err)
		}
		if !res.Replayed {
			made++
		}
	}
	for i, t := range Transfers {
		res, err := a.Money.Transfer(ctx, nil, money.Transfer{Key: fmt.Sprintf("demo:transfer:%d", i),
			Reason: "Transfer to " + usernameOf(t.To), FromID: ids[t.From], ToID: ids[t.To], Amount: t.Amount, Currency: "NGN", Note: t.Note})
		if err != nil {
			return made, fmt.Errorf("transfer %d (%s to %s): %w", i, t.From, t.To, err)
		}
		if !res.Replayed {
			made++
		}
	}
	return made, nil
}

func usernameOf(email string) string {
	for _, p := range People {
		if p.Email == email {
			return p.Username
		}
	}
	return email
}
