package video

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/bookings"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/realtime"
)

// Sessions reads the therapy and coaching sessions (bookings.SessionReader).
type Sessions interface {
	Session(ctx context.Context, id string) (bookings.Session, error)
	Upcoming(ctx context.Context, userID, kind, format string, from, to time.Time, limit int) ([]bookings.Session, error)
}

// Friends tells whether two people are friends (social's Gate).
type Friends interface {
	AreFriends(ctx context.Context, a, b string) (bool, error)
}

// Directory names the participants (accounts.Service).
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
}

// Live pushes events to users and takes the frames they send (realtime.Hub).
type Live interface {
	realtime.Publisher
	realtime.Router
}

// Twilio holds the credentials that mint Twilio Video access tokens; all
// three empty means peer-to-peer mode.
type Twilio struct {
	AccountSID, APIKey, APISecret string
}

// Enabled reports whether all three are set.
func (t Twilio) Enabled() bool { return t.AccountSID != "" && t.APIKey != "" && t.APISecret != "" }

// Config is what the module needs.
type Config struct {
	DB        *db.DB
	Clock     clock.Clock
	Log       *slog.Logger
	Sessions  Sessions
	Friends   Friends // nil: calls between friends are refused
	Directory Directory
	Live      Live
	Twilio    Twilio
}

// Service holds the rooms' rules.
type Service struct {
	c  Config
	db *bun.DB
}

// Windows and lengths.
const (
	// Lead is how long before a session's start its room opens.
	Lead = 10 * time.Minute
	// FriendCallLength is how long a call between friends stays open.
	FriendCallLength = 2 * time.Hour
	// TokenTTL is the longest a Twilio access token lives.
	TokenTTL = time.Hour
	// ListAhead is how far ahead the room list looks, and ListLimit how many it shows.
	ListAhead = 14 * 24 * time.Hour
	ListLimit = 50
)

// Room kinds, statuses and modes.
const (
	KindAppointment = "appointment"
	KindFriends     = "friends"
	KindSpeedDate   = "speed_date"

	StatusUpcoming  = "upcoming"
	StatusOpen      = "open"
	StatusClosed    = "closed"
	StatusCancelled = "cancelled"

	ModeTwilio = "twilio"
	ModeP2P    = "p2p"
)

// The domain's errors.
var (
	ErrNotFound     = apperr.NotFound("Video room")
	errNotOpenYet   = apperr.Conflict("This room opens 10 minutes before the session starts.")
	errEnded        = apperr.Conflict("This session has ended.")
	errCancelled    = apperr.Conflict("This session was cancelled.")
	errOnlyHost     = apperr.Forbidden("Only the provider admits people from the lobby.")
	errNobody       = apperr.Conflict("Nobody is waiting in the lobby.")
	errInLobby      = apperr.Conflict("Wait until the provider admits you.")
	errNotInRoom    = apperr.Conflict("Join the room first.")
	errNotFriends   = apperr.Forbidden("You can call only your friends.")
	errNoFriends    = apperr.Conflict("Calls between friends are not available.")
	errCallYourself = apperr.Validation(apperr.Fields{"friend_id": "You cannot call yourself."})
)

// New makes the module and registers its realtime frame handler.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Sessions == nil || c.Directory == nil || c.Live == nil {
		return nil, errors.New("video: Config needs DB, Clock, Sessions, Directory and Live")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	s := &Service{c: c, db: c.DB.DB}
	c.Live.Handle("video.signal", s.Signal)
	return s, nil
}

// Register adds the routes.
func (s *Service) Register(r httpx.Router) { (&handler{s: s}).routes(r) }

// Mode is "twilio" with credentials, else "p2p".
func (s *Service) Mode() string {
	if s.c.Twilio.Enabled() {
		return ModeTwilio
	}
	return ModeP2P
}
