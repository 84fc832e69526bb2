package accounts_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"testing"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/testkit"
)

func TestIntegrationServiceForOtherDomains(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := testkit.Ctx()
		svc := e.App.Accounts
		admin := e.Admin("chief@example.com", "chief")
		s := e.Register("tobi@example.com", "tobi")

		// GrantRole inside a caller's transaction: idempotent, audit-logged once,
		// and the user's live token gets the role at once.
		for i := 0; i < 2; i++ {
			err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
				return svc.GrantRole(ctx, tx, admin.UserID, s.UserID, "tour_guide")
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		roles, err := svc.Roles(ctx, s.UserID)
		if err != nil || !slices.Equal(roles, []string{"tour_guide", "user"}) {
			t.Fatalf("roles %v %v", roles, err)
		}
		n, err := e.DB.NewSelect().TableExpr("audit_log").Where("target_id = ? AND action = 'role.grant'", s.UserID).Count(ctx)
		if err != nil || n != 1 {
			t.Fatalf("audit rows %d %v", n, err)
		}
		if err := svc.GrantRole(ctx, e.DB, admin.UserID, s.UserID, "wizard"); !apperr.Is(err, apperr.CodeValidation) {
			t.Fatalf("unknown role: %v", err)
		}
		if err := svc.GrantRole(ctx, e.DB, admin.UserID, "0190f1f2-0000-7000-8000-000000000000", "vendor"); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("unknown user: %v", err)
		}
		st, err := svc.UserState(ctx, s.UserID)
		if err != nil || !st.Active || !slices.Contains(st.Roles, "tour_guide") {
			t.Fatalf("state %+v %v", st, err)
		}
		if _, err := svc.UserState(ctx, "0190f1f2-0000-7000-8000-000000000000"); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("unknown state: %v", err)
		}
		if err := svc.RevokeRole(ctx, e.DB, admin.UserID, s.UserID, "tour_guide"); err != nil {
			t.Fatal(err)
		}
		if roles, _ := svc.Roles(ctx, s.UserID); !slices.Equal(roles, []string{"user"}) {
			t.Fatalf("after revoke: %v", roles)
		}

		// ChangeUsername: rules (422 on "username") and uniqueness (409).
		if err := svc.ChangeUsername(ctx, e.DB, s.UserID, "no"); !apperr.Is(err, apperr.CodeValidation) {
			t.Fatalf("short username: %v", err)
		}
		if err := svc.ChangeUsername(ctx, e.DB, s.UserID, "CHIEF"); !apperr.Is(err, apperr.CodeConflict) {
			t.Fatalf("taken username: %v", err)
		}
		if err := svc.ChangeUsername(ctx, e.DB, s.UserID, "tobi.new"); err != nil {
			t.Fatal(err)
		}
		who, err := svc.Person(ctx, s.UserID)
		if err != nil || who.ID != s.UserID || who.Email != "tobi@example.com" || who.Username != "tobi.new" ||
			who.Status != accounts.StatusActive || !slices.Equal(who.Roles, []string{"user"}) {
			t.Fatalf("person %+v %v", who, err)
		}

		// CreateUser (the seeder): verified, with roles; duplicates conflict.
		u, err := svc.CreateUser(ctx, accounts.CreateUserInput{Email: "guide@example.com", Username: "guide",
			Password: "Passw0rd!demo", Verified: true, Roles: []string{"tour_guide"}})
		if err != nil || !u.EmailVerified || !slices.Equal(u.Roles, []string{"tour_guide", "user"}) {
			t.Fatalf("create %+v %v", u, err)
		}
		if _, err := svc.CreateUser(ctx, accounts.CreateUserInput{Email: "GUIDE@example.com", Username: "guide2",
			Password: "Passw0rd!demo"}); !apperr.Is(err, apperr.CodeConflict) {
			t.Fatalf("duplicate: %v", err)
		}
		e.Login("guide@example.com", "Passw0rd!demo")
		e.Get("/api/v1/admin/users?role=tour_guide", admin.AccessToken).Expect(http.StatusOK)
	})
}
