package social

import (
	"context"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

// Reports lists post reports for admins by status (open by default; dismissed,
// removed or all), oldest open first, in numbered pages.
func (s *Service) Reports(ctx context.Context, status string, pg page.Page) ([]Report, int, error) {
	if status == "" {
		status = reportOpen
	}
	if status != "all" && status != reportOpen && status != reportDismissed && status != reportRemoved {
		return nil, 0, apperr.Validation(map[string]string{"status": "must be open, dismissed, removed or all"})
	}
	var rows []reportRow
	q := s.c.DB.NewSelect().Model(&rows)
	if status != "all" {
		q = q.Where("status = ?", status)
	}
	total, err := q.Order("created_at", "id").Offset(pg.Offset()).Limit(pg.Limit()).ScanAndCount(ctx)
	if err != nil {
		return nil, 0, err
	}
	out, err := s.reportDTOs(ctx, rows)
	return out, int(total), err
}

func (s *Service) reportDTOs(ctx context.Context, rows []reportRow) ([]Report, error) {
	out := make([]Report, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	var posts []postRow
	if err := s.c.DB.NewSelect().Model(&posts).Where("id IN (?)", bun.In(keysOf(rows, func(r reportRow) string { return r.PostID }))).
		Scan(ctx); err != nil {
		return nil, err
	}
	dtos, err := s.postDTOs(ctx, "", posts)
	if err != nil {
		return nil, err
	}
	byID := map[string]Post{}
	for _, p := range dtos {
		byID[p.ID] = p
	}
	ps, err := s.people(ctx, keysOf(rows, func(r reportRow) string { return r.ReporterID }))
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		p, ok1 := byID[r.PostID]
		who, ok2 := ps[r.ReporterID]
		if ok1 && ok2 {
			out = append(out, Report{ID: r.ID, Post: p, Reporter: who, Reason: r.Reason, Status: r.Status,
				DecidedAt: r.DecidedAt, CreatedAt: r.CreatedAt})
		}
	}
	return out, nil
}

// DecideReport dismisses an open report (the post stays) or removes its
// post (every open report of that post is closed as removed with it); the
// decision is written to the audit log in the same transaction.
func (s *Service) DecideReport(ctx context.Context, adminID, ip, id, decision string) (Report, error) {
	to := map[string]string{"dismiss": reportDismissed, "remove": reportRemoved}[decision]
	row := new(reportRow)
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if len(id) > 64 || tx.NewSelect().Model(row).Where("id = ?", id).Scan(ctx) != nil {
			return errReportNotFound
		}
		now := s.c.Clock.Now()
		q := tx.NewUpdate().Table("social_post_reports").Set("status = ?", to).Set("decided_by = ?", adminID).
			Set("decided_at = ?", now).Where("status = ?", reportOpen)
		if to == reportRemoved {
			q = q.Where("post_id = ?", row.PostID)
		} else {
			q = q.Where("id = ?", id)
		}
		n, err := affected(q.Exec(ctx))
		if err != nil {
			return err
		}
		if n == 0 {
			return errReportDecided
		}
		if to == reportRemoved {
			if _, err := tx.NewUpdate().Table("social_posts").Set("status = ?", postRemoved).Set("updated_at = ?", now).
				Where("id = ?", row.PostID).Exec(ctx); err != nil {
				return err
			}
		}
		row.Status, row.DecidedAt = to, &now
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "social_report." + decision,
			TargetType: "social_post", TargetID: row.PostID, IP: ip,
			Details: map[string]any{"report_id": id, "reason": row.Reason}})
	})
	if err != nil {
		return Report{}, err
	}
	out, err := s.reportDTOs(ctx, []reportRow{*row})
	if err != nil || len(out) == 0 {
		return Report{}, err
	}
	return out[0], nil
}
