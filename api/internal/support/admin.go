package support

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// Queue narrows the admins' queue; every field is optional. Assignee is an
// admin's id, "me" is resolved by the handler, "none" means unassigned.
type Queue struct {
	Status   string
	Priority string
	Category string
	Assignee string
	Breached bool
	Q        string
}

func (q *Queue) validate() error {
	q.Q = strings.TrimSpace(q.Q)
	f := apperr.Fields{}
	f.Check(q.Status == "" || q.Status == "active" || oneOf([]string{StatusOpen, StatusPending, StatusSolved, StatusClosed}, q.Status),
		"status", "must be active, open, pending, solved or closed")
	f.Check(q.Priority == "" || oneOf(Priorities, q.Priority), "priority", "must be low, normal, high or urgent")
	f.Check(q.Category == "" || oneOf(Categories, q.Category), "category", "must be a category")
	f.Check(q.Assignee == "" || q.Assignee == "none" || ids.Valid(q.Assignee), "assignee", "must be an admin's id or none")
	f.Check(utf8.RuneCountInString(q.Q) <= 200, "q", "must be at most 200 characters")
	return f.Err()
}

// AdminTickets is a numbered page of the queue: the most urgent first,
// then the oldest.
func (s *Service) AdminTickets(ctx context.Context, f Queue, p page.Page) ([]Ticket, int, error) {
	if err := f.validate(); err != nil {
		return nil, 0, err
	}
	var rows []ticketRow
	q := s.c.DB.NewSelect().Model(&rows)
	switch f.Status {
	case "":
	case "active":
		q = q.Where("status IN (?)", bun.In([]string{StatusOpen, StatusPending}))
	default:
		q = q.Where("status = ?", f.Status)
	}
	if f.Priority != "" {
		q = q.Where("priority = ?", f.Priority)
	}
	if f.Category != "" {
		q = q.Where("category = ?", f.Category)
	}
	switch f.Assignee {
	case "":
	case "none":
		q = q.Where("assignee_id IS NULL")
	default:
		q = q.Where("assignee_id = ?", f.Assignee)
	}
	if f.Q != "" {
		like := "%" + strings.ToLower(f.Q) + "%"
		q = q.WhereGroup(" AND ", func(s *bun.SelectQuery) *bun.SelectQuery {
			return s.Where("lower(subject) LIKE ?", like).WhereOr("lower(number) LIKE ?", like).
				WhereOr("lower(requester_email) LIKE ?", like)
		})
	}
	if f.Breached {
		now := s.now()
		q = q.Where("status IN (?)", bun.In([]string{StatusOpen, StatusPending})).
			WhereGroup(" AND ", func(sq *bun.SelectQuery) *bun.SelectQuery {
				for _, pr := range Priorities {
					t := Targets[pr]
					sq = sq.WhereOr("(priority = ? AND ((first_response_at IS NULL AND created_at < ?) OR created_at < ?))",
						pr, now.Add(-t.FirstResponse), now.Add(-t.Resolution))
				}
				return sq
			})
	}
	n, err := q.OrderExpr(`CASE status WHEN 'open' THEN 0 WHEN 'pending' THEN 1 WHEN 'solved' THEN 2 ELSE 3 END,
		CASE priority WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'normal' THEN 2 ELSE 3 END, created_at, id`).
		Offset(p.Offset()).Limit(p.Limit()).ScanAndCount(ctx)
	if err != nil {
		return nil, 0, err
	}
	out, err := s.tickets(ctx, rows, true)
	return out, int(n), err
}

// AdminTicket answers any ticket with its internal notes and actions.
func (s *Service) AdminTicket(ctx context.Context, id string) (Detail, error) {
	t, err := s.load(ctx, s.c.DB, id, false)
	if err != nil {
		return Detail{}, err
	}
	return s.detail(ctx, t, true)
}

// AdminReply adds an admin's reply (the requester is told; an open ticket
// becomes pending) or internal note (never shown to the requester).
func (s *Service) AdminReply(ctx context.Context, adminID, id string, in ReplyInput) (Detail, error) {
	if err := in.validate(); err != nil {
		return Detail{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		t, err := s.load(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if t.Status == StatusClosed && !in.Internal {
			return apperr.Conflict("This ticket is closed.")
		}
		now := s.now()
		if _, err := tx.NewInsert().Model(&messageRow{ID: ids.New(), TicketID: t.ID, AuthorID: &adminID, FromStaff: true,
			Internal: in.Internal, Body: in.Body, CreatedAt: now}).Exec(ctx); err != nil {
			return err
		}
		if in.Internal {
			_, err := tx.NewUpdate().Model((*ticketRow)(nil)).Where("id = ?", t.ID).Set("updated_at = ?", now).Exec(ctx)
			return err
		}
		q := tx.NewUpdate().Model((*ticketRow)(nil)).Where("id = ?", t.ID).Set("updated_at = ?", now).
			Set("first_response_at = COALESCE(first_response_at, ?)", now)
		if t.Status == StatusOpen {
			q = q.Set("status = ?", StatusPending)
		}
		if t.AssigneeID == nil {
			q = q.Set("assignee_id = ?", adminID)
		}
		if _, err := q.Exec(ctx); err != nil {
			return err
		}
		if t.RequesterID == nil {
			return nil
		}
		portal, link := requesterLink(t)
		return s.emit(ctx, tx, "support.reply", t, []string{*t.RequesterID}, adminID, "Sojourn support replied to "+t.Number,
			t.Subject, portal, link)
	})
	if err != nil {
		return Detail{}, err
	}
	return s.AdminTicket(ctx, id)
}

// UpdateInput changes a ticket's status, priority or assignee (an admin's
// id; "" unassigns).
type UpdateInput struct {
	Status     *string `json:"status"`
	Priority   *string `json:"priority"`
	AssigneeID *string `json:"assignee_id"`
}

// Update applies an admin's change; a status change follows the state
// machine and tells the requester.
func (s *Service) Update(ctx context.Context, adminID, ip, id string, in UpdateInput) (Detail, error) {
	f := apperr.Fields{}
	if in.Status != nil {
		f.Check(oneOf([]string{StatusOpen, StatusPending, StatusSolved, StatusClosed}, *in.Status), "status", "must be open, pending, solved or closed")
	}
	if in.Priority != nil {
		f.Check(oneOf(Priorities, *in.Priority), "priority", "must be low, normal, high or urgent")
	}
	if in.AssigneeID != nil {
		f.Check(*in.AssigneeID == "" || ids.Valid(*in.AssigneeID), "assignee_id", "must be an admin's id")
	}
	if err := f.Err(); err != nil {
		return Detail{}, err
	}
	if in.AssigneeID != nil && *in.AssigneeID != "" {
		admins, err := s.c.People.Admins(ctx)
		if err != nil {
			return Detail{}, err
		}
		if !oneOf(admins, *in.AssigneeID) {
			return Detail{}, apperr.Validation(map[string]string{"assignee_id": "must be an admin's id"})
		}
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		t, err := s.load(ctx, tx, id, true)
		if err != nil {
			return err
		}
		now := s.now()
		q := tx.NewUpdate().Model((*ticketRow)(nil)).Where("id = ?", t.ID).Where("status = ?", t.Status).Set("updated_at = ?", now)
		details := map[string]any{}
		if in.Status != nil && *in.Status != t.Status {
			if !CanMove(t.Status, *in.Status) {
				return apperr.Conflict("A " + t.Status + " ticket cannot become " + *in.Status + ".")
			}
			q = q.Set("status = ?", *in.Status)
			switch *in.Status {
			case StatusSolved:
				q = q.Set("solved_at = ?", now)
			case StatusClosed:
				q = q.Set("closed_at = ?", now)
			case StatusOpen, StatusPending:
				q = q.Set("solved_at = NULL")
			}
			details["status"] = []string{t.Status, *in.Status}
		}
		if in.Priority != nil && *in.Priority != t.Priority {
			q = q.Set("priority = ?", *in.Priority)
			details["priority"] = []string{t.Priority, *in.Priority}
		}
		if in.AssigneeID != nil {
			if *in.AssigneeID == "" {
				q = q.Set("assignee_id = NULL")
			} else {
				q = q.Set("assignee_id = ?", *in.AssigneeID)
			}
			details["assignee_id"] = *in.AssigneeID
		}
		if len(details) == 0 {
			return nil
		}
		res, err := q.Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return apperr.Conflict("The ticket changed meanwhile; please reload it.")
		}
		if err := s.record(ctx, tx, adminID, ip, "support_ticket.update", t, details); err != nil {
			return err
		}
		if in.Status != nil && *in.Status != t.Status && t.RequesterID != nil {
			portal, link := requesterLink(t)
			title := "Your ticket " + t.Number + " is " + *in.Status
			if *in.Status == StatusSolved {
				title = "Your ticket " + t.Number + " was solved: how did we do?"
			}
			return s.emit(ctx, tx, "support.status", t, []string{*t.RequesterID}, adminID, title, t.Subject, portal, link)
		}
		return nil
	})
	if err != nil {
		return Detail{}, err
	}
	return s.AdminTicket(ctx, id)
}

// ActionInput runs one of a ticket's actions on its linked item.
type ActionInput struct {
	Action string `json:"action"`
	Reason string `json:"reason"`
}

// RunAction runs an action on the ticket's linked item through its owning
// domain (which checks the item's state and writes its audit row), then
// notes it on the ticket and in the audit log.
func (s *Service) RunAction(ctx context.Context, adminID, ip, id, key string, in ActionInput) (Detail, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	f := apperr.Fields{}
	f.Check(in.Action != "" && len(in.Action) <= 40, "action", "must name an action of the ticket")
	f.Check(utf8.RuneCountInString(in.Reason) <= 500, "reason", "must be at most 500 characters")
	if err := f.Err(); err != nil {
		return Detail{}, err
	}
	t, err := s.load(ctx, s.c.DB, id, false)
	if err != nil {
		return Detail{}, err
	}
	if t.LinkKind == nil || t.RequesterID == nil {
		return Detail{}, apperr.Conflict("This ticket is not about an item.")
	}
	l, ok := s.links[*t.LinkKind]
	if !ok {
		return Detail{}, apperr.Conflict("This ticket's item cannot be acted on.")
	}
	acts, err := l.Actions(ctx, *t.RequesterID, *t.LinkID)
	if err != nil {
		return Detail{}, err
	}
	var act *Action
	for i := range acts {
		if acts[i].Name == in.Action {
			act = &acts[i]
		}
	}
	if act == nil {
		return Detail{}, apperr.Conflict("That action does not apply to the item now.")
	}
	reason := in.Reason
	if reason == "" {
		reason = "Support ticket " + t.Number
	}
	if key == "" {
		key = ids.New()
	}
	if err := l.Run(ctx, adminID, ip, *t.RequesterID, *t.LinkID, in.Action, t.ID+":"+key, reason); err != nil {
		return Detail{}, err
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := s.now()
		if _, err := tx.NewInsert().Model(&messageRow{ID: ids.New(), TicketID: t.ID, AuthorID: &adminID, FromStaff: true,
			Internal: true, Body: act.Label + " (" + deref(t.LinkLabel) + "): " + reason, CreatedAt: now}).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Model((*ticketRow)(nil)).Where("id = ?", t.ID).Set("updated_at = ?", now).Exec(ctx); err != nil {
			return err
		}
		return s.record(ctx, tx, adminID, ip, "support_ticket.action", t, map[string]any{"action": in.Action,
			"link_kind": *t.LinkKind, "link_id": *t.LinkID, "reason": reason})
	})
	if err != nil {
		return Detail{}, err
	}
	return s.AdminTicket(ctx, id)
}

// Sweep closes solved tickets past AutoCloseAfter and flags SLA breaches
// (telling the assignee, or every admin) once per ticket.
func (s *Service) AutoClose(ctx context.Context) (int, error) {
	now := s.now()
	res, err := s.c.DB.NewUpdate().Model((*ticketRow)(nil)).Where("status = ?", StatusSolved).
		Where("solved_at <= ?", now.Add(-AutoCloseAfter)).Set("status = ?", StatusClosed).Set("closed_at = ?", now).
		Set("updated_at = ?", now).Exec(ctx)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// FlagBreaches marks active tickets that missed a target and tells their
// assignee (or every admin when unassigned), once per ticket.
func (s *Service) FlagBreaches(ctx context.Context) (int, error) {
	now := s.now()
	var rows []ticketRow
	err := s.c.DB.NewSelect().Model(&rows).Where("status IN (?)", bun.In([]string{StatusOpen, StatusPending})).
		Where("breach_notified_at IS NULL").WhereGroup(" AND ", func(sq *bun.SelectQuery) *bun.SelectQuery {
		for _, pr := range Priorities {
			t := Targets[pr]
			sq = sq.WhereOr("(priority = ? AND ((first_response_at IS NULL AND created_at < ?) OR created_at < ?))",
				pr, now.Add(-t.FirstResponse), now.Add(-t.Resolution))
		}
		return sq
	}).OrderExpr("created_at, id").Limit(200).Scan(ctx)
	if err != nil {
		return 0, err
	}
	var admins []string
	n := 0
	for i := range rows {
		t := &rows[i]
		to := []string{}
		if t.AssigneeID != nil {
			to = append(to, *t.AssigneeID)
		} else {
			if admins == nil {
				if admins, err = s.c.People.Admins(ctx); err != nil {
					return n, err
				}
			}
			to = admins
		}
		err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			res, err := tx.NewUpdate().Model((*ticketRow)(nil)).Where("id = ?", t.ID).Where("breach_notified_at IS NULL").
				Set("breach_notified_at = ?", now).Exec(ctx)
			if err != nil {
				return err
			}
			if k, _ := res.RowsAffected(); k == 0 {
				return nil
			}
			n++
			return s.emit(ctx, tx, "support.sla_breach", t, to, "", "SLA missed on "+t.Number, t.Subject, "admin",
				"/admin-dashboard/support/"+t.ID)
		})
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// ContactMessage is a contact-form message support turns into a ticket.
type ContactMessage struct {
	ID, UserID, Name, Email, Subject, Body string
	At                                     time.Time
}

// FromContact opens a ticket for a contact-form message in the contact
// domain's transaction.
func (s *Service) FromContact(ctx context.Context, tx bun.IDB, m ContactMessage) error {
	t := &ticketRow{ID: ids.New(), Number: s.newNumber(), RequesterName: m.Name, RequesterEmail: m.Email, Portal: "contact",
		Category: "other", Priority: PriorityNormal, Status: StatusOpen, Subject: m.Subject, ContactMessageID: &m.ID,
		CreatedAt: m.At, UpdatedAt: m.At}
	msg := &messageRow{ID: ids.New(), TicketID: t.ID, Body: m.Body, CreatedAt: m.At}
	if m.UserID != "" {
		t.RequesterID, msg.AuthorID = &m.UserID, &m.UserID
	}
	if _, err := tx.NewInsert().Model(t).Exec(ctx); err != nil {
		return err
	}
	_, err := tx.NewInsert().Model(msg).Exec(ctx)
	return err
}
