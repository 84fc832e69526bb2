package giftcards_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/testkit"
)

// receivedCard is a card of GET /api/v1/gift-cards/received.
type receivedCard struct {
	card
	RedeemedAt *string `json:"redeemed_at"`
	ReceivedAt string  `json:"received_at"`
	From       *struct {
		Username    string `json:"username"`
		DisplayName string `json:"display_name"`
	} `json:"from"`
	AddressedToYou bool `json:"addressed_to_you"`
	RedeemedByYou  bool `json:"redeemed_by_you"`
	CanRedeem      bool `json:"can_redeem"`
}

type receivedList struct {
	Data []receivedCard `json:"data"`
	Meta struct {
		NextCursor *string `json:"next_cursor"`
		Limit      int     `json:"limit"`
	} `json:"meta"`
}

// received reads a user's whole received list (limit 100).
func received(t *testing.T, e *testkit.Env, token string) []receivedCard {
	t.Helper()
	var l receivedList
	e.Get("/api/v1/gift-cards/received?limit=100", token).Expect(http.StatusOK).JSON(&l)
	if l.Meta.NextCursor != nil {
		t.Fatalf("received at limit 100 has a next page: %+v", l.Meta)
	}
	return l.Data
}

func receivedIDs(cards []receivedCard) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = c.ID
	}
	return out
}

// addToWallet is the one-click redeem of a received card.
func addToWallet(e *testkit.Env, token, cardID, key string) *testkit.Resp {
	r := testkit.Req{Method: http.MethodPost, Path: "/api/v1/gift-cards/received/" + cardID + "/redeem", Token: token}
	if key != "" {
		r.Header = map[string]string{"Idempotency-Key": key}
	}
	return e.Do(r)
}

// "My gift cards", Received: the cards addressed to the caller's verified
// email (whatever became of them) and the cards they redeemed with a code,
// each once, newest received first; a card addressed to them is added to
// their wallet with one click. An unverified address sees nothing addressed
// to it, and nobody sees or redeems anyone else's card.
func TestIntegrationGiftCardsReceived(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada) // gift mail goes out in a verified sender's name
		bola := e.Register("bola@example.com", "bola")
		bolaToken := e.TokenFromMail(bola.Email) // verified later, after gift mails arrive
		carol := e.Register("carol@example.com", "carol")
		e.VerifyEmail(carol)
		p := travelGift(t, e, admin.AccessToken)
		fund(t, e, ada.UserID, 10_000_000)

		var c1, c2, c3 purchaseBody
		buy(e, ada.AccessToken, p.ID, 1000000, "bola@example.com", nil).Expect(http.StatusCreated).JSON(&c1)
		e.Clock.Advance(time.Second)
		buy(e, ada.AccessToken, p.ID, 2500000, "Carol@Example.COM", nil).Expect(http.StatusCreated).JSON(&c2)
		e.Clock.Advance(time.Second)
		buy(e, ada.AccessToken, p.ID, 5000000, "BOLA@example.com", nil).Expect(http.StatusCreated).JSON(&c3)
		id1, id2, id3 := c1.Data.Card.ID, c2.Data.Card.ID, c3.Data.Card.ID

		// Once its mail is sent, Carol (a verified member) is told in-app; Bola, unverified, is not.
		told := func(user string) int {
			var n int
			if err := e.DB.NewRaw(`SELECT count(*) FROM notifications WHERE user_id = ? AND type = 'giftcard.received'`,
				user).Scan(context.Background(), &n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		for i := 0; told(carol.UserID) == 0 && i < 200; i++ { // the mail goes out after commit
			if _, err := e.App.GiftCards.DeliverPending(context.Background()); err != nil {
				t.Fatal(err)
			}
			if err := e.App.Notifications.DeliverPending(context.Background()); err != nil {
				t.Fatal(err)
			}
			time.Sleep(25 * time.Millisecond)
		}
		if told(carol.UserID) != 1 || told(bola.UserID) != 0 {
			t.Fatalf("received notices: carol %d bola %d", told(carol.UserID), told(bola.UserID))
		}

		// Unverified, Bola sees nothing addressed to bola@example.com and cannot add it.
		if got := received(t, e, bola.AccessToken); len(got) != 0 {
			t.Fatalf("an unverified address sees %+v", got)
		}
		addToWallet(e, bola.AccessToken, id1, "").Expect(http.StatusNotFound)
		e.Post("/api/auth/verify-email", "", map[string]any{"token": bolaToken}).Expect(http.StatusOK)

		// Verified: both cards addressed to the address in any case, newest first, waiting.
		got := received(t, e, bola.AccessToken)
		if ids := receivedIDs(got); !slices.Equal(ids, []string{id3, id1}) {
			t.Fatalf("bola's received %v, want [%s %s]", ids, id3, id1)
		}
		w := got[1]
		if w.Status != "active" || !w.AddressedToYou || !w.CanRedeem || w.RedeemedByYou || w.From == nil ||
			w.From.Username != "ada" || w.Message != "Happy birthday! Go somewhere lovely." || w.Code != nil ||
			w.CodeLast4 == "" || w.Amount != 1000000 || w.Product.Name != "Sojourn Travel Gift" {
			t.Fatalf("waiting card: %+v", w)
		}
		// Someone else's card is neither listed nor redeemable; nor are unknown ones.
		addToWallet(e, bola.AccessToken, id2, "").Expect(http.StatusNotFound)
		addToWallet(e, bola.AccessToken, "0190a0b0-0000-7000-8000-000000000000", "").Expect(http.StatusNotFound)
		addToWallet(e, ada.AccessToken, id3, "").Expect(http.StatusNotFound)
		if ids := receivedIDs(received(t, e, carol.AccessToken)); !slices.Equal(ids, []string{id2}) {
			t.Fatalf("carol's received %v", ids)
		}

		// Bola redeems Carol's card with its code: it is on Bola's list once, received at the
		// redemption; on Carol's it shows redeemed, not by her, and no longer redeemable.
		e.Clock.Advance(time.Second)
		e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, map[string]any{"code": *c2.Data.Card.Code}).
			Expect(http.StatusOK)
		got = received(t, e, bola.AccessToken)
		if ids := receivedIDs(got); !slices.Equal(ids, []string{id2, id3, id1}) {
			t.Fatalf("after the code redemption %v", ids)
		}
		if r := got[0]; r.Status != "redeemed" || r.AddressedToYou || !r.RedeemedByYou || r.CanRedeem {
			t.Fatalf("card redeemed by code: %+v", r)
		}
		if r := received(t, e, carol.AccessToken); len(r) != 1 || r[0].Status != "redeemed" || r[0].RedeemedByYou ||
			r[0].CanRedeem || !r[0].AddressedToYou {
			t.Fatalf("carol's card redeemed by someone else: %+v", r)
		}
		addToWallet(e, carol.AccessToken, id2, "").Expect(http.StatusConflict)

		// One click adds card 1 to Bola's wallet; it stays where it was received.
		var red redemption
		addToWallet(e, bola.AccessToken, id1, "click-1").Expect(http.StatusOK).JSON(&red)
		if red.Data.CardID != id1 || red.Data.Amount != 1000000 || red.Data.WalletBalance != 3500000 ||
			red.Data.Reference == "" || walletBalance(t, e, bola.UserID) != 3500000 {
			t.Fatalf("one-click redemption: %+v", red.Data)
		}
		got = received(t, e, bola.AccessToken)
		if ids := receivedIDs(got); !slices.Equal(ids, []string{id2, id3, id1}) {
			t.Fatalf("after the one-click redemption %v", ids)
		}
		if r := got[2]; r.Status != "redeemed" || !r.RedeemedByYou || r.CanRedeem || r.RedeemedAt == nil || r.Balance != 0 {
			t.Fatalf("card added to the wallet: %+v", r)
		}
		if again := addToWallet(e, bola.AccessToken, id1, "click-2").Expect(http.StatusConflict); !strings.Contains(
			string(again.Body), "already been redeemed") {
			t.Fatalf("second click: %s", again.Body)
		}
		// The buyer sees it redeemed, with the event saying how.
		var one cardBody
		e.Get("/api/v1/gift-cards/purchased/"+id1, ada.AccessToken).Expect(http.StatusOK).JSON(&one)
		if last := one.Data.Events[len(one.Data.Events)-1]; one.Data.Status != "redeemed" || last.Type != "redeemed" ||
			last.Actor == nil || last.Actor.Username != "bola" {
			t.Fatalf("the buyer's card: %+v", one.Data)
		}

		// Paid by card: not listed while its payment is pending; listed once issued, refunded
		// when the buyer's payment is refunded, and then no longer redeemable.
		ref, authURL, _ := byCard(t, e, ada.AccessToken, p.ID, 2500000, "bola@example.com")
		pending := verifyPayment(t, e, ada.AccessToken, ref).Data.PurposeID
		if slices.Contains(receivedIDs(received(t, e, bola.AccessToken)), pending) {
			t.Fatal("a pending card is listed")
		}
		addToWallet(e, bola.AccessToken, pending, "").Expect(http.StatusNotFound)
		e.Clock.Advance(time.Second)
		pay(t, e, authURL, "success")
		e.Paystack.Wait()
		got = received(t, e, bola.AccessToken)
		if len(got) != 4 || got[0].ID != pending || got[0].Status != "active" || !got[0].CanRedeem ||
			got[0].PayWith != "paystack" {
			t.Fatalf("card paid by card: %+v", got)
		}
		e.Post("/api/v1/admin/payments/"+ref+"/refund", admin.AccessToken, map[string]any{"reason": "Bought twice"}).
			Expect(http.StatusCreated)
		if r := received(t, e, bola.AccessToken)[0]; r.ID != pending || r.Status != "refunded" || r.CanRedeem {
			t.Fatalf("refunded card: %+v", r)
		}
		if r := addToWallet(e, bola.AccessToken, pending, "").Expect(http.StatusConflict); !strings.Contains(
			string(r.Body), "refunded") {
			t.Fatalf("adding a refunded card: %s", r.Body)
		}

		// A year on, the card still waiting has expired: listed as such, no longer redeemable.
		e.Clock.Advance(8760 * time.Hour)
		bola = e.Login(bola.Email, bola.Password)
		got = received(t, e, bola.AccessToken)
		if got[2].ID != id3 || got[2].Status != "expired" || got[2].CanRedeem || got[2].Balance != 0 {
			t.Fatalf("expired card: %+v", got[2])
		}
		if r := addToWallet(e, bola.AccessToken, id3, "").Expect(http.StatusConflict); !strings.Contains(
			string(r.Body), "expired") {
			t.Fatalf("adding an expired card: %s", r.Body)
		}
		if got := walletBalance(t, e, bola.UserID); got != 3500000 {
			t.Fatalf("bola's balance %d", got)
		}

		// The buyer received nothing; they see what they bought.
		ada = e.Login(ada.Email, ada.Password)
		if mine := received(t, e, ada.AccessToken); len(mine) != 0 {
			t.Fatalf("buyer's received: %+v", mine)
		}
		if bought := cardIDs(t, e, "/api/v1/gift-cards/purchased", ada.AccessToken); len(bought) != 4 {
			t.Fatalf("buyer's purchased: %v", bought)
		}
		e.Get("/api/v1/gift-cards/received", "").Expect(http.StatusUnauthorized)
		addToWallet(e, "", id3, "").Expect(http.StatusUnauthorized)
		verify(t, e)
	})
}

// Two clicks, or a click and someone typing the code, at once: the
// conditional update lets one redemption through and the others answer 409;
// the wallet is credited once, the card has one redeemed event, and a
// replay under the winner's Idempotency-Key answers as it did.
func TestIntegrationGiftCardAddToWalletOnce(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		bola := e.Register("bola@example.com", "bola")
		e.VerifyEmail(bola)
		carol := e.Register("carol@example.com", "carol")
		p := travelGift(t, e, admin.AccessToken)
		fund(t, e, ada.UserID, 10_000_000)
		var one, two purchaseBody
		buy(e, ada.AccessToken, p.ID, 5000000, "bola@example.com", nil).Expect(http.StatusCreated).JSON(&one)
		buy(e, ada.AccessToken, p.ID, 2500000, "bola@example.com", nil).Expect(http.StatusCreated).JSON(&two)

		const n = 6
		answers := make([]*testkit.Resp, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { answers[i] = addToWallet(e, bola.AccessToken, one.Data.Card.ID, testkit.Fmt("click-%d", i)) })
		}
		wg.Wait()
		won := -1
		for i, a := range answers {
			switch a.Status {
			case http.StatusOK:
				if won >= 0 {
					t.Fatalf("clicks %d and %d both redeemed", won, i)
				}
				won = i
			case http.StatusConflict:
			default:
				t.Fatalf("click %d: %d %s", i, a.Status, a.Body)
			}
		}
		if won < 0 || walletBalance(t, e, bola.UserID) != 5000000 {
			t.Fatalf("winner %d, balance %d", won, walletBalance(t, e, bola.UserID))
		}
		replay := addToWallet(e, bola.AccessToken, one.Data.Card.ID, testkit.Fmt("click-%d", won)).Expect(http.StatusOK)
		if string(replay.Body) != string(answers[won].Body) {
			t.Fatalf("replay %s, first answer %s", replay.Body, answers[won].Body)
		}
		var card cardBody
		e.Get("/api/v1/gift-cards/purchased/"+one.Data.Card.ID, ada.AccessToken).Expect(http.StatusOK).JSON(&card)
		redeemed := 0
		for _, ev := range card.Data.Events {
			if ev.Type == "redeemed" {
				redeemed++
			}
		}
		if redeemed != 1 {
			t.Fatalf("%d redeemed events", redeemed)
		}

		// The addressee's click races Carol typing the code she was forwarded: one of them has it.
		var click, typed *testkit.Resp
		wg.Go(func() { click = addToWallet(e, bola.AccessToken, two.Data.Card.ID, "") })
		wg.Go(func() {
			typed = e.Post("/api/v1/gift-cards/redeem", carol.AccessToken, map[string]any{"code": *two.Data.Card.Code})
		})
		wg.Wait()
		if ok := (click.Status == http.StatusOK) != (typed.Status == http.StatusOK); !ok ||
			(click.Status != http.StatusOK && click.Status != http.StatusConflict) ||
			(typed.Status != http.StatusOK && typed.Status != http.StatusConflict) {
			t.Fatalf("click %d, code %d", click.Status, typed.Status)
		}
		if total := walletBalance(t, e, bola.UserID) + walletBalance(t, e, carol.UserID); total != 7500000 {
			t.Fatalf("credited %d in all", total)
		}
		verify(t, e)
	})
}
