package shop

import (
	"context"
	"fmt"
	"net/url"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/events"
)

// The shop's notifications, emitted through the outbox in the transaction
// of the change: a new paid order to its vendor; shipped, delivered,
// cancelled and refunded to its shopper (a cancellation by the shopper to
// the vendor).

func amount(minor int64, currency string) string {
	return fmt.Sprintf("%s %d.%02d", currency, minor/100, minor%100)
}

func shopperLink(id string) string { return "/shop/orders?id=" + url.QueryEscape(id) }
func vendorLink(id string) string  { return "/vendor-app/bookings?id=" + url.QueryEscape(id) }

func (s *Service) notifyPaid(ctx context.Context, tx bun.Tx, g *groupRow, o *orderRow) error {
	return s.c.Events.Emit(ctx, tx, events.Event{Type: "order.new", Category: events.CategoryOrders,
		Recipients: []string{o.VendorID}, Actor: o.UserID,
		Title: fmt.Sprintf("New order %s for %s", orderNumber(g.Number, o.Seq), o.StoreName),
		Body:  amount(o.Total, o.Currency) + ", paid and waiting to be prepared", Portal: "vendor",
		Link: vendorLink(o.ID), Subject: events.Ref{Type: "order", ID: o.ID}, Email: true})
}

func (s *Service) notifyMove(ctx context.Context, tx bun.Tx, o *orderRow, to, actorID, actor string) error {
	shopper := func(typ, title, body string) events.Event {
		return events.Event{Type: typ, Category: events.CategoryOrders, Recipients: []string{o.UserID}, Actor: actorID,
			Title: title, Body: body, Portal: "user", Link: shopperLink(o.ID), Subject: events.Ref{Type: "order", ID: o.ID},
			Email: true}
	}
	var e events.Event
	switch {
	case to == FulShipped:
		body := ""
		if o.Carrier != "" || o.TrackingNumber != "" {
			body = "Carrier " + o.Carrier + ", tracking number " + o.TrackingNumber
		}
		e = shopper("order.shipped", "Your order from "+o.StoreName+" was shipped", body)
	case to == FulDelivered:
		e = shopper("order.delivered", "Your order from "+o.StoreName+" was delivered", "")
		e.Email = false
	case to == FulCancelled && actor == ActorUser:
		e = events.Event{Type: "order.cancelled", Category: events.CategoryOrders, Recipients: []string{o.VendorID},
			Actor: actorID, Title: "A shopper cancelled an order for " + o.StoreName, Portal: "vendor",
			Link: vendorLink(o.ID), Subject: events.Ref{Type: "order", ID: o.ID}, Email: true}
	case to == FulCancelled:
		e = shopper("order.cancelled", "Your order from "+o.StoreName+" was cancelled",
			"Whatever you paid is refunded to your Sojourn wallet.")
	default:
		return nil
	}
	return s.c.Events.Emit(ctx, tx, e)
}

func (s *Service) notifyRefund(ctx context.Context, tx bun.Tx, o *orderRow, refunded int64, actorID string) error {
	return s.c.Events.Emit(ctx, tx, events.Event{Type: "order.refunded", Category: events.CategoryOrders,
		Recipients: []string{o.UserID}, Actor: actorID,
		Title: "You were refunded " + amount(refunded, o.Currency) + " for your order from " + o.StoreName,
		Body:  "The money is in your Sojourn wallet.", Portal: "user", Link: shopperLink(o.ID),
		Subject: events.Ref{Type: "order", ID: o.ID}, Email: true})
}
