// Command wsload is the realtime layer's load client, run as its own
// process next to one or two `sojourn serve` instances that share a
// database and a NATS cluster (NATS_URL):
//
//	wsload -db postgres://... -nats nats://127.0.0.1:4222 -prefix sojourn \
//	       -a ws://127.0.0.1:8080 [-b ws://127.0.0.1:8081] [-pid-a 1234] \
//	       [-conns 5000] [-accounts 1000] [-rate 1000] [-d 20s]
//
// It makes -accounts accounts (wsload_<n>) and single-use tickets for them
// through the accounts service and the hub of an app instance of its own
// (joined to the same database and NATS), opens -conns
// sockets to instance A (memory per socket from A's resident set, -pid-a),
// then publishes -rate frames a second for -d through NATS on the same
// subjects the hub's Publish uses (each to one user: every socket of that
// user receives it) and reports delivery latency percentiles; with -b it
// also opens sockets to B and measures delivery to them. The publisher is
// a NATS client in this process: a Publish on an instance is exactly one
// NATS publish, so the path measured is NATS -> instance -> socket.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"math/rand/v2"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/nats-io/nats.go"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/app"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/passwords"
)

type sample struct {
	mu  sync.Mutex
	lat []time.Duration
}

func (s *sample) add(d time.Duration) { s.mu.Lock(); s.lat = append(s.lat, d); s.mu.Unlock() }

func (s *sample) report(name string, sent int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.lat) == 0 {
		fmt.Printf("%s: nothing delivered\n", name)
		return
	}
	sort.Slice(s.lat, func(i, j int) bool { return s.lat[i] < s.lat[j] })
	q := func(p float64) time.Duration { return s.lat[min(len(s.lat)-1, int(p*float64(len(s.lat))))] }
	fmt.Printf("%s: %d published, %d deliveries; p50 %s p90 %s p99 %s max %s\n", name, sent, len(s.lat),
		q(0.50).Round(10*time.Microsecond), q(0.90).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond),
		s.lat[len(s.lat)-1].Round(10*time.Microsecond))
}

func rss(pid int) int64 {
	if pid <= 0 {
		return 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

func main() {
	dsn := flag.String("db", os.Getenv("DATABASE_URL"), "the servers' database")
	natsURL := flag.String("nats", "nats://127.0.0.1:4222", "the servers' NATS")
	prefix := flag.String("prefix", "sojourn", "the servers' SOJOURN_NATS_PREFIX")
	a := flag.String("a", "ws://127.0.0.1:8080", "instance A")
	b := flag.String("b", "", "instance B (optional: cross-instance delivery)")
	pidA := flag.Int("pid-a", 0, "instance A's process id (memory per socket)")
	conns := flag.Int("conns", 5000, "sockets on A")
	connsB := flag.Int("conns-b", 500, "sockets on B")
	users := flag.Int("accounts", 1000, "distinct accounts (sockets are spread over them)")
	rate := flag.Int("rate", 1000, "frames published per second")
	dur := flag.Duration("d", 20*time.Second, "how long to publish")
	flag.Parse()
	ctx := context.Background()
	d, err := db.Open(ctx, *dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer d.Close()

	// The accounts and tickets are made through the domains' own services
	// (an app instance of this process, joined to the same NATS), never by
	// writing their tables.
	tmp, err := os.MkdirTemp("", "sojourn-wsload")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	cfg := &config.Config{Addr: "127.0.0.1:0", DatabaseURL: *dsn, Env: "development", BaseDomain: "localhost",
		PublicScheme: "http", JWTSecret: []byte(strings.Repeat("w", 32)), AccessTTL: 15 * time.Minute,
		RefreshIdleTTL: 24 * time.Hour, RefreshAbsTTL: 30 * 24 * time.Hour, DataDir: tmp, MediaDir: tmp, PortalsDir: tmp,
		NATSURL: *natsURL, NATSPrefix: *prefix, HashConcurrency: runtime.NumCPU(), LogLevel: "error"}
	fast := passwords.Params{MemoryKiB: 1024, Time: 1, Threads: 1}
	svc, err := app.New(cfg, d, app.Options{PasswordParams: &fast, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		log.Fatal(err)
	}
	defer func() { _ = svc.Realtime.Close(context.Background()) }()
	run := strconv.FormatInt(time.Now().Unix(), 36)
	makeUser := func(name string) string {
		u, err := svc.Accounts.CreateUser(ctx, accounts.CreateUserInput{Email: name + "@wsload.example.com",
			Username: name, Password: "Wsload-" + run + "-Passw0rd!"})
		if err != nil {
			log.Fatalf("create users: %v", err)
		}
		return u.ID
	}
	userIDs := make([]string, *users)
	for i := range userIDs {
		userIDs[i] = makeUser(fmt.Sprintf("wsload_%s_%d", run, i))
	}
	ticket := func(user string) string {
		t, err := svc.Realtime.IssueTicket(ctx, user, "")
		if err != nil {
			log.Fatalf("ticket: %v", err)
		}
		return t.Ticket
	}

	var fanout, cross sample
	var opened atomic.Int64
	dialer := websocket.Dialer{HandshakeTimeout: 30 * time.Second, ReadBufferSize: 1024, WriteBufferSize: 512}
	open := func(base string, n int, into *sample) {
		var wg sync.WaitGroup
		sem := make(chan struct{}, 64)
		for i := range n {
			user := userIDs[i%len(userIDs)]
			sem <- struct{}{}
			wg.Add(1)
			go func() {
				defer wg.Done()
				raw := ticket(user)
				ws, _, err := dialer.Dial(base+"/api/v1/realtime?ticket="+raw, nil)
				<-sem
				if err != nil {
					log.Printf("dial: %v", err)
					return
				}
				opened.Add(1)
				go func() {
					var f struct {
						Type string `json:"type"`
						Data struct {
							T int64 `json:"t"`
						} `json:"data"`
					}
					for {
						_, msg, err := ws.ReadMessage()
						if err != nil {
							return
						}
						if json.Unmarshal(msg, &f) == nil && f.Type == "wsload" {
							into.add(time.Since(time.Unix(0, f.Data.T)))
						}
					}
				}()
			}()
		}
		wg.Wait()
	}

	before := rss(*pidA)
	start := time.Now()
	open(*a, *conns, &fanout)
	fmt.Printf("A: %d of %d sockets open in %s\n", opened.Load(), *conns, time.Since(start).Round(time.Millisecond))
	time.Sleep(3 * time.Second)
	if after := rss(*pidA); after > 0 {
		fmt.Printf("A: resident %d MB -> %d MB, %.1f KB per socket\n", before>>20, after>>20,
			float64(after-before)/1024/float64(max(1, opened.Load())))
	}
	if *b != "" {
		// B's sockets belong to users that have none on A, so each
		// measurement is of one kind.
		n0 := opened.Load()
		extra := make([]string, *connsB)
		for i := range extra {
			extra[i] = makeUser(fmt.Sprintf("wsloadb_%s_%d", run, i))
		}
		saved := userIDs
		userIDs = extra
		open(*b, *connsB, &cross)
		userIDs = saved
		userIDs = append(userIDs, extra...)
		fmt.Printf("B: %d sockets open\n", opened.Load()-n0)
	}

	nc, err := nats.Connect(*natsURL)
	if err != nil {
		log.Fatal(err)
	}
	defer nc.Close()
	var sent atomic.Int64
	// Paced in 5 ms steps: each step publishes what the rate owes so far
	// (a ticker per frame cannot keep 1 ms on a busy machine).
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	t0 := time.Now()
	end := t0.Add(*dur)
	for now := range tick.C {
		if now.After(end) {
			break
		}
		owed := int64(now.Sub(t0).Seconds()*float64(*rate)) - sent.Load()
		for range owed {
			user := userIDs[rand.IntN(len(userIDs))]
			body, _ := json.Marshal(map[string]any{"type": "wsload", "data": map[string]any{"t": time.Now().UnixNano(), "n": sent.Load()}})
			if err := nc.Publish(*prefix+".rt.u."+user, body); err != nil {
				log.Fatal(err)
			}
			sent.Add(1)
		}
	}
	_ = nc.Flush()
	time.Sleep(2 * time.Second)
	fmt.Printf("published %d frames in %s (%.0f/s) on %d cores\n", sent.Load(), dur.String(),
		float64(sent.Load())/dur.Seconds(), runtime.NumCPU())
	fanout.report("A (same instance as its sockets)", sent.Load())
	if *b != "" {
		cross.report("B (sockets on the other instance)", sent.Load())
	}
	if after := rss(*pidA); after > 0 {
		fmt.Printf("A: resident %d MB at the end\n", after>>20)
	}
}
