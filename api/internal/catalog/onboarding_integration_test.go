package catalog_test

import (
	"net/http"
	"testing"

	"sojourn/api/internal/testkit"
)

func stepFields(t *testing.T, r *testkit.Resp) map[string]any {
	t.Helper()
	r.Expect(http.StatusUnprocessableEntity)
	f, _ := r.Map()["error"].(map[string]any)["fields"].(map[string]any)
	return f
}

func TestIntegrationVendorOnboarding(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := e.Register("newvendor@example.com", "newvendor")
		e.GrantRole(s.UserID, "vendor")
		s = e.Login(s.Email, s.Password)
		put := func(step string, data map[string]any) *testkit.Resp {
			return e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/onboarding/vendor_store/steps/" + step,
				Token: s.AccessToken, Body: map[string]any{"data": data}})
		}
		buyer := e.Register("shopper@example.com", "shopper")
		e.Get("/api/v1/onboarding/vendor_store", buyer.AccessToken).Expect(http.StatusForbidden)

		// Checks: bounded fields, named; a name another store uses is refused.
		vendorSession(t, e, "other")
		if f := stepFields(t, put("store", map[string]any{"name": "The other Shop"})); f["name"] == nil {
			t.Errorf("taken name: %v", f)
		}
		if f := stepFields(t, put("store", map[string]any{"name": "x", "colour": "red"})); f["colour"] == nil {
			t.Errorf("unknown field: %v", f)
		}
		put("store", map[string]any{"name": "Harmattan Goods", "slug": "ignored"}).Expect(http.StatusOK)
		if f := stepFields(t, put("about", map[string]any{"about": "short", "city": "", "country": "Nigeria"})); f["about"] == nil || f["country"] == nil {
			t.Errorf("about: %v", f)
		}
		put("about", map[string]any{"about": "Hand-woven travel bags from Kano.", "address": "12 Bompai Road", "city": "Kano", "country": "NG"}).
			Expect(http.StatusOK)
		if f := stepFields(t, put("shipping", map[string]any{"shipping": []map[string]any{}})); f["shipping"] == nil {
			t.Errorf("no shipping: %v", f)
		}
		put("shipping", map[string]any{"shipping": []map[string]any{{"code": "standard", "label": "Standard delivery", "fee": 250000, "min_days": 2, "max_days": 5}}}).
			Expect(http.StatusOK)
		if f := stepFields(t, put("returns", map[string]any{"return_days": 120})); f["return_days"] == nil {
			t.Errorf("return days: %v", f)
		}
		put("returns", map[string]any{"return_days": 14, "return_policy": "Unused, in the packaging."}).Expect(http.StatusOK)

		// Resume: the next step is the logo; leaving and coming back finds it.
		var p struct {
			Data struct {
				NextStep    *string `json:"next_step"`
				SubmittedAt *string `json:"submitted_at"`
			} `json:"data"`
		}
		e.Get("/api/v1/onboarding/vendor_store", s.AccessToken).Expect(http.StatusOK).JSON(&p)
		if p.Data.NextStep == nil || *p.Data.NextStep != "logo" {
			t.Fatalf("next step: %v", p.Data.NextStep)
		}

		// The logo: only the store's own uploaded logo.
		if f := stepFields(t, put("logo", map[string]any{"logo_url": "/media/elsewhere.png"})); f["logo_url"] == nil {
			t.Errorf("foreign logo: %v", f)
		}
		e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/vendor/store", Token: s.AccessToken, Body: map[string]any{
			"name": "Harmattan Goods", "city": "Kano", "country": "NG",
			"shipping": []map[string]any{{"code": "standard", "label": "Standard delivery", "fee": 250000, "min_days": 2, "max_days": 5}},
		}}).Expect(http.StatusOK)
		logo := e.Upload("/api/v1/vendor/store/logo", s.AccessToken, "file", "logo.png", pngBytes(200, 200)).
			Expect(http.StatusOK).Data()["logo_url"].(string)
		put("logo", map[string]any{"logo_url": logo}).Expect(http.StatusOK)

		// The payout account: the caller's own only.
		if f := stepFields(t, put("payout", map[string]any{"payout_account_id": "nope"})); f["payout_account_id"] == nil {
			t.Errorf("foreign account: %v", f)
		}
		var banks struct{ Data []struct{ Code string } }
		e.Get("/api/v1/banks?currency=NGN", s.AccessToken).Expect(http.StatusOK).JSON(&banks)
		acct := e.Post("/api/v1/payout-accounts", s.AccessToken, map[string]any{"bank_code": banks.Data[0].Code,
			"account_number": "0123456789", "account_name": "Harmattan Goods Ltd"}).Expect(http.StatusCreated).Data()["id"].(string)
		put("payout", map[string]any{"payout_account_id": acct, "bank_name": "Access Bank", "account_last4": "6789"}).Expect(http.StatusOK)

		// Submitting before the review step is saved names it.
		e.Post("/api/v1/onboarding/vendor_store/submit", s.AccessToken, nil).Expect(http.StatusUnprocessableEntity)
		if f := stepFields(t, put("review", map[string]any{"confirmed": false})); f["confirmed"] == nil {
			t.Errorf("unconfirmed: %v", f)
		}
		put("review", map[string]any{"confirmed": true}).Expect(http.StatusOK)
		e.Post("/api/v1/onboarding/vendor_store/submit", s.AccessToken, nil).Expect(http.StatusOK)
		e.Post("/api/v1/onboarding/vendor_store/submit", s.AccessToken, nil).Expect(http.StatusConflict)

		st := e.Get("/api/v1/vendor/store", s.AccessToken).Expect(http.StatusOK).Data()
		if st["about"] != "Hand-woven travel bags from Kano." || st["return_days"].(float64) != 14 || st["logo_url"] != logo ||
			st["slug"] != "harmattan-goods" || st["address"] != "12 Bompai Road" {
			t.Errorf("store after submit: %v", st)
		}
	})
}
