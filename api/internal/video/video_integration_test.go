package video_test

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/realtime"
	"sojourn/api/internal/testkit"
	"sojourn/api/internal/video"
)

// capture is a realtime hub that records what is published.
type capture struct {
	realtime.Discard
	mu   sync.Mutex
	sent []sent
}

type sent struct {
	to   []string
	typ  string
	data any
}

func (c *capture) Publish(_ context.Context, to []string, typ string, data any) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sent = append(c.sent, sent{to: to, typ: typ, data: data})
	return nil
}

func (c *capture) of(typ string) []sent {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []sent
	for _, s := range c.sent {
		if s.typ == typ {
			out = append(out, s)
		}
	}
	return out
}

// friends is a fake social gate: the pairs listed are friends.
type friends map[[2]string]bool

func (f friends) AreFriends(_ context.Context, a, b string) (bool, error) {
	return f[[2]string{a, b}] || f[[2]string{b, a}], nil
}

// session is a therapist, a client with a confirmed video session that
// starts an hour after the test's start, and an outsider.
type session struct {
	e                        *testkit.Env
	therapist, client, other *testkit.Session
	bookingID                string
	start, end               time.Time
}

func setup(t *testing.T, e *testkit.Env) *session {
	t.Helper()
	s := &session{e: e}
	s.therapist = e.Register("thera@example.com", "thera")
	s.client = e.Register("client@example.com", "client")
	s.other = e.Register("other@example.com", "other")
	_, off := e.Provider(s.therapist.UserID, "therapist", 1_500_000)
	s.start = testkit.Start.Add(time.Hour) // 10:00 UTC, 11:00 in Lagos
	s.bookingID = e.Booking(off, s.client.UserID, bookings.StatusConfirmed, s.start)
	b, err := e.App.Bookings.Booking(context.Background(), s.bookingID)
	if err != nil {
		t.Fatal(err)
	}
	s.end = b.End
	return s
}

// at moves the clock and signs everyone in again (access tokens live 15
// minutes of the clock).
func (s *session) at(t time.Time) {
	s.e.Clock.Set(t)
	for _, p := range []**testkit.Session{&s.therapist, &s.client, &s.other} {
		*p = s.e.Login((*p).Email, (*p).Password)
	}
}

func (s *session) path(tail string) string { return "/api/v1/video/rooms/" + s.bookingID + tail }

func roomOf(r *testkit.Resp) video.Room {
	var out struct{ Data video.Room }
	r.JSON(&out)
	return out.Data
}

func TestIntegrationRoomOfSession(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := setup(t, e)
		post := func(tail, token string) *testkit.Resp { return e.Post(s.path(tail), token, nil) }

		// Outsiders: 404 on everything, before and during the window.
		for _, at := range []time.Time{testkit.Start, s.start.Add(-5 * time.Minute)} {
			s.at(at)
			e.Get(s.path(""), s.other.AccessToken).Expect(http.StatusNotFound)
			for _, tail := range []string{"/join", "/admit", "/leave", "/token"} {
				post(tail, s.other.AccessToken).Expect(http.StatusNotFound)
			}
		}
		e.Get("/api/v1/video/rooms/"+testkit.Fmt("%0100d", 1), s.client.AccessToken).Expect(http.StatusNotFound)

		// Too early: 50 minutes, then 11 minutes before the start.
		s.at(testkit.Start)
		r := roomOf(e.Get(s.path(""), s.client.AccessToken).Expect(http.StatusOK))
		if r.Status != video.StatusUpcoming || r.Role != "guest" || r.Mode != video.ModeP2P ||
			!r.OpensAt.Equal(s.start.Add(-10*time.Minute)) || !r.ClosesAt.Equal(s.end) {
			t.Fatalf("room before the window: %+v", r)
		}
		if r.Peer.ID != s.therapist.UserID {
			t.Fatalf("the client's peer is %q, want the therapist", r.Peer.ID)
		}
		post("/join", s.client.AccessToken).Expect(http.StatusConflict)
		post("/join", s.therapist.AccessToken).Expect(http.StatusConflict)
		s.at(s.start.Add(-11 * time.Minute))
		post("/join", s.client.AccessToken).Expect(http.StatusConflict)

		// 10 minutes before: open. The client waits in the lobby.
		s.at(s.start.Add(-10 * time.Minute))
		r = roomOf(post("/join", s.client.AccessToken).Expect(http.StatusOK))
		if r.Status != video.StatusOpen || !r.Lobby.GuestIn || r.Lobby.GuestAdmitted || r.Lobby.HostIn {
			t.Fatalf("client in the lobby: %+v", r)
		}
		post("/token", s.client.AccessToken).Expect(http.StatusConflict) // waiting, not admitted
		post("/admit", s.client.AccessToken).Expect(http.StatusForbidden)
		// The provider admits (joining by admitting).
		r = roomOf(post("/admit", s.therapist.AccessToken).Expect(http.StatusOK))
		if r.Role != "host" || !r.Lobby.HostIn || !r.Lobby.GuestAdmitted {
			t.Fatalf("after admit: %+v", r)
		}
		post("/admit", s.therapist.AccessToken).Expect(http.StatusOK) // twice is once
		var tok struct{ Data video.Token }
		post("/token", s.client.AccessToken).Expect(http.StatusOK).JSON(&tok)
		if tok.Data.Mode != video.ModeP2P || tok.Data.Token != nil || tok.Data.Identity != s.client.UserID {
			t.Fatalf("p2p token: %+v", tok.Data)
		}
		// The client drops and comes back without waiting again.
		post("/leave", s.client.AccessToken).Expect(http.StatusOK)
		r = roomOf(post("/join", s.client.AccessToken).Expect(http.StatusOK))
		if !r.Lobby.GuestAdmitted || !r.Lobby.GuestIn {
			t.Fatalf("rejoined: %+v", r)
		}

		// The lists: the client's rooms and the therapist's practice's.
		var list struct{ Data []video.Room }
		e.Get("/api/v1/video/rooms", s.client.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 1 || list.Data[0].ID != s.bookingID {
			t.Fatalf("client's rooms: %+v", list.Data)
		}
		e.Get("/api/v1/video/rooms?kind=therapist", s.therapist.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 1 || list.Data[0].Role != "host" || !list.Data[0].Lobby.GuestIn {
			t.Fatalf("therapist's rooms: %+v", list.Data)
		}
		e.Get("/api/v1/video/rooms?kind=coach", s.therapist.AccessToken).Expect(http.StatusOK).JSON(&list)
		e.Get("/api/v1/video/rooms", s.other.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 0 {
			t.Fatalf("outsider's rooms: %+v", list.Data)
		}
		e.Get("/api/v1/video/rooms?kind=guide", s.therapist.AccessToken).Expect(http.StatusUnprocessableEntity)

		// At the end the room closes.
		s.at(s.end.Add(-time.Second))
		post("/join", s.client.AccessToken).Expect(http.StatusOK)
		s.at(s.end)
		post("/join", s.client.AccessToken).Expect(http.StatusConflict)
		post("/token", s.therapist.AccessToken).Expect(http.StatusConflict)
		r = roomOf(e.Get(s.path(""), s.client.AccessToken).Expect(http.StatusOK))
		if r.Status != video.StatusClosed {
			t.Fatalf("after the end: %+v", r)
		}
	})
}

func TestIntegrationAdmitNeedsSomeoneWaiting(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := setup(t, e)
		s.at(s.start.Add(-5 * time.Minute))
		// The provider joins first; admitting with nobody waiting is refused.
		r := roomOf(e.Post(s.path("/join"), s.therapist.AccessToken, nil).Expect(http.StatusOK))
		if !r.Lobby.HostIn || r.Lobby.GuestIn {
			t.Fatalf("provider alone: %+v", r)
		}
		e.Post(s.path("/admit"), s.therapist.AccessToken, nil).Expect(http.StatusConflict)
		e.Post(s.path("/token"), s.therapist.AccessToken, nil).Expect(http.StatusOK)
		e.Post(s.path("/join"), s.client.AccessToken, nil).Expect(http.StatusOK)
		// Parallel admits (two tabs): both answer the admitted room.
		var wg sync.WaitGroup
		codes := make([]int, 4)
		for i := range codes {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				codes[i] = e.Post(s.path("/admit"), s.therapist.AccessToken, nil).Status
			}(i)
		}
		wg.Wait()
		for _, c := range codes {
			if c != http.StatusOK {
				t.Fatalf("parallel admits answered %v", codes)
			}
		}
		// A cancelled session closes its room.
		e.Post("/api/v1/practice/appointments/"+s.bookingID+"/cancel", s.therapist.AccessToken,
			map[string]any{"reason": "Unwell today"}).Expect(http.StatusOK)
		r = roomOf(e.Get(s.path(""), s.client.AccessToken).Expect(http.StatusOK))
		if r.Status != video.StatusCancelled {
			t.Fatalf("room of a cancelled session: %+v", r)
		}
		e.Post(s.path("/join"), s.client.AccessToken, nil).Expect(http.StatusConflict)
		e.Post(s.path("/token"), s.therapist.AccessToken, nil).Expect(http.StatusConflict)
	})
}

func TestIntegrationTwilioToken(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e0 *testkit.Env) {
		e := testkit.New(t, e0.Dialect, func(c *config.Config) {
			c.TwilioAccountSID, c.TwilioAPIKey, c.TwilioAPISecret = "AC0123456789abcdef", "SK0123456789abcdef", "s3cret-s3cret"
		})
		s := setup(t, e)
		// 40 minutes before the end: the token lives until the end, not an hour.
		s.at(s.end.Add(-40 * time.Minute))
		e.Post(s.path("/join"), s.therapist.AccessToken, nil).Expect(http.StatusOK)
		var tok struct{ Data video.Token }
		e.Post(s.path("/token"), s.therapist.AccessToken, nil).Expect(http.StatusOK).JSON(&tok)
		if tok.Data.Mode != video.ModeTwilio || tok.Data.Token == nil || tok.Data.RoomName != "sojourn-"+s.bookingID {
			t.Fatalf("twilio token: %+v", tok.Data)
		}
		claims := jwt.MapClaims{}
		parsed, err := jwt.NewParser(jwt.WithTimeFunc(e.Clock.Now)).ParseWithClaims(*tok.Data.Token, claims,
			func(*jwt.Token) (any, error) { return []byte("s3cret-s3cret"), nil })
		if err != nil {
			t.Fatalf("parse: %v", err)
		}
		if parsed.Header["cty"] != "twilio-fpa;v=1" || parsed.Header["alg"] != "HS256" {
			t.Fatalf("header: %v", parsed.Header)
		}
		now := e.Clock.Now().Unix()
		if claims["iss"] != "SK0123456789abcdef" || claims["sub"] != "AC0123456789abcdef" ||
			claims["jti"] != testkit.Fmt("SK0123456789abcdef-%d", now) {
			t.Fatalf("claims: %v", claims)
		}
		if exp := int64(claims["exp"].(float64)); exp != s.end.Unix() {
			t.Fatalf("exp %d, want the session's end %d", exp, s.end.Unix())
		}
		grants, _ := json.Marshal(claims["grants"])
		want := `{"identity":"` + s.therapist.UserID + `","video":{"room":"sojourn-` + s.bookingID + `"}}`
		if string(grants) != want {
			t.Fatalf("grants %s, want %s", grants, want)
		}
		// The waiting client gets none.
		e.Post(s.path("/join"), s.client.AccessToken, nil).Expect(http.StatusOK)
		e.Post(s.path("/token"), s.client.AccessToken, nil).Expect(http.StatusConflict)
	})
}

func TestIntegrationSignalRelay(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := setup(t, e)
		hub := &capture{}
		svc, err := video.New(video.Config{DB: e.DB, Clock: e.Clock, Sessions: bookings.NewSessionReader(e.DB),
			Directory: e.App.Accounts, Live: hub})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		offer := json.RawMessage(`{"room_id":"` + s.bookingID + `","kind":"offer","sdp":"v=0\r\n"}`)
		s.at(s.start.Add(-5 * time.Minute))
		// Nobody in the call yet: refused for both; a stranger as if no room.
		if err := svc.Signal(ctx, s.other.UserID, offer); !apperr.Is(err, apperr.CodeNotFound) {
			t.Fatalf("outsider's signal: %v", err)
		}
		if err := svc.Signal(ctx, s.therapist.UserID, offer); !apperr.Is(err, apperr.CodeConflict) {
			t.Fatalf("signal before anyone joined: %v", err)
		}
		if _, err := svc.Join(ctx, s.therapist.UserID, s.bookingID); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Join(ctx, s.client.UserID, s.bookingID); err != nil {
			t.Fatal(err)
		}
		if len(hub.of("video.lobby")) != 4 {
			t.Fatalf("lobby pushes: %+v", hub.of("video.lobby"))
		}
		// The client waits: no signals either way.
		if err := svc.Signal(ctx, s.client.UserID, offer); !apperr.Is(err, apperr.CodeConflict) {
			t.Fatalf("waiting client's signal: %v", err)
		}
		if err := svc.Signal(ctx, s.therapist.UserID, offer); !apperr.Is(err, apperr.CodeConflict) {
			t.Fatalf("signal to a waiting client: %v", err)
		}
		if _, err := svc.Admit(ctx, s.therapist.UserID, s.bookingID); err != nil {
			t.Fatal(err)
		}
		// Both in the call: relayed to the other only.
		if err := svc.Signal(ctx, s.therapist.UserID, offer); err != nil {
			t.Fatal(err)
		}
		cand := json.RawMessage(`{"room_id":"` + s.bookingID + `","kind":"candidate","candidate":{"candidate":"candidate:1 1 udp 1 127.0.0.1 5000 typ host","sdpMid":"0"}}`)
		if err := svc.Signal(ctx, s.client.UserID, cand); err != nil {
			t.Fatal(err)
		}
		got := hub.of("video.signal")
		if len(got) != 2 || got[0].to[0] != s.client.UserID || got[1].to[0] != s.therapist.UserID {
			t.Fatalf("relayed: %+v", got)
		}
		if rel := got[0].data.(video.Relayed); rel.From != s.therapist.UserID || rel.Kind != "offer" {
			t.Fatalf("relayed offer: %+v", rel)
		}
		// Still refused: outsiders, bad frames, and after the end.
		if err := svc.Signal(ctx, s.other.UserID, offer); !apperr.Is(err, apperr.CodeNotFound) {
			t.Fatalf("outsider's signal in a live call: %v", err)
		}
		for _, bad := range []string{`{"room_id":"` + s.bookingID + `","kind":"hello","sdp":"x"}`,
			`{"room_id":"` + s.bookingID + `","kind":"offer"}`, `not json`} {
			if err := svc.Signal(ctx, s.client.UserID, json.RawMessage(bad)); !apperr.Is(err, apperr.CodeValidation) {
				t.Fatalf("bad frame %s: %v", bad, err)
			}
		}
		s.at(s.end)
		if err := svc.Signal(ctx, s.therapist.UserID, offer); !apperr.Is(err, apperr.CodeConflict) {
			t.Fatalf("signal after the end: %v", err)
		}
		if len(hub.of("video.signal")) != 2 {
			t.Fatal("a refused signal was relayed")
		}
	})
}

func TestIntegrationFriendCalls(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		a := e.Register("ada@example.com", "ada")
		b := e.Register("bo@example.com", "bobo")
		c := e.Register("cy@example.com", "cyra")
		hub := &capture{}
		svc, err := video.New(video.Config{DB: e.DB, Clock: e.Clock, Sessions: bookings.NewSessionReader(e.DB),
			Directory: e.App.Accounts, Live: hub, Friends: friends{{a.UserID, b.UserID}: true}})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if _, err := svc.CallFriend(ctx, a.UserID, video.FriendCallInput{FriendID: c.UserID}); !apperr.Is(err, apperr.CodeForbidden) {
			t.Fatalf("calling a stranger: %v", err)
		}
		if _, err := svc.CallFriend(ctx, a.UserID, video.FriendCallInput{FriendID: a.UserID}); !apperr.Is(err, apperr.CodeValidation) {
			t.Fatalf("calling oneself: %v", err)
		}
		r, err := svc.CallFriend(ctx, a.UserID, video.FriendCallInput{FriendID: b.UserID})
		if err != nil {
			t.Fatal(err)
		}
		if r.Kind != video.KindFriends || r.Role != "host" || r.Status != video.StatusOpen || r.Peer.ID != b.UserID {
			t.Fatalf("call: %+v", r)
		}
		if rings := hub.of("video.room"); len(rings) != 1 || rings[0].to[0] != b.UserID {
			t.Fatalf("ring: %+v", rings)
		}
		again, err := svc.CallFriend(ctx, b.UserID, video.FriendCallInput{FriendID: a.UserID})
		if err != nil || again.ID != r.ID || again.Role != "guest" {
			t.Fatalf("calling back answers the open call: %+v %v", again, err)
		}
		// An outsider sees nothing of it (through the real routes too).
		e.Get("/api/v1/video/rooms/"+r.ID, c.AccessToken).Expect(http.StatusNotFound)
		if _, err := svc.Join(ctx, c.UserID, r.ID); !apperr.Is(err, apperr.CodeNotFound) {
			t.Fatalf("outsider joins: %v", err)
		}
		// No lobby between friends.
		if _, err := svc.Join(ctx, b.UserID, r.ID); err != nil {
			t.Fatal(err)
		}
		if tok, err := svc.Token(ctx, b.UserID, r.ID); err != nil || tok.Mode != video.ModeP2P {
			t.Fatalf("friend's token: %+v %v", tok, err)
		}
		rooms, err := svc.Rooms(ctx, a.UserID, "")
		if err != nil || len(rooms) != 1 || rooms[0].ID != r.ID {
			t.Fatalf("caller's rooms: %+v %v", rooms, err)
		}
		// b hangs up while a is not in the room: the call ends.
		if _, err := svc.Leave(ctx, b.UserID, r.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Join(ctx, a.UserID, r.ID); !apperr.Is(err, apperr.CodeConflict) {
			t.Fatalf("joining an ended call: %v", err)
		}
		// Through the app, social's gate decides: not friends there, refused.
		e.Post("/api/v1/video/rooms", a.AccessToken, map[string]any{"friend_id": b.UserID}).Expect(http.StatusForbidden)
		// The call lasts two hours at most.
		r2, err := svc.CallFriend(ctx, a.UserID, video.FriendCallInput{FriendID: b.UserID})
		if err != nil || r2.ID == r.ID {
			t.Fatalf("a new call: %+v %v", r2, err)
		}
		e.Clock.Advance(video.FriendCallLength)
		if _, err := svc.Join(ctx, b.UserID, r2.ID); !apperr.Is(err, apperr.CodeConflict) {
			t.Fatalf("joining after two hours: %v", err)
		}
	})
}
