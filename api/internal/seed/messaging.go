package seed

import (
	"context"
	"fmt"

	"sojourn/api/internal/app"
	"sojourn/api/internal/messaging"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/shop"
)

// demoMessaging gives Amara (user@) conversations so every messaging screen
// is alive: with her guide about one of his tours, with the vendor about one
// of her orders, with the car dealer about a car for sale, and a group; each ends with a message she has not read.
// It does nothing when she already has conversations.
func demoMessaging(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	me, guide, vendor, coach := ids["user@example.com"], ids["guide@example.com"], ids["vendor@example.com"], ids["coach@example.com"]
	if me == "" || guide == "" || vendor == "" || coach == "" {
		return "demo messaging: skipped (demo people missing)\n", nil
	}
	if have, _, err := a.Messaging.List(ctx, me, page.Cursor{Limit: 1}); err != nil || len(have) > 0 {
		return "demo messaging: already there\n", err
	}
	say := func(conv, from, body string) error {
		_, err := a.Messaging.Send(ctx, from, conv, messaging.SendInput{Body: body})
		return err
	}
	read := func(conv, who string) error {
		_, err := a.Messaging.Read(ctx, who, conv, messaging.ReadInput{})
		return err
	}
	made := 0
	tours, err := a.Tours.MyTours(ctx, guide)
	if err != nil {
		return "", err
	}
	about := ""
	if len(tours) > 0 {
		about = "tour:" + tours[0].ID
	}
	c, _, err := a.Messaging.Start(ctx, me, messaging.StartInput{To: guide, About: about})
	if err != nil {
		return "", fmt.Errorf("guide conversation: %w", err)
	}
	for _, step := range []struct{ from, body string }{
		{me, "Hello Sipho! Where exactly do we meet for the tour, and how early should we be there?"},
		{guide, "Hi Amara, we meet at the main entrance, ten minutes before the start. Look for the green Sojourn umbrella."},
		{me, "Perfect. Is the route fine for a seven-year-old?"},
		{guide, "Absolutely: it is mostly flat and we take a juice break halfway. Bring a hat and water."},
	} {
		if err := say(c.ID, step.from, step.body); err != nil {
			return "", err
		}
	}
	if err := read(c.ID, guide); err != nil {
		return "", err
	}
	made++

	orders, _, err := a.Shop.VendorOrders(ctx, vendor, shop.OrderFilter{}, page.Cursor{Limit: 50})
	if err != nil {
		return "", err
	}
	for _, o := range orders {
		if o.Buyer.ID != me {
			continue
		}
		oc, _, err := a.Messaging.Start(ctx, me, messaging.StartInput{To: vendor, About: "order:" + o.ID})
		if err != nil {
			return "", fmt.Errorf("order conversation: %w", err)
		}
		if err := say(oc.ID, me, "Hello! Could you wrap the order as a gift? It is for my sister's birthday."); err != nil {
			return "", err
		}
		if err := say(oc.ID, vendor, "Of course, Amara. We will wrap it in our kente paper and add a handwritten card."); err != nil {
			return "", err
		}
		made++
		break
	}

	// With the dealer about a car for sale: the dealer's inbox shows the car's card.
	if dealer := ids["dealer@example.com"]; dealer != "" {
		cars, _, err := a.Dealers.MyListings(ctx, dealer, "available", page.Cursor{Limit: 1})
		if err != nil {
			return "", err
		}
		if len(cars) > 0 {
			car := cars[0]
			cc, _, err := a.Messaging.Start(ctx, me, messaging.StartInput{To: dealer, About: "car:" + car.ID})
			if err != nil {
				return "", fmt.Errorf("car conversation: %w", err)
			}
			if err := say(cc.ID, me, fmt.Sprintf("Good afternoon! Has the %d %s %s had any accident repairs? "+
				"I would like my mechanic to see it before a test drive.", car.Year, car.Make, car.Model)); err != nil {
				return "", err
			}
			if err := say(cc.ID, dealer, "Good afternoon, Amara. No accident repairs: the inspection report and the "+
				"service history are on the listing. Your mechanic is welcome; weekday mornings are quietest."); err != nil {
				return "", err
			}
			made++
		}
	}

	g, err := a.Messaging.CreateGroup(ctx, coach, messaging.GroupInput{Title: "Lagos wellness weekend",
		Members: []string{me, guide}})
	if err != nil {
		return "", fmt.Errorf("group: %w", err)
	}
	for _, step := range []struct{ from, body string }{
		{coach, "Welcome, both! Saturday starts with a sunrise walk at 6:30, then breakfast together."},
		{guide, "I will lead the walk along the lagoon. Comfortable shoes, everyone."},
		{coach, "Amara, shall I book you a coaching session for Sunday afternoon?"},
	} {
		if err := say(g.ID, step.from, step.body); err != nil {
			return "", err
		}
	}
	// One message reported, so the admins' moderation screen has work.
	spam, err := a.Messaging.Send(ctx, guide, g.ID, messaging.SendInput{Body: "Flash sale on sunglasses at my cousin's stall, 50% off today only! DM me."})
	if err != nil {
		return "", err
	}
	if _, err := a.Messaging.ReportMessage(ctx, me, messaging.ReportInput{MessageID: spam.ID,
		Reason: "Advertising that has nothing to do with the trip."}); err != nil {
		return "", err
	}
	made++
	return fmt.Sprintf("demo messaging: %d conversations\n", made), nil
}
