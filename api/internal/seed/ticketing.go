package seed

import (
	"context"
	"fmt"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/money"
	"sojourn/api/internal/ticketing"
	"sojourn/api/internal/trips"
)

// DemoEvent is one demo event with tickets: who organises it (an email, ""
// for Sojourn), when (days ahead of the seed's day, local hours) and how
// many of its first type the demo members buy.
type DemoEvent struct {
	Organiser string
	Input     ticketing.NewEvent
	DaysOut   int
	Hour      int
	Hours     int
	Sold      int
}

// DemoEvents are the demo events; the last one is sold out.
var DemoEvents = []DemoEvent{
	{Organiser: "", DaysOut: 12, Hour: 12, Hours: 10, Sold: 14, Input: ticketing.NewEvent{EventInput: ticketing.EventInput{
		Title: "Lagos Food Festival", Description: "Two stages of live highlife and Afrobeats, sixty kitchens from " +
			"Lagos and beyond, jollof cook-offs and suya by the fire. Presented by Sojourn.", Category: "food",
		Venue: "Muri Okunola Park", Address: "Muri Okunola St, Victoria Island", City: "Lagos", TimeZone: "Africa/Lagos",
		RefundDays: 3}, Quotas: []ticketing.QuotaInput{{Name: "Festival grounds", Size: 400}, {Name: "VIP lounge", Size: 40}},
		TicketTypes: []ticketing.TypeInput{
			{Name: "General admission", Quota: "Festival grounds", Price: 500_000, MaxPerOrder: 10},
			{Name: "VIP (lounge and tasting menu)", Quota: "VIP lounge", Price: 2_500_000, MaxPerOrder: 4},
			{Name: "Friends of Sojourn", Quota: "Festival grounds", Price: 0, MaxPerOrder: 2, UnlockCode: "SOJOURN"},
		}}},
	{Organiser: "guide@example.com", DaysOut: 19, Hour: 9, Hours: 7, Sold: 9, Input: ticketing.NewEvent{EventInput: ticketing.EventInput{
		Title: "Lagos Island Walking Festival", Description: "A day of guided walks through Lagos Island: the " +
			"Brazilian Quarter, Tinubu Square, the markets of Balogun and the Iga Idunganran palace, with storytellers " +
			"at every stop.", Category: "culture", Venue: "Tinubu Square", Address: "Broad Street, Lagos Island",
		City: "Lagos", TimeZone: "Africa/Lagos", RefundDays: 2}, Quotas: []ticketing.QuotaInput{{Name: "Walkers", Size: 60}},
		TicketTypes: []ticketing.TypeInput{
			{Name: "Day pass", Quota: "Walkers", Price: 300_000, MaxPerOrder: 6},
			{Name: "Student day pass", Quota: "Walkers", Price: 150_000, MaxPerOrder: 1},
		}}},
	{Organiser: "coach@example.com", DaysOut: 16, Hour: 10, Hours: 6, Sold: 7, Input: ticketing.NewEvent{EventInput: ticketing.EventInput{
		Title: "Clarity in a Day: a career workshop", Description: "A small-group workshop on choosing your next " +
			"move: values, strengths and a ninety-day plan, with worksheets and lunch.", Category: "workshop",
		Venue: "The Workstation", Address: "7 Ibiyinka Olorunbe Close, Victoria Island", City: "Lagos",
		TimeZone: "Africa/Lagos", RefundDays: 7}, Quotas: []ticketing.QuotaInput{{Name: "Seats", Size: 24}},
		TicketTypes: []ticketing.TypeInput{{Name: "Workshop seat", Quota: "Seats", Price: 2_000_000, MaxPerOrder: 2}}}},
	{Organiser: "coach@example.com", DaysOut: 5, Hour: 7, Hours: 1, Sold: 11, Input: ticketing.NewEvent{EventInput: ticketing.EventInput{
		Title: "Mindful Mornings (online)", Description: "An hour of guided breathing, journalling and a plan for " +
			"the week, live over video.", Category: "wellness", Online: true, TimeZone: "Africa/Lagos"},
		Quotas:      []ticketing.QuotaInput{{Name: "Online", Size: 200}},
		TicketTypes: []ticketing.TypeInput{{Name: "Free place", Quota: "Online", Price: 0, MaxPerOrder: 2}}}},
	{Organiser: "", DaysOut: 9, Hour: 20, Hours: 3, Sold: 8, Input: ticketing.NewEvent{EventInput: ticketing.EventInput{
		Title: "Rooftop Jazz Night", Description: "An intimate evening of jazz above the lagoon; eight seats only.",
		Category: "music", Venue: "The Skyline Rooftop", Address: "Ozumba Mbadiwe Ave, Victoria Island", City: "Lagos",
		TimeZone: "Africa/Lagos", RefundDays: 1}, Quotas: []ticketing.QuotaInput{{Name: "Rooftop", Size: 8}},
		TicketTypes: []ticketing.TypeInput{{Name: "Seat", Quota: "Rooftop", Price: 1_000_000, MaxPerOrder: 4}}}},
}

// demoTicketing makes the demo events through the service and sells
// tickets to demo members (paid from their wallets, so the money is real):
// Amara (user@) holds two food-festival tickets, in a trip of their own,
// and one for the walking festival. Skipped when events exist.
func demoTicketing(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	me, admin := ids["user@example.com"], ids["admin@example.com"]
	if me == "" || admin == "" {
		return "", nil
	}
	n, err := a.Deps.DB.NewSelect().TableExpr("tk_events").Count(ctx)
	if err != nil || n > 0 {
		return "demo events: already there\n", err
	}
	var members []string
	for _, p := range MatchPeople {
		id, err := userIDOf(ctx, a, ids, p.email())
		if err != nil {
			return "", err
		}
		members = append(members, id)
	}
	fund := func(id string) error {
		_, err := a.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "seed-events:" + id, UserID: id, Amount: 5_000_000,
			Currency: "NGN", Reference: "SEED-EVENTS-" + id[:8]})
		return err
	}
	for _, id := range append([]string{me}, members...) {
		if err := fund(id); err != nil {
			return "", err
		}
	}
	buy := func(userID, eventID, typeID, key string, names ...string) (ticketing.Order, error) {
		o, err := a.Ticketing.Reserve(ctx, userID, eventID, "", key, []ticketing.Line{{TypeID: typeID, Attendees: names}})
		if err != nil {
			return o, err
		}
		return a.Ticketing.Pay(ctx, userID, o.ID, ticketing.PayWallet)
	}
	now := a.Deps.Clock.Now()
	sold := 0
	var eventIDs []string
	for k, de := range DemoEvents {
		org := ticketing.Org{Kind: ticketing.OrganiserSojourn, UserID: admin}
		if de.Organiser != "" {
			id := ids[de.Organiser]
			if id == "" {
				return "", fmt.Errorf("%s: no %s", de.Input.Title, de.Organiser)
			}
			org = ticketing.Org{Kind: ticketing.OrganiserProvider, ID: id, UserID: id}
		}
		loc, err := time.LoadLocation(de.Input.TimeZone)
		if err != nil {
			return "", err
		}
		d := now.In(loc).AddDate(0, 0, de.DaysOut)
		in := de.Input
		in.StartsAt = time.Date(d.Year(), d.Month(), d.Day(), de.Hour, 0, 0, 0, loc)
		in.EndsAt = in.StartsAt.Add(time.Duration(de.Hours) * time.Hour)
		ev, err := a.Ticketing.Create(ctx, org, in)
		if err != nil {
			return "", fmt.Errorf("%s: %w", in.Title, err)
		}
		eventIDs = append(eventIDs, ev.ID)
		first := ev.TicketTypes[0].ID
		for i := range de.Sold {
			who := members[(i*5+k*3)%len(members)]
			if _, err := buy(who, ev.ID, first, fmt.Sprintf("seed-events:%d:%d", k, i), "Guest "+fmt.Sprint(i+1)); err != nil {
				return "", fmt.Errorf("%s ticket %d: %w", in.Title, i, err)
			}
			sold++
		}
	}
	// Amara: two food-festival tickets (her own trip), one walking-festival day pass.
	food, err := a.Ticketing.Event(ctx, eventIDs[0], "")
	if err != nil {
		return "", err
	}
	o, err := buy(me, food.ID, food.TicketTypes[0].ID, "seed-events:amara-food", "Amara Okafor", "Chidi Okafor")
	if err != nil {
		return "", fmt.Errorf("amara's food festival tickets: %w", err)
	}
	trip, err := a.Trips.Create(ctx, me, "Lagos food weekend")
	if err != nil {
		return "", err
	}
	if _, err := a.Trips.AddItem(ctx, me, trip.ID, trips.ItemRef{Kind: ticketing.KindEvent, RefID: o.ID}); err != nil {
		return "", fmt.Errorf("amara's trip: %w", err)
	}
	walk, err := a.Ticketing.Event(ctx, eventIDs[1], "")
	if err != nil {
		return "", err
	}
	if _, err := buy(me, walk.ID, walk.TicketTypes[0].ID, "seed-events:amara-walk", "Amara Okafor"); err != nil {
		return "", fmt.Errorf("amara's walking festival ticket: %w", err)
	}
	return fmt.Sprintf("demo events: %d events (%s sold out), %d orders by members, 3 tickets for Amara (user@) and a trip \"Lagos food weekend\"\n",
		len(DemoEvents), DemoEvents[len(DemoEvents)-1].Input.Title, sold+2), nil
}
