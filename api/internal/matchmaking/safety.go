package matchmaking

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// MaxDetails bounds a report's details and an admin's note.
const MaxDetails = 1000

// ReportReasons are the reasons a person may be reported for.
var ReportReasons = []string{"fake_profile", "harassment", "inappropriate_photos", "scam", "underage", "offensive", "other"}

// ReportInput is the body of POST /matchmaking/reports.
type ReportInput struct {
	UserID  string `json:"user_id"`
	Reason  string `json:"reason"`
	Details string `json:"details"`
}

// ResolveInput is the body of POST /admin/matchmaking/reports/{id}/resolve.
type ResolveInput struct {
	Action string `json:"action"`
	Note   string `json:"note"`
}

// Report is a report as admins (and its reporter) see it.
type Report struct {
	ID         string     `json:"id"`
	Reporter   Person     `json:"reporter"`
	Reported   Person     `json:"reported"`
	Reason     string     `json:"reason"`
	Details    string     `json:"details"`
	Status     string     `json:"status"`
	Note       string     `json:"note"`
	CreatedAt  time.Time  `json:"created_at"`
	ResolvedAt *time.Time `json:"resolved_at"`
}

// person checks id names an active person other than me (404 otherwise).
func (s *Service) person(ctx context.Context, me, id string) error {
	if id == "" || len(id) > 64 || id == me {
		return errPersonNotFound
	}
	people, err := s.c.Directory.Lookup(ctx, []string{id})
	if err != nil {
		return err
	}
	if p, ok := people[id]; !ok || p.Status != accounts.StatusActive {
		return errPersonNotFound
	}
	return nil
}

func hide(ctx context.Context, idb bun.IDB, me, other string, now time.Time) error {
	_, err := idb.NewInsert().Model(&hiddenRow{UserID: me, HiddenID: other, CreatedAt: now}).
		On("CONFLICT (user_id, hidden_id) DO NOTHING").Exec(ctx)
	return err
}

// Hide hides other from the caller and the caller from other, in matchmaking.
func (s *Service) Hide(ctx context.Context, userID string, in DecisionInput) error {
	if err := s.person(ctx, userID, in.UserID); err != nil {
		return err
	}
	return hide(ctx, s.c.DB, userID, in.UserID, s.c.Clock.Now())
}

// Unhide stops hiding other.
func (s *Service) Unhide(ctx context.Context, userID, other string) error {
	res, err := s.c.DB.NewDelete().Model((*hiddenRow)(nil)).Where("user_id = ? AND hidden_id = ?", userID, other).Exec(ctx)
	ok, err := added(res, err)
	if err == nil && !ok {
		err = errHiddenNotFound
	}
	return err
}

func cleanText(f apperr.Fields, name string, s *string) {
	*s = strings.TrimSpace(*s)
	f.Check(utf8.RuneCountInString(*s) <= MaxDetails, name, "must be at most 1000 characters")
}

// ReportPerson reports a person to the moderators (one open report per
// reporter and person) and hides them from the reporter.
func (s *Service) ReportPerson(ctx context.Context, userID string, in ReportInput) (Report, error) {
	f := apperr.Fields{}
	f.Check(slices.Contains(ReportReasons, in.Reason), "reason", "must be one of "+strings.Join(ReportReasons, ", "))
	cleanText(f, "details", &in.Details)
	if err := f.Err(); err != nil {
		return Report{}, err
	}
	if err := s.person(ctx, userID, in.UserID); err != nil {
		return Report{}, err
	}
	now := s.c.Clock.Now()
	row := &reportRow{ID: ids.New(), ReporterID: userID, ReportedID: in.UserID, Reason: in.Reason, Details: in.Details,
		Status: ReportOpen, CreatedAt: now}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
			if db.IsUniqueViolation(err) {
				return errReportedTwice
			}
			return err
		}
		return hide(ctx, tx, userID, in.UserID, now)
	})
	if err != nil {
		return Report{}, err
	}
	out, err := s.reportDTOs(ctx, []reportRow{*row})
	if err != nil {
		return Report{}, err
	}
	return out[0], nil
}

func (s *Service) reportDTOs(ctx context.Context, rows []reportRow) ([]Report, error) {
	var pids []string
	for _, r := range rows {
		pids = append(pids, r.ReporterID, r.ReportedID)
	}
	people, err := s.c.Directory.Lookup(ctx, pids)
	if err != nil {
		return nil, err
	}
	members := map[string]*memberRow{}
	if len(pids) > 0 {
		var ms []memberRow
		if err := s.c.DB.NewSelect().Model(&ms).Where("m.user_id IN (?)", bun.In(pids)).Scan(ctx); err != nil {
			return nil, err
		}
		for i := range ms {
			members[ms[i].UserID] = &ms[i]
		}
	}
	now := s.c.Clock.Now()
	who := func(id string) Person {
		p, ok := people[id]
		if !ok {
			return Person{ID: id, DisplayName: "Deleted account"}
		}
		return personOf(p, members[id], now)
	}
	out := make([]Report, 0, len(rows))
	for _, r := range rows {
		out = append(out, Report{ID: r.ID, Reporter: who(r.ReporterID), Reported: who(r.ReportedID), Reason: r.Reason,
			Details: r.Details, Status: r.Status, Note: r.Note, CreatedAt: r.CreatedAt, ResolvedAt: r.ResolvedAt})
	}
	return out, nil
}

// Reports is a page of the moderation queue: open reports oldest first,
// the others (or all) newest first.
func (s *Service) Reports(ctx context.Context, status string, c page.Cursor) ([]Report, *page.Key, error) {
	if status == "" {
		status = ReportOpen
	}
	if !slices.Contains([]string{ReportOpen, ReportDismissed, ReportRemoved, "all"}, status) {
		return nil, nil, apperr.Validation(map[string]string{"status": "must be open, dismissed, removed or all"})
	}
	var rows []reportRow
	q := s.c.DB.NewSelect().Model(&rows).Limit(int64(c.Fetch()))
	if status != "all" {
		q = q.Where("rp.status = ?", status)
	}
	if status == ReportOpen {
		q = q.OrderExpr("rp.created_at ASC, rp.id ASC")
		if c.After != nil {
			q = q.Where("(rp.created_at, rp.id) > (?, ?)", c.After.CreatedAt, c.After.ID)
		}
	} else {
		q = q.OrderExpr("rp.created_at DESC, rp.id DESC")
		if c.After != nil {
			q = q.Where("(rp.created_at, rp.id) < (?, ?)", c.After.CreatedAt, c.After.ID)
		}
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r reportRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out, err := s.reportDTOs(ctx, rows)
	return out, next, err
}

// Resolve decides an open report: dismiss it, or remove the reported person
// from matchmaking (every open report of them closes with it); audited.
func (s *Service) Resolve(ctx context.Context, adminID, ip, id string, in ResolveInput) (Report, error) {
	f := apperr.Fields{}
	f.Check(in.Action == "dismiss" || in.Action == "remove", "action", "must be dismiss or remove")
	cleanText(f, "note", &in.Note)
	if err := f.Err(); err != nil {
		return Report{}, err
	}
	if id == "" || len(id) > 64 {
		return Report{}, errReportNotFound
	}
	to := map[string]string{"dismiss": ReportDismissed, "remove": ReportRemoved}[in.Action]
	row := new(reportRow)
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := s.c.Clock.Now()
		q := tx.NewUpdate().Model((*reportRow)(nil)).Set("status = ?", to).Set("note = ?", in.Note).
			Set("resolved_by = ?", adminID).Set("resolved_at = ?", now).Where("id = ? AND status = ?", id, ReportOpen)
		ok, err := added(q.Exec(ctx))
		if err != nil {
			return err
		}
		if err := tx.NewSelect().Model(row).Where("rp.id = ?", id).Scan(ctx); err != nil {
			return errReportNotFound
		}
		if !ok {
			return errReportResolved
		}
		if to == ReportRemoved {
			if _, err := tx.NewUpdate().Model((*reportRow)(nil)).Set("status = ?", to).Set("note = ?", in.Note).
				Set("resolved_by = ?", adminID).Set("resolved_at = ?", now).
				Where("reported_id = ? AND status = ?", row.ReportedID, ReportOpen).Exec(ctx); err != nil {
				return err
			}
			m, err := s.st.lockMember(ctx, tx, row.ReportedID, now)
			if err != nil {
				return err
			}
			if _, err := tx.NewUpdate().Model((*memberRow)(nil)).Set("removed = TRUE").Set("opted_in = FALSE").
				Set("updated_at = ?", nextVersion(m.UpdatedAt, now)).Where("user_id = ?", row.ReportedID).Exec(ctx); err != nil {
				return err
			}
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "matchmaking_report." + in.Action,
			TargetType: "user", TargetID: row.ReportedID, IP: ip,
			Details: map[string]any{"report_id": id, "reason": row.Reason, "note": in.Note}})
	})
	if err != nil {
		return Report{}, err
	}
	out, err := s.reportDTOs(ctx, []reportRow{*row})
	if err != nil {
		return Report{}, err
	}
	return out[0], nil
}

// HiddenPerson is someone the caller hid.
type HiddenPerson struct {
	Person   Person    `json:"person"`
	HiddenAt time.Time `json:"hidden_at"`
}

// Hidden is a page of the people the caller hid, most recent first (keyset on
// (hidden at, id)), so they can be unhidden; people whose account is gone
// are left out.
func (s *Service) Hidden(ctx context.Context, userID string, c page.Cursor) ([]HiddenPerson, *page.Key, error) {
	var rows []hiddenRow
	q := s.c.DB.NewSelect().Model(&rows).Where("h.user_id = ?", userID).
		OrderExpr("h.created_at DESC, h.hidden_id DESC").Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(h.created_at, h.hidden_id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r hiddenRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.HiddenID} })
	others := make([]string, 0, len(rows))
	for _, r := range rows {
		others = append(others, r.HiddenID)
	}
	people, err := s.c.Directory.Lookup(ctx, others)
	if err != nil {
		return nil, nil, err
	}
	members := map[string]*memberRow{}
	if len(others) > 0 {
		var ms []memberRow
		if err := s.c.DB.NewSelect().Model(&ms).Where("m.user_id IN (?)", bun.In(others)).Scan(ctx); err != nil {
			return nil, nil, err
		}
		for i := range ms {
			members[ms[i].UserID] = &ms[i]
		}
	}
	now := s.c.Clock.Now()
	out := make([]HiddenPerson, 0, len(rows))
	for _, r := range rows {
		p, ok := people[r.HiddenID]
		if !ok || p.Status != accounts.StatusActive {
			continue
		}
		out = append(out, HiddenPerson{Person: personOf(p, members[r.HiddenID], now), HiddenAt: r.CreatedAt})
	}
	return out, next, nil
}
