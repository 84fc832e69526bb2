package practice_test

import (
	"net/http"
	"strings"
	"testing"

	"sojourn/api/internal/testkit"
)

func TestIntegrationProfileValidationPublishAndVerification(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := provider(e, "ada", "therapist")
		const base = "/api/v1/practice/profile?kind=therapist"

		// The role is checked against ?kind=.
		e.Get("/api/v1/practice/profile?kind=coach", ada.AccessToken).Expect(http.StatusForbidden)
		e.Get("/api/v1/practice/profile?kind=vendor", ada.AccessToken).Expect(http.StatusUnprocessableEntity)
		plain := e.Register("plain@example.com", "plain")
		e.Get(base, plain.AccessToken).Expect(http.StatusForbidden)

		var first struct {
			Data struct {
				ID           string   `json:"id"`
				Status       string   `json:"status"`
				Completeness int      `json:"completeness"`
				Missing      []string `json:"missing"`
			} `json:"data"`
		}
		e.Get(base, ada.AccessToken).Expect(http.StatusOK).JSON(&first)
		if first.Data.ID == "" || first.Data.Status != "draft" || first.Data.Completeness != 0 || len(first.Data.Missing) != 11 {
			t.Fatalf("empty profile: %+v", first.Data)
		}

		// Every bad field is a 422 naming it, and nothing changes.
		bad := []struct {
			field string
			patch map[string]any
		}{
			{"headline", map[string]any{"headline": strings.Repeat("h", 121)}},
			{"bio", map[string]any{"bio": strings.Repeat("b", 4001)}},
			{"time_zone", map[string]any{"time_zone": "Mars/Olympus_Mons"}},
			{"time_zone", map[string]any{"time_zone": "Local"}},
			{"country", map[string]any{"country": "XX"}},
			{"formats[1].address", map[string]any{"formats": []map[string]any{{"kind": "video"}, {"kind": "in_person"}}}},
			{"formats[0].kind", map[string]any{"formats": []map[string]any{{"kind": "carrier_pigeon"}}}},
			{"specialties", map[string]any{"specialties": make([]string, 21)}},
			{"specialties[1]", map[string]any{"specialties": []string{"Grief", "grief"}}},
			{"intro_video_url", map[string]any{"intro_video_url": "http://example.com/v.mp4"}},
			{"issuing_body", map[string]any{"issuing_body": ""}},
			{"headline", map[string]any{"headline": "two\nlines"}},
			{"business_name", map[string]any{"business_name": strings.Repeat("n", 101)}},
			{"business_name", map[string]any{"business_name": "Kamau\nWellness"}},
		}
		for _, b := range bad {
			body := fullProfile()
			for k, v := range b.patch {
				body[k] = v
			}
			res := put(e, base, ada.AccessToken, body).Expect(http.StatusUnprocessableEntity)
			if _, ok := res.Map()["error"].(map[string]any)["fields"].(map[string]any)[b.field]; !ok {
				t.Fatalf("%v: fields %s", b.patch, res.Body)
			}
		}

		put(e, base, ada.AccessToken, fullProfile()).Expect(http.StatusOK)
		// Publishing needs an offering, weekly hours and, for a therapist, a
		// verified licence.
		res := e.Post(base[:len("/api/v1/practice/profile")]+"/publish?kind=therapist", ada.AccessToken, nil).
			Expect(http.StatusUnprocessableEntity)
		for _, m := range []string{"offering", "weekly_hours", "verified_licence"} {
			if !strings.Contains(string(res.Body), m) {
				t.Fatalf("publish refusal lacks %s: %s", m, res.Body)
			}
		}
		e.Post("/api/v1/practice/offerings?kind=therapist", ada.AccessToken, offering(2500000)).Expect(http.StatusCreated)
		put(e, "/api/v1/practice/schedule?kind=therapist", ada.AccessToken, weekdays).Expect(http.StatusOK)
		res = e.Post("/api/v1/practice/profile/publish?kind=therapist", ada.AccessToken, nil).Expect(http.StatusUnprocessableEntity)
		if !strings.Contains(string(res.Body), "verified_licence") || strings.Contains(string(res.Body), "weekly_hours") {
			t.Fatalf("publish refusal: %s", res.Body)
		}

		// The admin queue shows the pending licence; a rejection needs a note.
		var queue struct {
			Data []struct {
				ID           string `json:"id"`
				Verification string `json:"verification"`
			} `json:"data"`
			Meta struct {
				Total int `json:"total"`
			} `json:"meta"`
		}
		e.Get("/api/v1/admin/providers?verification=pending&kind=therapist", admin.AccessToken).Expect(http.StatusOK).JSON(&queue)
		if queue.Meta.Total != 1 || queue.Data[0].ID != first.Data.ID {
			t.Fatalf("queue: %+v", queue)
		}
		e.Get("/api/v1/admin/providers", ada.AccessToken).Expect(http.StatusForbidden)
		verif := "/api/v1/admin/providers/" + first.Data.ID + "/verification"
		e.Post(verif, admin.AccessToken, map[string]any{"decision": "rejected"}).Expect(http.StatusUnprocessableEntity)
		e.Post(verif, admin.AccessToken, map[string]any{"decision": "approved"}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/admin/providers/nope/verification", admin.AccessToken, map[string]any{"decision": "verified"}).
			Expect(http.StatusNotFound)
		d := e.Post(verif, admin.AccessToken, map[string]any{"decision": "verified", "note": "Checked with MDCN."}).
			Expect(http.StatusOK).Data()
		if d["credentials"].(map[string]any)["verification"] != "verified" || d["credentials"].(map[string]any)["licence_number"] != "MDCN-44721" {
			t.Fatalf("decision: %v", d)
		}
		pub := e.Post("/api/v1/practice/profile/publish?kind=therapist", ada.AccessToken, nil).Expect(http.StatusOK).Data()
		if pub["status"] != "published" || pub["listed"] != true || pub["completeness"].(float64) < 80 {
			t.Fatalf("published: %v", pub)
		}

		// The public profile shows the badge, never the number.
		pp := e.Get("/api/v1/providers/"+first.Data.ID, "").Expect(http.StatusOK)
		if strings.Contains(string(pp.Body), "MDCN-44721") || pp.Data()["verified_licence"] != true {
			t.Fatalf("public profile: %s", pp.Body)
		}
		e.Get("/api/v1/providers/"+first.Data.ID+"/offerings", "").Expect(http.StatusOK)

		// A business name, when set, is the practice's public name; a profile
		// saved without the field keeps it, and an empty one clears it.
		named := fullProfile()
		named["business_name"] = "  Kamau Wellness Rooms "
		if v := put(e, base, ada.AccessToken, named).Expect(http.StatusOK).Data(); v["business_name"] != "Kamau Wellness Rooms" ||
			v["display_name"] != "Kamau Wellness Rooms" {
			t.Fatalf("business name: %v", v)
		}
		put(e, base, ada.AccessToken, fullProfile()).Expect(http.StatusOK)
		if v := e.Get("/api/v1/providers/"+first.Data.ID, "").Expect(http.StatusOK).Data(); v["display_name"] != "Kamau Wellness Rooms" {
			t.Fatalf("public name kept: %v", v)
		}
		named["business_name"] = ""
		if v := put(e, base, ada.AccessToken, named).Expect(http.StatusOK).Data(); v["business_name"] != "" ||
			v["display_name"] == "Kamau Wellness Rooms" {
			t.Fatalf("business name cleared: %v", v)
		}

		// Changing the licence sends it back to pending and out of the
		// directory; the owner sees why.
		body := fullProfile()
		body["licence_number"] = "MDCN-99999"
		again := put(e, base, ada.AccessToken, body).Expect(http.StatusOK).Data()
		if again["credentials"].(map[string]any)["verification"] != "pending" || again["listed"] != false ||
			again["status"] != "draft" {
			t.Fatalf("after licence change: %v", again)
		}
		e.Get("/api/v1/providers/"+first.Data.ID, "").Expect(http.StatusNotFound)
		e.Post(verif, admin.AccessToken, map[string]any{"decision": "verified"}).Expect(http.StatusOK)
		e.Post("/api/v1/practice/profile/publish?kind=therapist", ada.AccessToken, nil).Expect(http.StatusOK)

		// Suspension needs a reason (bounded), takes the profile out of the
		// directory, is audited, twice is 409, the owner sees the reason and
		// cannot publish around it; reinstating clears the reason.
		suspend := "/api/v1/admin/providers/" + first.Data.ID + "/suspend"
		e.Post(suspend, admin.AccessToken, nil).Expect(http.StatusUnprocessableEntity)
		for _, bad := range []string{"", "  ", "no", strings.Repeat("x", 501)} {
			if r := e.Post(suspend, admin.AccessToken, map[string]any{"reason": bad}).Expect(http.StatusUnprocessableEntity); r.Map()["error"].(map[string]any)["fields"].(map[string]any)["reason"] == nil {
				t.Fatalf("reason %q: %s", bad, r.Body)
			}
		}
		reason := "Three clients reported sessions that never took place; we are looking into it."
		sd := e.Post(suspend, admin.AccessToken, map[string]any{"reason": reason}).Expect(http.StatusOK).Data()
		if sd["status"] != "suspended" || sd["suspension_reason"] != reason {
			t.Fatalf("suspended: %v", sd)
		}
		e.Post(suspend, admin.AccessToken, map[string]any{"reason": reason}).Expect(http.StatusConflict)
		if own := e.Get(base, ada.AccessToken).Expect(http.StatusOK).Data(); own["suspension_reason"] != reason {
			t.Fatalf("the owner does not see the reason: %v", own["suspension_reason"])
		}
		e.Get("/api/v1/providers/"+first.Data.ID, "").Expect(http.StatusNotFound)
		if pub := e.Get("/api/v1/providers/"+first.Data.ID, "").Body; strings.Contains(string(pub), "clients reported") {
			t.Fatal("the reason leaks to the public")
		}
		e.Post("/api/v1/practice/profile/publish?kind=therapist", ada.AccessToken, nil).Expect(http.StatusConflict)
		if rd := e.Post("/api/v1/admin/providers/"+first.Data.ID+"/reinstate", admin.AccessToken, nil).Expect(http.StatusOK).Data(); rd["suspension_reason"] != "" {
			t.Fatalf("reinstated: %v", rd["suspension_reason"])
		}
		var details string
		if err := e.DB.NewSelect().Table("audit_log").Column("details").Where("action = 'provider.suspend' AND target_id = ?", first.Data.ID).Scan(testkit.Ctx(), &details); err != nil || !strings.Contains(details, "clients reported") {
			t.Fatalf("suspension audit details: %q %v", details, err)
		}
		e.Post("/api/v1/admin/providers/"+first.Data.ID+"/reinstate", admin.AccessToken, nil).Expect(http.StatusConflict)
		e.Get("/api/v1/providers/"+first.Data.ID, "").Expect(http.StatusOK)
		n, err := e.DB.NewSelect().Table("audit_log").Where("target_type = 'provider' AND target_id = ?", first.Data.ID).Count(testkit.Ctx())
		if err != nil || n != 4 {
			t.Fatalf("audit entries: %d %v", n, err)
		}
		e.Get("/api/v1/admin/providers/"+first.Data.ID, admin.AccessToken).Expect(http.StatusOK)

		// Photos go through the image guard and count for completeness.
		ph := e.Upload("/api/v1/practice/media?kind=therapist", ada.AccessToken, "file", "me.png", pngBytes(t, 64, 48)).
			Expect(http.StatusCreated).Data()
		e.Upload("/api/v1/practice/media?kind=therapist", ada.AccessToken, "file", "x.png", []byte("not an image")).
			Expect(http.StatusUnprocessableEntity)
		other := provider(e, "bola", "therapist")
		del(e, "/api/v1/practice/media/"+ph["id"].(string), other.AccessToken).Expect(http.StatusNotFound)
		del(e, "/api/v1/practice/media/"+ph["id"].(string), ada.AccessToken).Expect(http.StatusNoContent)
	})
}
