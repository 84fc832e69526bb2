package practice

import (
	"context"
	"errors"
	"log/slog"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/storage"
)

// Directory is what practice needs of the accounts domain (accounts.Service):
// the people behind profiles (display name and avatar come from their
// profile through it).
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
}

// Audit records admin decisions inside their transaction (audit.Log).
type Audit interface {
	Record(ctx context.Context, db bun.IDB, e audit.Event) error
}

// Config is what the practice module needs.
type Config struct {
	DB        *db.DB
	Clock     clock.Clock
	Log       *slog.Logger // nil: slog.Default()
	Storage   storage.Storage
	Images    *images.Processor
	Audit     Audit
	Directory Directory
}

// Service holds the practice rules: profiles, offerings, schedules and the
// directory.
type Service struct {
	c   Config
	st  *store
	log *slog.Logger
}

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Storage == nil || c.Images == nil || c.Audit == nil || c.Directory == nil {
		return nil, errors.New("practice: Config needs DB, Clock, Storage, Images, Audit and Directory")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Service{c: c, st: &store{db: c.DB, dir: newDirCache()}, log: c.Log}, nil
}

// Register mounts the practice routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&handler{s: s}).routes(r) }
