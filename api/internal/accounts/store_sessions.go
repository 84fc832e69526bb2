package accounts

// The queries of sessions, refresh tokens, sign-in failures and email tokens.

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/db"
)

func (st store) insertSession(ctx context.Context, idb bun.IDB, s *sessionRow) error {
	_, err := idb.NewInsert().Model(s).Exec(ctx)
	return err
}

func (st store) insertRefresh(ctx context.Context, idb bun.IDB, r *refreshRow) error {
	_, err := idb.NewInsert().Model(r).Exec(ctx)
	return err
}

func (st store) refreshByHash(ctx context.Context, idb bun.IDB, hash string) (*refreshRow, error) {
	r := new(refreshRow)
	err := idb.NewSelect().Model(r).Where("token_hash = ?", hash).Limit(1).Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	return r, nil
}

func (st store) sessionByID(ctx context.Context, idb bun.IDB, id string) (*sessionRow, error) {
	s := new(sessionRow)
	err := idb.NewSelect().Model(s).Where("id = ?", id).Limit(1).Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	return s, nil
}

// lockRefresh reads a refresh token by its hash and locks its row to the end
// of the transaction (PostgreSQL; SQLite serialises write transactions), so
// refreshes presenting the same token run one after the other, each reading
// what the previous one wrote.
func (st store) lockRefresh(ctx context.Context, idb bun.IDB, hash string) (*refreshRow, error) {
	r := new(refreshRow)
	q := idb.NewSelect().Model(r).Where("token_hash = ?", hash).Limit(1)
	if st.dialect == db.Postgres {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return r, nil
}

// spendRefresh marks a live refresh token used, only if nobody has spent or
// superseded it yet; it reports whether this call was the one that spent it.
func (st store) spendRefresh(ctx context.Context, idb bun.IDB, id string, now time.Time) (bool, error) {
	res, err := idb.NewUpdate().Model((*refreshRow)(nil)).Set("used_at = ?", now).
		Where("id = ?", id).Where("used_at IS NULL").Where("superseded_at IS NULL").Exec(ctx)
	return changedOne(res, err)
}

// supersedeRefresh retires a live refresh token that was never used (its
// parent was presented again within the reuse grace), only if it is still
// unused; it reports whether this call retired it.
func (st store) supersedeRefresh(ctx context.Context, idb bun.IDB, id string, now time.Time) (bool, error) {
	res, err := idb.NewUpdate().Model((*refreshRow)(nil)).Set("superseded_at = ?", now).
		Where("id = ?", id).Where("used_at IS NULL").Where("superseded_at IS NULL").Exec(ctx)
	return changedOne(res, err)
}

// setSuccessor records the token issued for a spent one.
func (st store) setSuccessor(ctx context.Context, idb bun.IDB, id, successorID string) error {
	_, err := idb.NewUpdate().Model((*refreshRow)(nil)).Set("successor_id = ?", successorID).
		Where("id = ?", id).Exec(ctx)
	return err
}

// changedOne reports whether a conditional update changed its one row.
func changedOne(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (st store) touchSession(ctx context.Context, idb bun.IDB, id string, now time.Time) error {
	_, err := idb.NewUpdate().Model((*sessionRow)(nil)).Set("last_used_at = ?", now).Where("id = ?", id).Exec(ctx)
	return err
}

func (st store) revokeSession(ctx context.Context, idb bun.IDB, id, reason string, now time.Time) error {
	_, err := idb.NewUpdate().Model((*sessionRow)(nil)).Set("revoked_at = ?", now).Set("revoke_reason = ?", reason).
		Where("id = ?", id).Where("revoked_at IS NULL").Exec(ctx)
	return err
}

// authState reads what the authenticator checks, in one round trip. The role
// aggregate is the one place the dialects differ.
func (st store) authState(ctx context.Context, idb bun.IDB, userID, sessionID string, now time.Time) (string, []string, bool, error) {
	agg := st.rolesAgg()
	var row struct {
		Status string         `bun:"status"`
		Roles  sql.NullString `bun:"roles"`
		Live   int            `bun:"live"`
	}
	err := idb.NewRaw(`SELECT u.status,
		(SELECT `+agg+` FROM user_roles r WHERE r.user_id = u.id) AS roles,
		CASE WHEN EXISTS (SELECT 1 FROM sessions s WHERE s.id = ? AND s.user_id = u.id
			AND s.revoked_at IS NULL AND s.expires_at > ?) THEN 1 ELSE 0 END AS live
		FROM users u WHERE u.id = ?`, sessionID, now, userID).Scan(ctx, &row)
	if err != nil {
		return "", nil, false, notFound(err)
	}
	var roles []string
	if row.Roles.Valid && row.Roles.String != "" {
		roles = strings.Split(row.Roles.String, ",")
		sort.Strings(roles)
	}
	return row.Status, roles, row.Live == 1, nil
}

// revokeUserSessions revokes every live session of a user except keep ("" keeps none).
func (st store) revokeUserSessions(ctx context.Context, idb bun.IDB, userID, keep, reason string, now time.Time) error {
	q := idb.NewUpdate().Model((*sessionRow)(nil)).Set("revoked_at = ?", now).Set("revoke_reason = ?", reason).
		Where("user_id = ?", userID).Where("revoked_at IS NULL")
	if keep != "" {
		q = q.Where("id <> ?", keep)
	}
	_, err := q.Exec(ctx)
	return err
}

func (st store) countActiveSessions(ctx context.Context, idb bun.IDB, userID string, now time.Time) (int, error) {
	n, err := idb.NewSelect().Model((*sessionRow)(nil)).Where("user_id = ?", userID).
		Where("revoked_at IS NULL").Where("expires_at > ?", now).Count(ctx)
	return int(n), err
}

// liveSessions are a user's live sessions, most recently used first.
func (st store) liveSessions(ctx context.Context, idb bun.IDB, userID string, now time.Time, limit int64) ([]sessionRow, error) {
	var rows []sessionRow
	err := idb.NewSelect().Model(&rows).Where("user_id = ?", userID).Where("revoked_at IS NULL").
		Where("expires_at > ?", now).OrderExpr("last_used_at DESC, id DESC").Limit(limit).Scan(ctx)
	return rows, err
}

// recentFailures returns the times of the newest failures for an email since
// a cutoff, newest first, at most limit of them.
func (st store) recentFailures(ctx context.Context, idb bun.IDB, emailLower string, since time.Time, limit int) ([]time.Time, error) {
	var rows []failureRow
	err := idb.NewSelect().Model(&rows).Column("created_at").Where("email_lower = ?", emailLower).
		Where("created_at > ?", since).OrderExpr("created_at DESC").Limit(int64(limit)).Scan(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]time.Time, len(rows))
	for i, r := range rows {
		out[i] = r.CreatedAt.UTC()
	}
	return out, nil
}

func (st store) insertFailure(ctx context.Context, idb bun.IDB, f *failureRow) error {
	_, err := idb.NewInsert().Model(f).Exec(ctx)
	return err
}

// errLockedOut: countAttempt found the window full.
var errLockedOut = errors.New("accounts: sign-in locked")

// countAttempt counts a sign-in attempt before its password is checked: in
// one transaction, serialised per address (PostgreSQL: a transaction-scoped
// advisory lock on the address; SQLite: the attempt's insert takes the
// database's write lock, held to the commit), it writes the attempt and
// counts the window. With more than max attempts in the window it rolls back
// (the refused attempt leaves no row) and answers errLockedOut with the
// window's newest max attempts besides this one, newest first.
func (st store) countAttempt(ctx context.Context, d *db.DB, a *failureRow, since time.Time, max int) ([]time.Time, error) {
	var recent []time.Time
	err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if st.dialect == db.Postgres {
			if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))",
				"login:"+a.EmailLower); err != nil {
				return err
			}
		}
		if err := st.insertFailure(ctx, tx, a); err != nil {
			return err
		}
		var err error
		if recent, err = st.recentFailures(ctx, tx, a.EmailLower, since, max+1); err != nil {
			return err
		}
		if len(recent) > max {
			return errLockedOut
		}
		return nil
	})
	if errors.Is(err, errLockedOut) {
		// The refused attempt is the newest (it is written at now), so
		// the others are the rest.
		return recent[1:], err
	}
	return recent, err
}

// clearFailuresUpTo removes an email's attempts written up to and including
// id (ids are time-ordered UUIDv7): those still being checked in parallel
// keep counting.
func (st store) clearFailuresUpTo(ctx context.Context, idb bun.IDB, emailLower, id string) error {
	_, err := idb.NewDelete().Model((*failureRow)(nil)).Where("email_lower = ?", emailLower).
		Where("id <= ?", id).Exec(ctx)
	return err
}

func (st store) clearFailures(ctx context.Context, idb bun.IDB, emailLower string) error {
	_, err := idb.NewDelete().Model((*failureRow)(nil)).Where("email_lower = ?", emailLower).Exec(ctx)
	return err
}

func (st store) insertEmailToken(ctx context.Context, idb bun.IDB, t *emailTokenRow) error {
	_, err := idb.NewInsert().Model(t).Exec(ctx)
	return err
}

func (st store) emailTokenByHash(ctx context.Context, idb bun.IDB, purpose, hash string) (*emailTokenRow, error) {
	t := new(emailTokenRow)
	err := idb.NewSelect().Model(t).Where("token_hash = ?", hash).Where("purpose = ?", purpose).Limit(1).Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	return t, nil
}

// spendEmailToken marks a token used, only if nobody has yet.
func (st store) spendEmailToken(ctx context.Context, idb bun.IDB, id string, now time.Time) (bool, error) {
	res, err := idb.NewUpdate().Model((*emailTokenRow)(nil)).Set("used_at = ?", now).
		Where("id = ?", id).Where("used_at IS NULL").Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// spendUserTokens retires every unused token of a purpose for a user (after a
// reset, older reset links must stop working).
func (st store) spendUserTokens(ctx context.Context, idb bun.IDB, userID, purpose string, now time.Time) error {
	_, err := idb.NewUpdate().Model((*emailTokenRow)(nil)).Set("used_at = ?", now).
		Where("user_id = ?", userID).Where("purpose = ?", purpose).Where("used_at IS NULL").Exec(ctx)
	return err
}
