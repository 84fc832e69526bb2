package messaging_test

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/messaging"
	"sojourn/api/internal/testkit"
)

// socket is a signed-in user's realtime connection as the portals open it:
// a single-use ticket, then the WebSocket on the API's own address.
type socket struct {
	t  *testing.T
	ws *websocket.Conn
}

func openSocket(t *testing.T, e *testkit.Env, base, token string) *socket {
	t.Helper()
	var tk struct {
		Data struct {
			Ticket string `json:"ticket"`
		} `json:"data"`
	}
	e.Post("/api/v1/realtime/tickets", token, nil).Expect(http.StatusCreated).JSON(&tk)
	ws, _, err := websocket.DefaultDialer.Dial(base+"/api/v1/realtime?ticket="+tk.Data.Ticket, nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { _ = ws.Close() })
	s := &socket{t: t, ws: ws}
	if typ, _ := s.next(5 * time.Second); typ != "ready" {
		t.Fatalf("first frame %q, want ready", typ)
	}
	return s
}

// next reads the next frame (pongs skipped); "" when none came in time (a
// timed-out socket cannot be read again).
func (s *socket) next(wait time.Duration) (string, json.RawMessage) {
	s.t.Helper()
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
			s.t.Fatalf("frame %s: %v", b, err)
		}
		if f.Type != "pong" {
			return f.Type, f.Data
		}
	}
}

// nextMessage waits for the next message.new frame and returns its message.
func (s *socket) nextMessage() messaging.Message {
	s.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		typ, data := s.next(time.Until(deadline))
		if typ == "" {
			break
		}
		if typ != "message.new" {
			continue
		}
		var m messaging.Message
		if err := json.Unmarshal(data, &m); err != nil {
			s.t.Fatalf("message.new %s: %v", data, err)
		}
		return m
	}
	s.t.Fatal("no message.new frame within 5 s")
	return messaging.Message{}
}

func serveOnLoopback(t *testing.T, f *fiber.App) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = f.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { _ = f.ShutdownWithTimeout(2 * time.Second) })
	return "ws://" + ln.Addr().String()
}

// A reconnecting client misses nothing: the recipient's socket is killed in
// the middle of a conversation, messages sent meanwhile are not pushed to
// the new socket, and the resume read (?after= the last message shown)
// returns exactly those, once, in order; what is sent after the reconnect
// arrives live again.
func TestIntegrationSocketDropThenResume(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		base := serveOnLoopback(t, e.Fiber)
		ada, bola := e.Register("ada@example.com", "ada"), e.Register("bola@example.com", "bola")
		c := start(t, e, ada.AccessToken, bola.UserID, "", http.StatusCreated)

		live := openSocket(t, e, base, bola.AccessToken)
		var shown []messaging.Message
		for i := 1; i <= 2; i++ {
			sent := send(t, e, ada.AccessToken, c.ID, fmt.Sprint("before ", i))
			got := live.nextMessage()
			if got.ID != sent.ID || got.Body != sent.Body {
				t.Fatalf("live frame %+v, want %+v", got, sent)
			}
			shown = append(shown, got)
		}

		// The network drops mid-stream; three messages are sent meanwhile.
		_ = live.ws.NetConn().Close()
		var missed []messaging.Message
		for i := 1; i <= 3; i++ {
			missed = append(missed, send(t, e, ada.AccessToken, c.ID, fmt.Sprint("while away ", i)))
		}

		// Reconnect: a fresh ticket and socket; the resume read brings back
		// exactly what was sent while away.
		again := openSocket(t, e, base, bola.AccessToken)
		var page msgList
		e.Get("/api/v1/messaging/conversations/"+c.ID+"/messages?after="+shown[len(shown)-1].ID, bola.AccessToken).
			Expect(http.StatusOK).JSON(&page)
		if len(page.Data) != len(missed) {
			t.Fatalf("resume returned %d messages, want %d", len(page.Data), len(missed))
		}
		for i, m := range page.Data {
			if m.ID != missed[i].ID || m.Body != missed[i].Body {
				t.Fatalf("resume[%d] = %q, want %q (in order)", i, m.Body, missed[i].Body)
			}
		}
		// Asked again from the newest, the resume is empty: each arrives once.
		e.Get("/api/v1/messaging/conversations/"+c.ID+"/messages?after="+missed[len(missed)-1].ID, bola.AccessToken).
			Expect(http.StatusOK).JSON(&page)
		if len(page.Data) != 0 {
			t.Fatalf("resume after the newest returned %d messages", len(page.Data))
		}

		// Live again after the reconnect, and nothing sent while away was
		// pushed to the new socket (it would have come first).
		after := send(t, e, ada.AccessToken, c.ID, "back online")
		if got := again.nextMessage(); got.ID != after.ID {
			t.Fatalf("the first push after reconnecting is %q, want %q", got.Body, after.Body)
		}
	})
}
