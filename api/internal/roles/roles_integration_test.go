package roles_test

import (
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"sojourn/api/internal/testkit"
)

type appBody struct {
	Data application `json:"data"`
}

type application struct {
	ID        string         `json:"id"`
	UserID    string         `json:"user_id"`
	Role      string         `json:"role"`
	Details   map[string]any `json:"details"`
	Status    string         `json:"status"`
	Reason    string         `json:"reason"`
	DecidedAt *string        `json:"decided_at"`
	Applicant *struct {
		ID       string `json:"id"`
		Email    string `json:"email"`
		Username string `json:"username"`
	} `json:"applicant"`
}

type listBody struct {
	Data []application `json:"data"`
	Meta struct {
		Total int `json:"total"`
	} `json:"meta"`
}

func apply(t *testing.T, e *testkit.Env, token, role string, details map[string]any) application {
	t.Helper()
	var b appBody
	e.Post("/api/v1/role-applications", token, map[string]any{"role": role, "details": details}).
		Expect(http.StatusCreated).JSON(&b)
	return b.Data
}

func TestIntegrationRoleApplications(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		kola := e.Register("kola@example.com", "kola")
		ngozi := e.Register("ngozi@example.com", "ngozi")

		a := apply(t, e, kola.AccessToken, "vendor", map[string]any{"business_name": "Kola Crafts",
			"links": []string{"https://kolacrafts.example"}, "motivation": "Sell handmade goods"})
		if a.Status != "pending" || a.UserID != kola.UserID || a.Details["business_name"] != "Kola Crafts" ||
			a.DecidedAt != nil || a.Applicant != nil {
			t.Fatalf("applied: %+v", a)
		}
		// One pending application per role; admin and user cannot be applied for; details must be an object.
		e.Post("/api/v1/role-applications", kola.AccessToken, map[string]any{"role": "vendor"}).
			Expect(http.StatusConflict)
		for _, role := range []string{"admin", "user", "pilot", ""} {
			e.Post("/api/v1/role-applications", kola.AccessToken, map[string]any{"role": role}).
				Expect(http.StatusUnprocessableEntity)
		}
		e.Post("/api/v1/role-applications", kola.AccessToken, map[string]any{"role": "writer", "details": "hi"}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/role-applications", kola.AccessToken, map[string]any{"role": "writer",
			"details": map[string]any{"bio": strings.Repeat("w", 9000)}}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/role-applications", "", map[string]any{"role": "writer"}).Expect(http.StatusUnauthorized)
		b := apply(t, e, ngozi.AccessToken, "therapist", map[string]any{"licence": "MDCN-2231"})

		// Each user sees only their own applications.
		var mine listBody
		e.Get("/api/v1/role-applications/mine", kola.AccessToken).Expect(http.StatusOK).JSON(&mine)
		if mine.Meta.Total != 1 || len(mine.Data) != 1 || mine.Data[0].ID != a.ID {
			t.Fatalf("kola's applications: %+v", mine)
		}
		e.Get("/api/v1/role-applications/mine", ngozi.AccessToken).Expect(http.StatusOK).JSON(&mine)
		if mine.Meta.Total != 1 || mine.Data[0].ID != b.ID {
			t.Fatalf("ngozi's applications: %+v", mine)
		}

		// The admin queue, filtered, with applicants.
		var q listBody
		e.Get("/api/v1/admin/role-applications?status=pending", admin.AccessToken).Expect(http.StatusOK).JSON(&q)
		if q.Meta.Total != 2 || q.Data[0].Applicant == nil || q.Data[0].Applicant.Email != "kola@example.com" ||
			q.Data[0].Applicant.Username != "kola" {
			t.Fatalf("queue: %+v", q)
		}
		e.Get("/api/v1/admin/role-applications?role=therapist", admin.AccessToken).Expect(http.StatusOK).JSON(&q)
		if q.Meta.Total != 1 || q.Data[0].ID != b.ID {
			t.Fatalf("therapist queue: %+v", q)
		}
		e.Get("/api/v1/admin/role-applications?status=open", admin.AccessToken).Expect(http.StatusUnprocessableEntity)

		// Deciding is admin-only: every other role is refused, anonymous callers too.
		for _, role := range []string{"affiliate", "car_dealer", "car_rental", "coach", "therapist", "tour_guide",
			"vendor", "writer", "recruiter", "user"} {
			s := e.Register(role+"@example.com", "u_"+role)
			if role != "user" {
				e.GrantRole(s.UserID, role)
			}
			e.Post("/api/v1/admin/role-applications/"+a.ID+"/approve", s.AccessToken, nil).Expect(http.StatusForbidden)
			e.Post("/api/v1/admin/role-applications/"+a.ID+"/reject", s.AccessToken,
				map[string]any{"reason": "Not good enough"}).Expect(http.StatusForbidden)
			e.Get("/api/v1/admin/role-applications", s.AccessToken).Expect(http.StatusForbidden)
		}
		e.Post("/api/v1/admin/role-applications/"+a.ID+"/approve", "", nil).Expect(http.StatusUnauthorized)
		e.Get("/api/v1/admin/role-applications", "").Expect(http.StatusUnauthorized)

		// Approve: the role is granted, the applicant is told, a second approval conflicts.
		var d appBody
		e.Post("/api/v1/admin/role-applications/"+a.ID+"/approve", admin.AccessToken, nil).
			Expect(http.StatusOK).JSON(&d)
		if d.Data.Status != "approved" || d.Data.DecidedAt == nil {
			t.Fatalf("approved: %+v", d.Data)
		}
		if !hasRole(t, e, kola.AccessToken, "vendor") {
			t.Fatal("the approved applicant does not hold the vendor role")
		}
		// The decision is a notification (always in-app for account news) and its email.
		if err := e.App.Notifications.DeliverPending(testkit.Ctx()); err != nil {
			t.Fatal(err)
		}
		ns := e.Get("/api/v1/notifications", kola.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(ns) != 1 || ns[0].(map[string]any)["type"] != "role.approved" || ns[0].(map[string]any)["portal"] != "vendor" {
			t.Fatalf("approval notification: %v", ns)
		}
		m := e.Mail("kola@example.com")
		if !strings.Contains(m.Subject, "approved") || !strings.Contains(m.BodyText, e.Config.PortalOrigin("vendor")) {
			t.Fatalf("approval mail: %+v", m)
		}
		e.Post("/api/v1/admin/role-applications/"+a.ID+"/approve", admin.AccessToken, nil).Expect(http.StatusConflict)
		e.Post("/api/v1/admin/role-applications/"+a.ID+"/reject", admin.AccessToken,
			map[string]any{"reason": "Changed my mind"}).Expect(http.StatusConflict)
		e.Post("/api/v1/role-applications", kola.AccessToken, map[string]any{"role": "vendor"}).
			Expect(http.StatusConflict)
		e.Post("/api/v1/admin/role-applications/0190b1a0-0000-7000-8000-000000000000/approve", admin.AccessToken, nil).
			Expect(http.StatusNotFound)

		// Reject needs a reason of 3-500 characters.
		e.Post("/api/v1/admin/role-applications/"+b.ID+"/reject", admin.AccessToken, map[string]any{}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/admin/role-applications/"+b.ID+"/reject", admin.AccessToken,
			map[string]any{"reason": "no"}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/admin/role-applications/"+b.ID+"/reject", admin.AccessToken,
			map[string]any{"reason": "The licence number could not be verified."}).Expect(http.StatusOK).JSON(&d)
		if d.Data.Status != "rejected" || d.Data.Reason != "The licence number could not be verified." {
			t.Fatalf("rejected: %+v", d.Data)
		}
		if hasRole(t, e, ngozi.AccessToken, "therapist") {
			t.Fatal("a rejected applicant got the role")
		}
		if err := e.App.Notifications.DeliverPending(testkit.Ctx()); err != nil {
			t.Fatal(err)
		}
		if m := e.Mail("ngozi@example.com"); !strings.Contains(m.BodyText, "could not be verified") {
			t.Fatalf("rejection mail: %+v", m)
		}
		// After a rejection the user may apply again.
		apply(t, e, ngozi.AccessToken, "therapist", map[string]any{"licence": "MDCN-2231-B"})

		// Both decisions are in the audit log.
		for _, action := range []string{"role_application.approve", "role_application.reject"} {
			var log listBody
			e.Get("/api/v1/admin/audit-log?action="+action, admin.AccessToken).Expect(http.StatusOK).JSON(&log)
			if log.Meta.Total != 1 {
				t.Fatalf("%s audit entries: %d", action, log.Meta.Total)
			}
		}
	})
}

func TestIntegrationConcurrentApprove(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		u := e.Register("tunde@example.com", "tunde")
		a := apply(t, e, u.AccessToken, "tour_guide", map[string]any{"experience": "10 years in Calabar"})

		const n = 5
		statuses := make([]int, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = e.Post("/api/v1/admin/role-applications/"+a.ID+"/approve", admin.AccessToken, nil).Status
			}()
		}
		wg.Wait()
		ok, conflict := 0, 0
		for _, s := range statuses {
			switch s {
			case http.StatusOK:
				ok++
			case http.StatusConflict:
				conflict++
			}
		}
		if ok != 1 || conflict != n-1 {
			t.Fatalf("statuses %v: want exactly one 200 and %d 409", statuses, n-1)
		}
		if !hasRole(t, e, u.AccessToken, "tour_guide") {
			t.Fatal("the role was not granted")
		}
		var log listBody
		e.Get("/api/v1/admin/audit-log?action=role_application.approve", admin.AccessToken).
			Expect(http.StatusOK).JSON(&log)
		if log.Meta.Total != 1 {
			t.Fatalf("audit entries: %d", log.Meta.Total)
		}
	})
}

// hasRole reads the caller's roles from GET /api/auth/user.
func hasRole(t *testing.T, e *testkit.Env, token, role string) bool {
	t.Helper()
	var body struct {
		User struct {
			Roles []string `json:"roles"`
		} `json:"user"`
	}
	e.Get("/api/auth/user", token).Expect(http.StatusOK).JSON(&body)
	return slices.Contains(body.User.Roles, role)
}
