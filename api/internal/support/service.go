package support

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/ids"
)

// Item is one of a person's own things a ticket may be about, as its
// owning domain describes it.
type Item struct {
	Kind  string    `json:"kind"`
	ID    string    `json:"id"`
	Label string    `json:"label"`
	At    time.Time `json:"at"`
}

// Action is a one-click fix an admin may run on a linked item in its
// current state.
type Action struct {
	Name  string `json:"name"`
	Label string `json:"label"`
}

// Linkable is one kind of item a ticket may link to, answered by the
// domain that owns it (wired in app; support never reads those tables).
type Linkable interface {
	// Kind is the link's kind ("shop_order", ...).
	Kind() string
	// Recent answers the person's most recent items, newest first.
	Recent(ctx context.Context, userID string, limit int) ([]Item, error)
	// Describe answers the item when it is the person's, else a not-found
	// error.
	Describe(ctx context.Context, userID, id string) (Item, error)
	// Actions answers what an admin may do to the person's item now.
	Actions(ctx context.Context, userID, id string) ([]Action, error)
	// Run does one of those actions as adminID, audit-logged by the owning
	// domain; key makes a retry of the same request harmless.
	Run(ctx context.Context, adminID, ip, userID, id, action, key, reason string) error
}

// People names users.
type People interface {
	Names(ctx context.Context, ids []string) (map[string]Person, error)
	// Admins answers the ids of the admins to tell about new tickets.
	Admins(ctx context.Context) ([]string, error)
}

// Person is a user as support shows them.
type Person struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email,omitempty"`
}

// Config is what the support module needs.
type Config struct {
	DB        *db.DB
	Clock     clock.Clock
	Log       *slog.Logger
	Audit     *audit.Log
	Events    events.Emitter
	People    People
	Linkables []Linkable
}

// Service runs support tickets, FAQs and canned replies.
type Service struct {
	c     Config
	links map[string]Linkable
	kinds []string
}

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Log == nil || c.Audit == nil || c.Events == nil || c.People == nil {
		return nil, errors.New("support: Config needs DB, Clock, Log, Audit, Events and People")
	}
	s := &Service{c: c, links: map[string]Linkable{}}
	for _, l := range c.Linkables {
		s.links[l.Kind()] = l
		s.kinds = append(s.kinds, l.Kind())
	}
	return s, nil
}

func (s *Service) now() time.Time { return s.c.Clock.Now().UTC() }

var errTicketNotFound = apperr.NotFound("ticket")

func (s *Service) newNumber() string {
	id := strings.ReplaceAll(ids.New(), "-", "")
	return "SUP-" + strings.ToUpper(id[len(id)-8:])
}

// emit tells recipients about a ticket in tx.
func (s *Service) emit(ctx context.Context, tx bun.IDB, typ string, t *ticketRow, to []string, actor, title, body, portal, link string) error {
	var rs []string
	for _, r := range to {
		if r != "" && r != actor {
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		return nil
	}
	return s.c.Events.Emit(ctx, tx, events.Event{Type: typ, Category: events.CategoryMessages, Recipients: rs, Actor: actor,
		Title: title, Body: body, Portal: portal, Link: link, Subject: events.Ref{Type: "support_ticket", ID: t.ID},
		GroupKey: "support:" + t.ID, Email: true})
}

// requesterLink is the path of the ticket in the requester's portal.
func requesterLink(t *ticketRow) (portal, link string) {
	switch t.Portal {
	case "vendor":
		return "vendor", "/vendor-app/support/" + t.ID
	case "tour":
		return "tour", "/tour-app/support/" + t.ID
	case "coach":
		return "coach", "/coach-app/support/" + t.ID
	case "therapy":
		return "therapy", "/therapy-app/support/" + t.ID
	case "car-rental":
		return "car-rental", "/car-rentals/support/" + t.ID
	case "car-dealer":
		return "car-dealer", "/car-dealer/support/" + t.ID
	}
	return "user", "/support/" + t.ID
}
