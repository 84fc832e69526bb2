package bookings

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/events"
)

// providerScreens is where a provider of each kind sees their bookings:
// the portal, the appointments and the requests screens.
func providerScreens(kind string) (portal, appointments, requests string) {
	switch kind {
	case "therapist":
		return "therapy", "/therapy-app/appointments", "/therapy-app/bookings"
	case "coach":
		return "coach", "/coach-app/appointments", "/coach-app/bookings"
	case "tour_guide":
		return "tour", "/tour-app/appointments", "/tour-app/bookings"
	case "car_dealer":
		return "car-dealer", "/car-dealer/bookings", "/car-dealer/bookings"
	case "car_rental":
		return "car-rental", "/car-rentals/bookings", "/car-rentals/bookings"
	}
	return "user", "/user-calendar", "/user-calendar"
}

// when is the booking's start in its own zone.
func when(b *bookingRow) string {
	loc, err := time.LoadLocation(b.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	return b.StartAt.In(loc).Format("Monday 2 January 2006 at 15:04 MST")
}

// notifyTransition tells the people concerned about a status change, in
// the transaction of the change (the notifications outbox).
func (s *Service) notifyTransition(ctx context.Context, db bun.IDB, b *bookingRow, from, to, actorID string) error {
	portal, appointments, requests := providerScreens(b.Kind)
	ref := events.Ref{Type: "booking", ID: b.ID}
	user := func(typ, title string) events.Event {
		// No actor: a user paying for an instant booking is still told it is confirmed.
		return events.Event{Type: typ, Category: events.CategoryBookings, Recipients: []string{b.UserID},
			Title: title, Body: when(b), Portal: "user", Link: "/user-calendar", Subject: ref, Email: true}
	}
	provider := func(typ, title, link string) events.Event {
		return events.Event{Type: typ, Category: events.CategoryBookings, Recipients: []string{b.ProviderUserID},
			Actor: actorID, Title: title, Body: when(b), Portal: portal, Link: link, Subject: ref, Email: true}
	}
	var evs []events.Event
	switch to {
	case StatusPendingConfirmation:
		evs = append(evs, provider("booking.requested", "New booking request: "+b.Title, requests))
	case StatusConfirmed:
		evs = append(evs, user("booking.confirmed", "Your booking is confirmed: "+b.Title))
		if from != StatusPendingConfirmation {
			evs = append(evs, provider("booking.new", "New booking: "+b.Title, appointments))
		}
	case StatusCancelledByUser:
		evs = append(evs, provider("booking.cancelled", "A client cancelled: "+b.Title, appointments))
	case StatusCancelledByProvider:
		evs = append(evs, user("booking.cancelled", "Your booking was cancelled by the provider: "+b.Title+
			" (refunded in full)"))
	case StatusDeclined:
		evs = append(evs, user("booking.declined", "Your booking request was declined: "+b.Title+" (refunded in full)"))
	case StatusCancelledByAdmin:
		evs = append(evs, user("booking.cancelled", "Sojourn cancelled your booking: "+b.Title+" (refunded in full)"),
			provider("booking.cancelled", "Sojourn cancelled a booking: "+b.Title, appointments))
	}
	for _, e := range evs {
		if err := s.c.Events.Emit(ctx, db, e); err != nil {
			return err
		}
	}
	return nil
}

// notifyRescheduled tells the other side of a moved booking.
func (s *Service) notifyRescheduled(ctx context.Context, tx bun.Tx, b *bookingRow, actorID, role string) error {
	portal, appointments, _ := providerScreens(b.Kind)
	e := events.Event{Type: "booking.rescheduled", Category: events.CategoryBookings, Actor: actorID,
		Title: "Booking moved: " + b.Title, Body: "Now " + when(b), Subject: events.Ref{Type: "booking", ID: b.ID},
		Email: true}
	if role == ActorUser {
		e.Recipients, e.Portal, e.Link = []string{b.ProviderUserID}, portal, appointments
	} else {
		e.Recipients, e.Portal, e.Link = []string{b.UserID}, "user", "/user-calendar"
	}
	return s.c.Events.Emit(ctx, tx, e)
}
