package audit

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/clock"
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
	SubjectID     *string   `bun:"subject_id"`
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
	// SubjectID is the person the event is about, when it is about one; it
	// defaults to TargetID for a "user" target.
	SubjectID string
	Details   map[string]any
	IP        string
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
	if e.SubjectID == "" && e.TargetType == "user" {
		e.SubjectID = e.TargetID
	}
	if e.SubjectID != "" {
		row.SubjectID = &e.SubjectID
	}
	_, err := db.NewInsert().Model(row).Exec(ctx)
	return err
}
