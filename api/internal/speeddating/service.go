package speeddating

import (
	"context"
	"errors"
	"hash/fnv"
	"log/slog"
	"strconv"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
	"sojourn/api/internal/matchmaking"
	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/realtime"
	"sojourn/api/internal/profiles"
	"sojourn/api/internal/video"
)

// Matchmaking is what speed dating needs of matchmaking (matchmaking.Service): who may take part, who may meet whom, and the
// matches of mutual yeses.
type Matchmaking interface {
	// EventParticipant is the person as an event sees them; an apperr
	// (409/422 with a plain reason) when they do not take part.
	EventParticipant(ctx context.Context, userID string) (matchmaking.Participant, error)
	// Compatibility answers whether two of userIDs may meet (genders and
	// ages both ways, not blocked, not hidden, dealbreakers).
	Compatibility(ctx context.Context, userIDs []string) (func(a, b string) bool, error)
	// MatchFromEvent makes the match of a mutual yes; idempotent per pair.
	MatchFromEvent(ctx context.Context, a, b, eventTitle string) (matchmaking.EventMatch, error)
}

// Video opens and ends the rooms of the dates (video.Service).
type Video interface {
	OpenPairRoom(ctx context.Context, db bun.IDB, in video.PairRoom) error
	ClosePairRooms(ctx context.Context, db bun.IDB, ids []string, at time.Time) error
}

// Ledger is what speed dating needs of the money core: a ticket's price
// held into its escrow, refunded, or kept as Sojourn's revenue once the
// event has ended (money.Service).
type Ledger interface {
	Hold(ctx context.Context, db bun.IDB, in money.Hold) (money.Result, error)
	Refund(ctx context.Context, db bun.IDB, in money.Refund) (money.Result, error)
	KeepEscrow(ctx context.Context, db bun.IDB, in money.Keep) (money.Result, error)
}

// Payments is what speed dating needs of card payments (payments.Service).
type Payments interface {
	payments.Registrar
	StartCardPayment(ctx context.Context, in payments.StartInput) (payments.Payment, error)
	Payment(ctx context.Context, userID, reference string) (payments.Payment, error)
}

// Directory names people (accounts.Service).
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
}

// Profiles reads a buyer's home city (profiles.Reader).
type Profiles interface {
	ProfileFor(ctx context.Context, userID string) (profiles.Profile, error)
}

// Audit records admins' changes.
type Audit interface {
	Record(ctx context.Context, db bun.IDB, e audit.Event) error
}

// Scheduler inserts a River job in the caller's transaction (jobs.Inserter).
type Scheduler interface {
	InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Config is what the speed-dating module needs.
type Config struct {
	DB          *db.DB
	Clock       clock.Clock
	Log         *slog.Logger
	Matchmaking Matchmaking
	Video       Video
	Money       Ledger
	Payments    Payments
	Directory   Directory
	Profiles    Profiles
	Audit       Audit
	Jobs        Scheduler
	Live        realtime.Publisher
	// Events tells ticket holders (a cancellation) through the outbox, in
	// the transaction of the change.
	Events      events.Emitter
	Idempotency *idempotency.Middleware
}

// Service holds the speed-dating rules.
type Service struct {
	c Config
}

// New makes the module and registers its card payment purpose.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Matchmaking == nil || c.Video == nil || c.Money == nil || c.Payments == nil ||
		c.Directory == nil || c.Profiles == nil || c.Audit == nil || c.Jobs == nil || c.Live == nil || c.Events == nil || c.Idempotency == nil {
		return nil, errors.New("speeddating: Config needs DB, Clock, Matchmaking, Video, Money, Payments, Directory, Profiles, Audit, Jobs, Live, Events and Idempotency")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	s := &Service{c: c}
	s.registerPurpose()
	return s, nil
}

// Register mounts the routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&handler{s: s, idem: s.c.Idempotency}).routes(r) }

func (s *Service) now() time.Time { return s.c.Clock.Now().UTC() }

func (s *Service) postgres() bool { return s.c.DB.Kind == db.Postgres }

// seed is an event's planner seed: the same event plans the same way.
func seed(eventID string) int64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(eventID))
	return int64(h.Sum64() >> 1)
}

func itoa(n int) string { return strconv.Itoa(n) }
