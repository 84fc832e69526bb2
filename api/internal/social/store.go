package social

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/page"
)

// store holds social's queries; the only place that writes SQL.
type store struct {
	db   bun.IDB
	kind db.Dialect
}

func pair(a, b string) (string, string) {
	if a < b {
		return a, b
	}
	return b, a
}

func affected(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// insertRequest writes a pending request unless the pair has one; false when it had.
func (st store) insertRequest(ctx context.Context, idb bun.IDB, r *requestRow) (bool, error) {
	n, err := affected(idb.NewRaw(`INSERT INTO friend_requests (id, pair_lo, pair_hi, from_id, to_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (pair_lo, pair_hi) DO NOTHING`,
		r.ID, r.PairLo, r.PairHi, r.FromID, r.ToID, r.CreatedAt).Exec(ctx))
	return n == 1, err
}

func (st store) requestOfPair(ctx context.Context, idb bun.IDB, a, b string) (*requestRow, error) {
	lo, hi := pair(a, b)
	r := new(requestRow)
	err := idb.NewSelect().Model(r).Where("pair_lo = ? AND pair_hi = ?", lo, hi).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return r, err
}

// takeRequest deletes the request id if col (to_id or from_id) is userID,
// answering it; nil when there was none (or it was not theirs, or another
// call took it first).
func (st store) takeRequest(ctx context.Context, idb bun.IDB, id, col, userID string) (*requestRow, error) {
	r := new(requestRow)
	err := idb.NewSelect().Model(r).Where("id = ?", id).Where("? = ?", bun.Ident(col), userID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	n, err := affected(idb.NewDelete().Table("friend_requests").Where("id = ?", id).Exec(ctx))
	if err != nil || n == 0 {
		return nil, err
	}
	return r, nil
}

func (st store) deletePairRequests(ctx context.Context, idb bun.IDB, a, b string) error {
	lo, hi := pair(a, b)
	_, err := idb.NewDelete().Table("friend_requests").Where("pair_lo = ? AND pair_hi = ?", lo, hi).Exec(ctx)
	return err
}

func (st store) befriend(ctx context.Context, idb bun.IDB, a, b string, at time.Time) error {
	_, err := idb.NewRaw(`INSERT INTO friendships (user_id, friend_id, created_at) VALUES (?, ?, ?), (?, ?, ?)
		ON CONFLICT (user_id, friend_id) DO NOTHING`, a, b, at, b, a, at).Exec(ctx)
	return err
}

func (st store) unfriend(ctx context.Context, idb bun.IDB, a, b string) (int64, error) {
	return affected(idb.NewDelete().Table("friendships").
		Where("(user_id = ? AND friend_id = ?) OR (user_id = ? AND friend_id = ?)", a, b, b, a).Exec(ctx))
}

func (st store) friendCount(ctx context.Context, idb bun.IDB, userID string) (int, error) {
	n, err := idb.NewSelect().Table("friendships").Where("user_id = ?", userID).Count(ctx)
	return int(n), err
}

// mutualCount counts the friends a and b share.
func (st store) mutualCount(ctx context.Context, idb bun.IDB, a, b string) (int, error) {
	var n int
	err := idb.NewRaw(`SELECT COUNT(*) FROM friendships f1 JOIN friendships f2 ON f2.friend_id = f1.friend_id
		WHERE f1.user_id = ? AND f2.user_id = ?`, a, b).Scan(ctx, &n)
	return n, err
}

// seek applies a (created_at, col) < cursor condition and the descending order.
func seek(q *bun.SelectQuery, createdCol, idCol string, c page.Cursor) *bun.SelectQuery {
	if c.After != nil {
		q = q.Where("(?, ?) < (?, ?)", bun.Ident(createdCol), bun.Ident(idCol), c.After.CreatedAt, c.After.ID)
	}
	return q.OrderExpr("? DESC, ? DESC", bun.Ident(createdCol), bun.Ident(idCol)).Limit(int64(c.Fetch()))
}

func (st store) friends(ctx context.Context, userID string, c page.Cursor) ([]friendshipRow, error) {
	var rows []friendshipRow
	q := st.db.NewSelect().Model(&rows).Where("user_id = ?", userID)
	err := seek(q, "created_at", "friend_id", c).Scan(ctx)
	return rows, err
}

func (st store) requests(ctx context.Context, col, userID string, c page.Cursor) ([]requestRow, error) {
	var rows []requestRow
	q := st.db.NewSelect().Model(&rows).Where("? = ?", bun.Ident(col), userID)
	err := seek(q, "created_at", "id", c).Scan(ctx)
	return rows, err
}

func (st store) blocks(ctx context.Context, userID string, c page.Cursor) ([]blockRow, error) {
	var rows []blockRow
	q := st.db.NewSelect().Model(&rows).Where("blocker_id = ?", userID)
	err := seek(q, "created_at", "blocked_id", c).Scan(ctx)
	return rows, err
}

func (st store) follows(ctx context.Context, userID string, c page.Cursor) ([]followRow, error) {
	var rows []followRow
	q := st.db.NewSelect().Model(&rows).Where("follower_id = ?", userID)
	err := seek(q, "created_at", "provider_id", c).Scan(ctx)
	return rows, err
}

func (st store) following(ctx context.Context, follower, provider string) (bool, error) {
	n, err := st.db.NewSelect().Table("social_follows").Where("follower_id = ? AND provider_id = ?", follower, provider).Count(ctx)
	return n > 0, err
}

// excluded answers the people userID may not be suggested: friends, either
// side of a pending request, blocks either way.
func (st store) excluded(ctx context.Context, userID string) (map[string]bool, error) {
	var ids []string
	err := st.db.NewRaw(`SELECT friend_id FROM friendships WHERE user_id = ?
		UNION SELECT CASE WHEN from_id = ? THEN to_id ELSE from_id END FROM friend_requests WHERE from_id = ? OR to_id = ?
		UNION SELECT blocked_id FROM user_blocks WHERE blocker_id = ?
		UNION SELECT blocker_id FROM user_blocks WHERE blocked_id = ?`,
		userID, userID, userID, userID, userID, userID).Scan(ctx, &ids)
	out := map[string]bool{userID: true}
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}

// friendsOfFriends answers people two steps away with the count of friends in common.
func (st store) friendsOfFriends(ctx context.Context, userID string, limit int) (map[string]int, []string, error) {
	var rows []struct {
		ID string `bun:"id"`
		N  int    `bun:"n"`
	}
	err := st.db.NewRaw(`SELECT f2.friend_id AS id, COUNT(*) AS n FROM friendships f1
		JOIN friendships f2 ON f2.user_id = f1.friend_id
		WHERE f1.user_id = ? AND f2.friend_id <> ?
		GROUP BY f2.friend_id ORDER BY n DESC, f2.friend_id LIMIT ?`, userID, userID, limit).Scan(ctx, &rows)
	m := make(map[string]int, len(rows))
	order := make([]string, 0, len(rows))
	for _, r := range rows {
		m[r.ID] = r.N
		order = append(order, r.ID)
	}
	return m, order, err
}

func (st store) noRequestsFrom(ctx context.Context, ids []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []string
	err := st.db.NewSelect().Table("social_privacy").Column("user_id").
		Where("user_id IN (?) AND who_can_request = ?", bun.In(ids), RequestNobody).Scan(ctx, &rows)
	for _, id := range rows {
		out[id] = true
	}
	return out, err
}
