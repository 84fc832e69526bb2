package seed

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"sojourn/api/internal/app"
	"sojourn/api/internal/platform/events"
)

// demoNotifications delivers what the demo's own changes emitted (bookings,
// orders, reviews) and gives every demo account a mix of read and unread
// notifications in several categories, each linked to its screen; run twice,
// it adds nothing.
func demoNotifications(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	n := a.Notifications
	if err := n.DeliverPending(ctx); err != nil {
		return "", err
	}
	var done int
	if err := a.Deps.DB.NewRaw(`SELECT count(*) FROM domain_events WHERE type = 'account.welcome'`).Scan(ctx, &done); err != nil {
		return "", err
	}
	if done > 0 {
		return "notifications: demo already there\n", nil
	}
	ev := func(user, portal, typ, cat, title, body, link, group string) events.Event {
		return events.Event{Type: typ, Category: cat, Recipients: []string{ids[user]}, Title: title, Body: body,
			Portal: portal, Link: link, GroupKey: group, Subject: events.Ref{Type: "demo", ID: typ}}
	}
	provider := func(user, portal, base, kind string) (older, newer []events.Event) {
		older = []events.Event{
			ev(user, "user", "account.welcome", events.CategoryAccount, "Welcome to Sojourn", "Your account is ready.", "/user-dashboard", ""),
			ev(user, portal, "payout.paid", events.CategoryPayments, "Your payout of NGN 85,000.00 was paid", "It is on its way to your bank account.", base+"/earnings", ""),
		}
		newer = []events.Event{
			ev(user, portal, "booking.requested", events.CategoryBookings, "New booking request: "+kind, "Saturday at 10:00", base+"/bookings", ""),
			ev(user, portal, "review.posted", events.CategoryBookings, "New 5-star review of your practice", "Warm, patient and well prepared.", base, "demo-reviews:"+user),
			ev(user, portal, "review.posted", events.CategoryBookings, "New 4-star review of your practice", "Would book again.", base, "demo-reviews:"+user),
		}
		return older, newer
	}
	type batch struct{ older, newer []events.Event }
	var all []batch
	all = append(all, batch{
		older: []events.Event{
			ev("user@example.com", "user", "account.welcome", events.CategoryAccount, "Welcome to Sojourn, Amara", "Your account is ready: plan trips, book sessions and shop.", "/user-dashboard", ""),
			ev("user@example.com", "user", "booking.confirmed", events.CategoryBookings, "Your booking is confirmed: Lagos food walk", "Saturday at 10:00 WAT", "/user-calendar", ""),
			ev("user@example.com", "user", "giftcard.received", events.CategoryPayments, "Sojourn sent you a NGN 25,000.00 gift card", "The code is in your email; redeem it into your wallet.", "/user-wallet", ""),
		},
		newer: []events.Event{
			ev("user@example.com", "user", "order.shipped", events.CategoryOrders, "Your order from Kente & Clay was shipped", "Carrier GIG Logistics, tracking number GIG-204518", "/shop/orders", ""),
			ev("user@example.com", "user", "booking.reminder", events.CategoryBookings, "Reminder: Therapy session in 24 hours", "Tomorrow at 14:00 WAT, by video.", "/user-calendar", ""),
			ev("user@example.com", "user", "marketing.offer", events.CategoryMarketing, "New on Sojourn: hotels in Lisbon and Marrakech", "Book a stay with free cancellation.", "/booking/hotel", ""),
		},
	})
	vendorOld := []events.Event{
		ev("vendor@example.com", "vendor", "account.welcome", events.CategoryAccount, "Your vendor application was approved", "Your new portal is ready. Welcome aboard!", "/vendor-app/dashboard", ""),
		ev("vendor@example.com", "vendor", "payout.paid", events.CategoryPayments, "Your payout of NGN 120,000.00 was paid", "It is on its way to your bank account.", "/vendor-app/earnings", ""),
	}
	vendorNew := []events.Event{
		ev("vendor@example.com", "vendor", "order.new", events.CategoryOrders, "New order for Kente & Clay", "NGN 48,500.00, paid and waiting to be prepared", "/vendor-app/bookings", ""),
		ev("vendor@example.com", "vendor", "review.posted", events.CategoryOrders, "New 5-star review of Indigo throw", "Beautiful weave, arrived quickly.", "/vendor-app/reviews", "demo-reviews:vendor"),
		ev("vendor@example.com", "vendor", "review.posted", events.CategoryOrders, "New 4-star review of Clay water jug", "Lovely colour.", "/vendor-app/reviews", "demo-reviews:vendor"),
	}
	all = append(all, batch{vendorOld, vendorNew})
	for _, p := range []struct{ email, portal, base, kind string }{
		{"therapist@example.com", "therapy", "/therapy-app", "Individual therapy"},
		{"coach@example.com", "coach", "/coach-app", "Career coaching"},
		{"guide@example.com", "tour", "/tour-app", "Lagos food walk"},
		{"rental@example.com", "car-rental", "/car-rentals", "Toyota Corolla, 3 days"},
		{"dealer@example.com", "car-dealer", "/car-dealer", "Test drive: Honda CR-V"},
	} {
		o, nw := provider(p.email, p.portal, p.base, p.kind)
		all = append(all, batch{o, nw})
	}
	count := 0
	emit := func(evs []events.Event) error {
		return a.Deps.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			for _, e := range evs {
				if e.Recipients[0] == "" {
					continue
				}
				if err := n.Emit(ctx, tx, e); err != nil {
					return err
				}
				count++
			}
			return nil
		})
	}
	for _, b := range all {
		if err := emit(b.older); err != nil {
			return "", err
		}
	}
	if err := n.DeliverPending(ctx); err != nil {
		return "", err
	}
	// The older ones read and seen; the newer ones arrive unread.
	for _, b := range all {
		if len(b.older) == 0 || b.older[0].Recipients[0] == "" {
			continue
		}
		uid := b.older[0].Recipients[0]
		if _, err := n.ReadAll(ctx, uid); err != nil {
			return "", err
		}
		if _, err := n.MarkSeen(ctx, uid); err != nil {
			return "", err
		}
	}
	for _, b := range all {
		if err := emit(b.newer); err != nil {
			return "", err
		}
	}
	if err := n.DeliverPending(ctx); err != nil {
		return "", err
	}
	return fmt.Sprintf("notifications: %d demo events delivered\n", count), nil
}
