package messaging_test

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/messaging"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/jobs"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

type convResp struct {
	Data messaging.Conversation `json:"data"`
}

type msgResp struct {
	Data messaging.Message `json:"data"`
}

type msgList struct {
	Data []messaging.Message `json:"data"`
	Meta struct {
		NextCursor *string `json:"next_cursor"`
	} `json:"meta"`
}

func start(t *testing.T, e *testkit.Env, token, to, about string, want int) messaging.Conversation {
	t.Helper()
	var c convResp
	e.Post("/api/v1/messaging/conversations", token, map[string]any{"to": to, "about": about}).Expect(want).JSON(&c)
	return c.Data
}

func send(t *testing.T, e *testkit.Env, token, conv, body string) messaging.Message {
	t.Helper()
	var m msgResp
	e.Post("/api/v1/messaging/conversations/"+conv+"/messages", token, map[string]any{"body": body}).
		Expect(http.StatusCreated).JSON(&m)
	return m.Data
}

func unread(t *testing.T, e *testkit.Env, token string) messaging.Unread {
	t.Helper()
	var u struct {
		Data messaging.Unread `json:"data"`
	}
	e.Get("/api/v1/messaging/unread", token).Expect(http.StatusOK).JSON(&u)
	return u.Data
}

// One conversation per pair and subject; only members read it (404 to
// anyone else); a subject must concern the people talking about it.
func TestIntegrationConversationsMembersOnly(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada, bola, carl := e.Register("ada@example.com", "ada"), e.Register("bola@example.com", "bola"),
			e.Register("carl@example.com", "carl")
		c := start(t, e, ada.AccessToken, bola.UserID, "", http.StatusCreated)
		again := start(t, e, bola.AccessToken, ada.UserID, "", http.StatusOK)
		if again.ID != c.ID || len(c.Members) != 2 {
			t.Fatalf("one conversation per pair: %+v %+v", c, again)
		}
		m := send(t, e, ada.AccessToken, c.ID, "Hello Bola")
		base := "/api/v1/messaging/conversations/" + c.ID
		e.Get(base, carl.AccessToken).Expect(http.StatusNotFound)
		e.Get(base+"/messages", carl.AccessToken).Expect(http.StatusNotFound)
		e.Post(base+"/messages", carl.AccessToken, map[string]any{"body": "hi"}).Expect(http.StatusNotFound)
		e.Post(base+"/read", carl.AccessToken, map[string]any{}).Expect(http.StatusNotFound)
		e.Patch(base+"/messages/"+m.ID, carl.AccessToken, map[string]any{"body": "x"}).Expect(http.StatusNotFound)
		e.Post("/api/v1/messaging/reports", carl.AccessToken, map[string]any{"message_id": m.ID, "reason": "spam"}).
			Expect(http.StatusNotFound)
		e.Get(base+"/messages", bola.AccessToken).Expect(http.StatusOK)
		// Contact relay: no email anywhere in what the other side receives.
		r := e.Get(base, bola.AccessToken).Expect(http.StatusOK)
		if s := string(r.Body); contains(s, "ada@example.com") || contains(s, "\"email\"") {
			t.Fatalf("an email leaked: %s", s)
		}
		// Bad input.
		e.Post("/api/v1/messaging/conversations", ada.AccessToken, map[string]any{"to": ada.UserID}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/messaging/conversations", ada.AccessToken, map[string]any{"to": ids.New()}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/messaging/conversations", ada.AccessToken, map[string]any{"to": bola.UserID, "about": "order"}).Expect(http.StatusUnprocessableEntity)
		long := make([]byte, messaging.MaxBody+1)
		for i := range long {
			long[i] = 'a'
		}
		e.Post(base+"/messages", ada.AccessToken, map[string]any{"body": string(long)}).Expect(http.StatusUnprocessableEntity)
		e.Post(base+"/messages", ada.AccessToken, map[string]any{"body": "   "}).Expect(http.StatusUnprocessableEntity)

		// A booking: client and provider may talk about it, a stranger may not.
		_, off := e.Provider(carl.UserID, practice.KindCoach, 1_000_000)
		bk := e.Booking(off, ada.UserID, bookings.StatusConfirmed, testkit.Start.Add(72*time.Hour))
		about := start(t, e, ada.AccessToken, carl.UserID, "booking:"+bk, http.StatusCreated)
		if about.Subject == nil || about.Subject.Type != "booking" || about.Subject.Link == "" || about.ID == c.ID {
			t.Fatalf("booking subject: %+v", about.Subject)
		}
		start(t, e, bola.AccessToken, carl.UserID, "booking:"+bk, http.StatusUnprocessableEntity)
		// The subject names the other side: the booking's client asks without a user id.
		if c2 := start(t, e, ada.AccessToken, "", "booking:"+bk, http.StatusOK); c2.ID != about.ID {
			t.Fatalf("start by subject: %s, want %s", c2.ID, about.ID)
		}
		e.Post("/api/v1/messaging/conversations", bola.AccessToken, map[string]any{"about": "booking:" + bk}).
			Expect(http.StatusUnprocessableEntity)

		// Groups: the creator adds members; a member who is not the creator cannot.
		var g convResp
		e.Post("/api/v1/messaging/conversations/groups", ada.AccessToken, map[string]any{"title": "Zanzibar trip",
			"members": []string{bola.UserID}}).Expect(http.StatusCreated).JSON(&g)
		gm := send(t, e, bola.AccessToken, g.Data.ID, "Who brings the snorkels?")
		e.Get("/api/v1/messaging/conversations/"+g.Data.ID, carl.AccessToken).Expect(http.StatusNotFound)
		e.Post("/api/v1/messaging/conversations/"+g.Data.ID+"/members", bola.AccessToken,
			map[string]any{"members": []string{carl.UserID}}).Expect(http.StatusForbidden)
		e.Post("/api/v1/messaging/conversations/"+g.Data.ID+"/members", ada.AccessToken,
			map[string]any{"members": []string{carl.UserID}}).Expect(http.StatusOK)
		e.Get("/api/v1/messaging/conversations/"+g.Data.ID, carl.AccessToken).Expect(http.StatusOK)
		// A newcomer starts with the history read.
		if u := unread(t, e, carl.AccessToken); u.Conversations[g.Data.ID] != 0 {
			t.Fatalf("newcomer unread %+v", u)
		}

		// Reports: once per reporter, never one's own; an admin removes the message.
		e.Post("/api/v1/messaging/reports", ada.AccessToken, map[string]any{"message_id": gm.ID, "reason": "Rude"}).
			Expect(http.StatusCreated)
		e.Post("/api/v1/messaging/reports", ada.AccessToken, map[string]any{"message_id": gm.ID, "reason": "Rude"}).
			Expect(http.StatusConflict)
		e.Post("/api/v1/messaging/reports", bola.AccessToken, map[string]any{"message_id": gm.ID, "reason": "Mine"}).
			Expect(http.StatusUnprocessableEntity)
		admin := e.Admin("boss@example.com", "boss")
		var reps struct {
			Data []messaging.Report `json:"data"`
		}
		e.Get("/api/v1/admin/messaging/reports", admin.AccessToken).Expect(http.StatusOK).JSON(&reps)
		if len(reps.Data) != 1 || reps.Data[0].Body != gm.Body || reps.Data[0].Sender.ID != bola.UserID {
			t.Fatalf("reports %+v", reps.Data)
		}
		e.Get("/api/v1/admin/messaging/reports", ada.AccessToken).Expect(http.StatusForbidden)
		e.Post("/api/v1/admin/messaging/reports/"+reps.Data[0].ID+"/decision", admin.AccessToken,
			map[string]any{"action": "remove"}).Expect(http.StatusOK)
		e.Post("/api/v1/admin/messaging/reports/"+reps.Data[0].ID+"/decision", admin.AccessToken,
			map[string]any{"action": "dismiss"}).Expect(http.StatusConflict)
		var l msgList
		e.Get("/api/v1/messaging/conversations/"+g.Data.ID+"/messages", ada.AccessToken).Expect(http.StatusOK).JSON(&l)
		if len(l.Data) != 1 || !l.Data[0].Deleted || l.Data[0].Body != "" {
			t.Fatalf("removed message %+v", l.Data)
		}
	})
}

func contains(s, sub string) bool { return len(sub) > 0 && len(s) >= len(sub) && indexOf(s, sub) >= 0 }

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// Edit and delete one's own message only within 15 minutes (fake clock);
// reactions once per emoji and person.
func TestIntegrationEditWindowAndReactions(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada, bola := e.Register("ada@example.com", "ada"), e.Register("bola@example.com", "bola")
		c := start(t, e, ada.AccessToken, bola.UserID, "", http.StatusCreated)
		m := send(t, e, ada.AccessToken, c.ID, "Meet at 9")
		p := "/api/v1/messaging/conversations/" + c.ID + "/messages/" + m.ID
		e.Patch(p, bola.AccessToken, map[string]any{"body": "not mine"}).Expect(http.StatusNotFound)
		var ed msgResp
		e.Patch(p, ada.AccessToken, map[string]any{"body": "Meet at 10"}).Expect(http.StatusOK).JSON(&ed)
		if ed.Data.Body != "Meet at 10" || ed.Data.EditedAt == nil {
			t.Fatalf("edited %+v", ed.Data)
		}
		for i := 0; i < 2; i++ {
			e.Post(p+"/reactions", bola.AccessToken, map[string]any{"emoji": "👍"}).Expect(http.StatusOK)
		}
		var re msgResp
		e.Post(p+"/reactions", ada.AccessToken, map[string]any{"emoji": "👍"}).Expect(http.StatusOK).JSON(&re)
		if len(re.Data.Reactions) != 1 || re.Data.Reactions[0].Count != 2 || !re.Data.Reactions[0].Mine {
			t.Fatalf("reactions %+v", re.Data.Reactions)
		}
		e.Post(p+"/reactions", ada.AccessToken, map[string]any{"emoji": "not an emoji"}).Expect(http.StatusUnprocessableEntity)
		e.Clock.Advance(messaging.EditWindow + time.Second)
		ada, bola = e.Login(ada.Email, ada.Password), e.Login(bola.Email, bola.Password)
		e.Patch(p, ada.AccessToken, map[string]any{"body": "too late"}).Expect(http.StatusConflict)
		e.Do(testkit.Req{Method: http.MethodDelete, Path: p, Token: ada.AccessToken}).Expect(http.StatusConflict)
		m2 := send(t, e, ada.AccessToken, c.ID, "oops")
		var del msgResp
		e.Do(testkit.Req{Method: http.MethodDelete, Path: "/api/v1/messaging/conversations/" + c.ID + "/messages/" + m2.ID,
			Token: ada.AccessToken}).Expect(http.StatusOK).JSON(&del)
		if !del.Data.Deleted || del.Data.Body != "" {
			t.Fatalf("deleted %+v", del.Data)
		}
		// A deleted message does not count as unread.
		if u := unread(t, e, bola.AccessToken); u.Total != 1 {
			t.Fatalf("unread after delete %+v", u)
		}
	})
}

// Parallel sends get distinct numbers in order and exact unread counts;
// resume ?after= returns the missed messages once, in order.
func TestIntegrationParallelSendsUnreadAndResume(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada, bola := e.Register("ada@example.com", "ada"), e.Register("bola@example.com", "bola")
		c := start(t, e, ada.AccessToken, bola.UserID, "", http.StatusCreated)
		const n = 12
		var wg sync.WaitGroup
		var mu sync.Mutex
		var seqs []int64
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				tok := ada.AccessToken
				if i%3 == 0 {
					tok = bola.AccessToken
				}
				var m msgResp
				e.Post("/api/v1/messaging/conversations/"+c.ID+"/messages", tok, map[string]any{"body": fmt.Sprint("m", i)}).
					Expect(http.StatusCreated).JSON(&m)
				mu.Lock()
				seqs = append(seqs, m.Data.Seq)
				mu.Unlock()
			}(i)
		}
		wg.Wait()
		sort.Slice(seqs, func(i, j int) bool { return seqs[i] < seqs[j] })
		for i, s := range seqs {
			if s != int64(i+1) {
				t.Fatalf("sequence numbers %v", seqs)
			}
		}
		var all msgList
		e.Get("/api/v1/messaging/conversations/"+c.ID+"/messages?limit=100", ada.AccessToken).Expect(http.StatusOK).JSON(&all)
		if len(all.Data) != n {
			t.Fatalf("listed %d", len(all.Data))
		}
		for i := 1; i < len(all.Data); i++ {
			if all.Data[i-1].Seq <= all.Data[i].Seq {
				t.Fatal("not newest first")
			}
		}
		// Unread: each side's count is exactly the other's messages after its own last send.
		countAfter := func(reader string) int {
			last := int64(0)
			for _, m := range all.Data {
				if m.SenderID == reader && m.Seq > last {
					last = m.Seq
				}
			}
			k := 0
			for _, m := range all.Data {
				if m.SenderID != reader && m.Seq > last {
					k++
				}
			}
			return k
		}
		if u := unread(t, e, bola.AccessToken); u.Total != countAfter(bola.UserID) || u.Conversations[c.ID] != u.Total {
			t.Fatalf("bola unread %+v want %d", u, countAfter(bola.UserID))
		}
		if u := unread(t, e, ada.AccessToken); u.Total != countAfter(ada.UserID) {
			t.Fatalf("ada unread %+v want %d", u, countAfter(ada.UserID))
		}
		e.Post("/api/v1/messaging/conversations/"+c.ID+"/read", bola.AccessToken, map[string]any{}).Expect(http.StatusOK)
		if u := unread(t, e, bola.AccessToken); u.Total != 0 {
			t.Fatalf("after read %+v", u)
		}

		// Older pages by cursor.
		var p1, p2 msgList
		e.Get("/api/v1/messaging/conversations/"+c.ID+"/messages?limit=5", ada.AccessToken).Expect(http.StatusOK).JSON(&p1)
		e.Get("/api/v1/messaging/conversations/"+c.ID+"/messages?limit=5&cursor="+*p1.Meta.NextCursor, ada.AccessToken).
			Expect(http.StatusOK).JSON(&p2)
		if p1.Data[4].Seq != p2.Data[0].Seq+1 {
			t.Fatalf("pages do not join: %d %d", p1.Data[4].Seq, p2.Data[0].Seq)
		}

		// Resume: Bola was last shown message n; three arrive while away.
		lastSeen := all.Data[0].ID
		var missed []string
		for i := 0; i < 3; i++ {
			missed = append(missed, send(t, e, ada.AccessToken, c.ID, fmt.Sprint("while away ", i)).ID)
		}
		var r1, r2, r3 msgList
		e.Get("/api/v1/messaging/conversations/"+c.ID+"/messages?limit=2&after="+lastSeen, bola.AccessToken).
			Expect(http.StatusOK).JSON(&r1)
		if len(r1.Data) != 2 || r1.Data[0].ID != missed[0] || r1.Data[1].ID != missed[1] || r1.Meta.NextCursor == nil {
			t.Fatalf("resume page 1 %+v", r1)
		}
		e.Get("/api/v1/messaging/conversations/"+c.ID+"/messages?limit=2&after="+r1.Data[1].ID, bola.AccessToken).
			Expect(http.StatusOK).JSON(&r2)
		if len(r2.Data) != 1 || r2.Data[0].ID != missed[2] || r2.Meta.NextCursor != nil {
			t.Fatalf("resume page 2 %+v", r2)
		}
		e.Get("/api/v1/messaging/conversations/"+c.ID+"/messages?after="+missed[2], bola.AccessToken).
			Expect(http.StatusOK).JSON(&r3)
		if len(r3.Data) != 0 {
			t.Fatalf("resume again %+v", r3)
		}
		e.Get("/api/v1/messaging/conversations/"+c.ID+"/messages?after="+ids.New(), bola.AccessToken).
			Expect(http.StatusUnprocessableEntity)

		// Search finds one's own conversations' messages only.
		carl := e.Register("carl@example.com", "carl")
		var found msgList
		e.Get("/api/v1/messaging/search?q=while+away", bola.AccessToken).Expect(http.StatusOK).JSON(&found)
		if len(found.Data) != 3 {
			t.Fatalf("search %d", len(found.Data))
		}
		e.Get("/api/v1/messaging/search?q=while+away", carl.AccessToken).Expect(http.StatusOK).JSON(&found)
		if len(found.Data) != 0 {
			t.Fatalf("search leaked %d", len(found.Data))
		}
	})
}

// The sender sees who read a message; a reader who turned receipts off
// reads without telling.
func TestIntegrationReadReceipts(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada, bola := e.Register("ada@example.com", "ada"), e.Register("bola@example.com", "bola")
		c := start(t, e, ada.AccessToken, bola.UserID, "", http.StatusCreated)
		m1 := send(t, e, ada.AccessToken, c.ID, "Are you coming?")
		get := func(tok string) []messaging.Message {
			var l msgList
			e.Get("/api/v1/messaging/conversations/"+c.ID+"/messages", tok).Expect(http.StatusOK).JSON(&l)
			return l.Data
		}
		if ms := get(ada.AccessToken); len(ms[0].SeenBy) != 0 {
			t.Fatalf("seen before read %+v", ms[0])
		}
		e.Post("/api/v1/messaging/conversations/"+c.ID+"/read", bola.AccessToken, map[string]any{"up_to": m1.ID}).Expect(http.StatusOK)
		if ms := get(ada.AccessToken); len(ms[0].SeenBy) != 1 || ms[0].SeenBy[0] != bola.UserID {
			t.Fatalf("seen after read %+v", ms[0])
		}
		var st struct {
			Data messaging.Settings `json:"data"`
		}
		e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/messaging/settings", Token: bola.AccessToken,
			Body: map[string]any{"send_receipts": false}}).Expect(http.StatusOK).JSON(&st)
		if st.Data.SendReceipts {
			t.Fatal("setting not stored")
		}
		send(t, e, ada.AccessToken, c.ID, "Hello?")
		e.Post("/api/v1/messaging/conversations/"+c.ID+"/read", bola.AccessToken, map[string]any{}).Expect(http.StatusOK)
		ms := get(ada.AccessToken)
		if len(ms[0].SeenBy) != 0 || len(ms[1].SeenBy) != 1 {
			t.Fatalf("no receipts: %+v", ms)
		}
		if u := unread(t, e, bola.AccessToken); u.Total != 0 {
			t.Fatalf("bola still has unread %+v", u)
		}
		// The read mark never moves back.
		e.Post("/api/v1/messaging/conversations/"+c.ID+"/read", bola.AccessToken, map[string]any{"up_to": m1.ID}).Expect(http.StatusOK)
		if u := unread(t, e, bola.AccessToken); u.Total != 0 {
			t.Fatalf("read mark moved back %+v", u)
		}
	})
}

// The unread-mail job: one per member per burst; it emits only for messages
// still unread after 15 minutes, once.
func TestIntegrationUnreadMailJob(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		ada, bola := e.Register("ada@example.com", "ada"), e.Register("bola@example.com", "bola")
		c := start(t, e, ada.AccessToken, bola.UserID, "", http.StatusCreated)
		for i := 0; i < 3; i++ {
			send(t, e, ada.AccessToken, c.ID, fmt.Sprint("burst ", i))
		}
		jobsFor := func() int {
			n, err := e.DB.NewSelect().TableExpr("river_job").Where("kind = ?", messaging.UnreadMailJob{}.Kind()).
				Where("state IN ('scheduled', 'available')").Count(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return int(n)
		}
		if n := jobsFor(); n != 1 {
			t.Fatalf("one job per member per burst, got %d", n)
		}
		job := messaging.UnreadMailJob{ConversationID: c.ID, UserID: bola.UserID}
		if sent, early, err := e.App.Messaging.UnreadMail(ctx, job); err != nil || sent || early <= 0 {
			t.Fatalf("early run: %v %v %v", sent, early, err)
		}
		e.Clock.Advance(messaging.UnreadMailDelay + time.Minute)
		if sent, _, err := e.App.Messaging.UnreadMail(ctx, job); err != nil || !sent {
			t.Fatalf("due run: %v %v", sent, err)
		}
		if sent, _, err := e.App.Messaging.UnreadMail(ctx, job); err != nil || sent {
			t.Fatalf("second run mailed again: %v %v", sent, err)
		}
		// Read in time: no mail.
		ada, bola = e.Login(ada.Email, ada.Password), e.Login(bola.Email, bola.Password)
		send(t, e, ada.AccessToken, c.ID, "one more")
		e.Post("/api/v1/messaging/conversations/"+c.ID+"/read", bola.AccessToken, map[string]any{}).Expect(http.StatusOK)
		e.Clock.Advance(messaging.UnreadMailDelay + time.Minute)
		if sent, early, err := e.App.Messaging.UnreadMail(ctx, job); err != nil || sent || early != 0 {
			t.Fatalf("read in time: %v %v %v", sent, early, err)
		}
		// The sender gets no job for their own messages.
		if sent, _, err := e.App.Messaging.UnreadMail(ctx, messaging.UnreadMailJob{ConversationID: c.ID, UserID: ada.UserID}); err != nil || sent {
			t.Fatalf("sender mailed: %v %v", sent, err)
		}
	})
}

type blockGate struct{ blocked map[[2]string]bool }

func (g blockGate) CanMessage(_ context.Context, from, to string) error {
	if g.blocked[[2]string{from, to}] || g.blocked[[2]string{to, from}] {
		return apperr.Forbidden("You cannot message this person.")
	}
	return nil
}

func (g blockGate) Blocked(_ context.Context, a, b string) (bool, error) {
	return g.blocked[[2]string{a, b}] || g.blocked[[2]string{b, a}], nil
}

// A blocked person can neither start a conversation nor keep sending in one.
func TestIntegrationBlockedRefused(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		ada, bola := e.Register("ada@example.com", "ada"), e.Register("bola@example.com", "bola")
		// Through the app and social's gate: Bola blocks Ada; Ada can neither
		// send in their conversation nor start one, and Bola cannot either.
		dee, eve := e.Register("dee@example.com", "dee"), e.Register("eve@example.com", "eve")
		c0 := start(t, e, dee.AccessToken, eve.UserID, "", http.StatusCreated)
		send(t, e, dee.AccessToken, c0.ID, "Hi Eve")
		e.Post("/api/v1/social/blocks", eve.AccessToken, map[string]any{"user_id": dee.UserID}).Expect(http.StatusOK)
		e.Post("/api/v1/messaging/conversations/"+c0.ID+"/messages", dee.AccessToken, map[string]any{"body": "hello?"}).
			Expect(http.StatusForbidden)
		e.Post("/api/v1/messaging/conversations/"+c0.ID+"/messages", eve.AccessToken, map[string]any{"body": "bye"}).
			Expect(http.StatusForbidden)
		e.Post("/api/v1/messaging/conversations", dee.AccessToken, map[string]any{"to": eve.UserID}).Expect(http.StatusForbidden)

		gate := blockGate{blocked: map[[2]string]bool{}}
		ins, err := jobs.NewInserter(e.DB)
		if err != nil {
			t.Fatal(err)
		}
		svc, err := messaging.New(messaging.Config{DB: e.DB, Clock: e.Clock, Directory: e.App.Accounts,
			Jobs: ins, Images: images.NewProcessor(0), Gate: gate})
		if err != nil {
			t.Fatal(err)
		}
		c, _, err := svc.Start(ctx, ada.UserID, messaging.StartInput{To: bola.UserID})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Send(ctx, bola.UserID, c.ID, messaging.SendInput{Body: "hi"}); err != nil {
			t.Fatal(err)
		}
		gate.blocked[[2]string{bola.UserID, ada.UserID}] = true
		if _, err := svc.Send(ctx, ada.UserID, c.ID, messaging.SendInput{Body: "hello?"}); !apperr.Is(err, apperr.CodeForbidden) {
			t.Fatalf("send while blocked: %v", err)
		}
		carlS := e.Register("carl@example.com", "carl")
		gate.blocked[[2]string{carlS.UserID, ada.UserID}] = true
		if _, _, err := svc.Start(ctx, ada.UserID, messaging.StartInput{To: carlS.UserID}); !apperr.Is(err, apperr.CodeForbidden) {
			t.Fatalf("start while blocked: %v", err)
		}
		if _, err := svc.CreateGroup(ctx, ada.UserID, messaging.GroupInput{Title: "x", Members: []string{carlS.UserID}}); !apperr.Is(err, apperr.CodeForbidden) {
			t.Fatalf("group with a blocker: %v", err)
		}
	})
}
