package seed_test

import (
	"net/http"
	"strings"
	"testing"

	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

// The therapy and coach directories are alive after the demo seed: at least
// eight published profiles of each kind in several countries, the demo
// accounts' profiles complete and published, and licences waiting in the
// admin's verification queue.
func checkDemoPractices(t *testing.T, e *testkit.Env) {
	for _, kind := range []string{"therapist", "coach"} {
		var page struct {
			Data []struct {
				ID, Country, TimeZone string
				AvatarURL             *string              `json:"avatar_url"`
				PriceRange            *struct{ Min int64 } `json:"price_range"`
			} `json:"data"`
		}
		e.Get("/api/v1/providers?limit=100&kind="+kind, "").Expect(http.StatusOK).JSON(&page)
		countries := map[string]bool{}
		for _, c := range page.Data {
			countries[c.Country] = true
			if c.AvatarURL == nil || c.PriceRange == nil {
				t.Errorf("%s card without avatar or prices: %+v", kind, c)
			}
			var offs struct{ Data []any }
			e.Get("/api/v1/providers/"+c.ID+"/offerings", "").Expect(http.StatusOK).JSON(&offs)
			if len(offs.Data) < 1 {
				t.Errorf("%s %s has no offerings", kind, c.ID)
			}
		}
		if len(page.Data) < 8 || len(countries) < 5 {
			t.Errorf("%s directory: %d profiles in %d countries", kind, len(page.Data), len(countries))
		}
	}
	for _, acc := range []struct{ email, kind string }{{"therapist@example.com", "therapist"}, {"coach@example.com", "coach"}} {
		s := e.Login(acc.email, seed.DemoPassword)
		p := e.Get("/api/v1/practice/profile?kind="+acc.kind, s.AccessToken).Expect(http.StatusOK).Data()
		if p["status"] != "published" || p["completeness"] != float64(100) || len(p["media"].([]any)) != 2 {
			t.Errorf("%s practice: %v %v missing %v", acc.email, p["status"], p["completeness"], p["missing"])
		}
	}
	admin := e.Login("admin@example.com", seed.DemoPassword)
	q := e.Get("/api/v1/admin/providers?verification=pending", admin.AccessToken).Expect(http.StatusOK).Map()
	if q["meta"].(map[string]any)["total"] != float64(2) {
		t.Errorf("pending licences: %v", q["meta"])
	}
	// Every waiting licence has its scans to look at, readable by the
	// admin; the demo therapist's verified licence keeps its own.
	for _, row := range q["data"].([]any) {
		id := row.(map[string]any)["id"].(string)
		d := e.Get("/api/v1/admin/providers/"+id, admin.AccessToken).Expect(http.StatusOK).Data()
		docs := d["credentials"].(map[string]any)["documents"].([]any)
		if len(docs) == 0 {
			t.Errorf("%s waits without documents", d["display_name"])
			continue
		}
		doc := docs[0].(map[string]any)["id"].(string)
		e.Get("/api/v1/admin/providers/"+id+"/licence/documents/"+doc+"/file?size=preview", admin.AccessToken).
			Expect(http.StatusOK)
	}
	wanjiru := e.Login("therapist@example.com", seed.DemoPassword)
	own := e.Get("/api/v1/practice/profile?kind=therapist", wanjiru.AccessToken).Expect(http.StatusOK).Data()
	if cr := own["credentials"].(map[string]any); cr["verification"] != "verified" || len(cr["documents"].([]any)) != 1 {
		t.Errorf("demo therapist's licence: %v", cr)
	}
	// One coach is suspended, with the reason on their profile.
	sus := e.Get("/api/v1/admin/providers?status=suspended", admin.AccessToken).Expect(http.StatusOK).Map()
	rows := sus["data"].([]any)
	if len(rows) != 1 {
		t.Fatalf("suspended providers: %v", sus["meta"])
	}
	d := e.Get("/api/v1/admin/providers/"+rows[0].(map[string]any)["id"].(string), admin.AccessToken).
		Expect(http.StatusOK).Data()
	if !strings.Contains(d["suspension_reason"].(string), "client reports") {
		t.Errorf("suspension reason: %v", d["suspension_reason"])
	}
}
