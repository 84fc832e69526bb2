package audit

import (
	"context"
	"encoding/json"
	"errors"
	"sojourn/api/internal/platform/page"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/ids"
)

// Entry is one row of audit_log.
type Entry struct {
	bun.BaseModel `bun:"table:audit_log"`
	ID            string    `bun:"id,pk"`
	ActorID       *string   `bun:"actor_id"`
	Action        string    `bun:"action"`
	TargetType    string    `bun:"target_type"`
	TargetID      string    `bun:"target_id"`
	Details       string    `bun:"details"`
	IP            string    `bun:"ip"`
	CreatedAt     time.Time `bun:"created_at"`
}

// Event is what a service records.
type Event struct {
	ActorID    string
	Action     string // e.g. user.suspend, role.grant, role_application.approve
	TargetType string
	TargetID   string
	Details    map[string]any
	IP         string
}

// Log writes and reads the audit log.
type Log struct {
	DB    bun.IDB
	Clock clock.Clock
}

// Config is what the audit module needs.
type Config struct {
	DB    bun.IDB
	Clock clock.Clock
}

// New makes the module.
func New(c Config) (*Log, error) {
	if c.DB == nil || c.Clock == nil {
		return nil, errors.New("audit: Config needs DB and Clock")
	}
	return &Log{DB: c.DB, Clock: c.Clock}, nil
}

// Record writes an event inside the caller's transaction (db may be a bun.Tx).
func (l *Log) Record(ctx context.Context, db bun.IDB, e Event) error {
	details := "{}"
	if len(e.Details) > 0 {
		b, err := json.Marshal(e.Details)
		if err != nil {
			return err
		}
		details = string(b)
	}
	row := &Entry{ID: ids.New(), Action: e.Action, TargetType: e.TargetType, TargetID: e.TargetID,
		Details: details, IP: e.IP, CreatedAt: l.Clock.Now()}
	if e.ActorID != "" {
		row.ActorID = &e.ActorID
	}
	_, err := db.NewInsert().Model(row).Exec(ctx)
	return err
}

// EntryDTO is the API form of an entry.
type EntryDTO struct {
	ID         string         `json:"id"`
	ActorID    *string        `json:"actor_id"`
	Action     string         `json:"action"`
	TargetType string         `json:"target_type"`
	TargetID   string         `json:"target_id"`
	Details    map[string]any `json:"details"`
	CreatedAt  time.Time      `json:"created_at"`
}

// Filter narrows the list.
type Filter struct {
	Action     string
	TargetType string
	TargetID   string
	ActorID    string
}

// List returns a page of entries, newest first.
func (l *Log) List(ctx context.Context, f Filter, p page.Page) ([]EntryDTO, int, error) {
	var rows []Entry
	q := l.DB.NewSelect().Model(&rows).OrderExpr("created_at DESC, id DESC").Limit(p.Limit()).Offset(p.Offset())
	if f.Action != "" {
		q = q.Where("action = ?", f.Action)
	}
	if f.TargetType != "" {
		q = q.Where("target_type = ?", f.TargetType)
	}
	if f.TargetID != "" {
		q = q.Where("target_id = ?", f.TargetID)
	}
	if f.ActorID != "" {
		q = q.Where("actor_id = ?", f.ActorID)
	}
	total, err := q.ScanAndCount(ctx)
	if err != nil {
		return nil, 0, err
	}
	out := make([]EntryDTO, 0, len(rows))
	for _, r := range rows {
		d := map[string]any{}
		_ = json.Unmarshal([]byte(r.Details), &d)
		out = append(out, EntryDTO{ID: r.ID, ActorID: r.ActorID, Action: r.Action, TargetType: r.TargetType,
			TargetID: r.TargetID, Details: d, CreatedAt: r.CreatedAt.UTC()})
	}
	return out, int(total), nil
}

// Register mounts GET /api/v1/admin/audit-log.
func (l *Log) Register(r httpx.Router) {
	r.Get("/admin/audit-log", func(c fiber.Ctx) error {
		p, err := httpx.ParsePage(c)
		if err != nil {
			return err
		}
		items, total, err := l.List(c.Context(), Filter{Action: c.Query("action"), TargetType: c.Query("target_type"),
			TargetID: c.Query("target_id"), ActorID: c.Query("actor_id")}, p)
		if err != nil {
			return err
		}
		return c.JSON(httpx.NewList(items, p, total))
	})
}
