package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/app"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/passwords"
)

var only = flag.String("only", "", "run one section: transfers, reads (the read and login benchmarks), listing or wellness (directory and slot race), shop-listing or shop-search, matchmaking")

// benchWallets is the number of wallets the transfer benchmark moves money among.
const benchWallets = 1000

// benchTransfers measures POST /api/v1/wallet/transfers among 1,000 wallets
// over real HTTP, each request with its own Idempotency-Key, then verifies
// the ledger. It runs its own server over the same database with cheap
// password hashing, so creating the 1,000 accounts takes seconds.
func benchTransfers(ctx context.Context, cfg config.Config, d *db.DB, conc int, dur time.Duration) error {
	fast := passwords.Params{MemoryKiB: 1024, Time: 1, Threads: 1}
	a, err := app.New(&cfg, d, app.Options{PasswordParams: &fast,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	go func() { _ = a.Fiber.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	defer a.Fiber.Shutdown() //nolint:errcheck
	base := "http://" + ln.Addr().String()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conc, MaxConnsPerHost: conc},
		Timeout: 30 * time.Second}

	fmt.Printf("Wallet transfers: %d wallets, %d concurrent clients, %s, PostgreSQL\n", benchWallets, conc, dur)
	type wallet struct{ id, name, token string }
	ws := make([]wallet, benchWallets)
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, conc)
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= benchWallets {
					return
				}
				name := fmt.Sprintf("tw_%d", i)
				body := fmt.Sprintf(`{"email":"%s@example.com","username":%q,"password":"Vivid-Harbour-2041"}`, name, name)
				req, _ := http.NewRequest("POST", base+"/api/auth/register", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.9.%d.%d", i>>8, i&255))
				res, err := client.Do(req)
				if err != nil {
					errs <- err
					return
				}
				var out struct {
					AccessToken string `json:"access_token"`
					User        struct {
						ID string `json:"id"`
					} `json:"user"`
				}
				_ = json.NewDecoder(res.Body).Decode(&out)
				res.Body.Close()
				if res.StatusCode != 201 {
					errs <- fmt.Errorf("register %s: %d", name, res.StatusCode)
					return
				}
				ws[i] = wallet{out.User.ID, name, out.AccessToken}
				req, _ = http.NewRequest("POST", base+"/api/v1/wallet", nil)
				req.Header.Set("Authorization", "Bearer "+out.AccessToken)
				if ok, err := do(client, req, 201); err != nil || !ok {
					errs <- fmt.Errorf("activate %s: %v", name, err)
					return
				}
				if _, err := a.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "bench-seed:" + name, UserID: out.User.ID,
					Amount: 100_000_000, Reference: "BENCH-" + name}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}

	var seq atomic.Int64
	refused := atomic.Int64{}
	if err := startProfile(); err != nil {
		return err
	}
	r := measure(conc, dur, func(w int) (bool, error) {
		from := rand.IntN(benchWallets)
		to := (from + 1 + rand.IntN(benchWallets-1)) % benchWallets
		body := fmt.Sprintf(`{"to":%q,"amount":%d,"note":"bench"}`, ws[to].name, 1+rand.IntN(10000))
		req, _ := http.NewRequest("POST", base+"/api/v1/wallet/transfers", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+ws[from].token)
		req.Header.Set("Idempotency-Key", fmt.Sprintf("bench-%d-%d", w, seq.Add(1)))
		res, err := client.Do(req)
		if err != nil {
			return false, err
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusConflict {
			refused.Add(1)
		}
		return res.StatusCode == http.StatusCreated, nil
	})
	stopProfile()
	report("POST /api/v1/wallet/transfers (ledger entry, 2 balance updates, history, Idempotency-Key)", r,
		"target ≥ 1,000 transfers/s, p99 ≤ 50 ms")
	if n := refused.Load(); n > 0 {
		fmt.Printf("  %d answered 409\n", n)
	}
	t0 := time.Now()
	rep, err := a.Money.Verify(ctx)
	if err != nil {
		return err
	}
	state := "clean"
	if !rep.Clean() {
		state = fmt.Sprintf("NOT CLEAN (%d mismatched, %d unbalanced, %d negative)", len(rep.Mismatched),
			len(rep.Unbalanced), len(rep.Negative))
	}
	fmt.Printf("  ledger verify afterwards: %s — %d accounts, %d entries, %d postings (%s)\n\n", state, rep.Accounts,
		rep.Entries, rep.Postings, time.Since(t0).Round(time.Millisecond))
	if !rep.Clean() {
		return fmt.Errorf("the ledger does not balance after the transfer benchmark")
	}
	return nil
}
