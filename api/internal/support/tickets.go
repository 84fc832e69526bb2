package support

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// Link is what a ticket is about.
type Link struct {
	Kind  string `json:"kind"`
	ID    string `json:"id"`
	Label string `json:"label"`
}

// Ticket is a ticket as its requester and admins see it; SLA and
// Assignee are admins' only.
type Ticket struct {
	ID              string     `json:"id"`
	Number          string     `json:"number"`
	Status          string     `json:"status"`
	Category        string     `json:"category"`
	Priority        string     `json:"priority"`
	Subject         string     `json:"subject"`
	Portal          string     `json:"portal"`
	Link            *Link      `json:"link"`
	Requester       Person     `json:"requester"`
	Assignee        *Person    `json:"assignee,omitempty"`
	SLA             *SLA       `json:"sla,omitempty"`
	FirstResponseAt *time.Time `json:"first_response_at"`
	SolvedAt        *time.Time `json:"solved_at"`
	ClosedAt        *time.Time `json:"closed_at"`
	Rating          *int       `json:"rating"`
	RatingComment   *string    `json:"rating_comment"`
	CreatedAt       time.Time  `json:"created_at"`
	UpdatedAt       time.Time  `json:"updated_at"`
}

// Message is one message of a ticket.
type Message struct {
	ID        string    `json:"id"`
	Author    *Person   `json:"author"`
	FromStaff bool      `json:"from_staff"`
	Internal  bool      `json:"internal"`
	Body      string    `json:"body"`
	CreatedAt time.Time `json:"created_at"`
}

// Detail is a ticket with its conversation; Actions (admins only) are the
// fixes that apply to the linked item now.
type Detail struct {
	Ticket   Ticket    `json:"ticket"`
	Messages []Message `json:"messages"`
	Actions  []Action  `json:"actions,omitempty"`
}

// Bounds of the input.
const (
	MaxSubject = 150
	MaxBody    = 5000
	MaxComment = 1000
)

// CreateInput files a ticket.
type CreateInput struct {
	Subject  string `json:"subject"`
	Category string `json:"category"`
	Priority string `json:"priority"`
	Portal   string `json:"portal"`
	Body     string `json:"body"`
	LinkKind string `json:"link_kind"`
	LinkID   string `json:"link_id"`
}

func checkBody(f apperr.Fields, field, s string, max int) {
	n := utf8.RuneCountInString(s)
	f.Check(n >= 1, field, "is required")
	f.Check(n <= max, field, "is too long")
}

func (in *CreateInput) validate() error {
	in.Subject, in.Body = strings.TrimSpace(in.Subject), strings.TrimSpace(in.Body)
	if in.Priority == "" {
		in.Priority = PriorityNormal
	}
	if in.Portal == "" {
		in.Portal = "user"
	}
	f := apperr.Fields{}
	checkBody(f, "subject", in.Subject, MaxSubject)
	checkBody(f, "body", in.Body, MaxBody)
	f.Check(oneOf(Categories, in.Category), "category", "must be one of "+strings.Join(Categories, ", "))
	f.Check(oneOf(Priorities, in.Priority), "priority", "must be low, normal, high or urgent")
	f.Check(in.Portal != "contact" && oneOf(Portals, in.Portal), "portal", "must name a portal")
	f.Check((in.LinkKind == "") == (in.LinkID == ""), "link_id", "link_kind and link_id go together")
	f.Check(len(in.LinkKind) <= 40 && len(in.LinkID) <= 64, "link_id", "is too long")
	return f.Err()
}

// Create files a ticket from userID; a link must name one of their own items.
func (s *Service) Create(ctx context.Context, userID string, in CreateInput) (Detail, error) {
	if err := in.validate(); err != nil {
		return Detail{}, err
	}
	now := s.now()
	t := &ticketRow{ID: ids.New(), Number: s.newNumber(), RequesterID: &userID, Portal: in.Portal, Category: in.Category,
		Priority: in.Priority, Status: StatusOpen, Subject: in.Subject, CreatedAt: now, UpdatedAt: now}
	if in.LinkKind != "" {
		l, ok := s.links[in.LinkKind]
		if !ok {
			return Detail{}, apperr.Validation(map[string]string{"link_kind": "must be one of " + strings.Join(s.kinds, ", ")})
		}
		it, err := l.Describe(ctx, userID, in.LinkID)
		if err != nil {
			return Detail{}, err
		}
		t.LinkKind, t.LinkID, t.LinkLabel = &it.Kind, &it.ID, &it.Label
	}
	admins, err := s.c.People.Admins(ctx)
	if err != nil {
		return Detail{}, err
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(t).Exec(ctx); err != nil {
			return err
		}
		m := &messageRow{ID: ids.New(), TicketID: t.ID, AuthorID: &userID, Body: in.Body, CreatedAt: now}
		if _, err := tx.NewInsert().Model(m).Exec(ctx); err != nil {
			return err
		}
		return s.emit(ctx, tx, "support.ticket_new", t, admins, userID, "New support ticket "+t.Number, t.Subject,
			"admin", "/admin-dashboard/support/"+t.ID)
	})
	if err != nil {
		return Detail{}, err
	}
	return s.Ticket(ctx, userID, t.ID)
}

// Linkables answers the caller's recent items of every kind.
func (s *Service) Linkables(ctx context.Context, userID string) ([]Item, error) {
	out := []Item{}
	for _, k := range s.kinds {
		items, err := s.links[k].Recent(ctx, userID, 10)
		if err != nil {
			return nil, err
		}
		out = append(out, items...)
	}
	return out, nil
}

// Mine lists the caller's tickets, newest first (keyset).
func (s *Service) Mine(ctx context.Context, userID string, cur page.Cursor) ([]Ticket, *page.Key, error) {
	rows := make([]ticketRow, 0, cur.Fetch())
	q := s.c.DB.NewSelect().Model(&rows).Where("requester_id = ?", userID).OrderExpr("created_at DESC, id DESC").
		Limit(int64(cur.Fetch()))
	if cur.After != nil {
		q = q.Where("(created_at, id) < (?, ?)", cur.After.CreatedAt, cur.After.ID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, cur, func(t ticketRow) page.Key { return page.Key{CreatedAt: t.CreatedAt, ID: t.ID} })
	out, err := s.tickets(ctx, rows, false)
	return out, next, err
}

func (s *Service) load(ctx context.Context, d bun.IDB, id string, forUpdate bool) (*ticketRow, error) {
	if !ids.Valid(id) {
		return nil, errTicketNotFound
	}
	t := new(ticketRow)
	q := d.NewSelect().Model(t).Where("id = ?", id)
	if forUpdate {
		q = s.c.DB.ForUpdate(q)
	}
	if err := q.Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errTicketNotFound
		}
		return nil, err
	}
	return t, nil
}

// own loads the caller's ticket; anyone else's is not found.
func (s *Service) own(ctx context.Context, d bun.IDB, userID, id string, forUpdate bool) (*ticketRow, error) {
	t, err := s.load(ctx, d, id, forUpdate)
	if err != nil {
		return nil, err
	}
	if t.RequesterID == nil || *t.RequesterID != userID {
		return nil, errTicketNotFound
	}
	return t, nil
}

// Ticket answers the caller's ticket with its public messages.
func (s *Service) Ticket(ctx context.Context, userID, id string) (Detail, error) {
	t, err := s.own(ctx, s.c.DB, userID, id, false)
	if err != nil {
		return Detail{}, err
	}
	return s.detail(ctx, t, false)
}

func (s *Service) detail(ctx context.Context, t *ticketRow, staff bool) (Detail, error) {
	ts, err := s.tickets(ctx, []ticketRow{*t}, staff)
	if err != nil {
		return Detail{}, err
	}
	var ms []messageRow
	q := s.c.DB.NewSelect().Model(&ms).Where("ticket_id = ?", t.ID).OrderExpr("created_at, id").Limit(1000)
	if !staff {
		q = q.Where("internal = ?", false)
	}
	if err := q.Scan(ctx); err != nil {
		return Detail{}, err
	}
	var who []string
	for _, m := range ms {
		if m.AuthorID != nil {
			who = append(who, *m.AuthorID)
		}
	}
	people, err := s.c.People.Names(ctx, who)
	if err != nil {
		return Detail{}, err
	}
	out := Detail{Ticket: ts[0], Messages: make([]Message, 0, len(ms))}
	for _, m := range ms {
		msg := Message{ID: m.ID, FromStaff: m.FromStaff, Internal: m.Internal, Body: m.Body, CreatedAt: m.CreatedAt.UTC()}
		if m.AuthorID != nil {
			p := people[*m.AuthorID]
			if !staff {
				p.Email = ""
			}
			if p.ID == "" {
				p = Person{ID: *m.AuthorID, Name: "Sojourn user"}
			}
			if m.FromStaff && !staff {
				p = Person{ID: p.ID, Name: firstWord(p.Name) + " (Sojourn support)"}
			}
			msg.Author = &p
		} else {
			msg.Author = &Person{Name: t.RequesterName}
		}
		out.Messages = append(out.Messages, msg)
	}
	if staff && t.LinkKind != nil && t.RequesterID != nil && t.Status != StatusClosed {
		if l, ok := s.links[*t.LinkKind]; ok {
			acts, err := l.Actions(ctx, *t.RequesterID, *t.LinkID)
			if err == nil {
				out.Actions = acts
			} else if !apperr.Is(err, apperr.CodeNotFound) {
				return Detail{}, err
			}
		}
	}
	return out, nil
}

func firstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i > 0 {
		return s[:i]
	}
	if s == "" {
		return "Sojourn"
	}
	return s
}

// tickets turns rows into Tickets, with SLA and assignee for staff.
func (s *Service) tickets(ctx context.Context, rows []ticketRow, staff bool) ([]Ticket, error) {
	var who []string
	for _, t := range rows {
		if t.RequesterID != nil {
			who = append(who, *t.RequesterID)
		}
		if t.AssigneeID != nil {
			who = append(who, *t.AssigneeID)
		}
	}
	people, err := s.c.People.Names(ctx, who)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]Ticket, 0, len(rows))
	for _, t := range rows {
		o := Ticket{ID: t.ID, Number: t.Number, Status: t.Status, Category: t.Category, Priority: t.Priority,
			Subject: t.Subject, Portal: t.Portal, FirstResponseAt: utc(t.FirstResponseAt), SolvedAt: utc(t.SolvedAt),
			ClosedAt: utc(t.ClosedAt), Rating: t.Rating, RatingComment: t.RatingComment, CreatedAt: t.CreatedAt.UTC(),
			UpdatedAt: t.UpdatedAt.UTC(), Requester: Person{Name: t.RequesterName, Email: t.RequesterEmail}}
		if t.RequesterID != nil {
			p := people[*t.RequesterID]
			o.Requester = Person{ID: *t.RequesterID, Name: p.Name, Email: p.Email}
		}
		if t.LinkKind != nil {
			o.Link = &Link{Kind: *t.LinkKind, ID: *t.LinkID, Label: deref(t.LinkLabel)}
		}
		if staff {
			if t.AssigneeID != nil {
				p := people[*t.AssigneeID]
				o.Assignee = &Person{ID: *t.AssigneeID, Name: p.Name}
			}
			sla := ComputeSLA(t.Priority, t.CreatedAt.UTC(), utc(t.FirstResponseAt), utc(t.SolvedAt), now)
			if t.Status == StatusClosed && t.SolvedAt == nil {
				sla.ResolutionBreached = t.ClosedAt != nil && t.ClosedAt.After(sla.ResolutionDue)
			}
			o.SLA = &sla
		}
		out = append(out, o)
	}
	return out, nil
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// ReplyInput is a message on a ticket; Internal (admins only) keeps it from
// the requester.
type ReplyInput struct {
	Body     string `json:"body"`
	Internal bool   `json:"internal"`
}

func (in *ReplyInput) validate() error {
	in.Body = strings.TrimSpace(in.Body)
	f := apperr.Fields{}
	checkBody(f, "body", in.Body, MaxBody)
	return f.Err()
}

// Reply adds the requester's message; a pending or solved ticket opens again.
func (s *Service) Reply(ctx context.Context, userID, id string, in ReplyInput) (Detail, error) {
	if err := in.validate(); err != nil {
		return Detail{}, err
	}
	var t *ticketRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if t, err = s.own(ctx, tx, userID, id, true); err != nil {
			return err
		}
		if t.Status == StatusClosed {
			return apperr.Conflict("This ticket is closed. Please open a new one.")
		}
		now := s.now()
		if _, err := tx.NewInsert().Model(&messageRow{ID: ids.New(), TicketID: t.ID, AuthorID: &userID, Body: in.Body,
			CreatedAt: now}).Exec(ctx); err != nil {
			return err
		}
		q := tx.NewUpdate().Model((*ticketRow)(nil)).Where("id = ?", t.ID).Set("updated_at = ?", now)
		if t.Status != StatusOpen {
			q = q.Set("status = ?", StatusOpen).Set("solved_at = NULL")
		}
		if _, err := q.Exec(ctx); err != nil {
			return err
		}
		to := []string{}
		if t.AssigneeID != nil {
			to = append(to, *t.AssigneeID)
		}
		return s.emit(ctx, tx, "support.reply", t, to, userID, "New reply on "+t.Number, t.Subject, "admin",
			"/admin-dashboard/support/"+t.ID)
	})
	if err != nil {
		return Detail{}, err
	}
	return s.Ticket(ctx, userID, id)
}

// RateInput rates a solved ticket.
type RateInput struct {
	Rating  int    `json:"rating"`
	Comment string `json:"comment"`
}

// Rate records the requester's satisfaction (1-5) with a solved or closed
// ticket, once.
func (s *Service) Rate(ctx context.Context, userID, id string, in RateInput) (Detail, error) {
	in.Comment = strings.TrimSpace(in.Comment)
	f := apperr.Fields{}
	f.Check(in.Rating >= 1 && in.Rating <= 5, "rating", "must be 1 to 5")
	f.Check(utf8.RuneCountInString(in.Comment) <= MaxComment, "comment", "must be at most 1000 characters")
	if err := f.Err(); err != nil {
		return Detail{}, err
	}
	t, err := s.own(ctx, s.c.DB, userID, id, false)
	if err != nil {
		return Detail{}, err
	}
	var comment *string
	if in.Comment != "" {
		comment = &in.Comment
	}
	res, err := s.c.DB.NewUpdate().Model((*ticketRow)(nil)).Where("id = ?", t.ID).Where("rating IS NULL").
		Where("status IN (?)", bun.In([]string{StatusSolved, StatusClosed})).
		Set("rating = ?", in.Rating).Set("rating_comment = ?", comment).Set("updated_at = ?", s.now()).Exec(ctx)
	if err != nil {
		return Detail{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Detail{}, apperr.Conflict("Only a solved ticket can be rated, once.")
	}
	return s.Ticket(ctx, userID, id)
}

// record writes an audit row about a ticket.
func (s *Service) record(ctx context.Context, tx bun.IDB, adminID, ip, action string, t *ticketRow, details map[string]any) error {
	subject := ""
	if t.RequesterID != nil {
		subject = *t.RequesterID
	}
	return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: action, TargetType: "support_ticket",
		TargetID: t.ID, SubjectID: subject, IP: ip, Details: details})
}
