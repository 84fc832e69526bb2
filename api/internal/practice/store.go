package practice

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/db"
)

// store holds the practice tables' queries; it alone knows the dialect.
type store struct {
	db *db.DB
	// dir keeps directory pages briefly; every write below that changes what
	// the directory shows drops it (directory_cache.go).
	dir *dirCache
}

func notFound(err error, nf error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return nf
	}
	return err
}

// provider reads a profile by id; lock takes a row lock (PostgreSQL).
func (s *store) provider(ctx context.Context, q bun.IDB, id string, lock bool) (*providerRow, error) {
	r := new(providerRow)
	sel := q.NewSelect().Model(r).Where("id = ?", id)
	if lock {
		sel = s.db.ForUpdate(sel)
	}
	if err := sel.Scan(ctx); err != nil {
		return nil, notFound(err, errProviderNotFound)
	}
	return r, nil
}

func (s *store) providerOfUser(ctx context.Context, q bun.IDB, userID, kind string) (*providerRow, error) {
	r := new(providerRow)
	if err := q.NewSelect().Model(r).Where("user_id = ? AND kind = ?", userID, kind).Scan(ctx); err != nil {
		return nil, notFound(err, errProviderNotFound)
	}
	return r, nil
}

func (s *store) providersOfUser(ctx context.Context, q bun.IDB, userID string) ([]*providerRow, error) {
	var rows []*providerRow
	err := q.NewSelect().Model(&rows).Where("user_id = ?", userID).OrderExpr("kind").Scan(ctx)
	return rows, err
}

// providersByID returns the profiles with the given ids (missing ones are
// left out).
func (s *store) providersByID(ctx context.Context, q bun.IDB, ids []string) ([]*providerRow, error) {
	var rows []*providerRow
	if len(ids) == 0 {
		return rows, nil
	}
	err := q.NewSelect().Model(&rows).Where("id IN (?)", bun.In(ids)).Scan(ctx)
	return rows, err
}

// ensureProvider creates the user's profile of kind if it does not exist
// (a conditional insert: two first writes at once make one row) and returns
// it locked.
func (s *store) ensureProvider(ctx context.Context, tx bun.Tx, userID, kind, id string, now time.Time) (*providerRow, error) {
	r := &providerRow{ID: id, UserID: userID, Kind: kind, Specialties: "[]", Languages: "[]",
		Verification: VerificationNone, Status: StatusDraft, Schedule: "{}", CreatedAt: now, UpdatedAt: now,
		RatingPoints: ratingPoints(0, 0)}
	r.Score = r.RatingPoints
	if _, err := tx.NewInsert().Model(r).On("CONFLICT (user_id, kind) DO NOTHING").Exec(ctx); err != nil {
		return nil, err
	}
	r = new(providerRow)
	if err := s.db.ForUpdate(tx.NewSelect().Model(r).Where("user_id = ? AND kind = ?", userID, kind)).Scan(ctx); err != nil {
		return nil, err
	}
	return r, nil
}

func (s *store) updateProvider(ctx context.Context, q bun.IDB, r *providerRow, cols ...string) error {
	s.dir.dirty()
	_, err := q.NewUpdate().Model(r).Column(cols...).WherePK().Exec(ctx)
	return err
}

// setDerived writes the status, completeness, listing state and price range
// and recomputes the score from the row's own parts.
func (s *store) setDerived(ctx context.Context, q bun.IDB, id, status string, completeness int, listed bool,
	minPrice, maxPrice *int64, currency string) error {
	s.dir.dirty()
	_, err := q.NewUpdate().Model((*providerRow)(nil)).
		Set("status = ?", status).
		Set("completeness = ?", completeness).
		Set("listed = ?", listed).
		Set("min_price = ?", minPrice).
		Set("max_price = ?", maxPrice).
		Set("price_currency = ?", currency).
		Set("score = availability_points + rating_points + ? * ?", int64(completenessWeight), completeness).
		Where("id = ?", id).Exec(ctx)
	return err
}

func (s *store) setNextAvailable(ctx context.Context, q bun.IDB, id string, at *time.Time, points int64) error {
	s.dir.dirty()
	res, err := q.NewUpdate().Model((*providerRow)(nil)).
		Set("next_available_at = ?", at).
		Set("availability_points = ?", points).
		Set("score = ? + rating_points + ? * completeness", points, int64(completenessWeight)).
		Where("id = ?", id).Exec(ctx)
	return affected(res, err, errProviderNotFound)
}

func (s *store) setRating(ctx context.Context, q bun.IDB, id string, avg float64, count int, points int64) error {
	s.dir.dirty()
	res, err := q.NewUpdate().Model((*providerRow)(nil)).
		Set("rating_avg = ?", avg).
		Set("rating_count = ?", count).
		Set("rating_points = ?", points).
		Set("score = availability_points + ? + ? * completeness", points, int64(completenessWeight)).
		Where("id = ?", id).Exec(ctx)
	return affected(res, err, errProviderNotFound)
}

func affected(res sql.Result, err error, nf error) error {
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return nf
	}
	return nil
}

func (s *store) listedIDs(ctx context.Context, q bun.IDB, after string, limit int) ([]string, error) {
	var out []string
	sel := q.NewSelect().Model((*providerRow)(nil)).Column("id").Where("listed = ?", true)
	if after != "" {
		sel = sel.Where("id > ?", after)
	}
	err := sel.OrderExpr("id").Limit(int64(limit)).Scan(ctx, &out)
	if out == nil {
		out = []string{}
	}
	return out, err
}

// replaceTags rewrites a profile's specialty and language tags.
func (s *store) replaceTags(ctx context.Context, tx bun.Tx, providerID string, specialties, languages []string) error {
	s.dir.dirty()
	if _, err := tx.NewDelete().Model((*tagRow)(nil)).Where("provider_id = ?", providerID).Exec(ctx); err != nil {
		return err
	}
	var rows []tagRow
	seen := map[string]bool{}
	add := func(tag string, vs []string) {
		for _, v := range vs {
			k := tag + "\x00" + tagValue(v)
			if !seen[k] {
				seen[k] = true
				rows = append(rows, tagRow{ProviderID: providerID, Tag: tag, Value: tagValue(v)})
			}
		}
	}
	add("specialty", specialties)
	add("language", languages)
	if len(rows) == 0 {
		return nil
	}
	_, err := tx.NewInsert().Model(&rows).Exec(ctx)
	return err
}

// offerings

func (s *store) offering(ctx context.Context, q bun.IDB, id string) (*offeringRow, error) {
	r := new(offeringRow)
	if err := q.NewSelect().Model(r).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, errOfferingNotFound)
	}
	return r, nil
}

func (s *store) offeringsOf(ctx context.Context, q bun.IDB, providerID string, activeOnly bool) ([]*offeringRow, error) {
	var rows []*offeringRow
	sel := q.NewSelect().Model(&rows).Where("provider_id = ?", providerID)
	if activeOnly {
		sel = sel.Where("active = ?", true)
	}
	err := sel.OrderExpr("created_at, id").Scan(ctx)
	return rows, err
}

// overrides

func (s *store) overrides(ctx context.Context, q bun.IDB, providerID, from, to string) ([]*overrideRow, error) {
	var rows []*overrideRow
	sel := q.NewSelect().Model(&rows).Where("provider_id = ?", providerID)
	if from != "" {
		sel = sel.Where("day >= ?", from)
	}
	if to != "" {
		sel = sel.Where("day <= ?", to)
	}
	err := sel.OrderExpr("day").Scan(ctx)
	return rows, err
}

// media

func (s *store) media(ctx context.Context, q bun.IDB, providerID string) ([]*mediaRow, error) {
	var rows []*mediaRow
	err := q.NewSelect().Model(&rows).Where("provider_id = ?", providerID).OrderExpr("created_at, id").Scan(ctx)
	return rows, err
}
