package contact_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/contact"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

type inbox struct {
	Data []contact.Message `json:"data"`
	Meta struct {
		NextCursor *string `json:"next_cursor"`
		Limit      int     `json:"limit"`
	} `json:"meta"`
}

// The admin inbox: keyset pages newest first, stable while messages arrive,
// and an open/handled state an admin sets.
func TestIntegrationContactInbox(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("boss@example.com", "boss")
		var sent []string
		for i := 0; i < 5; i++ {
			var m struct {
				Data contact.Message `json:"data"`
			}
			e.IP = fmt.Sprintf("203.0.113.%d", 20+i) // five senders, under the per-IP limit
			e.Post("/api/v1/contact", "", map[string]any{"name": "Guest", "email": "guest@example.com",
				"subject": fmt.Sprintf("Question %d", i), "message": "Can I book a tour for twelve people?"}).
				Expect(http.StatusCreated).JSON(&m)
			sent = append(sent, m.Data.ID)
			e.Clock.Advance(time.Minute)
		}
		var p1, p2 inbox
		e.Get("/api/v1/admin/contact-messages?limit=3", admin.AccessToken).Expect(http.StatusOK).JSON(&p1)
		if len(p1.Data) != 3 || p1.Data[0].ID != sent[4] || p1.Meta.NextCursor == nil {
			t.Fatalf("first page: %+v", p1)
		}
		// A message arriving meanwhile does not shift the next page.
		e.IP = "203.0.113.99"
		e.Post("/api/v1/contact", "", map[string]any{"name": "Late", "email": "late@example.com",
			"subject": "Late", "message": "Arrived between the pages."}).Expect(http.StatusCreated)
		e.Get("/api/v1/admin/contact-messages?limit=3&cursor="+*p1.Meta.NextCursor, admin.AccessToken).
			Expect(http.StatusOK).JSON(&p2)
		if len(p2.Data) != 2 || p2.Data[0].ID != sent[1] || p2.Data[1].ID != sent[0] || p2.Meta.NextCursor != nil {
			t.Fatalf("second page: %+v", p2)
		}

		// Handled: recorded with who and when; the open list leaves it out; open again clears it.
		var h struct {
			Data contact.Message `json:"data"`
		}
		e.Patch("/api/v1/admin/contact-messages/"+sent[2], admin.AccessToken, map[string]any{"handled": true}).
			Expect(http.StatusOK).JSON(&h)
		if h.Data.HandledAt == nil || h.Data.HandledBy == nil || *h.Data.HandledBy != admin.UserID {
			t.Fatalf("handled: %+v", h.Data)
		}
		var open, done inbox
		e.Get("/api/v1/admin/contact-messages?state=open", admin.AccessToken).Expect(http.StatusOK).JSON(&open)
		e.Get("/api/v1/admin/contact-messages?state=handled", admin.AccessToken).Expect(http.StatusOK).JSON(&done)
		if len(open.Data) != 5 || len(done.Data) != 1 || done.Data[0].ID != sent[2] {
			t.Fatalf("open %d, handled %+v", len(open.Data), done.Data)
		}
		e.Patch("/api/v1/admin/contact-messages/"+sent[2], admin.AccessToken, map[string]any{"handled": false}).
			Expect(http.StatusOK).JSON(&h)
		if h.Data.HandledAt != nil || h.Data.HandledBy != nil {
			t.Fatalf("reopened: %+v", h.Data)
		}

		e.Patch("/api/v1/admin/contact-messages/"+ids.New(), admin.AccessToken, map[string]any{"handled": true}).
			Expect(http.StatusNotFound)
		e.Patch("/api/v1/admin/contact-messages/"+sent[0], admin.AccessToken, map[string]any{}).
			Expect(http.StatusUnprocessableEntity)
		for _, q := range []string{"state=closed", "cursor=abc", "q=%00", "limit=0"} {
			e.Get("/api/v1/admin/contact-messages?"+q, admin.AccessToken).Expect(http.StatusUnprocessableEntity)
		}
		user := e.Register("plain@example.com", "plain")
		e.Patch("/api/v1/admin/contact-messages/"+sent[0], user.AccessToken, map[string]any{"handled": true}).
			Expect(http.StatusForbidden)
	})
}
