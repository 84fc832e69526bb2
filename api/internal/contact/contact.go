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
	"unicode"
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
	// HandledAt and HandledBy say when and by which admin the message was
	// marked handled (nil while it is open).
	HandledAt *time.Time `bun:"handled_at" json:"handled_at"`
	HandledBy *string    `bun:"handled_by" json:"handled_by"`
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
	// Limits counts the rate limits on every instance together.
	Limits *ratelimit.Store
	// Tickets, when set, is handed each new message in the transaction that
	// stores it (support opens a ticket for it).
	Tickets Tickets
}

// Tickets takes new contact messages (support's queue, wired in app).
type Tickets interface {
	Opened(ctx context.Context, tx bun.IDB, m Message) error
}

// Service stores and lists contact messages.
type Service struct {
	db      *db.DB
	clock   clock.Clock
	limiter *ratelimit.Limiter
	tickets Tickets
}

// New makes the module; each IP may send 5 messages an hour.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Limits == nil {
		return nil, errors.New("contact: Config needs DB, Clock and Limits")
	}
	return &Service{db: c.DB, clock: c.Clock, limiter: c.Limits.Limiter("contact.messages_ip", 5, time.Hour),
		tickets: c.Tickets}, nil
}

// Register mounts the routes under /api/v1.
func (h *Service) Register(r httpx.Router) {
	r.Post("/contact", h.create)
	r.Get("/admin/contact-messages", h.list)
	r.Patch("/admin/contact-messages/:id", h.handle)
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
	userID := ""
	if p := authn.From(c); p != nil {
		userID = p.UserID
	}
	m, err := h.Store(c.Context(), in, userID, c.IP())
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[*Message]{Data: m})
}

// Store keeps a validated message from userID ("" for a visitor).
func (h *Service) Store(ctx context.Context, in Input, userID, ip string) (*Message, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	m := &Message{ID: ids.New(), Name: in.Name, Email: in.Email, Subject: in.Subject, Message: in.Message,
		IP: ip, CreatedAt: h.clock.Now()}
	if userID != "" {
		m.UserID = &userID
	}
	err := h.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(m).Exec(ctx); err != nil {
			return err
		}
		if h.tickets != nil {
			return h.tickets.Opened(ctx, tx, *m)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Count is how many messages the inbox holds.
func (h *Service) Count(ctx context.Context) (int, error) {
	n, err := h.db.NewSelect().Model((*Message)(nil)).Count(ctx)
	return int(n), err
}

func (h *Service) list(c fiber.Ctx) error {
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := h.List(c.Context(), Inbox{Q: c.Query("q"), State: c.Query("state")}, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

// Inbox states.
const (
	StateOpen    = "open"
	StateHandled = "handled"
)

// Inbox narrows the admin's list: Q searches every text field, State is
// "open", "handled" or "" (both).
type Inbox struct {
	Q     string
	State string
}

// List returns a keyset page of messages, newest first, and the key the
// next page starts after (nil on the last page).
func (h *Service) List(ctx context.Context, in Inbox, cur page.Cursor) ([]Message, *page.Key, error) {
	in.Q, in.State = strings.TrimSpace(in.Q), strings.TrimSpace(in.State)
	f := apperr.Fields{}
	f.Check(in.State == "" || in.State == StateOpen || in.State == StateHandled, "state", "must be open or handled")
	f.Check(utf8.RuneCountInString(in.Q) <= 200, "q", "must be at most 200 characters")
	f.Check(!strings.ContainsFunc(in.Q, unicode.IsControl), "q", "must not contain control characters")
	if err := f.Err(); err != nil {
		return nil, nil, err
	}
	ms := make([]Message, 0, cur.Fetch())
	sel := h.db.NewSelect().Model(&ms).OrderExpr("created_at DESC, id DESC").Limit(int64(cur.Fetch()))
	if cur.After != nil {
		sel = sel.Where("(created_at, id) < (?, ?)", cur.After.CreatedAt, cur.After.ID)
	}
	switch in.State {
	case StateOpen:
		sel = sel.Where("handled_at IS NULL")
	case StateHandled:
		sel = sel.Where("handled_at IS NOT NULL")
	}
	if in.Q != "" {
		like := "%" + strings.ToLower(in.Q) + "%"
		sel = sel.WhereGroup(" AND ", func(s *bun.SelectQuery) *bun.SelectQuery {
			return s.Where("lower(email) LIKE ?", like).WhereOr("lower(name) LIKE ?", like).
				WhereOr("lower(subject) LIKE ?", like).WhereOr("lower(message) LIKE ?", like)
		})
	}
	if err := sel.Scan(ctx); err != nil {
		return nil, nil, err
	}
	ms, next := page.Trim(ms, cur, func(m Message) page.Key { return page.Key{CreatedAt: m.CreatedAt, ID: m.ID} })
	for i := range ms {
		ms[i].utc()
	}
	return ms, next, nil
}

func (m *Message) utc() {
	m.CreatedAt = m.CreatedAt.UTC()
	if m.HandledAt != nil {
		t := m.HandledAt.UTC()
		m.HandledAt = &t
	}
}

// HandleInput marks a message handled (true) or open again (false).
type HandleInput struct {
	Handled *bool `json:"handled"`
}

func (h *Service) handle(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in HandleInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.Handled == nil {
		return apperr.Fields{"handled": "is required"}.Err()
	}
	m, err := h.SetHandled(c.Context(), p.UserID, c.Params("id"), *in.Handled)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Message]{Data: m})
}

var errNotFound = apperr.NotFound("message")

// SetHandled marks a message handled by adminID, or open again; it answers
// the message as it now is.
func (h *Service) SetHandled(ctx context.Context, adminID, id string, handled bool) (Message, error) {
	if !ids.Valid(id) {
		return Message{}, errNotFound
	}
	q := h.db.NewUpdate().Model((*Message)(nil)).Where("id = ?", id)
	if handled {
		// A message already handled keeps its first handler and time.
		q = q.Set("handled_at = COALESCE(handled_at, ?)", h.clock.Now()).Set("handled_by = COALESCE(handled_by, ?)", adminID)
	} else {
		q = q.Set("handled_at = NULL").Set("handled_by = NULL")
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return Message{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Message{}, errNotFound
	}
	var m Message
	if err := h.db.NewSelect().Model(&m).Where("id = ?", id).Scan(ctx); err != nil {
		return Message{}, err
	}
	m.utc()
	return m, nil
}
