package accounts

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// Refresh spends a refresh token for a new pair.
//
// Refresh tokens are single use: spending one issues its successor (recorded
// on the spent row). A spent token presented again is reuse, the sign of a
// copy in someone else's hands: the whole session is revoked, so the thief's
// copy and the owner's newest token both stop working.
//
// One exception, the reuse grace (Settings.RefreshReuseGrace, 30 s by
// default, 0 turns it off): within that time of the spend, while its
// successor has not been used, the spent token is taken as its owner asking
// again for a reply that never arrived (a page reloaded while its refresh was
// in flight, a request retried after a timeout). The unused successor is
// superseded and a new one issued in its place, so the session still has
// exactly one live refresh token. The window runs from the first spend and is
// never extended. Reuse is still detected around it:
//
//   - after the grace, or once the successor was used, the spent token revokes
//     the session;
//   - a superseded token revokes the session whenever it is presented: if a
//     thief re-presented the spent token within the grace, the owner's
//     superseded one ends the thief's session too.
//
// The database decides: the presented token's row is locked (PostgreSQL;
// SQLite serialises write transactions) and spending or superseding is a
// conditional update. Parallel refreshes with one token therefore run one
// after the other: the first spends it, each later one (within the grace)
// supersedes the successor the previous one issued, and the last one holds
// the session's only live token. A successor spent at the same time as its
// parent is presented again fails one of the two conditions: reuse.
func (s *Service) Refresh(ctx context.Context, raw string, m ClientMeta) (*LoginResponse, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, apperr.Validation(map[string]string{"refresh_token": "is required"})
	}
	now := s.now()
	var (
		sess     *sessionRow
		u        *userRow
		next     string
		replaced bool
	)
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		rt, err := s.st.lockRefresh(ctx, tx, ids.Hash(raw))
		if errors.Is(err, apperr.ErrNotFound) {
			return errBadRefresh
		}
		if err != nil {
			return err
		}
		if sess, err = s.st.sessionByID(ctx, tx, rt.SessionID); err != nil {
			return userErr(err)
		}
		replaced = rt.UsedAt != nil
		if rt.SupersededAt != nil || (replaced && !s.inGrace(rt, now)) {
			return errReuse
		}
		if sess.RevokedAt != nil || !now.Before(sess.ExpiresAt) || (!replaced && !now.Before(rt.ExpiresAt)) {
			return errBadRefresh
		}
		if u, err = s.st.userByID(ctx, tx, sess.UserID); err != nil {
			return errBadRefresh
		}
		if u.Status != statusActive {
			return errSuspended
		}
		var ok bool
		if replaced {
			ok, err = s.st.supersedeRefresh(ctx, tx, *rt.SuccessorID, now)
		} else {
			ok, err = s.st.spendRefresh(ctx, tx, rt.ID, now)
		}
		if err != nil {
			return err
		}
		if !ok {
			return errReuse // the successor was used (or the token spent) meanwhile
		}
		if err := s.st.touchSession(ctx, tx, sess.ID, now); err != nil {
			return err
		}
		var nextID string
		if next, nextID, err = s.newRefresh(ctx, tx, sess.ID, sess.ExpiresAt, now); err != nil {
			return err
		}
		return s.st.setSuccessor(ctx, tx, rt.ID, nextID)
	})
	if errors.Is(err, errReuse) {
		return nil, s.reuse(ctx, sess, m, now)
	}
	if err != nil {
		return nil, err
	}
	if replaced {
		s.c.Log.Info("spent refresh token presented again within the reuse grace: its unused successor was replaced",
			"user_id", sess.UserID, "session_id", sess.ID, "ip", m.IP)
	}
	return s.loginResponse(ctx, u, sess.ID, next)
}

// inGrace reports whether a spent refresh token may be exchanged again: it
// was spent by a rotation that recorded its successor, less than the reuse
// grace ago.
func (s *Service) inGrace(rt *refreshRow, now time.Time) bool {
	g := s.c.Settings.RefreshReuseGrace
	return g > 0 && rt.UsedAt != nil && rt.SuccessorID != nil && now.Sub(*rt.UsedAt) < g
}

func (s *Service) reuse(ctx context.Context, sess *sessionRow, m ClientMeta, now time.Time) error {
	if err := s.st.revokeSession(ctx, s.c.DB.DB, sess.ID, "refresh_token_reuse", now); err != nil {
		return err
	}
	s.invalidateSession(sess.ID)
	s.c.Log.Warn("refresh token reuse: session revoked", "user_id", sess.UserID, "session_id", sess.ID, "ip", m.IP)
	return errBadRefresh
}
