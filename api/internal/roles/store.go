package roles

import (
	"context"
	"database/sql"
	"errors"
	"sojourn/api/internal/platform/page"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
)

// store holds the bun queries of role applications.
type store struct {
	db *db.DB
}

// insert stores a new application; a second pending application for the same
// user and role hits the partial unique index and is apperr.ErrConflict.
func (st *store) insert(ctx context.Context, r *applicationRow) error {
	if _, err := st.db.NewInsert().Model(r).Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) {
			return apperr.ErrConflict
		}
		return err
	}
	return nil
}

// get loads one application (apperr.ErrNotFound when missing).
func (st *store) get(ctx context.Context, idb bun.IDB, id string) (*applicationRow, error) {
	r := new(applicationRow)
	if err := idb.NewSelect().Model(r).Where("id = ?", id).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, apperr.ErrNotFound
		}
		return nil, err
	}
	return r, nil
}

// decide moves a pending application to status. The WHERE status = 'pending'
// makes the database pick exactly one winner among concurrent deciders; it
// reports whether this call was the one.
func (st *store) decide(ctx context.Context, idb bun.IDB, id, status, reason, actorID string, at time.Time) (bool, error) {
	res, err := idb.NewUpdate().Model((*applicationRow)(nil)).
		Set("status = ?", status).Set("reason = ?", reason).
		Set("decided_at = ?", at).Set("decided_by = ?", actorID).
		Where("id = ?", id).Where("status = 'pending'").Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// listMine is a page of one user's applications, newest first.
func (st *store) listMine(ctx context.Context, userID string, p page.Page) ([]applicationRow, int, error) {
	var rows []applicationRow
	n, err := st.db.NewSelect().Model(&rows).Where("user_id = ?", userID).
		OrderExpr("created_at DESC, id DESC").Limit(p.Limit()).Offset(p.Offset()).ScanAndCount(ctx)
	return rows, int(n), err
}

// list is a page of the admin queue, oldest first.
func (st *store) list(ctx context.Context, f Filter, p page.Page) ([]applicationRow, int, error) {
	var rows []applicationRow
	q := st.db.NewSelect().Model(&rows).OrderExpr("created_at ASC, id ASC").Limit(p.Limit()).Offset(p.Offset())
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	if f.Role != "" {
		q = q.Where("role = ?", f.Role)
	}
	if f.UserID != "" {
		q = q.Where("user_id = ?", f.UserID)
	}
	n, err := q.ScanAndCount(ctx)
	return rows, int(n), err
}
