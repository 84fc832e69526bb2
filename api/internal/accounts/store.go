package accounts

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
)

// store holds the bun queries of the accounts tables. Every method takes the
// bun.IDB to run on, so callers choose between the pool and a transaction.
type store struct {
	dialect db.Dialect
}

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.ErrNotFound
	}
	return err
}

// uniqueField names the column of a unique violation ("email" or "username"),
// or "" when err is not one.
func uniqueField(err error) string {
	if !db.IsUniqueViolation(err) {
		return ""
	}
	if strings.Contains(err.Error(), "username") {
		return "username"
	}
	return "email"
}

// ---- users

func (st store) insertUser(ctx context.Context, idb bun.IDB, u *userRow) error {
	_, err := idb.NewInsert().Model(u).Exec(ctx)
	if f := uniqueField(err); f != "" {
		return conflictOn(f)
	}
	return err
}

func conflictOn(field string) error {
	if field == "username" {
		return conflictField("username", "is already taken")
	}
	return conflictField("email", "is already registered")
}

func (st store) userByID(ctx context.Context, idb bun.IDB, id string) (*userRow, error) {
	u := new(userRow)
	err := idb.NewSelect().Model(u).Where("id = ?", id).Limit(1).Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	return u, nil
}

// userByIDForUpdate locks the row where the dialect can (PostgreSQL).
func (st store) userByIDForUpdate(ctx context.Context, idb bun.IDB, id string) (*userRow, error) {
	u := new(userRow)
	q := idb.NewSelect().Model(u).Where("id = ?", id).Limit(1)
	if st.dialect == db.Postgres {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return u, nil
}

func (st store) userByEmail(ctx context.Context, idb bun.IDB, emailLower string) (*userRow, error) {
	u := new(userRow)
	err := idb.NewSelect().Model(u).Where("email_lower = ?", emailLower).Limit(1).Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	return u, nil
}

func (st store) userStatus(ctx context.Context, idb bun.IDB, id string) (string, error) {
	var status string
	err := idb.NewSelect().Model((*userRow)(nil)).Column("status").Where("id = ?", id).Limit(1).Scan(ctx, &status)
	return status, notFound(err)
}

func (st store) setUsername(ctx context.Context, idb bun.IDB, id, username string, now time.Time) error {
	res, err := idb.NewUpdate().Model((*userRow)(nil)).
		Set("username = ?", username).Set("username_lower = ?", strings.ToLower(username)).
		Set("updated_at = ?", now).Where("id = ?", id).Exec(ctx)
	if f := uniqueField(err); f != "" {
		return conflictOn(f)
	}
	if err != nil {
		return err
	}
	return oneRow(res)
}

func (st store) setPassword(ctx context.Context, idb bun.IDB, id, hash string, now time.Time) error {
	_, err := idb.NewUpdate().Model((*userRow)(nil)).Set("password_hash = ?", hash).Set("updated_at = ?", now).
		Where("id = ?", id).Exec(ctx)
	return err
}

func (st store) markVerified(ctx context.Context, idb bun.IDB, id string, now time.Time) error {
	_, err := idb.NewUpdate().Model((*userRow)(nil)).Set("email_verified_at = ?", now).Set("updated_at = ?", now).
		Where("id = ?", id).Where("email_verified_at IS NULL").Exec(ctx)
	return err
}

func (st store) setStatus(ctx context.Context, idb bun.IDB, id, status, reason string, now time.Time) error {
	_, err := idb.NewUpdate().Model((*userRow)(nil)).Set("status = ?", status).Set("status_reason = ?", reason).
		Set("updated_at = ?", now).Where("id = ?", id).Exec(ctx)
	return err
}

// listUsers returns a page of accounts, newest first.
func (st store) listUsers(ctx context.Context, idb bun.IDB, f UserFilter, limit, offset int64) ([]userRow, int, error) {
	var us []userRow
	q := idb.NewSelect().Model(&us).OrderExpr("created_at DESC, id DESC").Limit(limit).Offset(offset)
	if f.Q != "" {
		like := "%" + escapeLike(strings.ToLower(f.Q)) + "%"
		q = q.WhereGroup(" AND ", func(s *bun.SelectQuery) *bun.SelectQuery {
			return s.Where(`email_lower LIKE ? ESCAPE '\'`, like).WhereOr(`username_lower LIKE ? ESCAPE '\'`, like)
		})
	}
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	if f.Role != "" && f.Role != "user" {
		q = q.Where("EXISTS (SELECT 1 FROM user_roles AS ur WHERE ur.user_id = u.id AND ur.role = ?)", f.Role)
	}
	n, err := q.ScanAndCount(ctx)
	return us, int(n), err
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// rolesAgg is the SQL aggregate joining one user's stored roles with ','
// (the one place the dialects differ here).
func (st store) rolesAgg() string {
	if st.dialect == db.Postgres {
		return "string_agg(r.role, ',')"
	}
	return "group_concat(r.role, ',')"
}

// personSelect reads what a Person needs of users and user_roles in one query.
func (st store) personSelect(idb bun.IDB) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("users AS u").Column("u.id", "u.username", "u.email", "u.status", "u.email_verified_at").
		ColumnExpr("(SELECT " + st.rolesAgg() + " FROM user_roles r WHERE r.user_id = u.id) AS roles")
}

// people reads the accounts with the given ids.
func (st store) people(ctx context.Context, idb bun.IDB, ids []string) ([]personRow, error) {
	var rows []personRow
	q := st.personSelect(idb)
	if len(ids) == 1 {
		q = q.Where("u.id = ?", ids[0])
	} else {
		q = q.Where("u.id IN (?)", bun.In(ids))
	}
	return rows, q.Scan(ctx, &rows)
}

// personByHandle reads the account with the lower-cased email or username.
func (st store) personByHandle(ctx context.Context, idb bun.IDB, lower string, email bool) (personRow, error) {
	col := "u.username_lower"
	if email {
		col = "u.email_lower"
	}
	var row personRow
	err := st.personSelect(idb).Where("? = ?", bun.Ident(col), lower).Limit(1).Scan(ctx, &row)
	return row, notFound(err)
}

// searchPeople finds accounts whose email or username contains q (lower case).
func (st store) searchPeople(ctx context.Context, idb bun.IDB, q string, limit int) ([]personRow, error) {
	var rows []personRow
	like := "%" + escapeLike(q) + "%"
	err := st.personSelect(idb).
		WhereGroup(" AND ", func(s *bun.SelectQuery) *bun.SelectQuery {
			return s.Where(`u.email_lower LIKE ? ESCAPE '\'`, like).WhereOr(`u.username_lower LIKE ? ESCAPE '\'`, like)
		}).OrderExpr("u.username_lower ASC, u.id ASC").Limit(int64(limit)).Scan(ctx, &rows)
	return rows, err
}

// ---- roles

// rolesOf returns the stored roles of each user.
func (st store) rolesOf(ctx context.Context, idb bun.IDB, userIDs ...string) (map[string][]string, error) {
	out := make(map[string][]string, len(userIDs))
	if len(userIDs) == 0 {
		return out, nil
	}
	var rows []roleRow
	q := idb.NewSelect().Model(&rows).Column("user_id", "role").OrderExpr("role ASC")
	if len(userIDs) == 1 {
		q = q.Where("user_id = ?", userIDs[0])
	} else {
		q = q.Where("user_id IN (?)", bun.In(userIDs))
	}
	if err := q.Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.UserID] = append(out[r.UserID], r.Role)
	}
	return out, nil
}

// addRole stores a role; it reports false when the user already held it.
func (st store) addRole(ctx context.Context, idb bun.IDB, userID, role string, by *string, now time.Time) (bool, error) {
	res, err := idb.NewInsert().Model(&roleRow{UserID: userID, Role: role, GrantedAt: now, GrantedBy: by}).
		On("CONFLICT DO NOTHING").Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (st store) removeRole(ctx context.Context, idb bun.IDB, userID, role string) (bool, error) {
	res, err := idb.NewDelete().Model((*roleRow)(nil)).Where("user_id = ?", userID).Where("role = ?", role).Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

func oneRow(res sql.Result) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return apperr.ErrNotFound
	}
	return nil
}
