package clientnotes

import (
	"context"
	"errors"
	"log/slog"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/bookings"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/practice"
)

// Practice is what client records need of the practice domain: the
// caller's provider profiles.
type Practice interface {
	ProvidersOfUser(ctx context.Context, userID string) ([]practice.Provider, error)
}

// Bookings is what client records need of the bookings domain.
type Bookings interface {
	Booking(ctx context.Context, id string) (bookings.Booking, error)
	HasClient(ctx context.Context, providerID, userID string) (bool, error)
}

// Config is what the module needs.
type Config struct {
	DB       *db.DB
	Clock    clock.Clock
	Log      *slog.Logger
	Practice Practice
	Bookings Bookings
	Audit    *audit.Log
	// Images checks and re-encodes shared images within the server's
	// decode budget.
	Images *images.Processor
}

// Service holds the rules of client notes and documents.
type Service struct {
	c  Config
	st store
}

// The domain's errors.
var (
	ErrClientNotFound = apperr.NotFound("Client")
	ErrNoteNotFound   = apperr.NotFound("Note")
	ErrDocNotFound    = apperr.NotFound("Document")
	errBookingFound   = apperr.NotFound("Booking")
)

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Practice == nil || c.Bookings == nil || c.Audit == nil || c.Images == nil {
		return nil, errors.New("clientnotes: Config needs DB, Clock, Practice, Bookings, Audit and Images")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Service{c: c, st: store{db: c.DB.DB}}, nil
}

// Register mounts the routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&handler{s: s}).routes(r) }

// clientOf checks that clientID booked one of the caller's provider
// profiles (ever): otherwise the client does not exist for them (404). It
// answers the caller's profiles that have the client.
func (s *Service) clientOf(ctx context.Context, userID, clientID string) ([]practice.Provider, error) {
	if clientID == "" || clientID == userID || len(clientID) > 64 {
		return nil, ErrClientNotFound
	}
	ps, err := s.c.Practice.ProvidersOfUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	var out []practice.Provider
	for _, p := range ps {
		ok, err := s.c.Bookings.HasClient(ctx, p.ID, clientID)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return nil, ErrClientNotFound
	}
	return out, nil
}
