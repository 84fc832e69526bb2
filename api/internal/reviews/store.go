package reviews

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/page"
)

type store struct{ db *bun.DB }

func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// insert writes a review unless its booking has one; false means it has.
func (s store) insert(ctx context.Context, tx bun.Tx, r *reviewRow) (bool, error) {
	return affected(tx.NewInsert().Model(r).On("CONFLICT (booking_id) DO NOTHING").Exec(ctx))
}

func (s store) get(ctx context.Context, db bun.IDB, id string) (*reviewRow, error) {
	r := new(reviewRow)
	err := db.NewSelect().Model(r).Where("id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

// bump changes a provider's aggregate by delta reviews and sum rating
// points and answers the new totals (one upsert: it locks the row until
// the transaction ends).
func (s store) bump(ctx context.Context, tx bun.Tx, providerID string, delta, sum int, now time.Time) (int, int, error) {
	var out struct {
		Count int `bun:"review_count"`
		Sum   int `bun:"rating_sum"`
	}
	if delta < 0 { // the row exists (it counted the review); an insert's CHECK would refuse the negative values
		err := tx.NewRaw(`UPDATE review_stats SET review_count = review_count + ?, rating_sum = rating_sum + ?,
			updated_at = ? WHERE provider_id = ? RETURNING review_count, rating_sum`, delta, sum, now, providerID).
			Scan(ctx, &out)
		return out.Count, out.Sum, err
	}
	err := tx.NewRaw(`INSERT INTO review_stats (provider_id, review_count, rating_sum, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (provider_id) DO UPDATE SET review_count = review_stats.review_count + excluded.review_count,
		rating_sum = review_stats.rating_sum + excluded.rating_sum, updated_at = excluded.updated_at
		RETURNING review_count, rating_sum`, providerID, delta, sum, now).Scan(ctx, &out)
	return out.Count, out.Sum, err
}

// page is a keyset page of reviews by provider_id or provider_user_id, in
// one status ("" = every status but removed).
func (s store) page(ctx context.Context, col, val, status string, c page.Cursor) ([]reviewRow, error) {
	rows := make([]reviewRow, 0, c.Fetch())
	q := s.db.NewSelect().Model(&rows).Where("? = ?", bun.Ident(col), val).OrderExpr("created_at DESC, id DESC").
		Limit(int64(c.Fetch()))
	if status != "" {
		q = q.Where("status = ?", status)
	} else {
		q = q.Where("status <> ?", StatusRemoved)
	}
	if c.After != nil {
		q = q.Where("(created_at, id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	return rows, q.Scan(ctx)
}

func (s store) reply(ctx context.Context, id, text string, now time.Time) (bool, error) {
	return affected(s.db.NewUpdate().Model((*reviewRow)(nil)).Set("reply = ?", text).Set("replied_at = ?", now).
		Set("updated_at = ?", now).Where("id = ? AND reply IS NULL AND status <> ?", id, StatusRemoved).Exec(ctx))
}

// insertReport writes a report unless the user reported the review
// already (false), and counts it on the review.
func (s store) insertReport(ctx context.Context, tx bun.Tx, r *reportRow) (bool, error) {
	ok, err := affected(tx.NewInsert().Model(r).On("CONFLICT (review_id, reporter_id) DO NOTHING").Exec(ctx))
	if err != nil || !ok {
		return ok, err
	}
	_, err = tx.NewUpdate().Model((*reviewRow)(nil)).Set("report_count = report_count + 1").
		Where("id = ?", r.ReviewID).Exec(ctx)
	return true, err
}

// transition moves a review from one status to another (false when it is
// not in from).
func (s store) transition(ctx context.Context, tx bun.Tx, id, from, to string, by *string, now time.Time) (bool, error) {
	q := tx.NewUpdate().Model((*reviewRow)(nil)).Set("status = ?", to).Set("updated_at = ?", now).
		Where("id = ? AND status = ?", id, from)
	if by != nil {
		q = q.Set("decided_by = ?", *by).Set("decided_at = ?", now)
	}
	return affected(q.Exec(ctx))
}

func (s store) queue(ctx context.Context, status string, p page.Page) ([]reviewRow, int, error) {
	var rows []reviewRow
	n, err := s.db.NewSelect().Model(&rows).Where("status = ?", status).OrderExpr("created_at DESC, id DESC").
		Limit(p.Limit()).Offset(p.Offset()).ScanAndCount(ctx)
	return rows, int(n), err
}

func (s store) reports(ctx context.Context, reviewIDs []string) ([]reportRow, error) {
	rows := []reportRow{}
	if len(reviewIDs) == 0 {
		return rows, nil
	}
	return rows, s.db.NewSelect().Model(&rows).Where("review_id IN (?)", bun.In(reviewIDs)).
		OrderExpr("created_at ASC, id ASC").Scan(ctx)
}
