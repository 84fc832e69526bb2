package messaging

import (
	"context"
	"errors"
	"strings"

	"sojourn/api/internal/platform/apperr"
)

// ErrNoSubject is what a Source answers for an id it does not know.
var ErrNoSubject = errors.New("messaging: no such subject")

// Subject is what a conversation may be about, as the owning domain
// describes it to one viewer.
type Subject struct {
	Card
	// Parties are the people the subject concerns (an order's buyer and
	// seller, a booking's client and provider, a tour's guide).
	Parties []string
	// Public subjects (a tour, a car listing) may be asked about by anyone,
	// of one of the Parties; private ones (an order, a booking) only between
	// Parties.
	Public bool
	// Introduced subjects (a live match) introduce their Parties to each
	// other: the recipient's "who can message me" does not refuse them;
	// blocks still do.
	Introduced bool
}

// Source is a domain's small reader of its own tables for the subjects of
// one type ("order", "booking", "tour", ...), registered in app.New.
type Source interface {
	Type() string
	// Subject describes id to viewer, or answers ErrNoSubject.
	Subject(ctx context.Context, id, viewer string) (Subject, error)
}

// parseAbout reads "type:id" ("" is no subject).
func parseAbout(about string) (typ, id string, ok bool) {
	if about == "" {
		return "", "", true
	}
	typ, id, found := strings.Cut(about, ":")
	if !found || typ == "" || id == "" || len(typ) > 30 || len(id) > 64 {
		return "", "", false
	}
	return typ, id, true
}

// allowedSubject checks a one-to-one conversation between a and b may be
// about (typ, id).
func (s *Service) allowedSubject(ctx context.Context, typ, id, a, b string) error {
	src, ok := s.sources[typ]
	if !ok {
		return ErrSubject
	}
	sub, err := src.Subject(ctx, id, a)
	if errors.Is(err, ErrNoSubject) {
		return ErrSubject
	}
	if err != nil {
		return err
	}
	in := func(u string) bool {
		for _, p := range sub.Parties {
			if p == u {
				return true
			}
		}
		return false
	}
	if sub.Public && (in(a) || in(b)) || in(a) && in(b) {
		return nil
	}
	return ErrSubject
}

// introduced reports whether the subject (typ, id) introduces its parties
// to each other as viewer sees it.
func (s *Service) introduced(ctx context.Context, typ, id, viewer string) bool {
	src, ok := s.sources[typ]
	if typ == "" || !ok {
		return false
	}
	sub, err := src.Subject(ctx, id, viewer)
	return err == nil && sub.Introduced
}

// mayMessage is the gate's word on from messaging to, except that a subject
// that introduced them lets privacy's refusal through (never a block).
func (s *Service) mayMessage(ctx context.Context, from, to string, introduced bool) error {
	if s.c.Gate == nil {
		return nil
	}
	err := s.c.Gate.CanMessage(ctx, from, to)
	if err == nil || !introduced {
		return err
	}
	b, berr := s.c.Gate.Blocked(ctx, from, to)
	if berr != nil {
		return berr
	}
	if b {
		return err
	}
	return nil
}

// card is the subject card of a conversation for viewer (nil when it has no
// subject, or its domain no longer knows it).
func (s *Service) card(ctx context.Context, typ, id, viewer string) *Card {
	if typ == "" {
		return nil
	}
	src, ok := s.sources[typ]
	if !ok {
		return nil
	}
	sub, err := src.Subject(ctx, id, viewer)
	if err != nil {
		if !errors.Is(err, ErrNoSubject) {
			s.c.Log.Warn("messaging: subject", "type", typ, "id", id, "err", err)
		}
		return nil
	}
	c := sub.Card
	c.Type, c.ID = typ, id
	if c.Actions == nil {
		c.Actions = []Action{}
	}
	return &c
}

// counterpart is the one party of a subject other than me (the guide of a
// tour, the seller of a product, the other side of an order).
func (s *Service) counterpart(ctx context.Context, typ, id, me string) (string, error) {
	src, ok := s.sources[typ]
	if !ok {
		return "", ErrSubject
	}
	sub, err := src.Subject(ctx, id, me)
	if errors.Is(err, ErrNoSubject) {
		return "", ErrSubject
	}
	if err != nil {
		return "", err
	}
	var others []string
	for _, p := range sub.Parties {
		if p != me {
			others = append(others, p)
		}
	}
	if len(others) != 1 {
		return "", apperr.Validation(map[string]string{"to": "is required: this subject does not name one person to message"})
	}
	return others[0], nil
}
