// Package realtime is the contract between the domains and the realtime
// layer (WebSockets on every instance, joined through NATS): a domain pushes
// events to users, reads who is online, and handles the frames clients send.
// The hub that implements it lives in this package too (issue 13); domains
// depend on these small interfaces only.
package realtime

import (
	"context"
	"encoding/json"
	"time"
)

// Publisher pushes {type, data} to every open socket of each user, on every
// instance. Delivery is best effort and happens after the caller's
// transaction committed: a client that was offline catches up by cursor from
// the owning domain's list when it reconnects.
type Publisher interface {
	Publish(ctx context.Context, userIDs []string, typ string, data any) error
}

// FrameHandler handles a frame of its type sent by a signed-in client (from
// is the sender's user id). An error is answered to that socket only.
type FrameHandler func(ctx context.Context, from string, data json.RawMessage) error

// Router lets a domain handle the frames of a type clients send ("typing",
// "signal", ...). Each type has one handler.
type Router interface {
	Handle(typ string, h FrameHandler)
}

// Status is one user's presence: online now, or when last seen (zero when
// never seen).
type Status struct {
	Online   bool      `json:"online"`
	LastSeen time.Time `json:"last_seen"`
}

// PresenceReader answers who is online across every instance.
type PresenceReader interface {
	Presence(ctx context.Context, userIDs []string) (map[string]Status, error)
}

// Hub is all three, as app.New hands it to the domains.
type Hub interface {
	Publisher
	Router
	PresenceReader
}

// Discard is a Hub that delivers nothing: for tests of domains that do not
// look at realtime delivery.
type Discard struct{}

func (Discard) Publish(context.Context, []string, string, any) error { return nil }
func (Discard) Handle(string, FrameHandler)                          {}
func (Discard) Presence(_ context.Context, ids []string) (map[string]Status, error) {
	out := make(map[string]Status, len(ids))
	for _, id := range ids {
		out[id] = Status{}
	}
	return out, nil
}
