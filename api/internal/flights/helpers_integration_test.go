package flights_test

import (
	"context"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"sojourn/api/internal/flights"
	"sojourn/api/internal/platform/duffel"
	"sojourn/api/internal/testkit"
)

func date(days int) string { return testkit.Start.AddDate(0, 0, days).Format("2006-01-02") }

func search(t *testing.T, e *testkit.Env, token string, q url.Values) flights.SearchResult {
	t.Helper()
	var out struct{ Data flights.SearchResult }
	e.Get("/api/v1/flights/offers?"+q.Encode(), token).Expect(200).JSON(&out)
	return out.Data
}

func roundTrip(from, to string, out, back, adults int) url.Values {
	return url.Values{"from": {from}, "to": {to}, "depart": {date(out)}, "return": {date(back)},
		"adults": {fmt.Sprint(adults)}, "cabin": {"economy"}}
}

func detail(t *testing.T, e *testkit.Env, token string, o flights.Offer) flights.OfferDetail {
	t.Helper()
	var out struct{ Data flights.OfferDetail }
	e.Get(fmt.Sprintf("/api/v1/flights/offers/%s?price=%d", o.ID, o.Price.Amount), token).Expect(200).JSON(&out)
	return out.Data
}

func orderBody(o flights.Offer, total int64) map[string]any {
	var pax []map[string]any
	for i, p := range o.Passengers {
		born := "1988-04-1" + fmt.Sprint(i)
		if p.Type == "child" {
			born = "2019-01-05"
		}
		pax = append(pax, map[string]any{"id": p.ID, "title": "ms", "given_name": fmt.Sprintf("Ada%c", 'A'+i),
			"family_name": "Okafor", "born_on": born, "gender": "f"})
	}
	return map[string]any{"offer_id": o.ID, "passengers": pax, "email": "ada@example.com", "phone": "+2348012345678",
		"pay_with": "wallet", "expected_total": total}
}

func order(t *testing.T, e *testkit.Env, token, id string) flights.Order {
	t.Helper()
	var out struct{ Data flights.Order }
	e.Get("/api/v1/flights/orders/"+id, token).Expect(200).JSON(&out)
	return out.Data
}

// place runs the place_order job for an order.
func place(t *testing.T, e *testkit.Env, id string, attempt int) error {
	t.Helper()
	return e.App.Flights.Workers().Place.Work(context.Background(), &river.Job[flights.PlaceJob]{
		JobRow: &rivertype.JobRow{Attempt: attempt}, Args: flights.PlaceJob{OrderID: id}})
}

func relog(e *testkit.Env, s *testkit.Session) *testkit.Session { return e.Login(s.Email, s.Password) }

// signNow signs a webhook body as Duffel would, at the test clock's now.
func signNow(e *testkit.Env, body []byte) string {
	return duffel.Sign(duffel.SandboxWebhookSecret, body, e.Clock.Now())
}

var _ = time.Second
