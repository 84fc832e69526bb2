package realtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/realtime"
	"sojourn/api/internal/testkit"
)

// serveReal serves a Fiber app on a loopback port (sockets need a real
// connection) and returns its ws:// base.
func serveReal(t *testing.T, f *fiber.App) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = f.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { _ = f.ShutdownWithTimeout(2 * time.Second) })
	return "ws://" + ln.Addr().String()
}

type frame struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

type client struct {
	t  *testing.T
	ws *websocket.Conn
}

func dial(t *testing.T, base, ticket string) (*client, *http.Response, error) {
	t.Helper()
	ws, res, err := websocket.DefaultDialer.Dial(base+"/api/v1/realtime?ticket="+ticket, nil)
	if err != nil {
		return nil, res, err
	}
	t.Cleanup(func() { _ = ws.Close() })
	c := &client{t: t, ws: ws}
	if f := c.next(); f.Type != "ready" {
		t.Fatalf("first frame %q, want ready", f.Type)
	}
	return c, res, nil
}

// next reads the next frame other than a ping/pong, failing after 5 s.
func (c *client) next() frame {
	c.t.Helper()
	for {
		_ = c.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		_, b, err := c.ws.ReadMessage()
		if err != nil {
			c.t.Fatalf("read: %v", err)
		}
		var f frame
		if err := json.Unmarshal(b, &f); err != nil {
			c.t.Fatalf("frame %s: %v", b, err)
		}
		if f.Type != "pong" {
			return f
		}
	}
}

// closed waits for the server to close the socket and returns the close code.
func (c *client) closed() int {
	c.t.Helper()
	for {
		_ = c.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		_, _, err := c.ws.ReadMessage()
		if err == nil {
			continue
		}
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			return ce.Code
		}
		c.t.Fatalf("socket not closed by a close frame: %v", err)
		return 0
	}
}

func (c *client) send(typ string, data any) {
	c.t.Helper()
	b, _ := json.Marshal(map[string]any{"type": typ, "data": data})
	if err := c.ws.WriteMessage(websocket.TextMessage, b); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

func ticket(t *testing.T, e *testkit.Env, token string) string {
	t.Helper()
	var body struct {
		Data realtime.Ticket `json:"data"`
	}
	e.Post("/api/v1/realtime/tickets", token, nil).Expect(http.StatusCreated).JSON(&body)
	if body.Data.Ticket == "" {
		t.Fatal("no ticket")
	}
	return body.Data.Ticket
}

func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestIntegrationTicketsAreSingleUse(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := e.Register("amara@example.com", "amara")
		e.Post("/api/v1/realtime/tickets", "", nil).Expect(http.StatusUnauthorized)
		raw := ticket(t, e, s.AccessToken)
		const n = 8
		var wins, losses atomic.Int32
		var wg sync.WaitGroup
		for range n {
			wg.Go(func() {
				user, _, err := e.App.Realtime.SpendTicket(context.Background(), raw)
				switch {
				case err == nil && user == s.UserID:
					wins.Add(1)
				case apperr.Is(err, apperr.CodeUnauthenticated):
					losses.Add(1)
				default:
					t.Errorf("spend: %v", err)
				}
			})
		}
		wg.Wait()
		if wins.Load() != 1 || losses.Load() != n-1 {
			t.Fatalf("%d spends won and %d lost; want exactly one winner", wins.Load(), losses.Load())
		}
		// Expired: 30 s is the limit.
		late := ticket(t, e, s.AccessToken)
		e.Clock.Advance(realtime.TicketTTL + time.Second)
		if _, _, err := e.App.Realtime.SpendTicket(context.Background(), late); !apperr.Is(err, apperr.CodeUnauthenticated) {
			t.Fatalf("expired ticket spent: %v", err)
		}
		// The chore deletes what expired.
		e.Clock.Advance(2 * time.Minute)
		if n, err := e.App.Realtime.PurgeTickets(context.Background()); err != nil || n != 2 {
			t.Fatalf("purged %d (%v), want 2", n, err)
		}
	})
}

func TestIntegrationSocketRoute(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		base := serveReal(t, e.Fiber)
		s := e.Register("amara@example.com", "amara")
		other := e.Register("bayo@example.com", "bayo")

		// Plain requests and bad tickets are refused before any upgrade.
		e.Get("/api/v1/realtime?ticket=abc", "").Expect(http.StatusUpgradeRequired)
		e.Get("/api/v1/realtime", "").Expect(http.StatusUnauthorized)
		if _, res, err := dial(t, base, "not-a-ticket"); err == nil || res == nil || res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("bad ticket: %v %v", err, res)
		}
		// A browser from elsewhere is refused.
		hdr := http.Header{"Origin": {"https://evil.example"}}
		if _, res, err := websocket.DefaultDialer.Dial(base+"/api/v1/realtime?ticket="+ticket(t, e, s.AccessToken), hdr); err == nil ||
			res.StatusCode != http.StatusForbidden {
			t.Fatalf("foreign origin: %v %v", err, res)
		}
		// A portal's origin is welcome; a ticket opens one socket only.
		raw := ticket(t, e, s.AccessToken)
		hdr = http.Header{"Origin": {e.Config.PortalOrigin("vendor")}}
		ws, _, err := websocket.DefaultDialer.Dial(base+"/api/v1/realtime?ticket="+raw, hdr)
		if err != nil {
			t.Fatalf("portal origin: %v", err)
		}
		ws.Close()
		if _, res, err := dial(t, base, raw); err == nil || res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("ticket reused: %v", err)
		}

		// Frames are routed to their handler with the sender; a handler's
		// apperr comes back as an error frame; unknown types too.
		e.App.Realtime.Handle("test.echo", func(ctx context.Context, from string, data json.RawMessage) error {
			var in struct {
				To   string `json:"to"`
				Text string `json:"text"`
			}
			if err := json.Unmarshal(data, &in); err != nil || in.Text == "" {
				return apperr.Validation(map[string]string{"text": "is required"})
			}
			return e.App.Realtime.Publish(ctx, []string{in.To}, "test.echoed", map[string]string{"from": from, "text": in.Text})
		})
		a1, _, err := dial(t, base, ticket(t, e, s.AccessToken))
		if err != nil {
			t.Fatal(err)
		}
		a2, _, err := dial(t, base, ticket(t, e, s.AccessToken)) // a second tab
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := dial(t, base, ticket(t, e, other.AccessToken))
		if err != nil {
			t.Fatal(err)
		}
		b.send("test.echo", map[string]string{"to": s.UserID, "text": "hello"})
		for _, c := range []*client{a1, a2} {
			f := c.next()
			if f.Type != "test.echoed" || !strings.Contains(string(f.Data), `"from":"`+other.UserID+`"`) {
				t.Fatalf("got %s %s", f.Type, f.Data)
			}
		}
		b.send("test.echo", map[string]string{"to": s.UserID})
		if f := b.next(); f.Type != "error" || !strings.Contains(string(f.Data), "validation_failed") {
			t.Fatalf("got %s %s", f.Type, f.Data)
		}
		b.send("nobody.handles", nil)
		if f := b.next(); f.Type != "error" || !strings.Contains(string(f.Data), "unknown_type") {
			t.Fatalf("got %s %s", f.Type, f.Data)
		}
		b.send("ping", nil)
		_ = b.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		if _, msg, err := b.ws.ReadMessage(); err != nil || !strings.Contains(string(msg), `"pong"`) {
			t.Fatalf("ping: %s %v", msg, err)
		}

		// Presence: both online; b's last socket closes and b is offline
		// with a last-seen time.
		st, err := e.App.Realtime.Presence(context.Background(), []string{s.UserID, other.UserID, "nobody"})
		if err != nil || !st[s.UserID].Online || !st[other.UserID].Online || st["nobody"].Online {
			t.Fatalf("presence %+v %v", st, err)
		}
		b.ws.Close()
		eventually(t, "b offline", func() bool {
			st, err := e.App.Realtime.Presence(context.Background(), []string{other.UserID})
			return err == nil && !st[other.UserID].Online && !st[other.UserID].LastSeen.IsZero()
		})

		// Too large a frame closes the socket.
		a2.send("test.echo", map[string]string{"to": s.UserID, "text": strings.Repeat("x", realtime.MaxFrame)})
		if code := a2.closed(); code != websocket.CloseMessageTooBig {
			t.Fatalf("oversized frame: close %d", code)
		}

		// Signing out ends the session's sockets: session.ended, then 4401.
		e.Post("/api/auth/logout", "", map[string]string{"refresh_token": s.RefreshToken}).Expect(http.StatusNoContent)
		if f := a1.next(); f.Type != "session.ended" {
			t.Fatalf("got %s", f.Type)
		}
		if code := a1.closed(); code != 4401 {
			t.Fatalf("close %d, want 4401", code)
		}
		eventually(t, "no sockets left", func() bool { return e.App.Realtime.Connections() == 0 })
	})
}

// standalone is a hub of its own on the test's database with short timings.
func standalone(t *testing.T, e *testkit.Env, c realtime.Config) (*realtime.NATSHub, string) {
	t.Helper()
	c.DB, c.Clock = e.DB, e.Clock
	h, err := realtime.New(c)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	f := fiber.New()
	h.Register(httpx.Router{R: f.Group("/api/v1"), Guard: func(c fiber.Ctx) error { return c.Next() }})
	return h, serveReal(t, f)
}

func rawDial(t *testing.T, h *realtime.NATSHub, base, user string) *websocket.Conn {
	t.Helper()
	tk, err := h.IssueTicket(context.Background(), user, "")
	if err != nil {
		t.Fatal(err)
	}
	ws, _, err := websocket.DefaultDialer.Dial(base+"/api/v1/realtime?ticket="+tk.Ticket, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ws.Close() })
	return ws
}

func TestIntegrationHeartbeatDropsDeadSockets(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		h, base := standalone(t, e, realtime.Config{PingEvery: 100 * time.Millisecond, PongWait: 150 * time.Millisecond})
		s := e.Register("amara@example.com", "amara")
		// This client never reads, so it never answers the server's pings.
		_ = rawDial(t, h, base, s.UserID)
		// This one reads (the client library answers pings while reading).
		live := rawDial(t, h, base, s.UserID)
		go func() {
			for {
				if _, _, err := live.ReadMessage(); err != nil {
					return
				}
			}
		}()
		eventually(t, "two sockets", func() bool { return h.Connections() == 2 })
		eventually(t, "the dead socket dropped", func() bool { return h.Connections() == 1 })
		time.Sleep(500 * time.Millisecond)
		if n := h.Connections(); n != 1 {
			t.Fatalf("%d sockets; the live one must stay", n)
		}
	})
}

func TestIntegrationSlowConsumerIsDropped(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		h, base := standalone(t, e, realtime.Config{SendBuffer: 8})
		slow := e.Register("slow@example.com", "slow")
		fast := e.Register("fast@example.com", "fast")
		_ = rawDial(t, h, base, slow.UserID) // never reads
		quick := rawDial(t, h, base, fast.UserID)
		var got atomic.Int32
		go func() {
			for {
				_, b, err := quick.ReadMessage()
				if err != nil {
					return
				}
				if strings.Contains(string(b), `"bulk"`) {
					got.Add(1)
				}
			}
		}()
		eventually(t, "two sockets", func() bool { return h.Connections() == 2 })
		big := strings.Repeat("x", 400<<10)
		const n = 250
		start := time.Now()
		// Each frame goes to both; the next one as soon as the reading
		// socket has it, so only the one that does not read falls behind.
		for i := range n {
			if err := h.Publish(context.Background(), []string{slow.UserID, fast.UserID}, "bulk", map[string]any{"i": i, "pad": big}); err != nil {
				t.Fatal(err)
			}
			eventually(t, fmt.Sprintf("frame %d at the fast socket", i), func() bool { return got.Load() == int32(i+1) })
		}
		eventually(t, "the slow socket dropped", func() bool { return h.Connections() == 1 })
		t.Logf("%d frames of 400 KB to the fast socket in %s while the slow one was dropped", n, time.Since(start))
	})
}

// TestIntegrationTwoInstances runs two app instances on one PostgreSQL
// database, joined through the machine's NATS (NATS_URL, default
// nats://127.0.0.1:4222), each serving sockets on its own port: a publish
// on A reaches the user's socket on B, and a sign-out on A ends the socket
// on B and makes B refuse the access token at once (B's auth cache is set
// to a minute, so only the revocation can explain the refusal).
//
// The instances are two App values in this test process rather than two
// `sojourn serve` processes: a Publish needs a caller, and no route on this
// branch publishes on demand; everything between them (NATS, the database)
// is shared exactly as between processes.
func TestIntegrationTwoInstances(t *testing.T) {
	testkit.PostgresURL(t)
	natsURL := natsURLForTest(t)
	prefix := fmt.Sprintf("t%d", time.Now().UnixNano())
	mutate := func(c *configT) { c.NATSURL, c.NATSPrefix = natsURL, prefix }
	a := testkit.New(t, "postgres", mutate)
	b := testkit.Second(t, a, mutate)
	b.App.Deps.Auth.CacheTTL = time.Minute
	baseB := serveReal(t, b.Fiber)

	s := a.Register("amara@example.com", "amara")
	sock, _, err := dial(t, baseB, ticket(t, b, s.AccessToken))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := a.App.Realtime.Publish(context.Background(), []string{s.UserID}, "message.new", map[string]string{"id": "m1"}); err != nil {
		t.Fatal(err)
	}
	if f := sock.next(); f.Type != "message.new" || string(f.Data) != `{"id":"m1"}` {
		t.Fatalf("got %s %s", f.Type, f.Data)
	}
	t.Logf("A to B in %s", time.Since(start))

	// B has the token cached as good.
	b.Get("/api/auth/user", s.AccessToken).Expect(http.StatusOK)
	a.Post("/api/auth/logout", "", map[string]string{"refresh_token": s.RefreshToken}).Expect(http.StatusNoContent)
	if f := sock.next(); f.Type != "session.ended" {
		t.Fatalf("got %s", f.Type)
	}
	if code := sock.closed(); code != 4401 {
		t.Fatalf("close %d", code)
	}
	b.Get("/api/auth/user", s.AccessToken).Expect(http.StatusUnauthorized)

	// A suspension on A does the same for every session of the user on B.
	u := a.Register("bayo@example.com", "bayo")
	admin := a.Admin("admin@example.com", "admin")
	sock2, _, err := dial(t, baseB, ticket(t, b, u.AccessToken))
	if err != nil {
		t.Fatal(err)
	}
	b.Get("/api/auth/user", u.AccessToken).Expect(http.StatusOK)
	a.Patch("/api/v1/admin/users/"+u.UserID, admin.AccessToken, map[string]any{"status": "suspended", "reason": "test"}).
		Expect(http.StatusOK)
	if f := sock2.next(); f.Type != "session.ended" {
		t.Fatalf("got %s", f.Type)
	}
	b.Get("/api/auth/user", u.AccessToken).Expect(http.StatusUnauthorized)
}

type configT = config.Config

// natsURLForTest is NATS_URL or the machine's NATS at 127.0.0.1:4222; the
// test skips (fails under CI=true) when none answers.
func natsURLForTest(t *testing.T) string {
	t.Helper()
	u := os.Getenv("NATS_URL")
	if u == "" {
		u = "nats://127.0.0.1:4222"
	}
	host := strings.TrimPrefix(u, "nats://")
	if i := strings.LastIndex(host, "@"); i >= 0 {
		host = host[i+1:]
	}
	conn, err := net.DialTimeout("tcp", strings.Split(host, ",")[0], 2*time.Second)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no NATS at %s (set NATS_URL): %v", u, err)
		}
		t.Skipf("no NATS at %s (set NATS_URL): %v", u, err)
	}
	conn.Close()
	return u
}
