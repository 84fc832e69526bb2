package profiles

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
)

// store holds the bun queries of the profile domain.
type store struct {
	db *db.DB
}

// get loads a user's profile row (apperr.ErrNotFound when none was saved).
func (st *store) get(ctx context.Context, idb bun.IDB, userID string, forUpdate bool) (*profileRow, error) {
	r := new(profileRow)
	q := idb.NewSelect().Model(r).Where("user_id = ?", userID)
	if forUpdate {
		q = st.db.ForUpdate(q)
	}
	if err := q.Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, apperr.ErrNotFound
		}
		return nil, err
	}
	return r, nil
}

// ensure creates the user's profile row if it does not exist yet (profiles
// are created lazily on their first change). Both dialects support
// INSERT ... ON CONFLICT DO NOTHING.
func (st *store) ensure(ctx context.Context, idb bun.IDB, r *profileRow) error {
	_, err := idb.NewInsert().Model(r).On("CONFLICT (user_id) DO NOTHING").Exec(ctx)
	return err
}

// update writes the named columns of r.
func (st *store) update(ctx context.Context, idb bun.IDB, r *profileRow, columns []string) error {
	_, err := idb.NewUpdate().Model(r).Column(columns...).WherePK().Exec(ctx)
	return err
}

// many loads the profile rows of the given users (those who saved one).
func (st *store) many(ctx context.Context, idb bun.IDB, userIDs []string) ([]profileRow, error) {
	var rows []profileRow
	err := idb.NewSelect().Model(&rows).Where("user_id IN (?)", bun.In(userIDs)).Scan(ctx)
	return rows, err
}
