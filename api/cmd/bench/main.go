// Command bench measures the API over real HTTP on loopback against
// PostgreSQL: wallet-to-wallet transfers among 1,000 wallets (then ledger
// verify), the authenticated read (GET /api/auth/user), login and the keyset
// listing of a 200,000-row wallet history (against bare database/sql and
// net/http programs running the same query), with 32 concurrent connections.
// It starts the server in-process on a fresh schema.
//
//	go run ./api/cmd/bench [-c 32] [-d 10s] [-db postgres://...] [-only transfers|reads|listing|wellness|rentals|airports|stays|shop-checkout|shop-listing|shop-search|matchmaking|event-tickets|blog-post]
//
// and the provider kernel: the public directory of 1,000 providers with
// filters, and 100 people holding one slot at once (wellness.go); and car
// rentals: search over 5,000 cars with filters and dates, and 100 people
// renting one car for overlapping ranges at once (rentals.go); the
// airport autocomplete over the whole dataset (airports.go, -only airports);
// and hotel stays: a city and dates searched end to end through the Duffel
// sandbox over HTTP (stays.go); and the shop: fifty shoppers checking out
// the last ten units at once, ten rounds (shop_checkout.go, -only
// shop-checkout), and 100,000 products listed by category and searched in
// full text (shop.go, -only shop-listing|shop-search); and matchmaking: one
// person's candidates against 10,000 opted-in people (matchmaking.go, -only
// matchmaking); and the blog: a published post's page with its head filled
// by the server (blog.go, -only blog-post).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/app"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/passwords"
)

func main() {
	conc := flag.Int("c", 32, "concurrent connections")
	dur := flag.Duration("d", 10*time.Second, "duration of each measurement")
	dbURL := flag.String("db", env("BENCH_DATABASE_URL", env("TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable")), "PostgreSQL URL")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the first measured benchmark to this file")
	flag.Parse()
	profilePath = *cpuprofile
	if err := run(*conc, *dur, *dbURL); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

var profilePath string

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func run(conc int, dur time.Duration, dbURL string) error {
	ctx := context.Background()
	admin, err := db.Open(ctx, dbURL)
	if err != nil {
		return fmt.Errorf("PostgreSQL is needed for the benchmarks: %w", err)
	}
	schema := "bench_" + strings.ReplaceAll(ids.New(), "-", "")
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		return err
	}
	defer func() {
		if os.Getenv("BENCH_KEEP_SCHEMA") != "" { // kept to study plans by hand (EXPLAIN); drop it when done
			fmt.Println("schema kept:", schema)
		} else {
			_, _ = admin.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		}
		admin.Close()
	}()
	sep := "?"
	if strings.Contains(dbURL, "?") {
		sep = "&"
	}
	d, err := db.Open(ctx, dbURL+sep+"search_path="+schema)
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := d.MigrateUp(ctx); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "sojourn-bench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	cfg := &config.Config{Addr: "127.0.0.1:0", DatabaseURL: dbURL, Env: "development", BaseDomain: "localhost",
		PublicScheme: "http", JWTSecret: []byte(strings.Repeat("b", 32)), AccessTTL: 15 * time.Minute,
		RefreshIdleTTL: 24 * time.Hour, RefreshAbsTTL: 30 * 24 * time.Hour, RefreshReuseGrace: config.DefaultRefreshReuseGrace,
		DataDir: tmp, MediaDir: tmp,
		PortalsDir: tmp, TrustProxy: true, HashConcurrency: runtime.NumCPU() * 2, LogLevel: "error"}
	if *only == "" || *only == "transfers" {
		if err := benchTransfers(ctx, *cfg, d, conc, dur); err != nil {
			return err
		}
		if *only == "transfers" {
			return nil
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	// The server knows its own address: the travel supplier's sandbox is
	// reached over loopback HTTP, with connections kept for every worker.
	cfg.Addr = ln.Addr().String()
	supplierHTTP := &http.Client{Timeout: 20 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 2 * conc, MaxConnsPerHost: 4 * conc}}
	opts := app.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), DuffelHTTP: supplierHTTP}
	if *only == "matchmaking" {
		// 10,000 accounts are made through the accounts service: a cheap
		// password cost keeps that to seconds (no login is measured here).
		opts.PasswordParams = &passwords.Params{MemoryKiB: 1024, Time: 1, Threads: 1}
	}
	a, err := app.New(cfg, d, opts)
	if err != nil {
		return err
	}
	go func() { _ = a.Fiber.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	defer a.Fiber.Shutdown() //nolint:errcheck
	base := "http://" + ln.Addr().String()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conc, MaxConnsPerHost: conc}, Timeout: 30 * time.Second}

	fmt.Printf("Sojourn API benchmarks: %d concurrent connections, %s each, PostgreSQL, GOMAXPROCS=%d\n\n", conc, dur, runtime.GOMAXPROCS(0))
	if *only == "airports" {
		return benchAirports(ctx, a, client, base, conc, dur)
	}
	if *only == "matchmaking" {
		return benchMatchmaking(ctx, a, d, client, base, conc, dur)
	}
	if *only == "blog-post" {
		return benchBlogPost(ctx, a, cfg.PortalsDir, client, base, conc, dur)
	}
	// Accounts: one for the read benchmark, a handful for login (the per-account
	// lockout does not apply to successful logins, and the per-IP limit is
	// lifted here by giving each request its own forwarded address).
	type acct struct{ email, token string }
	accts := make([]acct, 8)
	for i := range accts {
		email := fmt.Sprintf("bench%d@example.com", i)
		body := fmt.Sprintf(`{"email":%q,"username":"bench_%d","password":"Vivid-Harbour-2041"}`, email, i)
		res, err := client.Post(base+"/api/auth/register", "application/json", strings.NewReader(body))
		if err != nil {
			return err
		}
		var out struct {
			AccessToken string `json:"access_token"`
		}
		_ = json.NewDecoder(res.Body).Decode(&out)
		res.Body.Close()
		if res.StatusCode != 201 {
			return fmt.Errorf("register: %d", res.StatusCode)
		}
		accts[i] = acct{email, out.AccessToken}
	}

	if *only == "wellness" {
		return benchWellness(ctx, a, client, base, conc, dur)
	}
	if *only == "rentals" {
		return benchRentals(ctx, a, client, base, conc, dur)
	}
	if *only == "stays" {
		return benchStays(client, base, conc, dur)
	}
	if *only == "event-tickets" {
		return benchEventTickets(ctx, a, d, client, base)
	}
	if *only == "shop-checkout" {
		return benchShopCheckout(ctx, a, d, client, base)
	}
	if *only == "shop-listing" || *only == "shop-search" {
		return benchShop(ctx, a, dbURL+sep+"search_path="+schema, client, base, conc, dur, *only)
	}
	if *only == "listing" {
		return listing(ctx, d, dbURL+sep+"search_path="+schema, client, base, conc, dur)
	}
	if err := startProfile(); err != nil {
		return err
	}
	read := measure(conc, dur, func(w int) (bool, error) {
		req, _ := http.NewRequest("GET", base+"/api/auth/user", nil)
		req.Header.Set("Authorization", "Bearer "+accts[w%len(accts)].token)
		return do(client, req, 200)
	})
	stopProfile()
	report("GET /api/auth/user (authenticated read)", read, "target ≥ 5,000 req/s, p99 ≤ 20 ms")

	var seq atomic.Int64
	rssBefore := rssKB()
	resetHWM()
	login := measure(conc, dur, func(w int) (bool, error) {
		n := seq.Add(1)
		body := fmt.Sprintf(`{"email":%q,"password":"Vivid-Harbour-2041"}`, accts[w%len(accts)].email)
		req, _ := http.NewRequest("POST", base+"/api/auth/login", bytes.NewBufferString(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", (n>>16)&255, (n>>8)&255, n&255))
		return do(client, req, 200)
	})
	report("POST /api/auth/login (argon2id m=19 MiB, t=2)", login, "bounded by hashing; memory < 300 MB")
	fmt.Printf("  process memory: RSS before %d MB, peak (VmHWM) during login %d MB\n\n", rssBefore/1024, hwmKB()/1024)
	if *only == "reads" {
		return nil
	}
	if err := listing(ctx, d, dbURL+sep+"search_path="+schema, client, base, conc, dur); err != nil || *only != "" {
		return err
	}
	fmt.Println()
	return benchWellness(ctx, a, client, base, conc, dur)
}

// listing registers the readers of the wallet listing benchmark (with the
// server's own password hashing: eight accounts take a second), opens their
// wallets and runs it.
func listing(ctx context.Context, d *db.DB, dbURL string, client *http.Client, base string, conc int,
	dur time.Duration) error {
	users := make([]listingUser, 8)
	for i := range users {
		body := fmt.Sprintf(`{"email":"reader%d@example.com","username":"reader_%d","password":"Vivid-Harbour-2041"}`, i, i)
		req, _ := http.NewRequest("POST", base+"/api/auth/register", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.8.0.%d", i))
		res, err := client.Do(req)
		if err != nil {
			return err
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
			return fmt.Errorf("register reader %d: %d", i, res.StatusCode)
		}
		users[i] = listingUser{out.User.ID, out.AccessToken}
		req, _ = http.NewRequest("POST", base+"/api/v1/wallet", nil)
		req.Header.Set("Authorization", "Bearer "+out.AccessToken)
		res, err = client.Do(req)
		if err != nil {
			return fmt.Errorf("activate reader %d: %w", i, err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 201 {
			return fmt.Errorf("activate reader %d: %d %s", i, res.StatusCode, b)
		}
	}
	return benchListing(ctx, d, dbURL, client, base, users, conc, dur)
}

// startProfile begins the CPU profile of the first measured section run
// (with -only, the one asked for).
func startProfile() error {
	if profilePath == "" || profiling {
		return nil
	}
	f, err := os.Create(profilePath)
	if err != nil {
		return err
	}
	profiling = true
	return pprof.StartCPUProfile(f)
}

var profiling, profiled bool

func stopProfile() {
	if profiling && !profiled {
		pprof.StopCPUProfile()
		profiled = true
	}
}

func do(c *http.Client, req *http.Request, want int) (bool, error) {
	res, err := c.Do(req)
	if err != nil {
		return false, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode == want, nil
}

type result struct {
	n, failed int
	elapsed   time.Duration
	lat       []time.Duration
	cpu       cpuTimes // CPU spent during the measurement
}

func measure(conc int, dur time.Duration, fn func(worker int) (bool, error)) result {
	var mu sync.Mutex
	var all []time.Duration
	failed := 0
	deadline := time.Now().Add(dur)
	cpu0 := cpuNow()
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var mine []time.Duration
			bad := 0
			for time.Now().Before(deadline) {
				t0 := time.Now()
				ok, err := fn(w)
				mine = append(mine, time.Since(t0))
				if err != nil || !ok {
					bad++
				}
			}
			mu.Lock()
			all = append(all, mine...)
			failed += bad
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	elapsed, cpu1 := time.Since(start), cpuNow()
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	return result{n: len(all), failed: failed, elapsed: elapsed, lat: all,
		cpu: cpuTimes{cpu1.self - cpu0.self, cpu1.postgres - cpu0.postgres}}
}

func pct(l []time.Duration, p float64) time.Duration {
	if len(l) == 0 {
		return 0
	}
	i := int(float64(len(l)-1) * p)
	return l[i]
}

func report(name string, r result, target string) {
	fmt.Printf("%s\n  %d requests in %s: %.0f req/s; p50 %s, p99 %s, max %s; %d failed  (%s)\n", name, r.n,
		r.elapsed.Round(time.Millisecond), float64(r.n)/r.elapsed.Seconds(), pct(r.lat, 0.50).Round(10*time.Microsecond),
		pct(r.lat, 0.99).Round(10*time.Microsecond), pct(r.lat, 1).Round(10*time.Microsecond), r.failed, target)
	if r.n > 0 {
		fmt.Printf("  CPU per request: %d µs in this process (server and load generator), %d µs in PostgreSQL\n",
			r.cpu.self.Microseconds()/int64(r.n), r.cpu.postgres.Microseconds()/int64(r.n))
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		// The machine's load (this benchmark and its database included): with
		// 2 cores, much above 2 means something else competed for the CPU.
		if f := strings.Fields(string(b)); len(f) >= 3 {
			fmt.Printf("  load average afterwards: %s %s %s\n", f[0], f[1], f[2])
		}
	}
}

func procStatus(key string) int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, key+":") {
			var kb int
			fmt.Sscanf(strings.TrimSpace(strings.TrimPrefix(line, key+":")), "%d", &kb)
			return kb
		}
	}
	return 0
}

func rssKB() int { return procStatus("VmRSS") }
func hwmKB() int { return procStatus("VmHWM") }

// resetHWM resets the peak RSS counter (Linux: write 5 to clear_refs).
func resetHWM() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0o200) }
