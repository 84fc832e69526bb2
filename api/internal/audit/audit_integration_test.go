package audit_test

import (
	"net/http"
	"testing"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/testkit"
)

type listBody struct {
	Data []audit.EntryDTO `json:"data"`
	Meta struct {
		Total int `json:"total"`
	} `json:"meta"`
}

// The admin's audit log names the people and products its entries are about
// and filters by person (made by or about them) and event type.
func TestIntegrationAuditLogNamesAndFilters(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("boss@example.com", "boss")
		kola := e.Register("kola@example.com", "kola")
		ngozi := e.Register("ngozi@example.com", "ngozi")
		e.Patch("/api/v1/profile", kola.AccessToken, map[string]any{"display_name": "Kola Adeyemi"}).Expect(http.StatusOK)

		// Kola applies and is approved; Ngozi is suspended; a gift-card product is created.
		var app struct {
			Data struct {
				ID string `json:"id"`
			} `json:"data"`
		}
		e.Post("/api/v1/role-applications", kola.AccessToken, map[string]any{"role": "writer",
			"details": map[string]any{"bio": "Travel writer"}}).Expect(http.StatusCreated).JSON(&app)
		e.Post("/api/v1/admin/role-applications/"+app.Data.ID+"/approve", admin.AccessToken, nil).Expect(http.StatusOK)
		e.Patch("/api/v1/admin/users/"+ngozi.UserID, admin.AccessToken, map[string]any{"status": "suspended",
			"reason": "Chargebacks"}).Expect(http.StatusOK)
		e.Post("/api/v1/admin/gift-cards/products", admin.AccessToken, map[string]any{"name": "Lagos Weekend",
			"currency": "NGN", "denominations": []int{500000}}).Expect(http.StatusCreated)

		var all listBody
		e.Get("/api/v1/admin/audit-log", admin.AccessToken).Expect(http.StatusOK).JSON(&all)
		byAction := map[string]audit.EntryDTO{}
		for _, x := range all.Data {
			byAction[x.Action] = x
		}
		approve, suspend, product := byAction["role_application.approve"], byAction["user.suspend"],
			byAction["gift_card_product.create"]
		if approve.Actor == nil || approve.Actor.Username != "boss" || approve.Subject == nil ||
			approve.Subject.DisplayName != "Kola Adeyemi" || approve.Subject.ID != kola.UserID {
			t.Fatalf("approval not named: %+v", approve)
		}
		if suspend.Subject == nil || suspend.Subject.Username != "ngozi" || suspend.TargetLabel == nil ||
			*suspend.TargetLabel != "ngozi" {
			t.Fatalf("suspension not named: %+v", suspend)
		}
		if product.TargetLabel == nil || *product.TargetLabel != "Lagos Weekend" || product.Subject != nil {
			t.Fatalf("product not named: %+v", product)
		}

		// Everything about Kola: the approval (and the role it granted), nothing about Ngozi.
		var kolas listBody
		e.Get("/api/v1/admin/audit-log?person="+kola.UserID, admin.AccessToken).Expect(http.StatusOK).JSON(&kolas)
		if kolas.Meta.Total == 0 {
			t.Fatal("nothing about kola")
		}
		for _, x := range kolas.Data {
			if (x.SubjectID == nil || *x.SubjectID != kola.UserID) && (x.ActorID == nil || *x.ActorID != kola.UserID) {
				t.Fatalf("not about kola: %+v", x)
			}
		}
		// The admin made every entry; with the event type, one.
		var boss listBody
		e.Get("/api/v1/admin/audit-log?person="+admin.UserID+"&action=user.suspend", admin.AccessToken).
			Expect(http.StatusOK).JSON(&boss)
		if boss.Meta.Total != 1 || boss.Data[0].TargetID != ngozi.UserID {
			t.Fatalf("boss's suspensions: %+v", boss)
		}
		for _, q := range []string{"person=nobody", "person=%00", "action=User%20suspend", "actor_id=x"} {
			e.Get("/api/v1/admin/audit-log?"+q, admin.AccessToken).Expect(http.StatusUnprocessableEntity)
		}
		e.Get("/api/v1/admin/audit-log?person="+kola.UserID, kola.AccessToken).Expect(http.StatusForbidden)
	})
}
