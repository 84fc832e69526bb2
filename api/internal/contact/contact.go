package contact

import (
	"context"
	"errors"
	"net/mail"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/page"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v3"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/ratelimit"
)

// Message is a row of contact_messages.
type Message struct {
	bun.BaseModel `bun:"table:contact_messages"`
	ID            string    `bun:"id,pk" json:"id"`
	UserID        *string   `bun:"user_id" json:"user_id"`
	Name          string    `bun:"name" json:"name"`
	Email         string    `bun:"email" json:"email"`
	Subject       string    `bun:"subject" json:"subject"`
	Message       string    `bun:"message" json:"message"`
	IP            string    `bun:"ip" json:"-"`
	CreatedAt     time.Time `bun:"created_at" json:"created_at"`
}

// Input is the contact form.
type Input struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Subject string `json:"subject"`
	Message string `json:"message"`
}

// Validate trims the input and reports every bad field.
func (in *Input) Validate() error {
	in.Name, in.Email = strings.TrimSpace(in.Name), strings.TrimSpace(in.Email)
	in.Subject, in.Message = strings.TrimSpace(in.Subject), strings.TrimSpace(in.Message)
	f := apperr.Fields{}
	f.Check(in.Name != "", "name", "is required")
	f.Check(utf8.RuneCountInString(in.Name) <= 100, "name", "must be at most 100 characters")
	if in.Email == "" {
		f.Add("email", "is required")
	} else if a, err := mail.ParseAddress(in.Email); err != nil || a.Address != in.Email || len(in.Email) > 254 {
		f.Add("email", "must be a valid email address")
	}
	f.Check(in.Subject != "", "subject", "is required")
	f.Check(utf8.RuneCountInString(in.Subject) <= 150, "subject", "must be at most 150 characters")
	f.Check(utf8.RuneCountInString(in.Message) >= 10, "message", "must be at least 10 characters")
	f.Check(utf8.RuneCountInString(in.Message) <= 5000, "message", "must be at most 5000 characters")
	return f.Err()
}

// Config is what the contact module needs.
type Config struct {
	DB    *db.DB
	Clock clock.Clock
}

// Service stores and lists contact messages.
type Service struct {
	db      *db.DB
	clock   clock.Clock
	limiter *ratelimit.Limiter
}

// New makes the module; each IP may send 5 messages an hour.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil {
		return nil, errors.New("contact: Config needs DB and Clock")
	}
	return &Service{db: c.DB, clock: c.Clock, limiter: ratelimit.New(5, time.Hour, c.Clock)}, nil
}

// Register mounts the routes under /api/v1.
func (h *Service) Register(r httpx.Router) {
	r.Post("/contact", h.create)
	r.Get("/admin/contact-messages", h.list)
}

func (h *Service) create(c fiber.Ctx) error {
	var in Input
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	if ok, wait := h.limiter.Allow(c.IP()); !ok {
		return apperr.RateLimited("You have sent several messages already. Please try again later.", wait)
	}
	m := &Message{ID: ids.New(), Name: in.Name, Email: in.Email, Subject: in.Subject, Message: in.Message,
		IP: c.IP(), CreatedAt: h.clock.Now()}
	if p := authn.From(c); p != nil {
		m.UserID = &p.UserID
	}
	if _, err := h.db.NewInsert().Model(m).Exec(c.Context()); err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[*Message]{Data: m})
}

func (h *Service) list(c fiber.Ctx) error {
	p, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	items, total, err := h.List(c.Context(), strings.TrimSpace(c.Query("q")), p)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, p, total))
}

// List returns a page of messages, newest first, optionally searching text.
func (h *Service) List(ctx context.Context, q string, p page.Page) ([]Message, int, error) {
	var ms []Message
	sel := h.db.NewSelect().Model(&ms).OrderExpr("created_at DESC, id DESC").Limit(p.Limit()).Offset(p.Offset())
	if q != "" {
		like := "%" + strings.ToLower(q) + "%"
		sel = sel.WhereGroup(" AND ", func(s *bun.SelectQuery) *bun.SelectQuery {
			return s.Where("lower(email) LIKE ?", like).WhereOr("lower(name) LIKE ?", like).
				WhereOr("lower(subject) LIKE ?", like).WhereOr("lower(message) LIKE ?", like)
		})
	}
	total, err := sel.ScanAndCount(ctx)
	for i := range ms {
		ms[i].CreatedAt = ms[i].CreatedAt.UTC()
	}
	return ms, int(total), err
}
