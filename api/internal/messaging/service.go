package messaging

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/realtime"
)

// EditWindow is how long a sender may edit or delete their message.
const EditWindow = 15 * time.Minute

// UnreadMailDelay is how long a message stays unread before a mail tells
// the member about it.
const UnreadMailDelay = 15 * time.Minute

// Bounds of the inputs.
const (
	MaxBody        = 4000
	MaxTitle       = 100
	MaxGroupSize   = 50
	MaxReason      = 1000
	MaxImageBytes  = 8 << 20
	MaxFileBytes   = 10 << 20
	MaxSearchQuery = 200
)

// Gate is the social graph's word on whether from may message to (blocks
// either way, the recipient's privacy setting): social.Gate.
type Gate interface {
	CanMessage(ctx context.Context, from, to string) error
	Blocked(ctx context.Context, a, b string) (bool, error)
}

// Directory names people (accounts.Service).
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
}

// Jobs inserts River jobs in a transaction (jobs.Inserter).
type Jobs interface {
	InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Config is what messaging needs.
type Config struct {
	DB        *db.DB
	Clock     clock.Clock
	Log       *slog.Logger
	Directory Directory
	// Gate may be nil until the social domain is wired: then everyone may
	// message everyone not otherwise refused.
	Gate    Gate
	Jobs    Jobs
	Images  *images.Processor
	Live    realtime.Hub
	Events  events.Emitter
	Sources []Source
}

// Service is the messaging domain.
type Service struct {
	c       Config
	sources map[string]Source
}

// Errors.
var (
	ErrNotFound        = apperr.NotFound("conversation")
	ErrMessageNotFound = apperr.NotFound("message")
	ErrEditWindow      = apperr.Conflict("Messages can be changed only within 15 minutes of sending.")
	ErrNotOwner        = apperr.Forbidden("Only the group's creator can add members.")
	ErrSelf            = apperr.Validation(map[string]string{"to": "must be someone else"})
	ErrNoSuchPerson    = apperr.Validation(map[string]string{"to": "is not a person on Sojourn"})
	ErrSubject         = apperr.Validation(map[string]string{"about": "is not something you can talk about with this person"})
	ErrReported        = apperr.Conflict("You already reported this message.")
	ErrReportNotFound  = apperr.NotFound("report")
	ErrReportClosed    = apperr.Conflict("This report was already decided.")
	errMultipart       = apperr.New(apperr.CodeUnsupportedMedia, "Send the file as multipart/form-data in the field \"file\".")
	errMissingFile     = apperr.Validation(map[string]string{"file": "is required"})
	errFileTooLarge    = apperr.New(apperr.CodePayloadTooLarge, "The file is too large (images up to 8 MB, files up to 10 MB).")
)

// New makes the messaging service.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Directory == nil || c.Jobs == nil || c.Images == nil {
		return nil, errors.New("messaging: Config needs DB, Clock, Directory, Jobs and Images")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	if c.Live == nil {
		c.Live = realtime.Discard{}
	}
	if c.Events == nil {
		c.Events = events.Discard{}
	}
	s := &Service{c: c, sources: map[string]Source{}}
	for _, src := range c.Sources {
		s.sources[src.Type()] = src
	}
	c.Live.Handle("typing", s.typing)
	c.Live.Handle("message.seen", s.seenFrame)
	return s, nil
}

func (s *Service) now() time.Time { return s.c.Clock.Now().UTC().Truncate(time.Microsecond) }

// publish pushes after commit; delivery is best effort.
func (s *Service) publish(ctx context.Context, to []string, typ string, data any) {
	if len(to) == 0 {
		return
	}
	if err := s.c.Live.Publish(ctx, to, typ, data); err != nil {
		s.c.Log.Warn("messaging: publish", "type", typ, "err", err)
	}
}
