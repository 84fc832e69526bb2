package accounts

import (
	"context"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/roledef"
)

// ChangeUsername renames a user inside the caller's transaction: 422
// {"username"} when the name breaks the rules, 409 when it is taken.
func (s *Service) ChangeUsername(ctx context.Context, idb bun.IDB, userID, username string) error {
	username = normUsername(username)
	if p := usernameProblem(username); p != "" {
		return apperr.Validation(map[string]string{"username": p})
	}
	err := s.st.setUsername(ctx, idb, userID, username, s.now())
	s.people.drop(userID)
	return userErr(err)
}

// GrantRole gives a user a role inside the caller's transaction. Granting a
// role the user holds already does nothing; a new grant is audit-logged.
func (s *Service) GrantRole(ctx context.Context, idb bun.IDB, actorID, userID, role string) error {
	if !roledef.Known(role) {
		return apperr.Validation(map[string]string{"role": "is not a known role"})
	}
	if _, err := s.st.userByID(ctx, idb, userID); err != nil {
		return userErr(err)
	}
	if role == roledef.User {
		return nil
	}
	added, err := s.st.addRole(ctx, idb, userID, role, optional(actorID), s.now())
	if err != nil {
		return err
	}
	if added {
		if err := s.audit.Record(ctx, idb, audit.Event{ActorID: actorID, Action: "role.grant", TargetType: "user",
			TargetID: userID, Details: map[string]any{"role": role}}); err != nil {
			return err
		}
	}
	s.invalidate(userID)
	return nil
}

// RevokeRole takes a role from a user inside the caller's transaction; "user"
// cannot be taken. Revoking a role the user lacks does nothing.
func (s *Service) RevokeRole(ctx context.Context, idb bun.IDB, actorID, userID, role string) error {
	if !roledef.Known(role) || role == roledef.User {
		return apperr.Validation(map[string]string{"role": "is not a role that can be revoked"})
	}
	if _, err := s.st.userByID(ctx, idb, userID); err != nil {
		return userErr(err)
	}
	removed, err := s.st.removeRole(ctx, idb, userID, role)
	if err != nil {
		return err
	}
	if removed {
		if err := s.audit.Record(ctx, idb, audit.Event{ActorID: actorID, Action: "role.revoke", TargetType: "user",
			TargetID: userID, Details: map[string]any{"role": role}}); err != nil {
			return err
		}
	}
	s.invalidate(userID)
	return nil
}
