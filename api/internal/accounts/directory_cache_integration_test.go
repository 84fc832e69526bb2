package accounts_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/testkit"
)

// The directory caches accounts for a few seconds: what this process changes
// shows at once, what another instance writes shows after the cache's TTL,
// and display names come fresh from the profiles.
func TestIntegrationDirectoryCache(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := testkit.Ctx()
		svc := e.App.Accounts
		admin := e.Admin("chief@example.com", "chief")
		s := e.Register("ada@example.com", "ada")

		expect := func(step, username, status, display string, roles ...string) {
			t.Helper()
			m, err := svc.Lookup(ctx, []string{s.UserID, "0190f1f2-0000-7000-8000-000000000000"})
			if err != nil {
				t.Fatalf("%s: lookup: %v", step, err)
			}
			p, ok := m[s.UserID]
			if !ok || len(m) != 1 || p.Username != username || p.Status != status || p.DisplayName != display ||
				p.Email != "ada@example.com" || !slices.Equal(p.Roles, roles) {
				t.Fatalf("%s: lookup %+v", step, m)
			}
			for _, h := range []string{username, "ADA@example.com"} {
				f, err := svc.FindByHandle(ctx, h)
				if err != nil || f.ID != s.UserID || f.Username != username || f.Status != status ||
					f.DisplayName != display || !slices.Equal(f.Roles, roles) {
					t.Fatalf("%s: find %q: %+v %v", step, h, f, err)
				}
			}
		}
		expect("first read", "ada", accounts.StatusActive, "", "user")
		// A caller changing the roles it was handed does not change the cache.
		m, _ := svc.Lookup(ctx, []string{s.UserID})
		m[s.UserID].Roles[0] = "admin"
		expect("after a caller's change", "ada", accounts.StatusActive, "", "user")

		// Another instance renames her (straight in the table): this process
		// keeps its cached account for at most a few seconds.
		if _, err := e.DB.NewUpdate().TableExpr("users").Set("username = ?", "ada_elsewhere").
			Set("username_lower = ?", "ada_elsewhere").Where("id = ?", s.UserID).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		expect("cached", "ada", accounts.StatusActive, "", "user")
		e.Clock.Advance(6 * time.Second)
		expect("after the TTL", "ada_elsewhere", accounts.StatusActive, "", "user")
		if _, err := svc.FindByHandle(ctx, "ada"); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("old username after the TTL: %v", err)
		}

		// This process's own changes show at once.
		if err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			return svc.ChangeUsername(ctx, tx, s.UserID, "ada.new")
		}); err != nil {
			t.Fatal(err)
		}
		expect("renamed", "ada.new", accounts.StatusActive, "", "user")
		if _, err := svc.FindByHandle(ctx, "ada_elsewhere"); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("previous username: %v", err)
		}
		if err := svc.GrantRole(ctx, e.DB, admin.UserID, s.UserID, "vendor"); err != nil {
			t.Fatal(err)
		}
		expect("granted", "ada.new", accounts.StatusActive, "", "user", "vendor")
		if err := svc.RevokeRole(ctx, e.DB, admin.UserID, s.UserID, "vendor"); err != nil {
			t.Fatal(err)
		}
		expect("revoked", "ada.new", accounts.StatusActive, "", "user")
		e.Patch("/api/v1/profile", s.AccessToken, map[string]any{"display_name": "Ada Obi"}).Expect(http.StatusOK)
		expect("display name", "ada.new", accounts.StatusActive, "Ada Obi", "user")
		e.Patch("/api/v1/admin/users/"+s.UserID, admin.AccessToken, map[string]any{"status": "suspended",
			"reason": "spam"}).Expect(http.StatusOK)
		expect("suspended", "ada.new", accounts.StatusSuspended, "Ada Obi", "user")
		e.Patch("/api/v1/admin/users/"+s.UserID, admin.AccessToken, map[string]any{"roles": []string{"coach"}}).
			Expect(http.StatusOK)
		expect("roles set by an admin", "ada.new", accounts.StatusSuspended, "Ada Obi", "coach", "user")

		// Unknown handles are not cached: a new account is found at once.
		if _, err := svc.FindByHandle(ctx, "newbie"); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("unknown: %v", err)
		}
		n := e.Register("newbie@example.com", "newbie")
		if p, err := svc.FindByHandle(ctx, "newbie"); err != nil || p.ID != n.UserID {
			t.Fatalf("new account: %+v %v", p, err)
		}
	})
}
