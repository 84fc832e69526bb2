package speeddating_test

import (
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sojourn/api/internal/testkit"
)

type purchase struct {
	Ticket struct {
		ID      string `json:"id"`
		Status  string `json:"status"`
		Group   string `json:"group"`
		PayWith string `json:"pay_with"`
	} `json:"ticket"`
	Payment *struct {
		Reference        string `json:"reference"`
		AuthorizationURL string `json:"authorization_url"`
	} `json:"payment"`
}

func bought(t *testing.T, r *testkit.Resp) purchase {
	t.Helper()
	var out struct {
		Data purchase `json:"data"`
	}
	r.Expect(http.StatusCreated).JSON(&out)
	return out.Data
}

// From the wallet the price is held at once; by card the seat waits for
// the payment (paid: confirmed; declined: the seat comes back). Only
// matchmaking members inside the age range and of a group may buy; a ticket
// cancelled 24 hours ahead is refunded in full.
func TestIntegrationSpeedTicketsWalletAndCard(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		host := e.Admin("host@example.com", "host")
		id := createEvent(t, e, host.AccessToken, eventBody(e, nil)) // women_men, 2 seats per group, 5,000 NGN
		ada := member(t, e, "ada", "woman")
		e.Fund(t, ada.UserID, 800_000)

		// Who may not buy: signed out, not in matchmaking, too old, no group, broke.
		buy(e, "", id, "wallet").Expect(http.StatusUnauthorized)
		out := e.Register("outsider@example.com", "outsider")
		if res := buy(e, out.AccessToken, id, "wallet"); res.Status != http.StatusConflict && res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("a person outside matchmaking bought: %d %s", res.Status, res.Body)
		}
		if ev := event(t, e, out.AccessToken, id); ev["can_buy"] != false || ev["cannot_buy_reason"] == nil {
			t.Fatalf("outsider's view %v", ev)
		}
		old := memberBorn(t, e, "olu", "man", "1960-01-01")
		buy(e, old.AccessToken, id, "wallet").Expect(http.StatusConflict)
		nb := member(t, e, "kemi", "non_binary", "woman", "man")
		buy(e, nb.AccessToken, id, "wallet").Expect(http.StatusConflict)
		broke := member(t, e, "bisi", "woman")
		e.Fund(t, broke.UserID, 100)
		if buy(e, broke.AccessToken, id, "wallet").Expect(http.StatusConflict).ErrCode() != "insufficient_funds" {
			t.Fatal("want insufficient_funds")
		}
		buy(e, ada.AccessToken, id, "cash").Expect(http.StatusUnprocessableEntity)

		// Wallet.
		if ev := event(t, e, ada.AccessToken, id); ev["can_buy"] != true {
			t.Fatalf("ada may not buy: %v", ev)
		}
		p := bought(t, buy(e, ada.AccessToken, id, "wallet"))
		if p.Ticket.Status != "confirmed" || p.Ticket.Group != "women" || p.Payment != nil {
			t.Fatalf("wallet ticket %+v", p)
		}
		if e.Balance(t, ada.UserID) != 300_000 {
			t.Fatalf("balance %d", e.Balance(t, ada.UserID))
		}
		buy(e, ada.AccessToken, id, "wallet").Expect(http.StatusConflict)
		if ev := event(t, e, ada.AccessToken, id); ev["my_ticket"] == nil || ev["can_buy"] != false {
			t.Fatalf("ada's view after buying %v", ev)
		}
		// A retry with the same Idempotency-Key answers the same ticket.
		key := map[string]string{"Idempotency-Key": "buy-ada-1"}
		bisi := member(t, e, "bola", "woman")
		e.Fund(t, bisi.UserID, 500_000)
		r1 := e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/speed-dating/events/" + id + "/tickets",
			Token: bisi.AccessToken, Body: map[string]any{"pay_with": "wallet"}, Header: key})
		r2 := e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/speed-dating/events/" + id + "/tickets",
			Token: bisi.AccessToken, Body: map[string]any{"pay_with": "wallet"}, Header: key})
		if bought(t, r1).Ticket.ID != bought(t, r2).Ticket.ID || e.Balance(t, bisi.UserID) != 0 {
			t.Fatal("a retried purchase bought twice")
		}
		// The women's seats are gone.
		third := member(t, e, "chioma", "woman")
		e.Fund(t, third.UserID, 500_000)
		if buy(e, third.AccessToken, id, "wallet").Expect(http.StatusConflict).ErrCode() != "out_of_stock" {
			t.Fatal("want out_of_stock")
		}

		// Card: paid.
		tunde := member(t, e, "tunde", "man")
		c := bought(t, buy(e, tunde.AccessToken, id, "card"))
		if c.Ticket.Status != "pending_payment" || c.Payment == nil {
			t.Fatalf("card ticket %+v", c)
		}
		e.PayCard(t, c.Payment.AuthorizationURL, "success")
		mine := e.Get("/api/v1/speed-dating/tickets", tunde.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(mine) != 1 || mine[0].(map[string]any)["status"] != "confirmed" || mine[0].(map[string]any)["pay_with"] != "card" {
			t.Fatalf("tunde's tickets %v", mine)
		}
		// Card: declined, the seat comes back.
		femi := member(t, e, "femi", "man")
		d := bought(t, buy(e, femi.AccessToken, id, "card"))
		if s := event(t, e, "", id)["seats"].([]any); s[1].(map[string]any)["taken"].(float64) != 2 {
			t.Fatalf("men's seats while femi pays: %v", s)
		}
		e.PayCard(t, d.Payment.AuthorizationURL, "declined")
		e.Get("/api/v1/payments/"+d.Payment.Reference+"/verify", femi.AccessToken)
		if s := event(t, e, "", id)["seats"].([]any); s[1].(map[string]any)["taken"].(float64) != 1 {
			t.Fatalf("men's seats after a declined card: %v", s)
		}
		// A card ticket not paid by pay_by gives its seat back (the job).
		g := bought(t, buy(e, femi.AccessToken, id, "card"))
		if early, err := e.App.SpeedDating.LapseUnpaid(ctx, g.Ticket.ID); err != nil || early <= 0 {
			t.Fatalf("early lapse %v %v", early, err)
		}
		later(e, 41*time.Minute, ada, tunde, femi)
		if early, err := e.App.SpeedDating.LapseUnpaid(ctx, g.Ticket.ID); err != nil || early != 0 {
			t.Fatalf("lapse %v %v", early, err)
		}
		if s := event(t, e, "", id)["seats"].([]any); s[1].(map[string]any)["taken"].(float64) != 1 {
			t.Fatalf("men's seats after the payment window: %v", s)
		}
		// A payment that arrives after the lapse goes back to the wallet.
		e.PayCard(t, g.Payment.AuthorizationURL, "success")
		if w, _ := e.App.Money.Wallet(ctx, femi.UserID, "NGN"); w == nil || w.Balance != 500_000 {
			t.Fatalf("late card payment not refunded to the wallet: %+v", w)
		}

		// Cancelling 24 hours ahead refunds in full; later it is refused.
		del(e, "/api/v1/speed-dating/events/"+id+"/tickets/mine", ada.AccessToken).Expect(http.StatusOK)
		if e.Balance(t, ada.UserID) != 800_000 {
			t.Fatalf("refund %d", e.Balance(t, ada.UserID))
		}
		del(e, "/api/v1/speed-dating/events/"+id+"/tickets/mine", ada.AccessToken).Expect(http.StatusNotFound)
		later(e, 24*time.Hour, tunde)
		del(e, "/api/v1/speed-dating/events/"+id+"/tickets/mine", tunde.AccessToken).Expect(http.StatusConflict)
		clean(t, e)
	})
}

// Eight buyers for two seats of a group at once: exactly two get one; five
// double clicks of one person: exactly one ticket.
func TestIntegrationSpeedSoldOutInParallel(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		host := e.Admin("host@example.com", "host")
		id := createEvent(t, e, host.AccessToken, eventBody(e, nil))
		var women []*testkit.Session
		for i := range 8 {
			w := member(t, e, fmt.Sprintf("woman%d", i), "woman")
			e.Fund(t, w.UserID, 500_000)
			women = append(women, w)
		}
		var ok, soldOut atomic.Int32
		var wg sync.WaitGroup
		for _, w := range women {
			wg.Add(1)
			go func() {
				defer wg.Done()
				switch res := buy(e, w.AccessToken, id, "wallet"); res.Status {
				case http.StatusCreated:
					ok.Add(1)
				case http.StatusConflict:
					soldOut.Add(1)
				default:
					t.Errorf("status %d %s", res.Status, res.Body)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 2 || soldOut.Load() != 6 {
			t.Fatalf("%d bought, %d refused", ok.Load(), soldOut.Load())
		}
		if n := count(t, e, "SELECT taken FROM speed_seats WHERE event_id = ? AND grp = 'women'", id); n != 2 {
			t.Fatalf("taken %d", n)
		}

		man := member(t, e, "man0", "man")
		e.Fund(t, man.UserID, 5_000_000)
		var got atomic.Int32
		for range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if res := buy(e, man.AccessToken, id, "wallet"); res.Status == http.StatusCreated {
					got.Add(1)
				} else if res.Status != http.StatusConflict {
					t.Errorf("status %d %s", res.Status, res.Body)
				}
			}()
		}
		wg.Wait()
		if got.Load() != 1 || e.Balance(t, man.UserID) != 4_500_000 {
			t.Fatalf("%d tickets, balance %d", got.Load(), e.Balance(t, man.UserID))
		}
		if n := count(t, e, "SELECT taken FROM speed_seats WHERE event_id = ? AND grp = 'men'", id); n != 1 {
			t.Fatalf("men taken %d", n)
		}
		clean(t, e)
	})
}

// An admin's cancellation, the minimum not reached and the host's no-show
// each refund every ticket (a card ticket still waiting lapses).
func TestIntegrationSpeedRefunds(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		host := e.Admin("host@example.com", "host")
		ada := member(t, e, "ada", "woman")
		tunde := member(t, e, "tunde", "man")
		e.Fund(t, ada.UserID, 2_000_000)
		e.Fund(t, tunde.UserID, 2_000_000)

		// The admin cancels: both refunded, the card payer's pending ticket lapses.
		a := createEvent(t, e, host.AccessToken, eventBody(e, nil))
		bought(t, buy(e, ada.AccessToken, a, "wallet"))
		c := bought(t, buy(e, tunde.AccessToken, a, "card"))
		e.Post("/api/v1/admin/speed-dating/events/"+a+"/cancel", host.AccessToken, map[string]any{"reason": "x"}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/admin/speed-dating/events/"+a+"/cancel", host.AccessToken,
			map[string]any{"reason": "The host is unwell"}).Expect(http.StatusOK)
		if e.Balance(t, ada.UserID) != 2_000_000 || status(t, e, a) != "cancelled" {
			t.Fatalf("after cancel: %d %s", e.Balance(t, ada.UserID), status(t, e, a))
		}
		if n := count(t, e, "SELECT COUNT(*) FROM domain_events WHERE type = 'speed_event.cancelled'"); n != 1 {
			t.Fatalf("holders told %d times", n)
		}
		if l := live(t, e, ada.AccessToken, a); l["phase"] != "cancelled" {
			t.Fatalf("ada's live %v", l)
		}
		e.PayCard(t, c.Payment.AuthorizationURL, "success") // late: straight back to the wallet
		if e.Balance(t, tunde.UserID) != 2_500_000 {
			t.Fatalf("tunde %d", e.Balance(t, tunde.UserID))
		}
		e.Post("/api/v1/admin/speed-dating/events/"+a+"/cancel", host.AccessToken,
			map[string]any{"reason": "Again"}).Expect(http.StatusConflict)
		buy(e, ada.AccessToken, a, "wallet").Expect(http.StatusConflict)

		// The minimum (3) is not reached an hour before the start.
		b := createEvent(t, e, host.AccessToken, eventBody(e, map[string]any{"min_participants": 3}))
		bought(t, buy(e, ada.AccessToken, b, "wallet"))
		bought(t, buy(e, tunde.AccessToken, b, "wallet"))
		if early, err := e.App.SpeedDating.CheckMinimum(ctx, b); err != nil || early <= 0 || status(t, e, b) != "scheduled" {
			t.Fatalf("early minimum check %v %v", early, err)
		}
		later(e, 47*time.Hour, ada, tunde, host)
		if early, err := e.App.SpeedDating.CheckMinimum(ctx, b); err != nil || early != 0 {
			t.Fatalf("minimum check %v %v", early, err)
		}
		if status(t, e, b) != "cancelled" || e.Balance(t, ada.UserID) != 2_000_000 || e.Balance(t, tunde.UserID) != 2_500_000 {
			t.Fatalf("minimum: %s %d %d", status(t, e, b), e.Balance(t, ada.UserID), e.Balance(t, tunde.UserID))
		}
		jobs := count(t, e, "SELECT COUNT(*) FROM river_job WHERE kind = 'speeddating.minimum'")
		if jobs != 2 {
			t.Fatalf("minimum jobs %d", jobs)
		}

		// Enough people, but the host never starts it.
		c2 := createEvent(t, e, host.AccessToken, eventBody(e, nil))
		bought(t, buy(e, ada.AccessToken, c2, "wallet"))
		bought(t, buy(e, tunde.AccessToken, c2, "wallet"))
		later(e, 47*time.Hour, ada, tunde, host)
		if _, err := e.App.SpeedDating.CheckMinimum(ctx, c2); err != nil || status(t, e, c2) != "scheduled" {
			t.Fatalf("minimum met: %v %s", err, status(t, e, c2))
		}
		e.Clock.Advance(90 * time.Minute)
		if early, err := e.App.SpeedDating.CheckNoShow(ctx, c2); err != nil || early != 0 {
			t.Fatalf("no-show %v %v", early, err)
		}
		if status(t, e, c2) != "cancelled" || e.Balance(t, ada.UserID) != 2_000_000 {
			t.Fatalf("no-show: %s %d", status(t, e, c2), e.Balance(t, ada.UserID))
		}
		clean(t, e)
	})
}

// A card payment that settles after the event started is refunded to the
// wallet at once and the waiting ticket gives its seat back.
func TestIntegrationSpeedCardPaidAfterTheStart(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		host := e.Admin("host@example.com", "host")
		id := createEvent(t, e, host.AccessToken, eventBody(e, map[string]any{"audience": "everyone", "capacity": 3}))
		ada, bola := member(t, e, "ada", "woman", "woman", "man"), member(t, e, "bola", "woman", "woman", "man")
		late := member(t, e, "chi", "woman", "woman", "man")
		for _, p := range []*testkit.Session{ada, bola} {
			e.Fund(t, p.UserID, 500_000)
			bought(t, buy(e, p.AccessToken, id, "wallet"))
		}
		c := bought(t, buy(e, late.AccessToken, id, "card"))
		later(e, 48*time.Hour-5*time.Minute, ada, bola, late, host)
		for _, p := range []*testkit.Session{ada, bola} {
			e.Post("/api/v1/speed-dating/events/"+id+"/check-in", p.AccessToken, nil).Expect(http.StatusOK)
		}
		e.Post("/api/v1/admin/speed-dating/events/"+id+"/start", host.AccessToken, nil).Expect(http.StatusOK)
		e.PayCard(t, c.Payment.AuthorizationURL, "success")
		if w, _ := e.App.Money.Wallet(ctx, late.UserID, "NGN"); w == nil || w.Balance != 500_000 {
			t.Fatalf("a card payment after the start was not refunded to the wallet: %+v", w)
		}
		mine := e.Get("/api/v1/speed-dating/tickets", late.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(mine) != 1 || mine[0].(map[string]any)["status"] != "cancelled" {
			t.Fatalf("late ticket %v", mine)
		}
		if n := count(t, e, "SELECT taken FROM speed_seats WHERE event_id = ?", id); n != 2 {
			t.Fatalf("taken %d", n)
		}
		clean(t, e)
	})
}
