package giftcards_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"sojourn/api/internal/testkit"
)

// cardIDs reads a whole keyset list at once (limit 100) and names its cards
// in order.
func cardIDs(t *testing.T, e *testkit.Env, path, token string) []string {
	t.Helper()
	var l cardList
	e.Get(path+"?limit=100", token).Expect(http.StatusOK).JSON(&l)
	if l.Meta.NextCursor != nil || l.Meta.Limit != 100 {
		t.Fatalf("%s at limit 100: %+v", path, l.Meta)
	}
	out := make([]string, 0, len(l.Data))
	for _, c := range l.Data {
		out = append(out, c.ID)
	}
	return out
}

// walkCards reads path two cards a page, calling between(page) after each
// page but the last, and names the cards in the order read.
func walkCards(t *testing.T, e *testkit.Env, path, token string, between func(page int)) []string {
	t.Helper()
	var got []string
	cursor := ""
	for page := 1; ; page++ {
		q := url.Values{"limit": {"2"}}
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		var l cardList
		e.Get(path+"?"+q.Encode(), token).Expect(http.StatusOK).JSON(&l)
		if len(l.Data) > 2 || l.Meta.Limit != 2 {
			t.Fatalf("%s page %d: %d cards, meta %+v", path, page, len(l.Data), l.Meta)
		}
		for _, c := range l.Data {
			got = append(got, c.ID)
		}
		if l.Meta.NextCursor == nil {
			return got
		}
		if page > 20 {
			t.Fatalf("%s: the cursor does not end", path)
		}
		cursor = *l.Meta.NextCursor
		between(page)
	}
}

// badCursors answer 422 naming the parameter, as the wallet history does.
func badCursors(t *testing.T, e *testkit.Env, path, token string) {
	t.Helper()
	for _, q := range []string{"cursor=bogus", "cursor=AQAAAAAAAAAAYWJj", "limit=0", "limit=101", "limit=x"} {
		if f := e.Get(path+"?"+q, token).Expect(http.StatusUnprocessableEntity).ErrCode(); f != "validation_failed" {
			t.Fatalf("%s?%s: %s", path, q, f)
		}
	}
}

// Both "My gift cards" lists page by keyset: a card bought or redeemed
// between two pages neither repeats nor hides a card on the next page. While
// Bola's address is unverified the received list is the cards Bola redeemed,
// by redemption time, not purchase time; once it is verified, every card
// addressed to it, by issue time.
func TestIntegrationGiftCardListsKeyset(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		bola := e.Register("bola@example.com", "bola")
		bolaToken := e.TokenFromMail(bola.Email)
		p := travelGift(t, e, admin.AccessToken)
		fund(t, e, ada.UserID, 20_000_000)

		// Six cards for Bola (a sender may send 10 a day); the first two at the same instant (the id
		// breaks the tie), the rest a second apart.
		var codes []string
		for i := range 6 {
			if i >= 2 {
				e.Clock.Advance(time.Second)
			}
			var pb purchaseBody
			buy(e, ada.AccessToken, p.ID, 1000000, "bola@example.com", nil).Expect(http.StatusCreated).JSON(&pb)
			codes = append(codes, *pb.Data.Card.Code)
		}
		ada = e.Login(ada.Email, ada.Password)
		bought := cardIDs(t, e, "/api/v1/gift-cards/purchased", ada.AccessToken)
		if len(bought) != 6 {
			t.Fatalf("bought %d", len(bought))
		}
		extra := 0
		got := walkCards(t, e, "/api/v1/gift-cards/purchased", ada.AccessToken, func(int) {
			e.Clock.Advance(time.Second)
			buy(e, ada.AccessToken, p.ID, 1000000, "bola@example.com", nil).Expect(http.StatusCreated)
			extra++
		})
		if !slices.Equal(got, bought) {
			t.Fatalf("paged purchased %v, want %v", got, bought)
		}
		if all := cardIDs(t, e, "/api/v1/gift-cards/purchased", ada.AccessToken); len(all) != 6+extra ||
			!slices.Equal(all[extra:], bought) {
			t.Fatalf("after the walk: %d cards, %v", len(all), all)
		}

		// Bola redeems them oldest purchase last: the received list is newest
		// redemption first, so the order is the purchase order reversed.
		for i := 5; i >= 0; i-- {
			if i != 5 {
				e.Clock.Advance(time.Second)
			}
			e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, map[string]any{"code": codes[i]}).Expect(http.StatusOK)
		}
		bola = e.Login(bola.Email, bola.Password)
		received := cardIDs(t, e, "/api/v1/gift-cards/received", bola.AccessToken)
		want := slices.Clone(bought)
		slices.Reverse(want)
		if !slices.Equal(received, want) {
			t.Fatalf("received %v, want %v", received, want)
		}
		// A card redeemed between two pages is newer than every cursor.
		var more purchaseBody
		buy(e, ada.AccessToken, p.ID, 1000000, "bola@example.com", nil).Expect(http.StatusCreated).JSON(&more)
		got = walkCards(t, e, "/api/v1/gift-cards/received", bola.AccessToken, func(page int) {
			if page == 1 {
				e.Clock.Advance(time.Second)
				e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, map[string]any{"code": *more.Data.Card.Code}).
					Expect(http.StatusOK)
			}
		})
		if !slices.Equal(got, received) {
			t.Fatalf("paged received %v, want %v", got, received)
		}
		if all := cardIDs(t, e, "/api/v1/gift-cards/received", bola.AccessToken); len(all) != 7 || all[0] != more.Data.Card.ID {
			t.Fatalf("received after the walk: %v", all)
		}

		// A cursor is the caller's own list's: Ada's purchased cursor starts
		// nobody else's list anywhere they cannot see.
		var l cardList
		e.Get("/api/v1/gift-cards/purchased?limit=1", ada.AccessToken).Expect(http.StatusOK).JSON(&l)
		var other cardList
		e.Get("/api/v1/gift-cards/purchased?cursor="+url.QueryEscape(*l.Meta.NextCursor), bola.AccessToken).
			Expect(http.StatusOK).JSON(&other)
		if len(other.Data) != 0 {
			t.Fatalf("bola reads ada's cards: %+v", other.Data)
		}
		badCursors(t, e, "/api/v1/gift-cards/purchased", ada.AccessToken)
		badCursors(t, e, "/api/v1/gift-cards/received", bola.AccessToken)

		// Verified, Bola receives every card addressed to bola@example.com, the two never
		// redeemed included, when it was issued: the buyer's purchased order.
		e.Post("/api/auth/verify-email", "", map[string]any{"token": bolaToken}).Expect(http.StatusOK)
		all := cardIDs(t, e, "/api/v1/gift-cards/purchased", ada.AccessToken)
		if got := cardIDs(t, e, "/api/v1/gift-cards/received", bola.AccessToken); len(got) != 9 || !slices.Equal(got, all) {
			t.Fatalf("verified received %v, want %v", got, all)
		}
		if got := walkCards(t, e, "/api/v1/gift-cards/received", bola.AccessToken, func(int) {}); !slices.Equal(got, all) {
			t.Fatalf("verified received by pages %v, want %v", got, all)
		}
		verify(t, e)
	})
}

// The received list is two lists in one: cards addressed to Bola, received
// when issued, and cards addressed to Carol that Bola redeemed with their
// codes, received when redeemed. Read two a page, they come newest first by
// that time (the id breaks a tie), each once; a card issued or redeemed
// between two pages is newer than the cursor and neither repeats nor hides
// one; adding a card to the wallet does not move it.
func TestIntegrationGiftCardReceivedKeysetMixed(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		bola := e.Register("bola@example.com", "bola")
		e.VerifyEmail(bola)
		p := travelGift(t, e, admin.AccessToken)
		fund(t, e, ada.UserID, 20_000_000)

		type got struct {
			id string
			at time.Time
		}
		var want []got
		buyFor := func(to string) purchaseBody {
			var pb purchaseBody
			buy(e, ada.AccessToken, p.ID, 1000000, to, nil).Expect(http.StatusCreated).JSON(&pb)
			return pb
		}
		addressed := func() string { // a card for Bola, received now
			pb := buyFor("bola@example.com")
			want = append(want, got{pb.Data.Card.ID, e.Clock.Now()})
			return pb.Data.Card.ID
		}
		redeemed := func(pb purchaseBody) { // Carol's card, which Bola redeems now
			e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, map[string]any{"code": *pb.Data.Card.Code}).
				Expect(http.StatusOK)
			want = append(want, got{pb.Data.Card.ID, e.Clock.Now()})
		}
		tick := func() { e.Clock.Advance(time.Second) }

		a1 := addressed()
		tick()
		x1 := buyFor("carol@example.com")
		tick()
		a2 := addressed()
		tick()
		redeemed(x1)
		tick()
		x2 := buyFor("carol@example.com")
		tick()
		addressed()
		tick()
		redeemed(x2)
		tick()
		x3 := buyFor("carol@example.com")
		addressed()
		redeemed(x3) // the same instant as the card before it: the id decides
		tick()
		// Adding a card to the wallet later does not move it: it was received when issued.
		addToWallet(e, bola.AccessToken, a2, "").Expect(http.StatusOK)
		tick()
		addToWallet(e, bola.AccessToken, a1, "").Expect(http.StatusOK)

		slices.SortFunc(want, func(a, b got) int {
			if c := b.at.Compare(a.at); c != 0 {
				return c
			}
			return strings.Compare(b.id, a.id)
		})
		order := make([]string, len(want))
		for i, w := range want {
			order[i] = w.id
		}
		bola = e.Login(bola.Email, bola.Password)
		if all := cardIDs(t, e, "/api/v1/gift-cards/received", bola.AccessToken); !slices.Equal(all, order) {
			t.Fatalf("received %v, want %v", all, order)
		}

		// Between pages: a new card for Bola, then another of Carol's redeemed.
		var newer []string
		x4 := buyFor("carol@example.com")
		paged := walkCards(t, e, "/api/v1/gift-cards/received", bola.AccessToken, func(page int) {
			tick()
			switch page {
			case 1:
				newer = append([]string{addressed()}, newer...)
			case 2:
				redeemed(x4)
				newer = append([]string{x4.Data.Card.ID}, newer...)
			}
		})
		if !slices.Equal(paged, order) {
			t.Fatalf("paged %v, want %v", paged, order)
		}
		if all := cardIDs(t, e, "/api/v1/gift-cards/received", bola.AccessToken); !slices.Equal(all, append(newer, order...)) {
			t.Fatalf("after the walk %v, want %v then %v", all, newer, order)
		}
		verify(t, e)
	})
}
