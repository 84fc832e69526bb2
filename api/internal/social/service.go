package social

import (
	"context"
	"errors"
	"log/slog"
	"slices"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/realtime"
	"sojourn/api/internal/platform/roledef"
	"sojourn/api/internal/platform/storage"
)

// Directory names people and finds them by name (accounts.Service).
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
	Search(ctx context.Context, q string, limit int) ([]accounts.Person, error)
}

// Companions answers the people who shared a session (a tour departure, a
// group class) with someone (bookings.NewCompanions).
type Companions interface {
	Of(ctx context.Context, userID string, limit int) (map[string]string, error)
}

// Interests answers the people who share someone's profile interests
// (profiles.NewInterests).
type Interests interface {
	Sharing(ctx context.Context, userID string, limit int) (map[string][]string, error)
}

// Config is what the module needs.
type Config struct {
	DB         *db.DB
	Clock      clock.Clock
	Log        *slog.Logger
	Directory  Directory
	Storage    storage.Storage
	Images     *images.Processor
	Audit      *audit.Log
	Events     events.Emitter
	Live       realtime.Publisher
	Companions Companions
	Interests  Interests
}

// Service holds the friends and feed rules.
type Service struct {
	c  Config
	st store
}

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Directory == nil || c.Storage == nil || c.Images == nil || c.Audit == nil ||
		c.Events == nil || c.Live == nil || c.Companions == nil || c.Interests == nil {
		return nil, errors.New("social: Config needs DB, Clock, Directory, Storage, Images, Audit, Events, Live, Companions and Interests")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Service{c: c, st: store{db: c.DB.DB, kind: c.DB.Kind}}, nil
}

// Register mounts the routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&handler{s: s}).routes(r) }

// publish pushes a realtime event after the transaction committed; a failed
// push is logged (the other side catches up when it next lists).
func (s *Service) publish(ctx context.Context, users []string, typ string, data any) {
	if err := s.c.Live.Publish(ctx, users, typ, data); err != nil {
		s.c.Log.Warn("social: realtime publish", "type", typ, "error", err.Error())
	}
}

// isProvider reports a person with a provider role.
func isProvider(p accounts.Person) bool {
	for _, r := range roledef.ProviderNames() {
		if slices.Contains(p.Roles, r) {
			return true
		}
	}
	return false
}

// people looks up people and turns them into DTOs (absent ids are skipped by callers).
func (s *Service) people(ctx context.Context, ids []string) (map[string]Person, error) {
	m, err := s.c.Directory.Lookup(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Person, len(m))
	for id, p := range m {
		out[id] = toPerson(p)
	}
	return out, nil
}

func toPerson(p accounts.Person) Person {
	name := p.DisplayName
	if name == "" {
		name = p.Username
	}
	return Person{ID: p.ID, Username: p.Username, DisplayName: name, AvatarURL: p.AvatarURL, IsProvider: isProvider(p)}
}

// activePerson answers the active person id names, or errPersonNotFound.
func (s *Service) activePerson(ctx context.Context, id string) (accounts.Person, error) {
	if id == "" || len(id) > 64 {
		return accounts.Person{}, errPersonNotFound
	}
	m, err := s.c.Directory.Lookup(ctx, []string{id})
	if err != nil {
		return accounts.Person{}, err
	}
	p, ok := m[id]
	if !ok || p.Status != accounts.StatusActive {
		return accounts.Person{}, errPersonNotFound
	}
	return p, nil
}
