package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"sync"
	"time"

	"github.com/fasthttp/websocket"
	"golang.org/x/time/rate"

	"sojourn/api/internal/platform/apperr"
)

// Close codes the client sees (4000-4999 are the application's).
const (
	closeGoingAway     = websocket.CloseGoingAway // the instance shuts down: reconnect
	closeSessionEnded  = 4401                     // signed out or suspended: do not reconnect with this session
	closeSlowConsumer  = 4408                     // fell behind: reconnect and resume by cursor
	closePolicy        = websocket.ClosePolicyViolation
	writeWait          = 10 * time.Second
	frameHandlerBudget = 10 * time.Second
)

// outFrame is a frame the server sends.
type outFrame struct {
	Type string `json:"type"`
	Data any    `json:"data"`
}

// inFrame is a frame a client sends.
type inFrame struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

var sessionEndedFrame = mustFrame("session.ended", map[string]string{
	"message": "This session has ended. Sign in again."})

func mustFrame(typ string, data any) []byte {
	b, err := json.Marshal(outFrame{Type: typ, Data: data})
	if err != nil {
		panic(err)
	}
	return b
}

type closeReq struct {
	frame  []byte
	code   int
	reason string
}

// socket is one client connection on this instance.
type socket struct {
	hub     *NATSHub
	ws      *websocket.Conn
	user    string
	session string
	send    chan []byte
	closing chan closeReq
	once    sync.Once
	limiter *rate.Limiter
}

func newSocket(h *NATSHub, ws *websocket.Conn, user, session string) *socket {
	return &socket{hub: h, ws: ws, user: user, session: session, send: make(chan []byte, h.c.SendBuffer),
		closing: make(chan closeReq, 1), limiter: rate.NewLimiter(FramesPerSecond, FrameBurst)}
}

// push queues a frame; a socket whose buffer is full is dropped rather
// than slowing the publisher or the other sockets down.
func (s *socket) push(frame []byte) {
	select {
	case s.send <- frame:
	default:
		s.cut(closeSlowConsumer, "too slow")
	}
}

// cut ends a socket whose writer may be stuck on a full connection: the
// close frame gets a second to go out, then the connection is closed under
// the writer, which unblocks it.
func (s *socket) cut(code int, reason string) {
	first := false
	s.once.Do(func() {
		first = true
		s.closing <- closeReq{code: websocket.CloseAbnormalClosure}
	})
	if !first {
		return
	}
	go func() {
		_ = s.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(time.Second))
		s.hardClose()
	}()
}

// hardClose closes the connection itself: fasthttp's hijacked connection
// ignores Close (it closes it once the handler returns), which would leave
// a blocked read or write waiting for its deadline.
func (s *socket) hardClose() {
	nc := s.ws.NetConn()
	if u, ok := nc.(interface{ UnsafeConn() net.Conn }); ok {
		nc = u.UnsafeConn()
	}
	_ = nc.Close()
}

// end closes the socket once, after sending frame (if any).
func (s *socket) end(frame []byte, code int, reason string) {
	s.once.Do(func() { s.closing <- closeReq{frame: frame, code: code, reason: reason} })
}

// run serves the socket until it closes: the writer in its own goroutine,
// the reader here.
func (s *socket) run() {
	writerDone := make(chan struct{})
	go func() {
		defer close(writerDone)
		s.writeLoop()
	}()
	s.readLoop()
	s.end(nil, websocket.CloseNormalClosure, "")
	<-writerDone
}

func (s *socket) writeLoop() {
	ping := time.NewTicker(s.hub.c.PingEvery)
	defer ping.Stop()
	defer s.hardClose()
	for {
		select {
		case b := <-s.send:
			if err := s.write(b); err != nil {
				s.end(nil, websocket.CloseAbnormalClosure, "")
				s.drainClose()
				return
			}
		case <-ping.C:
			if err := s.ws.WriteControl(websocket.PingMessage, nil, time.Now().Add(writeWait)); err != nil {
				s.end(nil, websocket.CloseAbnormalClosure, "")
				s.drainClose()
				return
			}
		case req := <-s.closing:
			if req.frame != nil {
				_ = s.write(req.frame)
			}
			if req.code != websocket.CloseAbnormalClosure {
				_ = s.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(req.code, req.reason),
					time.Now().Add(writeWait))
			}
			return
		}
	}
}

// drainClose empties the closing request end queued.
func (s *socket) drainClose() {
	select {
	case <-s.closing:
	default:
	}
}

func (s *socket) write(b []byte) error {
	_ = s.ws.SetWriteDeadline(time.Now().Add(writeWait))
	return s.ws.WriteMessage(websocket.TextMessage, b)
}

func (s *socket) readLoop() {
	s.ws.SetReadLimit(MaxFrame)
	deadline := func() { _ = s.ws.SetReadDeadline(time.Now().Add(s.hub.c.PingEvery + s.hub.c.PongWait)) }
	deadline()
	s.ws.SetPongHandler(func(string) error { deadline(); return nil })
	for {
		kind, msg, err := s.ws.ReadMessage()
		if err != nil {
			if errors.Is(err, websocket.ErrReadLimit) {
				s.end(nil, websocket.CloseMessageTooBig, "frame too large")
			}
			return
		}
		deadline()
		if kind != websocket.TextMessage {
			s.replyError("", "invalid_frame", "Frames are JSON text: {\"type\": ..., \"data\": ...}.")
			continue
		}
		if !s.limiter.Allow() {
			s.replyError("", string(apperr.CodeRateLimited), "Too many frames; slow down.")
			continue
		}
		var f inFrame
		if err := json.Unmarshal(msg, &f); err != nil || f.Type == "" || len(f.Type) > 64 {
			s.replyError("", "invalid_frame", "Frames are JSON text: {\"type\": ..., \"data\": ...}.")
			continue
		}
		switch f.Type {
		case "ping":
			s.push(mustFrame("pong", nil))
			continue
		case "pong":
			continue
		}
		fh := s.hub.handler(f.Type)
		if fh == nil {
			s.replyError(f.Type, "unknown_type", "No frame of type "+f.Type+" is handled.")
			continue
		}
		s.dispatch(f, fh)
	}
}

func (s *socket) dispatch(f inFrame, fh FrameHandler) {
	ctx, cancel := context.WithTimeout(context.Background(), frameHandlerBudget)
	defer cancel()
	data := f.Data
	if len(data) == 0 {
		data = json.RawMessage("null")
	}
	err := func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				s.hub.c.Log.Error("realtime: frame handler panicked", "type", f.Type, "panic", r)
				err = errors.New("handler panicked")
			}
		}()
		return fh(ctx, s.user, data)
	}()
	if err == nil {
		return
	}
	if e, ok := apperr.As(err); ok && e.Status() < 500 {
		s.replyError(f.Type, string(e.Code), e.Message)
		return
	}
	s.hub.c.Log.Error("realtime: frame handler failed", "type", f.Type, "err", err)
	s.replyError(f.Type, string(apperr.CodeInternal), "Something went wrong handling that; try again.")
}

func (s *socket) replyError(typ, code, msg string) {
	s.push(mustFrame("error", map[string]string{"for": typ, "code": code, "message": msg}))
}
