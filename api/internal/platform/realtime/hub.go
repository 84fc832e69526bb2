package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/ratelimit"
)

// Tunables of the hub; tests shorten them through Config.
const (
	// SendBuffer is how many frames may wait for one slow socket; past it
	// the socket is dropped (the client reconnects and resumes by cursor)
	// instead of slowing anyone else down.
	SendBuffer = 256
	// MaxFrame is the largest frame a client may send (bytes).
	MaxFrame = 16 << 10
	// PingEvery is how often the server pings each socket; a socket that
	// answers nothing for PingEvery+PongWait is closed.
	PingEvery = 25 * time.Second
	PongWait  = 20 * time.Second
	// FramesPerSecond and FrameBurst bound what one socket may send.
	FramesPerSecond = 20
	FrameBurst      = 40
	// TicketTTL is how long a ticket may wait for its socket.
	TicketTTL = 30 * time.Second
	// PresenceEvery is how often an instance marks its users as still
	// online; PresenceStale is when an instance's mark lapses (it died).
	PresenceEvery = 30 * time.Second
	PresenceStale = 90 * time.Second
)

// Revocation tells every instance that a user's sessions changed: drop what
// is cached of the user (SessionID "" = every session of the user) and end
// the sockets whose session is no longer live or whose account is
// suspended. UserID may be "" when only the session is known (a sign-out by
// refresh token).
type Revocation struct {
	UserID    string `json:"user_id,omitempty"`
	SessionID string `json:"session_id,omitempty"`
}

// Config builds a NATSHub.
type Config struct {
	DB    *db.DB
	Clock clock.Clock
	Log   *slog.Logger
	// NATSURL joins a NATS cluster; "" starts an embedded server in the
	// process (no TCP port).
	NATSURL string
	// Prefix starts every subject (one token, config.NATSPrefix).
	Prefix string
	// Origin reports whether a browser origin may open a socket (the
	// portals' origins).
	Origin func(origin string) bool
	// Limits, when set, counts the ticket limit (30 a minute per account)
	// on every instance together; nil counts in this process.
	Limits *ratelimit.Store
	// Timing overrides for tests (zero = the constants above).
	PingEvery, PongWait time.Duration
	SendBuffer          int
}

// NATSHub is the Hub: WebSockets on this instance, joined to every other
// instance through NATS. See docs/architecture.md, "The realtime layer".
type NATSHub struct {
	c        Config
	instance string
	nc       *nats.Conn
	embedded *server.Server
	subs     []*nats.Subscription

	mu       sync.RWMutex
	byUser   map[string]map[*socket]struct{}
	userSubs map[string]*nats.Subscription
	closed   bool

	handlersMu sync.RWMutex
	handlers   map[string]FrameHandler

	attachMu sync.RWMutex
	sessions authn.StateSource
	onRevoke []func(Revocation)

	tickets *ratelimit.Limiter
	stop    chan struct{}
	wg      sync.WaitGroup
}

var _ Hub = (*NATSHub)(nil)

// New starts the hub: it connects to NATS (or starts the embedded server)
// and subscribes to the revocations every instance hears.
func New(c Config) (*NATSHub, error) {
	if c.DB == nil || c.Clock == nil {
		return nil, errors.New("realtime: Config needs DB and Clock")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	if c.Prefix == "" {
		c.Prefix = "sojourn"
	}
	if c.PingEvery <= 0 {
		c.PingEvery = PingEvery
	}
	if c.PongWait <= 0 {
		c.PongWait = PongWait
	}
	if c.SendBuffer <= 0 {
		c.SendBuffer = SendBuffer
	}
	if c.Origin == nil {
		c.Origin = func(string) bool { return false }
	}
	h := &NATSHub{c: c, instance: ids.New(), byUser: map[string]map[*socket]struct{}{},
		userSubs: map[string]*nats.Subscription{}, handlers: map[string]FrameHandler{},
		tickets: ratelimit.New(30, time.Minute, c.Clock), stop: make(chan struct{})}
	if c.Limits != nil {
		h.tickets = c.Limits.Limiter("realtime_tickets", 30, time.Minute)
	}
	opts := []nats.Option{nats.Name("sojourn " + h.instance), nats.MaxReconnects(-1),
		nats.ReconnectWait(500 * time.Millisecond), nats.ReconnectBufSize(8 << 20)}
	url := c.NATSURL
	if url == "" {
		ns, err := server.NewServer(&server.Options{ServerName: "sojourn-" + h.instance, DontListen: true,
			NoLog: true, NoSigs: true, MaxPayload: 1 << 20})
		if err != nil {
			return nil, fmt.Errorf("realtime: embedded NATS: %w", err)
		}
		ns.Start()
		if !ns.ReadyForConnections(10 * time.Second) {
			ns.Shutdown()
			return nil, errors.New("realtime: the embedded NATS server did not start")
		}
		h.embedded = ns
		opts = append(opts, nats.InProcessServer(ns))
		url = ns.ClientURL()
	}
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		h.shutdownEmbedded()
		return nil, fmt.Errorf("realtime: connect to NATS %s: %w", url, err)
	}
	h.nc = nc
	sub, err := nc.Subscribe(h.subject("revoke"), h.onRevocation)
	if err != nil {
		_ = h.Close(context.Background())
		return nil, err
	}
	h.subs = append(h.subs, sub)
	if err := nc.Flush(); err != nil {
		_ = h.Close(context.Background())
		return nil, err
	}
	h.wg.Add(1)
	go h.presenceLoop()
	return h, nil
}

func (h *NATSHub) subject(parts ...string) string {
	return h.c.Prefix + ".rt." + strings.Join(parts, ".")
}

// Attach gives the hub the accounts' state (to check sockets' sessions after
// a revocation) and what each instance drops from its caches when it hears
// one. Called once by app.New after accounts is built.
func (h *NATSHub) Attach(sessions authn.StateSource, onRevoke ...func(Revocation)) {
	h.attachMu.Lock()
	h.sessions = sessions
	h.onRevoke = append(h.onRevoke, onRevoke...)
	h.attachMu.Unlock()
}

// validSubjectToken: user ids are UUIDs; anything else never reaches NATS.
func validSubjectToken(s string) bool {
	return s != "" && len(s) <= 64 && !strings.ContainsAny(s, ". *>\t\r\n")
}

// Publish pushes {type, data} to every socket of each user on every
// instance (after the caller's transaction committed).
func (h *NATSHub) Publish(ctx context.Context, userIDs []string, typ string, data any) error {
	if typ == "" {
		return errors.New("realtime: Publish needs a type")
	}
	raw, err := json.Marshal(outFrame{Type: typ, Data: data})
	if err != nil {
		return fmt.Errorf("realtime: encode %s: %w", typ, err)
	}
	seen := make(map[string]bool, len(userIDs))
	for _, id := range userIDs {
		if seen[id] || !validSubjectToken(id) {
			continue
		}
		seen[id] = true
		if err := h.nc.Publish(h.subject("u", id), raw); err != nil {
			return fmt.Errorf("realtime: publish %s: %w", typ, err)
		}
	}
	return nil
}

// Handle registers the handler of the frames of a type clients send.
func (h *NATSHub) Handle(typ string, fh FrameHandler) {
	h.handlersMu.Lock()
	defer h.handlersMu.Unlock()
	if _, dup := h.handlers[typ]; dup || typ == "ping" || typ == "pong" {
		panic("realtime: a handler for " + typ + " is already registered")
	}
	h.handlers[typ] = fh
}

func (h *NATSHub) handler(typ string) FrameHandler {
	h.handlersMu.RLock()
	defer h.handlersMu.RUnlock()
	return h.handlers[typ]
}

// Revoke tells every instance (this one included) about ended sessions or a
// changed account (accounts calls it after its change committed).
func (h *NATSHub) Revoke(_ context.Context, r Revocation) error {
	raw, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if err := h.nc.Publish(h.subject("revoke"), raw); err != nil {
		return err
	}
	// Flush so the other instances hear it before the caller's answer is out.
	return h.nc.FlushTimeout(2 * time.Second)
}

func (h *NATSHub) onRevocation(m *nats.Msg) {
	var r Revocation
	if err := json.Unmarshal(m.Data, &r); err != nil {
		return
	}
	h.attachMu.RLock()
	drops, sessions := h.onRevoke, h.sessions
	h.attachMu.RUnlock()
	for _, fn := range drops {
		fn(r)
	}
	var candidates []*socket
	h.mu.RLock()
	if r.UserID != "" {
		for s := range h.byUser[r.UserID] {
			if r.SessionID == "" || s.session == r.SessionID {
				candidates = append(candidates, s)
			}
		}
	} else if r.SessionID != "" {
		for _, set := range h.byUser {
			for s := range set {
				if s.session == r.SessionID {
					candidates = append(candidates, s)
				}
			}
		}
	}
	h.mu.RUnlock()
	if len(candidates) == 0 {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		live := map[string]bool{}
		for _, s := range candidates {
			ok, checked := live[s.session]
			if !checked {
				ok = true
				if sessions != nil {
					st, err := sessions.AuthState(ctx, s.user, s.session)
					ok = err == nil && st.Active && st.SessionLive
					if err != nil {
						h.c.Log.Warn("realtime: session check failed; ending the socket", "err", err)
					}
				}
				live[s.session] = ok
			}
			if !ok {
				s.end(sessionEndedFrame, closeSessionEnded, "session ended")
			}
		}
	}()
}

// register adds a socket of a user, subscribing to the user's subject on
// the first one.
func (h *NATSHub) register(s *socket) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return errors.New("realtime: shutting down")
	}
	set := h.byUser[s.user]
	if set == nil {
		sub, err := h.nc.Subscribe(h.subject("u", s.user), h.deliver)
		if err != nil {
			return err
		}
		h.userSubs[s.user] = sub
		set = map[*socket]struct{}{}
		h.byUser[s.user] = set
	}
	set[s] = struct{}{}
	h.wg.Add(1) // done when the socket's handler returns
	return nil
}

// unregister removes a socket; the last one of a user ends the user's
// subscription. It reports whether the user has no socket left here.
func (h *NATSHub) unregister(s *socket) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	set := h.byUser[s.user]
	if set == nil {
		return false
	}
	if _, ok := set[s]; !ok {
		return false
	}
	delete(set, s)
	if len(set) > 0 {
		return false
	}
	delete(h.byUser, s.user)
	if sub := h.userSubs[s.user]; sub != nil {
		_ = sub.Unsubscribe()
		delete(h.userSubs, s.user)
	}
	return true
}

// deliver hands a published frame to this instance's sockets of the user.
func (h *NATSHub) deliver(m *nats.Msg) {
	user := m.Subject[strings.LastIndexByte(m.Subject, '.')+1:]
	h.mu.RLock()
	set := h.byUser[user]
	targets := make([]*socket, 0, len(set))
	for s := range set {
		targets = append(targets, s)
	}
	h.mu.RUnlock()
	for _, s := range targets {
		s.push(m.Data)
	}
}

// Connections is how many sockets this instance holds.
func (h *NATSHub) Connections() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	n := 0
	for _, set := range h.byUser {
		n += len(set)
	}
	return n
}

// Close ends every socket of this instance (clients reconnect, to another
// instance behind the load balancer), marks its users' presence, and leaves
// NATS. serve calls it before the HTTP server shuts down.
func (h *NATSHub) Close(ctx context.Context) error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	var all []*socket
	for _, set := range h.byUser {
		for s := range set {
			all = append(all, s)
		}
	}
	h.mu.Unlock()
	close(h.stop)
	for _, s := range all {
		s.end(nil, closeGoingAway, "server restarting")
	}
	done := make(chan struct{})
	go func() { h.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
	var err error
	if h.nc != nil {
		if derr := h.nc.Drain(); derr != nil && !errors.Is(derr, nats.ErrConnectionClosed) {
			err = derr
		}
		deadline := time.Now().Add(5 * time.Second)
		for !h.nc.IsClosed() && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		h.nc.Close()
	}
	h.shutdownEmbedded()
	return err
}

func (h *NATSHub) shutdownEmbedded() {
	if h.embedded != nil {
		h.embedded.Shutdown()
		h.embedded.WaitForShutdown()
	}
}
