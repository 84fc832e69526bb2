package wallet

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

type store struct {
	db bun.IDB
}

// recipient finds an active user by email or username (case-insensitive).
func (s *store) recipient(ctx context.Context, to string) (*userRow, error) {
	u := &userRow{}
	lower := strings.ToLower(to)
	q := s.db.NewSelect().Model(u).Column("id", "username", "status")
	if strings.Contains(lower, "@") {
		q = q.Where("email_lower = ?", lower)
	} else {
		q = q.Where("username_lower = ?", lower)
	}
	err := q.Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.ErrNotFound
	}
	return u, err
}

// usernames maps user ids to usernames.
func (s *store) usernames(ctx context.Context, ids []string) (map[string]string, error) {
	out := map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []userRow
	if err := s.db.NewSelect().Model(&rows).Column("id", "username").Where("id IN (?)", bun.In(ids)).
		Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r.Username
	}
	return out, nil
}
