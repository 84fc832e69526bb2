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
)

// benchShopCheckout is the shop's contention case (-only shop-checkout):
// fifty shoppers, each with the same one unit in the cart and a funded
// wallet, check out at once for the last ten units of a variant; exactly
// ten must be placed and the stock end at zero. Ten rounds, each on a fresh
// variant, give 500 checkouts; their latency is reported (target p99 ≤
// 300 ms).
func benchShopCheckout(ctx context.Context, a *app.App, d *db.DB, client *http.Client, base string) error {
	const shoppers, units, rounds = 50, 10, 10
	now := time.Now().UTC()
	var v struct {
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	if err := call(client, "POST", base+"/api/auth/register", "",
		`{"email":"shopvendor@example.com","username":"shopvendor","password":"Vivid-Harbour-2041"}`, 201, &v, "10.9.9.9"); err != nil {
		return err
	}
	vendor := v.User.ID
	store, cat := ids.New(), ids.New()
	if _, err := d.NewRaw(`INSERT INTO shop_stores (id, user_id, name, slug, shipping, created_at, updated_at)
		VALUES (?, ?, 'Bench store', 'bench-store', ?, ?, ?)`, store, vendor,
		`[{"code":"standard","label":"Standard","fee":150000,"min_days":2,"max_days":5}]`, now, now).Exec(ctx); err != nil {
		return err
	}
	if _, err := d.NewRaw(`INSERT INTO shop_categories (id, name, slug, path, depth, created_at, updated_at)
		VALUES (?, 'Bench', 'bench', ?, 0, ?, ?)`, cat, cat+"/", now, now).Exec(ctx); err != nil {
		return err
	}
	type shopperT struct{ token, addr string }
	people := make([]shopperT, shoppers)
	var wg sync.WaitGroup
	var firstErr atomic.Value
	fail := func(err error) { firstErr.CompareAndSwap(nil, err) }
	for i := range people {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			var reg struct {
				AccessToken string `json:"access_token"`
				User        struct {
					ID string `json:"id"`
				} `json:"user"`
			}
			body := fmt.Sprintf(`{"email":"shopper%d@example.com","username":"shopper_%d","password":"Vivid-Harbour-2041"}`, i, i)
			if err := call(client, "POST", base+"/api/auth/register", "", body, 201, &reg, fmt.Sprintf("10.9.%d.%d", i/250, i%250)); err != nil {
				fail(err)
				return
			}
			if _, err := a.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "bench-shop:" + reg.User.ID, UserID: reg.User.ID,
				Amount: 100_000_000, Currency: "NGN", Reference: "PSK-" + ids.New()}); err != nil {
				fail(err)
				return
			}
			var addr struct {
				Data struct {
					ID string `json:"id"`
				} `json:"data"`
			}
			if err := call(client, "POST", base+"/api/v1/shop/addresses", reg.AccessToken, `{"recipient_name":"Ada Obi",
				"phone":"+234 803 555 0101","line1":"12 Admiralty Way","city":"Lagos","country":"NG"}`, 201, &addr, ""); err != nil {
				fail(err)
				return
			}
			people[i] = shopperT{reg.AccessToken, addr.Data.ID}
		}(i)
	}
	wg.Wait()
	if err, _ := firstErr.Load().(error); err != nil {
		return err
	}
	var lat []time.Duration
	placed, refused, other := 0, 0, 0
	for r := 0; r < rounds; r++ {
		product, variant := ids.New(), ids.New()
		if _, err := d.NewRaw(`INSERT INTO shop_products (id, store_id, vendor_id, category_id, category_path, title,
			status, min_price, max_price, currency, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, 'published', 500000, 500000, 'NGN', ?, ?)`, product, store, vendor, cat, cat+"/",
			fmt.Sprintf("Limited print no. %d", r+1), now, now).Exec(ctx); err != nil {
			return err
		}
		if _, err := d.NewRaw(`INSERT INTO shop_variants (id, product_id, store_id, title, sku, price, currency, stock,
			weight_grams, created_at, updated_at) VALUES (?, ?, ?, '', ?, 500000, 'NGN', ?, 300, ?, ?)`,
			variant, product, store, fmt.Sprintf("PRINT-%d", r), units, now, now).Exec(ctx); err != nil {
			return err
		}
		var total int64
		for i, p := range people {
			wg.Add(1)
			go func(i int, p shopperT) {
				defer wg.Done()
				var cart struct {
					Data struct {
						Items []struct {
							VariantID string `json:"variant_id"`
						} `json:"items"`
					} `json:"data"`
				}
				if err := call(client, "GET", base+"/api/v1/shop/cart", p.token, "", 200, &cart, ""); err != nil {
					fail(err)
					return
				}
				for _, it := range cart.Data.Items {
					if err := call(client, "DELETE", base+"/api/v1/shop/cart/items/"+it.VariantID, p.token, "", 200, nil, ""); err != nil {
						fail(err)
						return
					}
				}
				if err := call(client, "POST", base+"/api/v1/shop/cart/items", p.token,
					fmt.Sprintf(`{"variant_id":%q,"quantity":1}`, variant), 200, nil, ""); err != nil {
					fail(err)
				}
			}(i, p)
		}
		wg.Wait()
		if err, _ := firstErr.Load().(error); err != nil {
			return err
		}
		var q struct {
			Data struct {
				Total struct {
					Amount int64 `json:"amount"`
				} `json:"total"`
			} `json:"data"`
		}
		if err := call(client, "POST", base+"/api/v1/shop/checkout/quote", people[0].token,
			fmt.Sprintf(`{"address_id":%q}`, people[0].addr), 200, &q, ""); err != nil {
			return err
		}
		total = q.Data.Total.Amount
		codes := make([]int, shoppers)
		lats := make([]time.Duration, shoppers)
		gate := make(chan struct{})
		for i, p := range people {
			wg.Add(1)
			go func(i int, p shopperT) {
				defer wg.Done()
				req, _ := http.NewRequest("POST", base+"/api/v1/shop/checkout", strings.NewReader(fmt.Sprintf(
					`{"address_id":%q,"pay_with":"wallet","expected_total":%d}`, p.addr, total)))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+p.token)
				req.Header.Set("Idempotency-Key", ids.New())
				<-gate
				t := time.Now()
				res, err := client.Do(req)
				lats[i] = time.Since(t)
				if err == nil {
					codes[i] = res.StatusCode
					res.Body.Close()
				}
			}(i, p)
		}
		close(gate)
		wg.Wait()
		won := 0
		for _, c := range codes {
			switch c {
			case 201:
				won++
			case 409:
				refused++
			default:
				other++
			}
		}
		placed += won
		lat = append(lat, lats...)
		var stock, reserved int
		if err := d.NewRaw("SELECT stock, reserved FROM shop_variants WHERE id = ?", variant).Scan(ctx, &stock, &reserved); err != nil {
			return err
		}
		if won != units || stock != 0 || reserved != 0 {
			return fmt.Errorf("round %d: %d placed (stock %d, reserved %d), want exactly %d and nothing left", r+1, won,
				stock, reserved, units)
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	fmt.Printf("POST /api/v1/shop/checkout: %d shoppers at once for the last %d units, %d rounds (wallet, escrow per order)\n"+
		"  %d placed, %d refused (409 out_of_stock), %d other; p50 %s, p99 %s, max %s  (target: exactly %d per round, p99 ≤ 300 ms)\n",
		shoppers, units, rounds, placed, refused, other, pct(lat, 0.5).Round(100*time.Microsecond),
		pct(lat, 0.99).Round(100*time.Microsecond), pct(lat, 1).Round(100*time.Microsecond), units)
	r, err := a.Money.Verify(ctx)
	if err != nil {
		return err
	}
	if !r.Clean() {
		return fmt.Errorf("ledger verify after the shop checkouts: %+v", r)
	}
	fmt.Println("  ledger verify: clean")
	return nil
}

// call sends one JSON request and decodes the answer into out (when not nil).
func call(client *http.Client, method, url, token, body string, want int, out any, forwardedFor string) error {
	var rd *strings.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	var req *http.Request
	if rd != nil {
		req, _ = http.NewRequest(method, url, rd)
		req.Header.Set("Content-Type", "application/json")
	} else {
		req, _ = http.NewRequest(method, url, nil)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if forwardedFor != "" {
		req.Header.Set("X-Forwarded-For", forwardedFor)
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != want {
		var e json.RawMessage
		_ = json.NewDecoder(res.Body).Decode(&e)
		return fmt.Errorf("%s %s: %d %s", method, url, res.StatusCode, e)
	}
	if out != nil {
		return json.NewDecoder(res.Body).Decode(out)
	}
	return nil
}
