package dealers_test

import (
	"net/http"
	"testing"

	"sojourn/api/internal/testkit"
)

// TestIntegrationMessagingAboutACar: a buyer asks the dealer about a listed
// car; the conversation carries the car's card (the buyer's with the car's
// page, the dealer's with their listings); a stranger cannot attach the car
// to a talk between two people who are not its dealer; a car hidden by
// moderation can no longer be asked about.
func TestIntegrationMessagingAboutACar(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		d := dealer(t, e, "dealer@example.com", "dealer1")
		buyer := e.Register("buyer@example.com", "buyer1")
		other := e.Register("other@example.com", "other1")
		id := create(t, e, d.AccessToken, car(2019, 1_500_000_000, 42000, "000401"))

		type card struct {
			Type    string `json:"type"`
			ID      string `json:"id"`
			Title   string `json:"title"`
			Status  string `json:"status"`
			Link    string `json:"link"`
			Actions []struct {
				Label string `json:"label"`
				Link  string `json:"link"`
			} `json:"actions"`
		}
		var conv struct {
			Data struct {
				ID      string `json:"id"`
				Subject *card  `json:"subject"`
			} `json:"data"`
		}
		// Without "to": the car names its dealer.
		e.Post("/api/v1/messaging/conversations", buyer.AccessToken, map[string]any{"about": "car:" + id}).
			Expect(http.StatusCreated).JSON(&conv)
		s := conv.Data.Subject
		if s == nil || s.Type != "car" || s.ID != id || s.Title != "2019 Toyota Camry SE · Lagos" || s.Status != "available" ||
			s.Link != "/cars/"+id || len(s.Actions) == 0 {
			t.Fatalf("buyer's card %+v", s)
		}
		e.Post("/api/v1/messaging/conversations/"+conv.Data.ID+"/messages", buyer.AccessToken,
			map[string]any{"body": "Is the Camry still available for a test drive on Saturday?"}).Expect(http.StatusCreated)

		var dealerView struct {
			Data struct {
				Subject *card `json:"subject"`
			} `json:"data"`
		}
		e.Get("/api/v1/messaging/conversations/"+conv.Data.ID, d.AccessToken).Expect(http.StatusOK).JSON(&dealerView)
		if ds := dealerView.Data.Subject; ds == nil || ds.Link != "/car-dealer/offerings" {
			t.Fatalf("dealer's card %+v", ds)
		}

		// Two people neither of whom sells the car cannot talk "about" it.
		e.Post("/api/v1/messaging/conversations", other.AccessToken, map[string]any{"to": buyer.UserID, "about": "car:" + id}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/messaging/conversations", buyer.AccessToken, map[string]any{"about": "car:nope"}).
			Expect(http.StatusUnprocessableEntity)

		// Hidden by moderation: no longer a subject for buyers.
		admin := e.Admin("admin@example.com", "admin1")
		e.Post("/api/v1/admin/cars/"+id+"/moderation", admin.AccessToken, map[string]any{"hidden": true,
			"reason": "Photos show a different car"}).Expect(http.StatusOK)
		e.Post("/api/v1/messaging/conversations", other.AccessToken, map[string]any{"about": "car:" + id}).
			Expect(http.StatusUnprocessableEntity)
	})
}
