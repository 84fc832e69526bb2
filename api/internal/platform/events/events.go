// Package events is the contract for domain events: something that happened,
// told to the people it concerns. A domain emits an event inside the
// transaction of the change (an outbox row and its River delivery job,
// written by the notifications domain), so a change that rolls back never
// notifies anyone. Delivery turns the event into notifications (in-app and
// email, by each recipient's preferences and quiet hours) and realtime pushes.
package events

import (
	"context"

	"github.com/uptrace/bun"
)

// Categories a person sets preferences for.
const (
	CategoryBookings  = "bookings"
	CategoryOrders    = "orders"
	CategoryPayments  = "payments"
	CategoryMessages  = "messages"
	CategorySocial    = "social"
	CategoryMarketing = "marketing"
	CategoryAccount   = "account" // security and role decisions: always in-app, never muted
)

// Ref names what an event is about.
type Ref struct {
	Type string `json:"type"` // "order", "booking", "friend_request", ...
	ID   string `json:"id"`
}

// Event is one thing that happened.
type Event struct {
	Type       string         // dot.case: "order.shipped", "booking.confirmed", "friend.request", ...
	Category   string         // one of the Category constants
	Recipients []string       // user ids told about it
	Actor      string         // the user who caused it; "" for the system
	Title      string         // one line a person reads: "Your order from Kente & Clay was shipped"
	Body       string         // an optional second line
	Portal     string         // the portal whose Link opens it ("user", "vendor", "tour", ...); "" = user
	Link       string         // path inside that portal of what it is about
	Subject    Ref            // what it is about
	GroupKey   string         // unread notifications with the same key collapse into one ("" = never)
	Data       map[string]any // small extra payload for the realtime push
	Email      bool           // also worth an email (sent by the recipient's preferences, held past quiet hours)
	SkipInApp  bool           // email only, no entry in the notification centre (a digest, an unread-messages mail)
}

// Emitter writes an event in the caller's transaction.
type Emitter interface {
	Emit(ctx context.Context, tx bun.IDB, e Event) error
}

// Discard emits nothing: for tests of domains that do not look at events.
type Discard struct{}

func (Discard) Emit(context.Context, bun.IDB, Event) error { return nil }
