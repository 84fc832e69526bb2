package accounts

import (
	"context"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/roledef"
)

// ListUsers is the admin's paged, filtered list of accounts.
func (s *Service) ListUsers(ctx context.Context, f UserFilter, limit, offset int64) ([]User, int, error) {
	fs := apperr.Fields{}
	f.Q, f.Role, f.Status = strings.TrimSpace(f.Q), strings.TrimSpace(f.Role), strings.TrimSpace(f.Status)
	fs.Check(f.Role == "" || roledef.Known(f.Role), "role", "is not a known role")
	fs.Check(f.Status == "" || f.Status == statusActive || f.Status == statusSuspended, "status", "must be active or suspended")
	fs.Check(len(f.Q) <= 254, "q", "must be at most 254 characters")
	if err := fs.Err(); err != nil {
		return nil, 0, err
	}
	rows, total, err := s.st.listUsers(ctx, s.c.DB.DB, f, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	idList := make([]string, len(rows))
	for i := range rows {
		idList[i] = rows[i].ID
	}
	rs, err := s.st.rolesOf(ctx, s.c.DB.DB, idList...)
	if err != nil {
		return nil, 0, err
	}
	out := make([]User, 0, len(rows))
	for i := range rows {
		p, err := s.profile(ctx, rows[i].ID)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, toUser(&rows[i], rs[rows[i].ID], p))
	}
	return out, total, nil
}

// GetUser is one account as an admin sees it.
func (s *Service) GetUser(ctx context.Context, userID string) (AdminUser, error) {
	if !ids.Valid(userID) {
		return AdminUser{}, errUserNotFound
	}
	u, err := s.st.userByID(ctx, s.c.DB.DB, userID)
	if err != nil {
		return AdminUser{}, userErr(err)
	}
	rs, err := s.st.rolesOf(ctx, s.c.DB.DB, userID)
	if err != nil {
		return AdminUser{}, err
	}
	p, err := s.profile(ctx, userID)
	if err != nil {
		return AdminUser{}, err
	}
	n, err := s.st.countActiveSessions(ctx, s.c.DB.DB, userID, s.now())
	if err != nil {
		return AdminUser{}, err
	}
	live, err := s.st.liveSessions(ctx, s.c.DB.DB, userID, s.now(), maxAdminSessions)
	if err != nil {
		return AdminUser{}, err
	}
	out := toAdminUser(u, rs[userID], p, n)
	for _, r := range live {
		out.Sessions = append(out.Sessions, SessionDTO{ID: r.ID, CreatedAt: r.CreatedAt.UTC(),
			LastUsedAt: r.LastUsedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC(), IP: r.IP, UserAgent: r.UserAgent})
	}
	return out, nil
}

// maxAdminSessions bounds the live sessions GetUser lists.
const maxAdminSessions = 20

// UpdateUser suspends, reinstates or sets the roles of an account. Every
// change is audit-logged in the same transaction; suspension revokes every
// session. Admins cannot suspend themselves or drop their own admin role.
func (s *Service) UpdateUser(ctx context.Context, actorID, userID string, in UpdateUserInput, ip string) (AdminUser, error) {
	if !ids.Valid(userID) {
		return AdminUser{}, errUserNotFound
	}
	f := apperr.Fields{}
	if in.Status != nil {
		f.Check(*in.Status == statusActive || *in.Status == statusSuspended, "status", "must be active or suspended")
	}
	var want []string
	if in.Roles != nil {
		for _, r := range *in.Roles {
			if !roledef.Known(r) {
				f.Add("roles", "holds an unknown role: "+r)
				continue
			}
			if r != roledef.User && !slices.Contains(want, r) {
				want = append(want, r)
			}
		}
	}
	in.Reason = strings.TrimSpace(in.Reason)
	f.Check(len([]rune(in.Reason)) <= 500, "reason", "must be at most 500 characters")
	if err := f.Err(); err != nil {
		return AdminUser{}, err
	}
	if actorID == userID {
		if in.Status != nil && *in.Status == statusSuspended {
			return AdminUser{}, errSelfSuspend
		}
		if in.Roles != nil && !slices.Contains(want, roledef.Admin) {
			return AdminUser{}, errSelfDemote
		}
	}
	now := s.now()
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		u, err := s.st.userByIDForUpdate(ctx, tx, userID)
		if err != nil {
			return userErr(err)
		}
		record := func(action string, details map[string]any) error {
			return s.audit.Record(ctx, tx, audit.Event{ActorID: actorID, Action: action, TargetType: "user",
				TargetID: userID, Details: details, IP: ip})
		}
		if in.Status != nil && *in.Status != u.Status {
			if err := s.st.setStatus(ctx, tx, userID, *in.Status, in.Reason, now); err != nil {
				return err
			}
			action := "user.reinstate"
			if *in.Status == statusSuspended {
				action = "user.suspend"
				if err := s.st.revokeUserSessions(ctx, tx, userID, "", "suspended", now); err != nil {
					return err
				}
			}
			if err := record(action, map[string]any{"reason": in.Reason}); err != nil {
				return err
			}
		}
		if in.Roles == nil {
			return nil
		}
		rs, err := s.st.rolesOf(ctx, tx, userID)
		if err != nil {
			return err
		}
		have := rs[userID]
		for _, r := range want {
			if slices.Contains(have, r) {
				continue
			}
			if _, err := s.st.addRole(ctx, tx, userID, r, optional(actorID), now); err != nil {
				return err
			}
			if err := record("role.grant", map[string]any{"role": r, "reason": in.Reason}); err != nil {
				return err
			}
		}
		for _, r := range have {
			if slices.Contains(want, r) {
				continue
			}
			if _, err := s.st.removeRole(ctx, tx, userID, r); err != nil {
				return err
			}
			if err := record("role.revoke", map[string]any{"role": r, "reason": in.Reason}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return AdminUser{}, err
	}
	s.invalidate(userID)
	return s.GetUser(ctx, userID)
}
