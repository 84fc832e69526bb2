package seed

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"sojourn/api/internal/app"
	"sojourn/api/internal/flights"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/page"
)

// DemoFlight is a flight order of user@example.com, booked through the
// Duffel sandbox: a round trip from Lagos, DaysAhead from the seed's day
// (negative: in the past, booked with the clock held BookedDaysAgo back).
type DemoFlight struct {
	From, To      string
	DaysAhead     int
	Nights        int
	BookedDaysAgo int
	Travellers    []flights.PassengerInput
}

// DemoFlights are Amara's flights: a past weekend in Accra and an upcoming
// trip to Accra with her brother.
var DemoFlights = []DemoFlight{
	{From: "LOS", To: "ACC", DaysAhead: -30, Nights: 4, BookedDaysAgo: 50, Travellers: []flights.PassengerInput{
		{Title: "ms", GivenName: "Amara", FamilyName: "Okafor", BornOn: "1994-06-12", Gender: "f"}}},
	{From: "LOS", To: "ACC", DaysAhead: 24, Nights: 7, Travellers: []flights.PassengerInput{
		{Title: "ms", GivenName: "Amara", FamilyName: "Okafor", BornOn: "1994-06-12", Gender: "f", Bags: 1},
		{Title: "mr", GivenName: "Chidi", FamilyName: "Okafor", BornOn: "1991-02-03", Gender: "m"}}},
}

// setter is the tests' fake clock (clock.Fake).
type setter interface{ Set(time.Time) }

// heldAt runs fn with the app's clock at t (pinned, or set and restored).
func heldAt(a *app.App, t time.Time, fn func() error) error {
	if p, ok := a.Deps.Clock.(pinner); ok {
		p.Pin(t)
		defer p.Unpin()
		return fn()
	}
	if s, ok := a.Deps.Clock.(setter); ok {
		was := a.Deps.Clock.Now()
		s.Set(t)
		defer s.Set(was)
		return fn()
	}
	return fn()
}

// demoFlights books DemoFlights for user@example.com when the sandbox is
// mounted and she has no flight yet.
func demoFlights(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	userID := ids["user@example.com"]
	if a.DuffelSandbox == nil || userID == "" {
		return "demo flights: skipped (a real Duffel token is configured)\n", nil
	}
	have, _, err := a.Flights.MyOrders(ctx, userID, page.Cursor{Limit: 1})
	if err != nil {
		return "", err
	}
	if len(have) > 0 {
		return "demo flights: already there\n", nil
	}
	made := 0
	for i, f := range DemoFlights {
		today := a.Deps.Clock.Now().UTC().Truncate(24 * time.Hour)
		at := a.Deps.Clock.Now()
		if f.BookedDaysAgo > 0 {
			at = at.AddDate(0, 0, -f.BookedDaysAgo)
		}
		err := heldAt(a, at, func() error { return bookDemoFlight(ctx, a, userID, i, f, today) })
		if err != nil {
			return "", fmt.Errorf("demo flight %s-%s: %w", f.From, f.To, err)
		}
		made++
	}
	return fmt.Sprintf("demo flights: %d orders for user@example.com (a past and an upcoming round trip to Accra)\n", made), nil
}

func bookDemoFlight(ctx context.Context, a *app.App, userID string, i int, f DemoFlight, today time.Time) error {
	out := today.AddDate(0, 0, f.DaysAhead)
	res, err := a.Flights.Search(ctx, flights.SearchInput{Adults: len(f.Travellers), Cabin: "economy",
		Slices: []flights.SliceInput{{From: f.From, To: f.To, Date: out.Format("2006-01-02")},
			{From: f.To, To: f.From, Date: out.AddDate(0, 0, f.Nights).Format("2006-01-02")}}})
	if err != nil {
		return err
	}
	for k, o := range res.Offers {
		d, err := a.Flights.OfferDetail(ctx, o.ID, 0)
		if err != nil {
			continue
		}
		in := flights.OrderInput{OfferID: o.ID, Email: "user@example.com", Phone: "+2348031234567", PayWith: flights.PayWallet}
		total := d.Price.Amount
		for j, p := range f.Travellers {
			p.ID = d.Passengers[j].ID
			if p.Bags > 0 && d.Bag != nil {
				total += d.Bag.Price.Amount * int64(p.Bags)
			} else {
				p.Bags = 0
			}
			in.Passengers = append(in.Passengers, p)
		}
		in.ExpectedTotal = total
		ref := fmt.Sprintf("SEED-FLIGHT-%d-%d", i, k)
		if _, err := a.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "seed:" + ref, UserID: userID, Amount: total,
			Currency: "NGN", Reference: ref}); err != nil {
			return err
		}
		placed, err := a.Flights.Create(ctx, userID, in)
		if err != nil {
			return err
		}
		if err := a.Flights.Workers().Place.Work(ctx, &river.Job[flights.PlaceJob]{JobRow: &rivertype.JobRow{Attempt: 1},
			Args: flights.PlaceJob{OrderID: placed.ID}}); err != nil {
			return err
		}
		got, err := a.Flights.Mine(ctx, userID, placed.ID)
		if err != nil {
			return err
		}
		if got.Status == flights.StatusConfirmed {
			return nil
		}
	}
	return fmt.Errorf("no offer could be booked")
}
