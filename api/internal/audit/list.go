package audit

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// Person is how the audit log names someone: the accounts directory's view of
// an account, reduced to what an admin reads in a list.
type Person struct {
	ID          string `json:"id"`
	Username    string `json:"username"`
	DisplayName string `json:"display_name"`
	Email       string `json:"email"`
}

// Directory finds people by id (the accounts directory; the audit log never
// reads the accounts' table itself). Unknown ids are absent from the map.
type Directory interface {
	People(ctx context.Context, ids []string) (map[string]Person, error)
}

// DirectoryFunc adapts a function to Directory.
type DirectoryFunc func(ctx context.Context, ids []string) (map[string]Person, error)

// People calls f.
func (f DirectoryFunc) People(ctx context.Context, ids []string) (map[string]Person, error) {
	return f(ctx, ids)
}

// Products names gift-card products by id (the gift-cards service).
type Products interface {
	ProductNames(ctx context.Context, ids []string) (map[string]string, error)
}

// EntryDTO is the API form of an entry: the raw ids, and the people and the
// thing they name, resolved when they still exist.
type EntryDTO struct {
	ID          string         `json:"id"`
	ActorID     *string        `json:"actor_id"`
	Actor       *Person        `json:"actor"`
	SubjectID   *string        `json:"subject_id"`
	Subject     *Person        `json:"subject"`
	Action      string         `json:"action"`
	TargetType  string         `json:"target_type"`
	TargetID    string         `json:"target_id"`
	TargetLabel *string        `json:"target_label"`
	Details     map[string]any `json:"details"`
	CreatedAt   time.Time      `json:"created_at"`
}

// Filter narrows the list.
type Filter struct {
	Action     string
	TargetType string
	TargetID   string
	ActorID    string
	// Person is everything about one person: entries they made or that are
	// about them.
	Person string
}

var name = regexp.MustCompile(`^[a-z][a-z_.]{0,63}$`)

func (f Filter) validate() error {
	fs := apperr.Fields{}
	fs.Check(f.Action == "" || name.MatchString(f.Action), "action", "must be an event type such as user.suspend")
	fs.Check(f.TargetType == "" || name.MatchString(f.TargetType), "target_type", "must be a type such as user")
	fs.Check(f.TargetID == "" || ids.Valid(f.TargetID) || len(f.TargetID) <= 64 && printable(f.TargetID),
		"target_id", "must be an id")
	fs.Check(f.ActorID == "" || ids.Valid(f.ActorID), "actor_id", "must be a user id")
	fs.Check(f.Person == "" || ids.Valid(f.Person), "person", "must be a user id")
	return fs.Err()
}

func printable(s string) bool {
	for _, r := range s {
		if r < 0x21 || r == 0x7f {
			return false
		}
	}
	return true
}

// List returns a page of entries, newest first, as stored (no names).
func (l *Log) List(ctx context.Context, f Filter, p page.Page) ([]EntryDTO, int, error) {
	if err := f.validate(); err != nil {
		return nil, 0, err
	}
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
	if f.Person != "" {
		q = q.Where("(actor_id = ? OR subject_id = ?)", f.Person, f.Person)
	}
	total, err := q.ScanAndCount(ctx)
	if err != nil {
		return nil, 0, err
	}
	out := make([]EntryDTO, 0, len(rows))
	for _, r := range rows {
		d := map[string]any{}
		_ = json.Unmarshal([]byte(r.Details), &d)
		out = append(out, EntryDTO{ID: r.ID, ActorID: r.ActorID, SubjectID: r.SubjectID, Action: r.Action,
			TargetType: r.TargetType, TargetID: r.TargetID, Details: d, CreatedAt: r.CreatedAt.UTC()})
	}
	return out, int(total), nil
}

// ViewerConfig is what the admin's read of the log needs: the log, and the
// directories that turn its ids into names.
type ViewerConfig struct {
	Log       *Log
	Directory Directory
	Products  Products
}

// Viewer serves the admin's audit log with names.
type Viewer struct{ c ViewerConfig }

// NewViewer makes the read side; it is built after the accounts and gift-card
// services whose names it shows.
func NewViewer(c ViewerConfig) (*Viewer, error) {
	if c.Log == nil || c.Directory == nil || c.Products == nil {
		return nil, errors.New("audit: ViewerConfig needs Log, Directory and Products")
	}
	return &Viewer{c: c}, nil
}

// List is Log.List with the actors, subjects and products named.
func (v *Viewer) List(ctx context.Context, f Filter, p page.Page) ([]EntryDTO, int, error) {
	items, total, err := v.c.Log.List(ctx, f, p)
	if err != nil {
		return nil, 0, err
	}
	var people, products []string
	for _, e := range items {
		if e.ActorID != nil {
			people = append(people, *e.ActorID)
		}
		if e.SubjectID != nil {
			people = append(people, *e.SubjectID)
		}
		if e.TargetType == "gift_card_product" {
			products = append(products, e.TargetID)
		}
	}
	who, err := v.c.Directory.People(ctx, people)
	if err != nil {
		return nil, 0, err
	}
	what := map[string]string{}
	if len(products) > 0 {
		if what, err = v.c.Products.ProductNames(ctx, products); err != nil {
			return nil, 0, err
		}
	}
	for i := range items {
		e := &items[i]
		if e.ActorID != nil {
			if p, ok := who[*e.ActorID]; ok {
				e.Actor = &p
			}
		}
		if e.SubjectID != nil {
			if p, ok := who[*e.SubjectID]; ok {
				e.Subject = &p
			}
		}
		switch {
		case e.TargetType == "user" && e.Subject != nil:
			e.TargetLabel = ptr(label(*e.Subject))
		case e.TargetType == "gift_card_product":
			if n, ok := what[e.TargetID]; ok {
				e.TargetLabel = ptr(n)
			}
		}
	}
	return items, total, nil
}

func label(p Person) string {
	if p.DisplayName != "" {
		return p.DisplayName
	}
	return p.Username
}

func ptr(s string) *string { return &s }

// Register mounts GET /api/v1/admin/audit-log.
func (v *Viewer) Register(r httpx.Router) {
	r.Get("/admin/audit-log", func(c fiber.Ctx) error {
		p, err := httpx.ParsePage(c)
		if err != nil {
			return err
		}
		items, total, err := v.List(c.Context(), Filter{Action: c.Query("action"), TargetType: c.Query("target_type"),
			TargetID: c.Query("target_id"), ActorID: c.Query("actor_id"), Person: c.Query("person")}, p)
		if err != nil {
			return err
		}
		return c.JSON(httpx.NewList(items, p, total))
	})
}
