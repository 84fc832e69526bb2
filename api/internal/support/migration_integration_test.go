package support_test

import (
	"net/http"
	"testing"

	"sojourn/api/internal/testkit"
)

// Migration 0060 makes a ticket of every contact message still open (down
// and up again with rows the app wrote); handled ones stay out of the queue.
func TestIntegrationSupportMigrationBackfill(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("agent@example.com", "agent")
		var ids []string
		for i, subject := range []string{"Still open", "Already handled"} {
			e.IP = []string{"203.0.113.7", "203.0.113.8"}[i]
			d := e.Post("/api/v1/contact", "", map[string]any{"name": "Guest", "email": "guest@example.com",
				"subject": subject, "message": "Please call me back about my booking."}).Expect(http.StatusCreated).Data()
			ids = append(ids, d["id"].(string))
		}
		e.Patch("/api/v1/admin/contact-messages/"+ids[1], admin.AccessToken, map[string]any{"handled": true}).Expect(http.StatusOK)
		if _, err := e.DB.MigrateDownTo(ctx, "0057"); err != nil {
			t.Fatal(err)
		}
		var tables int
		if err := e.DB.NewRaw("SELECT count(*) FROM contact_messages").Scan(ctx, &tables); err != nil || tables != 2 {
			t.Fatalf("contact messages after down: %d %v", tables, err)
		}
		if _, err := e.DB.MigrateUp(ctx); err != nil {
			t.Fatal(err)
		}
		if n := count(t, e, "SELECT count(*) FROM support_tickets"); n != 1 {
			t.Fatalf("tickets after up: %d", n)
		}
		if n := count(t, e, `SELECT count(*) FROM support_tickets t JOIN support_messages m ON m.ticket_id = t.id
			WHERE t.contact_message_id = ? AND t.status = 'open' AND t.subject = 'Still open'
			AND m.body = 'Please call me back about my booking.'`, ids[0]); n != 1 {
			t.Fatalf("backfilled ticket: %d", n)
		}
		q := e.Get("/api/v1/admin/support/tickets", admin.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(q) != 1 || q[0].(map[string]any)["requester"].(map[string]any)["email"] != "guest@example.com" {
			t.Fatalf("queue: %v", q)
		}
	})
}
