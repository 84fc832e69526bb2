package roles_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"sojourn/api/internal/testkit"
)

type profileBody struct {
	Data struct {
		DisplayName   string   `json:"display_name"`
		Bio           string   `json:"bio"`
		City          string   `json:"city"`
		BusinessName  string   `json:"business_name"`
		LicenceNumber string   `json:"licence_number"`
		Specialties   []string `json:"specialties"`
		Languages     []string `json:"languages"`
	} `json:"data"`
}

type completenessBody struct {
	Data struct {
		MissingFields []string `json:"missingFields"`
	} `json:"data"`
}

// What a role application collected fills the profile on approval: the vendor
// approved as "Amara Beach Goods" is not told the business name is missing,
// and a field the user filled before keeps the user's value.
func TestIntegrationApprovalFillsProfile(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		amara := e.Register("amara@example.com", "amara")
		a := apply(t, e, amara.AccessToken, "vendor", map[string]any{"business_name": "  Amara Beach Goods ",
			"categories": []string{"beachwear"}, "about": "Hand-dyed beach wraps from Lamu."})
		e.Post("/api/v1/admin/role-applications/"+a.ID+"/approve", admin.AccessToken, nil).Expect(http.StatusOK)

		var p profileBody
		e.Get("/api/v1/profile", amara.AccessToken).Expect(http.StatusOK).JSON(&p)
		if p.Data.BusinessName != "Amara Beach Goods" || p.Data.Bio != "Hand-dyed beach wraps from Lamu." {
			t.Fatalf("profile after approval: %+v", p.Data)
		}
		var c completenessBody
		e.Get("/api/v1/profile/completeness", amara.AccessToken).Expect(http.StatusOK).JSON(&c)
		if slices.Contains(c.Data.MissingFields, "business_name") || slices.Contains(c.Data.MissingFields, "bio") {
			t.Fatalf("still missing after approval: %v", c.Data.MissingFields)
		}

		// A guide who already wrote a bio and a city keeps them; the empty fields fill, bad values are skipped.
		tunde := e.Register("tunde@example.com", "tunde")
		e.Patch("/api/v1/profile", tunde.AccessToken, map[string]any{"bio": "My own words.", "city": "Ibadan"}).
			Expect(http.StatusOK)
		g := apply(t, e, tunde.AccessToken, "tour_guide", map[string]any{"base_city": "Lagos",
			"languages": []string{"English", "Yoruba"}, "licence_number": strings.Repeat("L", 61) /* longer than a profile takes */, "about": "Replaced?"})
		e.Post("/api/v1/admin/role-applications/"+g.ID+"/approve", admin.AccessToken, nil).Expect(http.StatusOK)
		e.Get("/api/v1/profile", tunde.AccessToken).Expect(http.StatusOK).JSON(&p)
		if p.Data.Bio != "My own words." || p.Data.City != "Ibadan" || p.Data.LicenceNumber != "" ||
			!slices.Equal(p.Data.Languages, []string{"English", "Yoruba"}) {
			t.Fatalf("guide profile after approval: %+v", p.Data)
		}

		// A rejected application fills nothing.
		kemi := e.Register("kemi@example.com", "kemi")
		r := apply(t, e, kemi.AccessToken, "car_rental", map[string]any{"business_name": "Kemi Wheels"})
		e.Post("/api/v1/admin/role-applications/"+r.ID+"/reject", admin.AccessToken, map[string]any{"reason": "Licence missing"}).
			Expect(http.StatusOK)
		e.Get("/api/v1/profile", kemi.AccessToken).Expect(http.StatusOK).JSON(&p)
		if p.Data.BusinessName != "" {
			t.Fatalf("a rejected application filled the profile: %+v", p.Data)
		}
	})
}
