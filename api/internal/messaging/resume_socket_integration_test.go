package messaging_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/messaging"
	"sojourn/api/internal/testkit"
)

// nextMessage waits for the next message.new frame and returns its message.
func nextMessage(t *testing.T, s *testkit.Socket) messaging.Message {
	t.Helper()
	var m messaging.Message
	if err := json.Unmarshal(s.Await("message.new", 5*time.Second), &m); err != nil {
		t.Fatalf("message.new: %v", err)
	}
	return m
}

// A reconnecting client misses nothing: the recipient's socket is killed in
// the middle of a conversation, messages sent meanwhile are not pushed to
// the new socket, and the resume read (?after= the last message shown)
// returns exactly those, once, in order; what is sent after the reconnect
// arrives live again.
func TestIntegrationSocketDropThenResume(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada, bola := e.Register("ada@example.com", "ada"), e.Register("bola@example.com", "bola")
		c := start(t, e, ada.AccessToken, bola.UserID, "", http.StatusCreated)

		live := e.OpenSocket(bola.AccessToken)
		var shown []messaging.Message
		for i := 1; i <= 2; i++ {
			sent := send(t, e, ada.AccessToken, c.ID, fmt.Sprint("before ", i))
			got := nextMessage(t, live)
			if got.ID != sent.ID || got.Body != sent.Body {
				t.Fatalf("live frame %+v, want %+v", got, sent)
			}
			shown = append(shown, got)
		}

		// The network drops mid-stream; three messages are sent meanwhile.
		_ = live.Close()
		var missed []messaging.Message
		for i := 1; i <= 3; i++ {
			missed = append(missed, send(t, e, ada.AccessToken, c.ID, fmt.Sprint("while away ", i)))
		}

		// Reconnect: a fresh ticket and socket; the resume read brings back
		// exactly what was sent while away.
		again := e.OpenSocket(bola.AccessToken)
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
		if got := nextMessage(t, again); got.ID != after.ID {
			t.Fatalf("the first push after reconnecting is %q, want %q", got.Body, after.Body)
		}
	})
}
