package seed

import (
	"context"
	"errors"
	"fmt"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/speeddating"
)

// SpeedEvent is one demo speed-dating event, days ahead of the seed's day
// at its local hour.
type SpeedEvent struct {
	Input    speeddating.EventInput
	DaysOut  int          // at least this many days ahead,
	Weekday  time.Weekday // on the first such weekday (the title may name it)
	Hour     int
	Sold     int // tickets bought by demo members
	ForAmara bool
}

// SpeedEvents are the upcoming demo events (the ended one is made apart).
var SpeedEvents = []SpeedEvent{
	{Input: speeddating.EventInput{Title: "Lagos Friday Speed Dating", Description: "Six five-minute video dates " +
		"with Lagos singles, a minute between each. Women meet men and men meet women; you say yes or no in private " +
		"afterwards and only mutual yeses become matches.", TimeZone: "Africa/Lagos", Rounds: 6, RoundSeconds: 300,
		ChangeoverSeconds: 60, Audience: speeddating.AudienceWomenMen, AgeMin: 25, AgeMax: 45, Capacity: 12,
		MinParticipants: 4, Price: speeddating.Money{Amount: 500_000, Currency: "NGN"}}, DaysOut: 3, Weekday: time.Friday, Hour: 19, Sold: 7},
	{Input: speeddating.EventInput{Title: "Travellers' Coffee Dates", Description: "Five relaxed four-minute dates " +
		"for people who would rather talk about their next trip than their job. Everyone meets everyone they are " +
		"compatible with. Free.", TimeZone: "Africa/Accra", Rounds: 5, RoundSeconds: 240, ChangeoverSeconds: 45,
		Audience: speeddating.AudienceEveryone, AgeMin: 21, AgeMax: 55, Capacity: 10, MinParticipants: 4,
		Price: speeddating.Money{Amount: 0, Currency: "NGN"}}, DaysOut: 8, Weekday: time.Saturday, Hour: 10, Sold: 5, ForAmara: true},
	{Input: speeddating.EventInput{Title: "Nairobi Sundowner Dates", Description: "Eight quick three-minute dates " +
		"at sunset, Nairobi time, for 28 to 50 year olds.", TimeZone: "Africa/Nairobi", Rounds: 8, RoundSeconds: 180,
		ChangeoverSeconds: 30, Audience: speeddating.AudienceWomenMen, AgeMin: 28, AgeMax: 50, Capacity: 16,
		MinParticipants: 6, Price: speeddating.Money{Amount: 300_000, Currency: "NGN"}}, DaysOut: 15, Weekday: time.Sunday, Hour: 18, Sold: 6},
}

// demoSpeedDating makes the upcoming events with tickets bought by demo
// matchmaking members (through the service, paid from their wallets), a
// free ticket for Amara (user@), and one event that took place last week,
// run through the service (checked in, rounds rung by the host, votes):
// Amara's mutual yeses there are matches. Skipped when events exist.
func demoSpeedDating(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	me, host := ids["user@example.com"], ids["admin@example.com"]
	if me == "" || host == "" {
		return "", nil
	}
	n, err := a.Deps.DB.NewSelect().TableExpr("speed_events").Count(ctx)
	if err != nil || n > 0 {
		return "demo speed dating: already there\n", err
	}
	members := map[string]string{}
	for _, p := range MatchPeople {
		id, err := userIDOf(ctx, a, ids, p.email())
		if err != nil {
			return "", err
		}
		members[p.Name] = id
	}
	fund := func(id string) error {
		ref := "SEED-SPEED-" + id[:8]
		_, err := a.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "seed-speed:" + id, UserID: id, Amount: 2_000_000,
			Currency: "NGN", Reference: ref})
		return err
	}
	// buy buys a ticket, skipping people the event is not for (age, group,
	// seats): demo data shows what the rules allow.
	buy := func(eventID, userID string) (bool, error) {
		if err := fund(userID); err != nil {
			return false, err
		}
		_, err := a.SpeedDating.Buy(ctx, userID, eventID, speeddating.PayWallet, "seed-speed:"+eventID, "")
		var ae *apperr.Error
		if errors.As(err, &ae) && ae.Status() < 500 {
			return false, nil
		}
		return err == nil, err
	}
	now := a.Deps.Clock.Now()
	tickets := 0
	for k, ev := range SpeedEvents {
		loc, err := time.LoadLocation(ev.Input.TimeZone)
		if err != nil {
			return "", err
		}
		d := now.In(loc).AddDate(0, 0, ev.DaysOut)
		for d.Weekday() != ev.Weekday {
			d = d.AddDate(0, 0, 1)
		}
		in := ev.Input
		in.StartsAt = time.Date(d.Year(), d.Month(), d.Day(), ev.Hour, 0, 0, 0, loc)
		made, err := a.SpeedDating.Create(ctx, host, "127.0.0.1", in)
		if err != nil {
			return "", fmt.Errorf("%s: %w", in.Title, err)
		}
		buyers, err := speedBuyers(ctx, a, members, me, k, ev)
		if err != nil {
			return "", err
		}
		sold := 0
		for _, p := range buyers {
			if sold >= ev.Sold {
				break
			}
			ok, err := buy(made.Event.ID, members[p.Name])
			if err != nil {
				return "", fmt.Errorf("%s ticket for %s: %w", in.Title, p.Name, err)
			}
			if ok {
				sold++
			}
		}
		if ev.ForAmara {
			if _, err := a.SpeedDating.Buy(ctx, me, made.Event.ID, speeddating.PayWallet, "seed-speed:"+made.Event.ID, ""); err != nil {
				return "", fmt.Errorf("amara's ticket: %w", err)
			}
			sold++
		}
		tickets += sold
	}
	matches, err := demoEndedSpeedEvent(ctx, a, host, me, members, buy)
	if err != nil {
		return "", fmt.Errorf("ended speed-dating event: %w", err)
	}
	return fmt.Sprintf("demo speed dating: %d upcoming events with %d tickets, one ended last week with %d matches for Amara (user@)\n",
		len(SpeedEvents), tickets, matches), nil
}

// demoEndedSpeedEvent runs a small event to its end with the clock pinned
// six days back (where the clock can be pinned): Amara, three women and
// four of her candidates; everyone says yes to everyone they met except
// one no, so most of Amara's dates are matches with a conversation.
func demoEndedSpeedEvent(ctx context.Context, a *app.App, host, me string, members map[string]string,
	buy func(eventID, userID string) (bool, error)) (int, error) {
	// Six days back, starting at 19:00 Lagos time (the clock pinned six minutes before).
	lagos, err := time.LoadLocation("Africa/Lagos")
	if err != nil {
		return 0, err
	}
	day := a.Deps.Clock.Now().In(lagos).AddDate(0, 0, -6)
	at := time.Date(day.Year(), day.Month(), day.Day(), 18, 54, 0, 0, lagos).UTC()
	title := "Lagos " + day.Weekday().String() + " Speed Dating"
	var matches int
	err = writtenAt(a, at, func() error {
		now := a.Deps.Clock.Now()
		made, err := a.SpeedDating.Create(ctx, host, "127.0.0.1", speeddating.EventInput{
			Title: title, Description: "Three five-minute video dates, women meet men.",
			StartsAt: now.Add(6 * time.Minute), TimeZone: "Africa/Lagos", Rounds: 3, RoundSeconds: 300,
			ChangeoverSeconds: 60, Audience: speeddating.AudienceWomenMen, AgeMin: 21, AgeMax: 55, Capacity: 8,
			MinParticipants: 4, Price: speeddating.Money{Amount: 200_000, Currency: "NGN"}})
		if err != nil {
			return err
		}
		id := made.Event.ID
		people := []string{me}
		if ok, err := buy(id, me); err != nil || !ok {
			return errors.Join(err, errors.New("amara could not buy a ticket"))
		}
		cands, _, err := a.Matchmaking.Candidates(ctx, me, page.Cursor{Limit: 8})
		if err != nil {
			return err
		}
		men := 0
		for _, c := range cands {
			if men == 4 {
				break
			}
			if ok, err := buy(id, c.Person.ID); err != nil {
				return err
			} else if ok {
				people = append(people, c.Person.ID)
				men++
			}
		}
		women := 0
		for _, p := range MatchPeople {
			if women == 3 || p.Gender != "woman" {
				continue
			}
			if ok, err := buy(id, members[p.Name]); err != nil {
				return err
			} else if ok {
				people = append(people, members[p.Name])
				women++
			}
		}
		for _, u := range people {
			if _, err := a.SpeedDating.CheckIn(ctx, u, id); err != nil {
				return err
			}
		}
		if _, err := a.SpeedDating.Start(ctx, host, "127.0.0.1", id); err != nil {
			return err
		}
		for r := 0; r < 3; r++ {
			if _, err := a.SpeedDating.Next(ctx, host, "127.0.0.1", id); err != nil {
				return err
			}
		}
		first := true
		for _, u := range people {
			l, err := a.SpeedDating.Live(ctx, u, id)
			if err != nil {
				return err
			}
			for _, m := range l.Met {
				yes := true
				if u != me && first { // one no, so not every date is a match
					yes, first = false, false
				}
				if _, err := a.SpeedDating.Vote(ctx, u, id, m.Partner.ID, yes); err != nil {
					return err
				}
			}
		}
		l, err := a.SpeedDating.Live(ctx, me, id)
		matches = len(l.Matches)
		return err
	})
	return matches, err
}

// speedBuyers is the order in which demo members try to buy tickets for the
// k-th event: spread over the members, and for an event open to everyone,
// each next buyer the one who fits the most people already coming (their
// preferences both ways, through matchmaking), so the evening has dates for
// everyone rather than a room of people whose preferences do not meet.
func speedBuyers(ctx context.Context, a *app.App, members map[string]string, amara string, k int, ev SpeedEvent) ([]MatchPerson, error) {
	all := make([]MatchPerson, 0, len(MatchPeople))
	for i := range MatchPeople {
		all = append(all, MatchPeople[(i*7+k*5)%len(MatchPeople)])
	}
	if ev.Input.Audience != speeddating.AudienceEveryone {
		return all, nil
	}
	ids := []string{amara}
	for _, p := range all {
		ids = append(ids, members[p.Name])
	}
	fits, err := a.Matchmaking.Compatibility(ctx, ids)
	if err != nil {
		return nil, err
	}
	var coming []string
	if ev.ForAmara {
		coming = append(coming, amara)
	}
	out := make([]MatchPerson, 0, len(all))
	left := all
	for len(left) > 0 {
		best, score := 0, -1
		for i, p := range left {
			n := 0
			for _, c := range coming {
				if fits(members[p.Name], c) {
					n++
				}
			}
			if n > score {
				best, score = i, n
			}
		}
		p := left[best]
		out = append(out, p)
		coming = append(coming, members[p.Name])
		left = append(left[:best:best], left[best+1:]...)
	}
	return out, nil
}
