package seed

import (
	"context"
	"fmt"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/stays"
)

// demoStayCredit tops the demo traveller's wallet up for hotel stays (a
// Paystack top-up, as the wallet screen would make it), so the stay below
// and the hotel flows in the portal can be paid from the wallet.
const demoStayCredit = 3_000_000_00

// demoStays books user@example.com an upcoming stay through the hotel
// supplier's sandbox: two nights in Accra three weeks from now, the
// cheapest room with free cancellation, paid from the wallet and
// confirmed. Idempotent: nothing is done when the traveller has a stay.
func demoStays(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	uid := ids["user@example.com"]
	if have, _, err := a.Stays.MyStays(ctx, uid, page.Cursor{Limit: 1}); err != nil || len(have) > 0 {
		return "demo stays: already there\n", err
	}
	if _, err := a.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "seed:stays-credit", UserID: uid,
		Amount: demoStayCredit, Currency: "NGN", Reference: "PSK-SEED-STAYS"}); err != nil {
		return "", fmt.Errorf("stay credit: %w", err)
	}
	in := time.Now().UTC().AddDate(0, 0, 21).Format(time.DateOnly)
	out := time.Now().UTC().AddDate(0, 0, 23).Format(time.DateOnly)
	res, err := a.Stays.Search(ctx, stays.SearchInput{City: "Accra", CheckIn: in, CheckOut: out, Rooms: 1, Adults: 2,
		FreeCancellation: true})
	if err != nil {
		return "", fmt.Errorf("stay search: %w", err)
	}
	for _, card := range res.Data {
		p, err := a.Stays.Property(ctx, card.ID, in, out, 1, 2)
		if err != nil {
			continue
		}
		var rate *stays.Rate
		for _, room := range p.RoomTypes {
			for i, r := range room.Rates {
				if r.Refundable && (rate == nil || r.Price.Amount < rate.Price.Amount) {
					rate = &room.Rates[i]
				}
			}
		}
		if rate == nil {
			continue
		}
		q, err := a.Stays.Quote(ctx, uid, stays.QuoteInput{RateID: rate.ID, SeenPrice: rate.Price.Amount})
		if err != nil {
			continue
		}
		if _, err := a.Stays.Pay(ctx, uid, q.ID, stays.PayInput{PayWith: stays.PayWallet, AcceptedPrice: q.Price.Amount,
			Guests: []stays.Guest{{GivenName: "Amara", FamilyName: "Okafor"}}, Email: "user@example.com",
			Phone: "+234 803 555 0142"}); err != nil {
			return "", fmt.Errorf("stay payment: %w", err)
		}
		if err := a.Stays.Book(ctx, q.ID, true); err != nil {
			return "", fmt.Errorf("stay booking: %w", err)
		}
		return fmt.Sprintf("demo stays: %s in Accra, %s to %s, booked for user@example.com\n", p.Name, in, out), nil
	}
	return "", fmt.Errorf("demo stays: no room with free cancellation in Accra for %s to %s", in, out)
}
