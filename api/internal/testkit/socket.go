package testkit

import (
	"encoding/json"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/gofiber/fiber/v3"
)

// Socket is a signed-in user's realtime connection as the portals open it:
// a single-use ticket, then the WebSocket on the API's own address.
type Socket struct {
	e  *Env
	ws *websocket.Conn
}

// Serve serves the Env's app on a loopback port (once) and returns its
// ws:// base address, for sockets.
func (e *Env) Serve() string {
	e.T.Helper()
	e.serveOnce.Do(func() {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			e.T.Fatal(err)
		}
		go func() { _ = e.Fiber.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
		e.T.Cleanup(func() { _ = e.Fiber.ShutdownWithTimeout(2 * time.Second) })
		e.wsBase = "ws://" + ln.Addr().String()
	})
	return e.wsBase
}

// OpenSocket connects token's user to the realtime endpoint and waits for
// its "ready" frame.
func (e *Env) OpenSocket(token string) *Socket {
	e.T.Helper()
	base := e.Serve()
	var tk struct {
		Data struct {
			Ticket string `json:"ticket"`
		} `json:"data"`
	}
	e.Post("/api/v1/realtime/tickets", token, nil).Expect(http.StatusCreated).JSON(&tk)
	ws, _, err := websocket.DefaultDialer.Dial(base+"/api/v1/realtime?ticket="+tk.Data.Ticket, nil)
	if err != nil {
		e.T.Fatalf("dial: %v", err)
	}
	e.T.Cleanup(func() { _ = ws.Close() })
	s := &Socket{e: e, ws: ws}
	if typ, _ := s.Next(5 * time.Second); typ != "ready" {
		e.T.Fatalf("first frame %q, want ready", typ)
	}
	return s
}

// Close ends the connection (as a dropped network would).
func (s *Socket) Close() error { return s.ws.Close() }

// Next reads the next frame (pongs skipped); "" when none came in time (a
// timed-out socket cannot be read again).
func (s *Socket) Next(wait time.Duration) (string, json.RawMessage) {
	s.e.T.Helper()
	for {
		_ = s.ws.SetReadDeadline(time.Now().Add(wait))
		_, b, err := s.ws.ReadMessage()
		if err != nil {
			return "", nil
		}
		var f struct {
			Type string          `json:"type"`
			Data json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(b, &f); err != nil {
			s.e.T.Fatalf("frame %s: %v", b, err)
		}
		if f.Type != "pong" {
			return f.Type, f.Data
		}
	}
}

// Await skips frames until one of type typ arrives within wait and returns
// its data; it fails the test when none does.
func (s *Socket) Await(typ string, wait time.Duration) json.RawMessage {
	s.e.T.Helper()
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		got, data := s.Next(time.Until(deadline))
		if got == "" {
			break
		}
		if got == typ {
			return data
		}
	}
	s.e.T.Fatalf("no %s frame within %v", typ, wait)
	return nil
}

// socketState is the Env's loopback server for sockets.
type socketState struct {
	serveOnce sync.Once
	wsBase    string
}
