package matchmaking

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/page"
)

// store is the bun queries of matchmaking's tables; the only place that
// knows the dialect.
type store struct{ db *db.DB }

// member reads one member row (nil when the person never saved anything).
func (st store) member(ctx context.Context, idb bun.IDB, id string) (*memberRow, error) {
	r := new(memberRow)
	err := idb.NewSelect().Model(r).Where("m.user_id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return r, err
}

// lockMember makes the row on first use (a write first: SQLite's write
// transactions are serialised from it) and reads it locked on PostgreSQL.
func (st store) lockMember(ctx context.Context, tx bun.Tx, id string, now time.Time) (*memberRow, error) {
	if _, err := tx.NewInsert().Model(newMember(id, now)).On("CONFLICT (user_id) DO NOTHING").Exec(ctx); err != nil {
		return nil, err
	}
	r := new(memberRow)
	err := st.db.ForUpdate(tx.NewSelect().Model(r).Where("m.user_id = ?", id)).Scan(ctx)
	return r, err
}

func (st store) saveMember(ctx context.Context, tx bun.Tx, r *memberRow) error {
	_, err := tx.NewUpdate().Model(r).WherePK().Exec(ctx)
	return err
}

// lockPair serialises the decisions between two people: on PostgreSQL a lock
// on both member rows in id order (SQLite's write transactions are serialised
// already), so the second of two likes at the same moment sees the first.
func (st store) lockPair(ctx context.Context, tx bun.Tx, a, b string) error {
	if st.db.Kind != db.Postgres {
		return nil
	}
	var got []string
	return tx.NewSelect().Table("mm_members").Column("user_id").Where("user_id IN (?)", bun.In([]string{a, b})).
		Order("user_id").For("UPDATE").Scan(ctx, &got)
}

// poolQuery is what the prefilter needs of the asking member.
type poolQuery struct {
	me       *memberRow
	age      int
	now      time.Time
	pt       *point
	maxKm    int
	genders  []string
	gender   string
	ageMin   int
	ageMax   int
	cityOnly bool
}

// pool is the prefilter in SQL: people taking part, of a gender the asker
// seeks and seeking the asker's, in each other's age windows, inside a box
// around the asker's city as wide as their distance, never decided on and
// not hidden either way. Everything else is decided in Go.
func (st store) pool(ctx context.Context, q poolQuery) ([]version, error) {
	var rows []version
	sel := st.db.NewSelect().Model((*memberRow)(nil)).Column("m.user_id", "m.updated_at").
		Where("m.opted_in AND NOT m.paused AND NOT m.removed").
		Where("m.user_id <> ?", q.me.UserID).
		Where("m.gender IN (?)", bun.In(q.genders)).
		Where("m.genders LIKE ?", "%,"+q.gender+",%").
		Where("m.birth_date <> ''").
		Where("m.birth_date <= ?", birthBound(q.ageMin, q.now)).
		Where("m.birth_date > ?", birthBound(q.ageMax+1, q.now)).
		Where("m.age_min <= ? AND m.age_max >= ?", q.age, q.age).
		Where("NOT EXISTS (SELECT 1 FROM mm_decisions d WHERE d.from_id = ? AND d.to_id = m.user_id)", q.me.UserID).
		Where("NOT EXISTS (SELECT 1 FROM mm_hidden h WHERE h.user_id = ? AND h.hidden_id = m.user_id)", q.me.UserID).
		Where("NOT EXISTS (SELECT 1 FROM mm_hidden h2 WHERE h2.user_id = m.user_id AND h2.hidden_id = ?)", q.me.UserID)
	if q.maxKm < Anywhere {
		if q.pt != nil {
			dlat := float64(q.maxKm)/111.0 + 0.01
			sel = sel.Where("m.lat BETWEEN ? AND ?", q.pt.lat-dlat, q.pt.lat+dlat)
			if c := math.Cos(q.pt.lat * math.Pi / 180); c > 0.05 {
				dlng := float64(q.maxKm)/(111.0*c) + 0.01
				if q.pt.lng-dlng > -180 && q.pt.lng+dlng < 180 {
					sel = sel.Where("m.lng BETWEEN ? AND ?", q.pt.lng-dlng, q.pt.lng+dlng)
				}
			}
		} else {
			sel = sel.Where("lower(m.city) = lower(?) AND m.country = ?", q.me.City, q.me.Country)
		}
	}
	err := sel.Scan(ctx, &rows)
	return rows, err
}

// insertDecision records from's decision on to once; false when one exists.
func (st store) insertDecision(ctx context.Context, tx bun.Tx, r *decisionRow) (bool, error) {
	res, err := tx.NewInsert().Model(r).On("CONFLICT (from_id, to_id) DO NOTHING").Exec(ctx)
	return added(res, err)
}

func added(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// liked reports whether from liked to.
func (st store) liked(ctx context.Context, idb bun.IDB, from, to string) (bool, error) {
	n, err := idb.NewSelect().Model((*decisionRow)(nil)).
		Where("d.from_id = ? AND d.to_id = ? AND d.decision = ?", from, to, Like).Count(ctx)
	return n > 0, err
}

// insertMatch makes the pair's match unless one exists: the unique pair
// decides, whichever like commits first.
func (st store) insertMatch(ctx context.Context, tx bun.Tx, r *matchRow) (bool, error) {
	res, err := tx.NewInsert().Model(r).On("CONFLICT (user_lo, user_hi) DO NOTHING").Exec(ctx)
	return added(res, err)
}

func (st store) match(ctx context.Context, idb bun.IDB, id string) (*matchRow, error) {
	r := new(matchRow)
	err := idb.NewSelect().Model(r).Where("mt.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errMatchNotFound
	}
	return r, err
}

// matches is a page of me's live matches, newest first.
func (st store) matches(ctx context.Context, me string, c page.Cursor) ([]matchRow, error) {
	var rows []matchRow
	q := st.db.NewSelect().Model(&rows).
		Where("(mt.user_lo = ? OR mt.user_hi = ?) AND mt.ended_at IS NULL", me, me).
		OrderExpr("mt.created_at DESC, mt.id DESC").Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(mt.created_at, mt.id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	return rows, q.Scan(ctx)
}
