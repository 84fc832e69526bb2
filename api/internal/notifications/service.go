package notifications

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/jobs"
	"sojourn/api/internal/platform/mail"
	"sojourn/api/internal/platform/realtime"
)

// Scheduler inserts River jobs in a transaction (jobs.Inserter).
type Scheduler interface {
	InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Directory finds a recipient's email (accounts.Service).
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
}

// Origins gives a portal's public origin for the links in emails (config.Config).
type Origins interface {
	PortalOrigin(portal string) string
}

// Config is what the module needs.
type Config struct {
	DB        *db.DB
	Clock     clock.Clock
	Log       *slog.Logger
	Jobs      Scheduler
	Live      realtime.Publisher
	Directory Directory
	Mailer    mail.Mailer
	Origins   Origins
}

// Service is the outbox and the notification centre.
type Service struct {
	c  Config
	db *bun.DB
}

var _ events.Emitter = (*Service)(nil)

// The domain's errors.
var (
	ErrNotFound = apperr.NotFound("Notification")
)

// Bounds of what an event carries.
const (
	maxTitle      = 200
	maxBody       = 1000
	maxLink       = 500
	maxRecipients = 1000
	maxGroupKey   = 200
)

// SweepEvery is how often the sweep delivers what a lost job left behind.
const SweepEvery = time.Minute

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Jobs == nil || c.Directory == nil || c.Mailer == nil || c.Origins == nil {
		return nil, errors.New("notifications: Config needs DB, Clock, Jobs, Directory, Mailer and Origins")
	}
	if c.Live == nil {
		c.Live = realtime.Discard{}
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Service{c: c, db: c.DB.DB}, nil
}

// Register mounts the routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&handler{s: s}).routes(r) }

// DeliverJob delivers one event to its recipients.
type DeliverJob struct {
	EventID string `json:"event_id"`
}

// Kind names the job.
func (DeliverJob) Kind() string { return "notifications.deliver" }

// EmailJob sends one recipient's email of one event (scheduled past quiet hours).
type EmailJob struct {
	EventID string `json:"event_id"`
	UserID  string `json:"user_id"`
}

// Kind names the job.
func (EmailJob) Kind() string { return "notifications.email" }

// SweepJob is the periodic safety net.
type SweepJob struct{}

// Kind names the job.
func (SweepJob) Kind() string { return "notifications.sweep" }

type deliverWorker struct {
	river.WorkerDefaults[DeliverJob]
	s *Service
}

func (w *deliverWorker) Work(ctx context.Context, j *river.Job[DeliverJob]) error {
	return w.s.Deliver(ctx, j.Args.EventID)
}

type emailWorker struct {
	river.WorkerDefaults[EmailJob]
	s *Service
}

func (w *emailWorker) Work(ctx context.Context, j *river.Job[EmailJob]) error {
	early, err := w.s.SendEmail(ctx, j.Args.EventID, j.Args.UserID)
	if err != nil {
		return err
	}
	if early > 0 {
		return river.JobSnooze(early)
	}
	return nil
}

// RegisterJobs adds the delivery and email workers and the sweep.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	jobs.AddWorker(r, &deliverWorker{s: s})
	jobs.AddWorker(r, &emailWorker{s: s})
	jobs.AddChore[SweepJob](r, SweepEvery, s.sweep)
}

// sweep delivers events whose job was lost (older than a minute) and emails
// that are due.
func (s *Service) sweep(ctx context.Context) error {
	return s.deliverPending(ctx, s.c.Clock.Now().Add(-time.Minute))
}

// DeliverPending delivers every undelivered event and sends every due email
// now (tests and the sweep; River does it in production).
func (s *Service) DeliverPending(ctx context.Context) error {
	return s.deliverPending(ctx, s.c.Clock.Now().Add(time.Second))
}

func (s *Service) deliverPending(ctx context.Context, before time.Time) error {
	for {
		var evIDs []string
		if err := s.db.NewSelect().Table("domain_events").Column("id").Where("delivered_at IS NULL").
			Where("created_at < ?", before).OrderExpr("created_at, id").Limit(200).Scan(ctx, &evIDs); err != nil {
			return err
		}
		for _, id := range evIDs {
			if err := s.Deliver(ctx, id); err != nil {
				return err
			}
		}
		if len(evIDs) < 200 {
			break
		}
	}
	var due []struct {
		EventID string `bun:"event_id"`
		UserID  string `bun:"user_id"`
	}
	if err := s.db.NewSelect().Table("notification_deliveries").Column("event_id", "user_id").
		Where("emailed_at IS NULL AND email_due_at IS NOT NULL AND email_due_at <= ?", s.c.Clock.Now()).
		OrderExpr("email_due_at").Limit(500).Scan(ctx, &due); err != nil {
		return err
	}
	for _, d := range due {
		if _, err := s.SendEmail(ctx, d.EventID, d.UserID); err != nil {
			return err
		}
	}
	return nil
}

// payload is the stored event.
type payload struct {
	Type       string         `json:"type"`
	Category   string         `json:"category"`
	Recipients []string       `json:"recipients"`
	Actor      string         `json:"actor,omitempty"`
	Title      string         `json:"title"`
	Body       string         `json:"body,omitempty"`
	Portal     string         `json:"portal,omitempty"`
	Link       string         `json:"link,omitempty"`
	Subject    events.Ref     `json:"subject"`
	GroupKey   string         `json:"group_key,omitempty"`
	Data       map[string]any `json:"data,omitempty"`
	Email      bool           `json:"email,omitempty"`
	SkipInApp  bool           `json:"skip_in_app,omitempty"`
}

var categories = []string{events.CategoryBookings, events.CategoryOrders, events.CategoryPayments,
	events.CategoryMessages, events.CategorySocial, events.CategoryMarketing, events.CategoryAccount}

func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// Emit writes the event and its delivery job in the caller's transaction.
// An event with no recipient (once the actor is left out) writes nothing.
func (s *Service) Emit(ctx context.Context, idb bun.IDB, e events.Event) error {
	if e.Type == "" || strings.TrimSpace(e.Title) == "" || !slices.Contains(categories, e.Category) {
		return fmt.Errorf("notifications: event %q needs a type, a title and a known category (%q)", e.Type, e.Category)
	}
	var rcpt []string
	for _, r := range e.Recipients {
		if r != "" && r != e.Actor && !slices.Contains(rcpt, r) {
			rcpt = append(rcpt, r)
		}
	}
	if len(rcpt) == 0 {
		return nil
	}
	if len(rcpt) > maxRecipients {
		return fmt.Errorf("notifications: event %q has %d recipients (at most %d)", e.Type, len(rcpt), maxRecipients)
	}
	p := payload{Type: e.Type, Category: e.Category, Recipients: rcpt, Actor: e.Actor, Title: clip(e.Title, maxTitle),
		Body: clip(e.Body, maxBody), Portal: e.Portal, Link: clip(e.Link, maxLink), Subject: e.Subject,
		GroupKey: clip(e.GroupKey, maxGroupKey), Data: e.Data, Email: e.Email, SkipInApp: e.SkipInApp}
	raw, err := json.Marshal(p)
	if err != nil {
		return err
	}
	id := ids.New()
	write := func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewRaw(`INSERT INTO domain_events (id, type, category, actor_id, payload, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`, id, p.Type, p.Category, p.Actor, string(raw), s.c.Clock.Now()).Exec(ctx); err != nil {
			return err
		}
		_, err := s.c.Jobs.InsertTx(ctx, tx, DeliverJob{EventID: id}, nil)
		return err
	}
	switch tx := idb.(type) {
	case bun.Tx:
		return write(ctx, tx)
	case *bun.Tx:
		return write(ctx, *tx)
	default:
		// Not inside a transaction: the event is the whole change.
		return s.c.DB.InTx(ctx, write)
	}
}
