package catalog

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/storage"
)

// Audit records admins' reads of private certificates and their decisions.
type Audit interface {
	Record(ctx context.Context, db bun.IDB, e audit.Event) error
}

// Config is what the catalog module needs.
type Config struct {
	DB      *db.DB
	Clock   clock.Clock
	Log     *slog.Logger
	Storage storage.Storage
	Images  *images.Processor
	Audit   Audit
}

// Service holds the catalogue's rules.
type Service struct {
	c     Config
	st    store
	snaps *snapshots // relevance searches' rankings, for their next pages (snapshot.go)
	depth atomic.Int32
}

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Storage == nil || c.Images == nil || c.Audit == nil {
		return nil, errors.New("catalog: Config needs DB, Clock, Storage, Images and Audit")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	svc := &Service{c: c, st: store{db: c.DB, stmts: newStmtCache()}, snaps: newSnapshots()}
	svc.depth.Store(snapshotDepth)
	return svc, nil
}

func (s *Service) now() time.Time { return s.c.Clock.Now().UTC() }
