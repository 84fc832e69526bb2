package seed

import (
	"context"
	"errors"
	"fmt"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/bookings"
	"sojourn/api/internal/money"
	"sojourn/api/internal/practice"
)

// demoClients are the demo accounts who book sessions.
var demoClients = []string{"user@example.com", "affiliate@example.com", "writer@example.com"}

// demoAnswers answer an offering's intake questions believably.
func demoAnswers(off practice.Offering, i int) map[string]string {
	goals := []string{"Sleeping badly since the new job started; I want to get on top of the worry.",
		"Preparing to lead a team for the first time and nervous about feedback conversations.",
		"Thinking about leaving my job for something more creative, and I keep going round in circles."}
	out := map[string]string{}
	for _, q := range off.IntakeQuestions {
		if q.Kind == "choice" && len(q.Choices) > 0 {
			out[q.ID] = q.Choices[i%len(q.Choices)]
		} else {
			out[q.ID] = goals[i%len(goals)]
		}
	}
	return out
}

// demoBookings gives the demo therapist and coach, and the first three
// published practitioners of each kind, past sessions (completed, one of
// them recent enough for the demo user to review, and one cancelled) and future ones (confirmed, and a request waiting for
// confirmation where an offering asks for it) with the demo clients, paid
// from their wallets through the money service (credited first in the
// offering's currency by an admin adjustment). A provider who already has
// a demo client is left alone. It returns how many bookings it made.
func demoBookings(ctx context.Context, a *app.App, ids map[string]string) (int, error) {
	admin := ids["admin@example.com"]
	var clients []string
	for _, email := range demoClients {
		clients = append(clients, ids[email])
	}
	users := []string{ids["therapist@example.com"], ids["coach@example.com"]}
	kinds := map[string]int{}
	for _, p := range Practitioners {
		if p.Pending || kinds[p.Kind] >= 3 {
			continue
		}
		id, _, err := ensureUser(ctx, a, p.Person)
		if err != nil {
			return 0, err
		}
		kinds[p.Kind]++
		users = append(users, id)
	}
	made := 0
	for _, uid := range users {
		ps, err := a.Practice.ProvidersOfUser(ctx, uid)
		if err != nil {
			return made, err
		}
		for _, p := range ps {
			n, err := demoProviderBookings(ctx, a, admin, clients, p)
			made += n
			if err != nil {
				return made, fmt.Errorf("%s bookings: %w", p.DisplayName, err)
			}
		}
	}
	return made, nil
}

func demoProviderBookings(ctx context.Context, a *app.App, admin string, clients []string, p practice.Provider) (int, error) {
	for _, c := range clients {
		if ok, err := a.Bookings.HasClient(ctx, p.ID, c); err != nil || ok {
			return 0, err
		}
	}
	views, err := a.Practice.PublicOfferings(ctx, p.ID)
	if errors.Is(err, practice.ErrNotFound) || len(views) == 0 {
		return 0, nil // not published
	}
	if err != nil {
		return 0, err
	}
	var one, ask *practice.Offering
	for _, v := range views {
		off, err := a.Practice.Offering(ctx, v.ID)
		if err != nil {
			return 0, err
		}
		switch {
		case one == nil && off.Capacity == 1 && !off.RequiresConfirmation:
			one = &off
		case ask == nil && off.RequiresConfirmation:
			ask = &off
		}
	}
	if one == nil {
		return 0, nil
	}
	for _, c := range clients {
		if _, _, err := a.Money.Activate(ctx, nil, c, one.Currency); err != nil {
			return 0, err
		}
		if _, err := a.Money.Adjust(ctx, nil, money.Adjustment{Key: "demo:booking-credit:" + c + ":" + p.ID,
			Reason: "Welcome credit for sessions with Sojourn therapists and coaches", ActorID: admin, UserID: c,
			Account: money.KindWallet, Amount: 8 * one.Price, Currency: one.Currency}); err != nil {
			return 0, err
		}
	}
	made := 0
	now := a.Deps.Clock.Now().UTC()
	// The past: completed sessions and one cancelled in time. The demo
	// user's are three days ago (its review window open: demoReviews leaves
	// it for them to review), twelve days ago (still open, and reviewed by
	// demoReviews) and three weeks ago (the window closed unreviewed).
	past := []struct {
		days   int
		client int
		status string
	}{{12, 0, bookings.StatusCompleted}, {7, 1, bookings.StatusCompleted}, {10, 2, bookings.StatusCancelledByUser},
		{21, 0, bookings.StatusCompleted}, {3, 0, bookings.StatusCompleted}}
	// And one earlier today, so today's sessions on the dashboard are not empty.
	if today := now.Add(-3 * time.Hour).Truncate(time.Hour); today.Add(time.Duration(one.DurationMin) * time.Minute).
		Before(now) {
		if _, err := a.Bookings.ImportPast(ctx, bookings.PastBooking{OfferingID: one.ID, UserID: clients[1],
			Start: today, Status: bookings.StatusCompleted, IntakeAnswers: demoAnswers(*one, 1)}); err != nil {
			return made, err
		}
		made++
	}
	for _, ps := range past {
		start := pastSessionStart(now, p.TimeZone, ps.days, ps.client)
		if _, err := a.Bookings.ImportPast(ctx, bookings.PastBooking{OfferingID: one.ID, UserID: clients[ps.client],
			Start: start, Status: ps.status, IntakeAnswers: demoAnswers(*one, ps.client)}); err != nil {
			return made, err
		}
		made++
	}
	// The future: confirmed sessions on the next open slots, and a request.
	search, err := a.Bookings.Slots(ctx, one.ID, now.AddDate(0, 0, 1).Format("2006-01-02"),
		now.AddDate(0, 0, 14).Format("2006-01-02"), p.TimeZone)
	if err != nil {
		return made, err
	}
	picks := []int{0, 3, 7}
	for i, k := range picks {
		if k >= len(search.Slots) {
			break
		}
		if _, err := a.Bookings.BookWallet(ctx, clients[i], one.ID, search.Slots[k].Start, demoAnswers(*one, i),
			""); err != nil {
			return made, err
		}
		made++
	}
	if ask != nil {
		reqs, err := a.Bookings.Slots(ctx, ask.ID, now.AddDate(0, 0, 3).Format("2006-01-02"),
			now.AddDate(0, 0, 20).Format("2006-01-02"), p.TimeZone)
		if err != nil {
			return made, err
		}
		if len(reqs.Slots) > 0 {
			if _, _, err := a.Money.Activate(ctx, nil, clients[2], ask.Currency); err != nil {
				return made, err
			}
			if _, err := a.Money.Adjust(ctx, nil, money.Adjustment{Key: "demo:booking-request:" + clients[2] + ":" + p.ID,
				Reason: "Welcome credit for sessions with Sojourn therapists and coaches", ActorID: admin,
				UserID: clients[2], Account: money.KindWallet, Amount: ask.Price, Currency: ask.Currency}); err != nil {
				return made, err
			}
			if _, err := a.Bookings.BookWallet(ctx, clients[2], ask.ID, reqs.Slots[len(reqs.Slots)/2].Start,
				demoAnswers(*ask, 2), "Looking forward to it."); err != nil {
				return made, err
			}
			made++
		}
	}
	return made, nil
}

// pastSessionStart is a believable start for a session days ago: in the
// provider's working hours (10:00, 12:00 or 14:00 their time by client),
// whenever the seed runs.
func pastSessionStart(now time.Time, zone string, days, client int) time.Time {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	d := now.In(loc).AddDate(0, 0, -days)
	return time.Date(d.Year(), d.Month(), d.Day(), 10+2*(client%3), 0, 0, 0, loc).UTC()
}
