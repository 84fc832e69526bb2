package messaging

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// ReportInput reports a message.
type ReportInput struct {
	MessageID string `json:"message_id"`
	Reason    string `json:"reason"`
}

// ReportMessage records me's report of a message of a conversation me is
// in (once per message and reporter). One cannot report one's own message.
func (s *Service) ReportMessage(ctx context.Context, me string, in ReportInput) (string, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	f := apperr.Fields{}
	f.Check(ids.Valid(in.MessageID), "message_id", "must name a message")
	f.Check(in.Reason != "", "reason", "is required")
	f.Check(utf8.RuneCountInString(in.Reason) <= MaxReason, "reason", "must be at most 1000 characters")
	if err := f.Err(); err != nil {
		return "", err
	}
	var m messageRow
	err := s.c.DB.NewSelect().Model(&m).Where("msg.id = ?", in.MessageID).
		Where("EXISTS (SELECT 1 FROM messaging_members mm WHERE mm.conversation_id = msg.conversation_id AND mm.user_id = ?)", me).
		Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrMessageNotFound
	}
	if err != nil {
		return "", err
	}
	if m.SenderID == me {
		return "", apperr.Validation(map[string]string{"message_id": "is your own message"})
	}
	r := &reportRow{ID: ids.New(), MessageID: m.ID, ConversationID: m.ConversationID, ReporterID: me,
		Reason: in.Reason, Status: ReportOpen, CreatedAt: s.now()}
	if _, err := s.c.DB.NewInsert().Model(r).Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) {
			return "", ErrReported
		}
		return "", err
	}
	return r.ID, nil
}

// Reports is a numbered page of reports in a state ("" = open).
func (s *Service) Reports(ctx context.Context, status string, p page.Page) ([]Report, int, error) {
	if status == "" {
		status = ReportOpen
	}
	if status != ReportOpen && status != ReportDismissed && status != ReportRemoved {
		return nil, 0, apperr.Validation(map[string]string{"status": "must be open, dismissed or removed"})
	}
	var rows []reportRow
	n, err := s.c.DB.NewSelect().Model(&rows).Where("rep.status = ?", status).
		OrderExpr("rep.created_at DESC, rep.id DESC").Offset(p.Offset()).Limit(p.Limit()).ScanAndCount(ctx)
	if err != nil {
		return nil, 0, err
	}
	return s.reportViews(ctx, rows, int(n))
}

func (s *Service) reportViews(ctx context.Context, rows []reportRow, n int) ([]Report, int, error) {
	out := make([]Report, 0, len(rows))
	if len(rows) == 0 {
		return out, n, nil
	}
	mids := make([]string, len(rows))
	for i, r := range rows {
		mids[i] = r.MessageID
	}
	var ms []messageRow
	if err := s.c.DB.NewSelect().Model(&ms).Where("msg.id IN (?)", bun.In(mids)).Scan(ctx); err != nil {
		return nil, 0, err
	}
	byID := map[string]messageRow{}
	var uids []string
	for _, m := range ms {
		byID[m.ID] = m
		uids = append(uids, m.SenderID)
	}
	for _, r := range rows {
		uids = append(uids, r.ReporterID)
	}
	people, err := s.people(ctx, uids)
	if err != nil {
		return nil, 0, err
	}
	for _, r := range rows {
		m := byID[r.MessageID]
		rep := Report{ID: r.ID, MessageID: r.MessageID, ConversationID: r.ConversationID, Reporter: people[r.ReporterID],
			Sender: people[m.SenderID], Body: m.Body, Reason: r.Reason, Status: r.Status, CreatedAt: r.CreatedAt.UTC()}
		if r.ResolvedAt != nil {
			t := r.ResolvedAt.UTC()
			rep.ResolvedAt = &t
		}
		out = append(out, rep)
	}
	return out, n, nil
}

// DecideInput is an admin's decision on a report.
type DecideInput struct {
	Action string `json:"action"` // "dismiss" or "remove"
}

// Decide dismisses a report or removes its message (every open report of
// that message is then decided with it).
func (s *Service) Decide(ctx context.Context, admin, id string, in DecideInput) (Report, error) {
	if in.Action != "dismiss" && in.Action != "remove" {
		return Report{}, apperr.Validation(map[string]string{"action": "must be dismiss or remove"})
	}
	if !ids.Valid(id) {
		return Report{}, ErrReportNotFound
	}
	var r reportRow
	if err := s.c.DB.NewSelect().Model(&r).Where("rep.id = ?", id).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return Report{}, ErrReportNotFound
	} else if err != nil {
		return Report{}, err
	}
	now := s.now()
	status := ReportDismissed
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		q := tx.NewUpdate().Model((*reportRow)(nil)).Set("resolved_at = ?", now).Set("resolved_by = ?", admin).
			Where("status = ?", ReportOpen)
		if in.Action == "remove" {
			status = ReportRemoved
			if _, err := tx.NewUpdate().Model((*messageRow)(nil)).Set("deleted_at = COALESCE(deleted_at, ?)", now).
				Set("body = ''").Set("removed_by = ?", admin).Where("id = ?", r.MessageID).Exec(ctx); err != nil {
				return err
			}
			q = q.Where("message_id = ?", r.MessageID)
		} else {
			q = q.Where("id = ?", id)
		}
		res, err := q.Set("status = ?", status).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrReportClosed
		}
		return nil
	})
	if err != nil {
		return Report{}, err
	}
	if status == ReportRemoved {
		if mem, err := s.members(ctx, s.c.DB, r.ConversationID); err == nil {
			s.publish(ctx, mem, "message.updated", map[string]any{"conversation_id": r.ConversationID, "message_id": r.MessageID})
		}
	}
	if err := s.c.DB.NewSelect().Model(&r).Where("rep.id = ?", id).Scan(ctx); err != nil {
		return Report{}, err
	}
	out, _, err := s.reportViews(ctx, []reportRow{r}, 1)
	if err != nil {
		return Report{}, err
	}
	return out[0], nil
}
