package clientnotes

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/page"
)

type store struct{ db *bun.DB }

func (s store) notes(ctx context.Context, db bun.IDB, authorID, clientID string, c page.Cursor) ([]noteRow, error) {
	rows := make([]noteRow, 0, c.Fetch())
	q := db.NewSelect().Model(&rows).Where("author_id = ? AND client_id = ?", authorID, clientID).
		OrderExpr("created_at DESC, id DESC").Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(created_at, id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	return rows, q.Scan(ctx)
}

// note is one note of its author about the client; anything else is
// ErrNoteNotFound.
func (s store) note(ctx context.Context, db bun.IDB, authorID, clientID, id string) (*noteRow, error) {
	n := new(noteRow)
	err := db.NewSelect().Model(n).Where("id = ? AND author_id = ? AND client_id = ?", id, authorID, clientID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoteNotFound
	}
	return n, err
}

func (s store) insertNote(ctx context.Context, tx bun.Tx, n *noteRow) error {
	_, err := tx.NewInsert().Model(n).Exec(ctx)
	return err
}

func (s store) updateNote(ctx context.Context, tx bun.Tx, n *noteRow) error {
	_, err := tx.NewUpdate().Model(n).Column("booking_id", "subjective", "objective", "assessment", "plan", "body",
		"updated_at").WherePK().Where("author_id = ?", n.AuthorID).Exec(ctx)
	return err
}

func (s store) countForBooking(ctx context.Context, tx bun.Tx, bookingID string) (int, error) {
	n, err := tx.NewSelect().Model((*docRow)(nil)).Where("booking_id = ?", bookingID).Count(ctx)
	return int(n), err
}

func (s store) insertDoc(ctx context.Context, tx bun.Tx, d *docFile) error {
	_, err := tx.NewInsert().Model(d).Exec(ctx)
	return err
}

// docs is a keyset page of documents (never their bytes) matching where.
func (s store) docs(ctx context.Context, where string, args []any, c page.Cursor) ([]docRow, error) {
	rows := make([]docRow, 0, c.Fetch())
	q := s.db.NewSelect().Model(&rows).Where(where, args...).OrderExpr("created_at DESC, id DESC").
		Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(created_at, id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	return rows, q.Scan(ctx)
}

func (s store) file(ctx context.Context, db bun.IDB, where string, args ...any) (*docFile, error) {
	f := new(docFile)
	err := db.NewSelect().Model(f).Where(where, args...).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrDocNotFound
	}
	return f, err
}
