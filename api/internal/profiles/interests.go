package profiles

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/db"
)

// Interests is a small reader of people's interests for other domains (the
// social domain's friend suggestions). It reads only the profiles table and
// needs nothing but the database, so it is built before the services that use it.
type Interests struct{ db bun.IDB }

// NewInterests makes the reader.
func NewInterests(d *db.DB) *Interests { return &Interests{db: d.DB} }

// maxShared bounds the interests one Sharing call matches on.
const maxShared = 10

// Sharing answers people other than userID who list at least one of
// userID's interests (compared case-insensitively), with the interests they
// share, at most limit people (1 to 200).
func (r *Interests) Sharing(ctx context.Context, userID string, limit int) (map[string][]string, error) {
	limit = min(max(limit, 1), 200)
	var own string
	err := r.db.NewSelect().Table("profiles").Column("interests").Where("user_id = ?", userID).Scan(ctx, &own)
	if errors.Is(err, sql.ErrNoRows) {
		return map[string][]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	mine := decodeList(own)
	if len(mine) > maxShared {
		mine = mine[:maxShared]
	}
	out := map[string][]string{}
	if len(mine) == 0 {
		return out, nil
	}
	q := r.db.NewSelect().Table("profiles").Column("user_id", "interests").Where("user_id <> ?", userID).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			for _, in := range mine {
				b, _ := json.Marshal(strings.ToLower(in))
				q = q.WhereOr("LOWER(interests) LIKE ? ESCAPE '\\'", "%"+likeEscape(string(b))+"%")
			}
			return q
		}).OrderExpr("user_id").Limit(int64(limit))
	var rows []struct {
		UserID    string `bun:"user_id"`
		Interests string `bun:"interests"`
	}
	if err := q.Scan(ctx, &rows); err != nil {
		return nil, err
	}
	want := map[string]string{}
	for _, in := range mine {
		want[strings.ToLower(in)] = in
	}
	for _, row := range rows {
		for _, in := range decodeList(row.Interests) {
			if v, ok := want[strings.ToLower(in)]; ok {
				out[row.UserID] = append(out[row.UserID], v)
			}
		}
	}
	return out, nil
}

func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
