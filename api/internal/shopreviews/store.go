package shopreviews

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

// insert writes a review unless its order line has one (false).
func (s store) insert(ctx context.Context, r *reviewRow) (bool, error) {
	return affected(s.db.NewInsert().Model(r).On("CONFLICT (order_line_id) DO NOTHING").Exec(ctx))
}

func (s store) get(ctx context.Context, db bun.IDB, id string) (*reviewRow, error) {
	r := new(reviewRow)
	err := db.NewSelect().Model(r).Where("id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

// lockPhotos touches the review (holding its row until tx ends, so two
// uploads never take one position) and counts its photos.
func (s store) lockPhotos(ctx context.Context, tx bun.Tx, reviewID string) (int, error) {
	if _, err := tx.NewRaw("UPDATE shop_reviews SET updated_at = updated_at WHERE id = ?", reviewID).Exec(ctx); err != nil {
		return 0, err
	}
	n, err := tx.NewSelect().Model((*photoRow)(nil)).Where("review_id = ?", reviewID).Count(ctx)
	return int(n), err
}

func (s store) insertPhoto(ctx context.Context, tx bun.Tx, p *photoRow) error {
	_, err := tx.NewInsert().Model(p).Exec(ctx)
	return err
}

func (s store) photos(ctx context.Context, reviewIDs []string) ([]photoRow, error) {
	rows := []photoRow{}
	if len(reviewIDs) == 0 {
		return rows, nil
	}
	return rows, s.db.NewSelect().Model(&rows).Where("review_id IN (?)", bun.In(reviewIDs)).
		OrderExpr("review_id, position").Scan(ctx)
}

// bump changes a product's aggregate and answers the new totals (one
// upsert: it holds the row until the transaction ends).
func (s store) bump(ctx context.Context, tx bun.Tx, productID string, delta, sum int, now time.Time) (int, int, error) {
	var out struct {
		Count int `bun:"review_count"`
		Sum   int `bun:"rating_sum"`
	}
	if delta < 0 {
		err := tx.NewRaw(`UPDATE shop_review_stats SET review_count = review_count + ?, rating_sum = rating_sum + ?,
			updated_at = ? WHERE product_id = ? RETURNING review_count, rating_sum`, delta, sum, now, productID).
			Scan(ctx, &out)
		return out.Count, out.Sum, err
	}
	err := tx.NewRaw(`INSERT INTO shop_review_stats (product_id, review_count, rating_sum, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (product_id) DO UPDATE SET review_count = shop_review_stats.review_count + excluded.review_count,
		rating_sum = shop_review_stats.rating_sum + excluded.rating_sum, updated_at = excluded.updated_at
		RETURNING review_count, rating_sum`, productID, delta, sum, now).Scan(ctx, &out)
	return out.Count, out.Sum, err
}

// page is a keyset page of reviews where col = val, newest first;
// status "" is every status; unanswered keeps published reviews without a
// reply.
func (s store) page(ctx context.Context, col, val, status string, unanswered bool, c page.Cursor) ([]reviewRow, error) {
	rows := make([]reviewRow, 0, c.Fetch())
	q := s.db.NewSelect().Model(&rows).Where("? = ?", bun.Ident(col), val).OrderExpr("created_at DESC, id DESC").
		Limit(int64(c.Fetch()))
	if status != "" {
		q = q.Where("status = ?", status)
	}
	if unanswered {
		q = q.Where("reply IS NULL")
	}
	if c.After != nil {
		q = q.Where("(created_at, id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	return rows, q.Scan(ctx)
}

// reviewedLines answers which of lineIDs the author reviewed.
func (s store) reviewedLines(ctx context.Context, authorID string, lineIDs []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(lineIDs) == 0 {
		return out, nil
	}
	var got []string
	err := s.db.NewSelect().Model((*reviewRow)(nil)).Column("order_line_id").Where("author_id = ?", authorID).
		Where("order_line_id IN (?)", bun.In(lineIDs)).Scan(ctx, &got)
	for _, id := range got {
		out[id] = true
	}
	return out, err
}

func (s store) reply(ctx context.Context, id, vendorID, text string, now time.Time) (bool, error) {
	return affected(s.db.NewUpdate().Model((*reviewRow)(nil)).Set("reply = ?", text).Set("replied_at = ?", now).
		Set("updated_at = ?", now).Where("id = ? AND vendor_id = ? AND reply IS NULL AND status = ?", id, vendorID,
		StatusPublished).Exec(ctx))
}

func (s store) insertReport(ctx context.Context, tx bun.Tx, r *reportRow) (bool, error) {
	ok, err := affected(tx.NewInsert().Model(r).On("CONFLICT (review_id, reporter_id) DO NOTHING").Exec(ctx))
	if err != nil || !ok {
		return ok, err
	}
	_, err = tx.NewUpdate().Model((*reviewRow)(nil)).Set("report_count = report_count + 1").
		Where("id = ?", r.ReviewID).Exec(ctx)
	return true, err
}

// decide moves a review from one of from to to (false when it is in none).
func (s store) decide(ctx context.Context, tx bun.Tx, id string, from []string, to, reason, by string, now time.Time) (bool, error) {
	return affected(tx.NewUpdate().Model((*reviewRow)(nil)).Set("status = ?", to).Set("reject_reason = ?", reason).
		Set("decided_by = ?", by).Set("decided_at = ?", now).Set("updated_at = ?", now).
		Where("id = ? AND status IN (?)", id, bun.In(from)).Exec(ctx))
}

// queue is a numbered page of reviews in one status (reported: any status
// with reports), newest first.
func (s store) queue(ctx context.Context, status string, p page.Page) ([]reviewRow, int, error) {
	var rows []reviewRow
	q := s.db.NewSelect().Model(&rows).OrderExpr("created_at DESC, id DESC").Limit(p.Limit()).Offset(p.Offset())
	if status == "reported" {
		q = q.Where("report_count > 0 AND status = ?", StatusPublished)
	} else {
		q = q.Where("status = ?", status)
	}
	n, err := q.ScanAndCount(ctx)
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
