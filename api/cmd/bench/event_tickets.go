package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/ticketing"
)

// benchEventTickets is the events' contention case (-only event-tickets):
// a hundred buyers with funded wallets buy at once (hold, then pay from the
// wallet) the last ten tickets of a quota; exactly ten must be sold. Five
// rounds, each on a fresh event, give 500 purchases; the latency of a
// purchase (both requests) is reported (target p99 ≤ 300 ms).
func benchEventTickets(ctx context.Context, a *app.App, d *db.DB, client *http.Client, base string) error {
	const buyers, seats, rounds = 100, 10, 5
	var org struct {
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	if err := call(client, "POST", base+"/api/auth/register", "",
		`{"email":"eventops@example.com","username":"eventops","password":"Vivid-Harbour-2041"}`, 201, &org, "10.8.9.9"); err != nil {
		return err
	}
	tokens := make([]string, buyers)
	var wg sync.WaitGroup
	var firstErr atomic.Value
	fail := func(err error) { firstErr.CompareAndSwap(nil, err) }
	for i := range tokens {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			var reg struct {
				AccessToken string `json:"access_token"`
				User        struct {
					ID string `json:"id"`
				} `json:"user"`
			}
			body := fmt.Sprintf(`{"email":"fan%d@example.com","username":"fan_%d","password":"Vivid-Harbour-2041"}`, i, i)
			if err := call(client, "POST", base+"/api/auth/register", "", body, 201, &reg, fmt.Sprintf("10.8.%d.%d", i/250, i%250)); err != nil {
				fail(err)
				return
			}
			if _, err := a.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "bench-evt:" + reg.User.ID, UserID: reg.User.ID,
				Amount: 100_000_000, Currency: "NGN", Reference: "PSK-" + ids.New()}); err != nil {
				fail(err)
				return
			}
			tokens[i] = reg.AccessToken
		}(i)
	}
	wg.Wait()
	if err, _ := firstErr.Load().(error); err != nil {
		return err
	}
	var lat []time.Duration
	sold, refused, other := 0, 0, 0
	for r := range rounds {
		start := time.Now().Add(30 * 24 * time.Hour).Truncate(time.Hour)
		ev, err := a.Ticketing.Create(ctx, ticketing.Org{Kind: ticketing.OrganiserSojourn, UserID: org.User.ID}, ticketing.NewEvent{
			EventInput: ticketing.EventInput{Title: fmt.Sprintf("Bench concert %d", r+1), Category: "music", Venue: "Bench hall",
				City: "Lagos", StartsAt: start, EndsAt: start.Add(3 * time.Hour), TimeZone: "Africa/Lagos"},
			Quotas:      []ticketing.QuotaInput{{Name: "Hall", Size: 50}},
			TicketTypes: []ticketing.TypeInput{{Name: "Seat", Quota: "Hall", Price: 500_000, MaxPerOrder: 10}}})
		if err != nil {
			return err
		}
		// 40 of the 50 seats gone: the race is for the last ten.
		if _, err := d.NewRaw("UPDATE tk_quotas SET sold = 40 WHERE event_id = ?", ev.ID).Exec(ctx); err != nil {
			return err
		}
		typeID := ev.TicketTypes[0].ID
		codes := make([]int, buyers)
		lats := make([]time.Duration, buyers)
		gate := make(chan struct{})
		for i, tok := range tokens {
			wg.Add(1)
			go func(i int, tok string) {
				defer wg.Done()
				<-gate
				t := time.Now()
				codes[i] = buy(client, base, tok, ev.ID, typeID)
				lats[i] = time.Since(t)
			}(i, tok)
		}
		close(gate)
		wg.Wait()
		won := 0
		for _, c := range codes {
			switch c {
			case 200:
				won++
			case 409:
				refused++
			default:
				other++
			}
		}
		sold += won
		lat = append(lat, lats...)
		var qs, qh int
		if err := d.NewRaw("SELECT sold, held FROM tk_quotas WHERE event_id = ?", ev.ID).Scan(ctx, &qs, &qh); err != nil {
			return err
		}
		if won != seats || qs != 50 || qh != 0 {
			return fmt.Errorf("round %d: %d sold (quota sold %d, held %d), want exactly %d", r+1, won, qs, qh, seats)
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	fmt.Printf("POST /api/v1/events/{id}/orders + /api/v1/event-orders/{id}/pay: %d buyers at once for the last %d tickets of a quota, %d rounds\n"+
		"  %d sold, %d refused (409 out_of_stock), %d other; p50 %s, p99 %s, max %s  (target: exactly %d per round, p99 ≤ 300 ms)\n",
		buyers, seats, rounds, sold, refused, other, pct(lat, 0.5).Round(100*time.Microsecond),
		pct(lat, 0.99).Round(100*time.Microsecond), pct(lat, 1).Round(100*time.Microsecond), seats)
	rep, err := a.Money.Verify(ctx)
	if err != nil {
		return err
	}
	if !rep.Clean() {
		return fmt.Errorf("ledger verify after the ticket sales: %+v", rep)
	}
	fmt.Println("  ledger verify: clean")
	return nil
}

// buy holds one seat and pays it from the wallet: 200 when both succeed,
// else the first refusal's status.
func buy(client *http.Client, base, token, eventID, typeID string) int {
	do := func(path, body string) (int, []byte) {
		req, _ := http.NewRequest("POST", base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Idempotency-Key", ids.New())
		res, err := client.Do(req)
		if err != nil {
			return 0, nil
		}
		defer res.Body.Close()
		var b json.RawMessage
		_ = json.NewDecoder(res.Body).Decode(&b)
		return res.StatusCode, b
	}
	code, b := do("/api/v1/events/"+eventID+"/orders", fmt.Sprintf(`{"items":[{"type_id":%q,"attendees":["Fan"]}]}`, typeID))
	if code != 201 {
		return code
	}
	var o struct {
		Data struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return 0
	}
	code, _ = do("/api/v1/event-orders/"+o.Data.ID+"/pay", `{"pay_with":"wallet"}`)
	return code
}
