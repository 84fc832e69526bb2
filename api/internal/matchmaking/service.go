package matchmaking

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
	"sojourn/api/internal/messaging"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/ratelimit"
	"sojourn/api/internal/profiles"
)

// Profiles reads a person's profile (profiles.Reader).
type Profiles interface {
	ProfileFor(ctx context.Context, userID string) (profiles.Profile, error)
}

// Directory names people (accounts.Service).
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
}

// Blocks is social's word on blocks (social.Gate): matchmaking keeps no
// block table of its own.
type Blocks interface {
	Blocked(ctx context.Context, a, b string) (bool, error)
	BlockedWith(ctx context.Context, userID string) (map[string]bool, error)
}

// Messaging opens a match's conversation (messaging.Service).
type Messaging interface {
	Start(ctx context.Context, me string, in messaging.StartInput) (messaging.Conversation, bool, error)
}

// Config is what the module needs.
type Config struct {
	DB        *db.DB
	Clock     clock.Clock
	Log       *slog.Logger
	Profiles  Profiles
	Directory Directory
	Blocks    Blocks
	Messaging Messaging
	Events    events.Emitter
	Audit     *audit.Log
	Limits    *ratelimit.Store
	// Places may be nil: cities outside the built-in table then have no point.
	Places Places
}

// LikesPerDay is how many likes a person may give in 24 hours.
const LikesPerDay = 100

// Service holds the matchmaking rules.
type Service struct {
	c     Config
	st    store
	likes *ratelimit.Limiter
	cache *memberCache
}

// The domain's errors.
var (
	errStepNotFound     = apperr.NotFound("Preference step")
	errQuestionNotFound = apperr.NotFound("Question")
	errPersonNotFound   = apperr.NotFound("Person")
	errMatchNotFound    = apperr.NotFound("Match")
	errReportNotFound   = apperr.NotFound("Report")
	errHiddenNotFound   = apperr.NotFound("Hidden person")
	errNotTakingPart    = apperr.Conflict("Opt in to matchmaking first.")
	errPaused           = apperr.Conflict("Your matchmaking is paused: resume it to see and like people.")
	errDecided          = apperr.Conflict("You already decided on this person.")
	errReportedTwice    = apperr.Conflict("You already reported this person; the moderators will look at it.")
	errReportResolved   = apperr.Conflict("This report was already resolved.")
	errRemoved          = apperr.Forbidden("A moderator removed you from matchmaking.")
)

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Profiles == nil || c.Directory == nil || c.Blocks == nil ||
		c.Messaging == nil || c.Events == nil || c.Audit == nil || c.Limits == nil {
		return nil, errors.New("matchmaking: Config needs DB, Clock, Profiles, Directory, Blocks, Messaging, Events, Audit and Limits")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Service{c: c, st: store{db: c.DB}, likes: c.Limits.Limiter("matchmaking.likes", LikesPerDay, 24*time.Hour),
		cache: newMemberCache()}, nil
}

// Register mounts the routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&handler{s: s}).routes(r) }

// mutate changes the caller's member row in one transaction: the row is made
// on first use (the write that also serialises SQLite), locked on
// PostgreSQL, changed by fn and written back.
func (s *Service) mutate(ctx context.Context, userID string, fn func(r *memberRow) error) (*memberRow, error) {
	var out *memberRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.lockMember(ctx, tx, userID, s.c.Clock.Now())
		if err != nil {
			return err
		}
		if err := fn(r); err != nil {
			return err
		}
		r.UpdatedAt = nextVersion(r.UpdatedAt, s.c.Clock.Now())
		out = r
		return s.st.saveMember(ctx, tx, r)
	})
	return out, err
}
