package tours_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/url"
	"testing"
	"time"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

// guide makes a published, verified tour guide in city (zone tz).
func guide(t *testing.T, e *testkit.Env, name, city, country, tz string) *testkit.Session {
	t.Helper()
	ctx := context.Background()
	s := e.Register(name+"@example.com", name)
	e.GrantRole(s.UserID, practice.KindTourGuide)
	p, err := e.App.Practice.SaveProfile(ctx, s.UserID, practice.KindTourGuide, practice.ProfileInput{
		Headline: "Walks through the old town and its markets", Bio: "Born here, guiding for nine years.",
		Specialties: []string{"History"}, Languages: []string{"English"}, City: city, Country: country, TimeZone: tz,
		Formats:       []practice.FormatInput{{Kind: "in_person", Address: "Meeting points vary by tour"}},
		LicenceNumber: "TG-" + ids.New()[:8], IssuingBody: "Tourism Board"})
	if err != nil {
		t.Fatalf("guide profile: %v", err)
	}
	week := map[string][]practice.Interval{}
	for _, d := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"} {
		week[d] = []practice.Interval{{Start: "08:00", End: "18:00"}}
	}
	if _, err := e.App.Practice.SaveSchedule(ctx, s.UserID, practice.KindTourGuide, practice.ScheduleInput{Weekly: week}); err != nil {
		t.Fatalf("hours: %v", err)
	}
	if _, err := e.App.Practice.Decide(ctx, s.UserID, e.IP, p.ID, practice.DecisionInput{Decision: "verified",
		Note: "Licence checked"}); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return s
}

func publish(t *testing.T, e *testkit.Env, s *testkit.Session) {
	t.Helper()
	if _, err := e.App.Practice.Publish(context.Background(), s.UserID, practice.KindTourGuide); err != nil {
		t.Fatalf("publish: %v", err)
	}
}

func tourBody(title, city string, price int64, currency string, duration int, langs ...string) map[string]any {
	return map[string]any{"title": title, "city": city, "description": "A walk with a local guide.",
		"meeting_point": map[string]any{"address": "Tafawa Balewa Square gate", "lat": 6.4474, "lng": 3.3903},
		"itinerary": []map[string]any{{"title": "Market", "duration_min": 60}, {"title": "Museum", "duration_min": 90,
			"description": "The national museum's bronze gallery."}},
		"included": []string{"Water", "Entry fees"}, "excluded": []string{"Lunch"}, "languages": langs,
		"price": map[string]any{"amount": price, "currency": currency}, "duration_min": duration, "capacity": 8,
		"kid_friendly": true,
		"departures":   map[string]any{"weekly": map[string]any{"monday": []string{"09:00"}, "wednesday": []string{"09:00", "14:00"}}}}
}

type card struct {
	ID         string `json:"id"`
	Title      string `json:"title"`
	Departures []struct {
		StartTime string `json:"start_time"`
		SeatsLeft int    `json:"seats_left"`
	} `json:"departures"`
}

func search(t *testing.T, e *testkit.Env, q string) ([]card, *string) {
	t.Helper()
	var res struct {
		Data []card `json:"data"`
		Meta struct {
			Next *string `json:"next_cursor"`
		} `json:"meta"`
	}
	e.Get("/api/v1/tours?"+q, "").Expect(http.StatusOK).JSON(&res)
	return res.Data, res.Meta.Next
}

func TestIntegrationToursSearchOwnershipAndModeration(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := guide(t, e, "adaguide", "Lagos", "NG", "Africa/Lagos")
		kofi := guide(t, e, "kofiguide", "Accra", "GH", "Africa/Accra")
		// Before a profile, a tour is refused; a traveller may not create one.
		trav := e.Register("trav@example.com", "trav")
		e.Post("/api/v1/tour-guide/tours", trav.AccessToken, tourBody("X", "Lagos", 1, "NGN", 60, "English")).
			Expect(http.StatusForbidden)
		var ids []string
		for i, b := range []map[string]any{
			tourBody("Lagos Island history walk", "Lagos", 1_500_000, "NGN", 180, "English", "Yoruba"),
			tourBody("Lekki art and food", "Lagos", 3_000_000, "NGN", 300, "English"),
			tourBody("Badagry heritage day", "lagos ", 5_000_000, "NGN", 480, "French"),
		} {
			var res struct {
				Data struct {
					ID string `json:"id"`
				} `json:"data"`
			}
			e.Post("/api/v1/tour-guide/tours", ada.AccessToken, b).Expect(http.StatusCreated).JSON(&res)
			ids = append(ids, res.Data.ID)
			e.Clock.Advance(time.Duration(i+1) * time.Second)
		}
		e.Post("/api/v1/tour-guide/tours", kofi.AccessToken,
			tourBody("Jamestown lighthouse walk", "Accra", 20_000, "GHS", 120, "English", "Twi")).Expect(http.StatusCreated)
		// Bad input names its field.
		bad := tourBody("Bad", "Lagos", 1, "NGN", 60, "English")
		bad["meeting_point"] = map[string]any{"address": "x", "lat": 91, "lng": 0}
		bad["itinerary"] = []map[string]any{}
		r := e.Post("/api/v1/tour-guide/tours", ada.AccessToken, bad).Expect(http.StatusUnprocessableEntity)
		if f := r.Map()["error"].(map[string]any)["fields"].(map[string]any); f["meeting_point.lat"] == nil || f["itinerary"] == nil {
			t.Fatalf("fields %v", f)
		}
		// Unlisted guides' tours are not in the search until they publish.
		if got, _ := search(t, e, "city=Lagos"); len(got) != 0 {
			t.Fatalf("unpublished guide's tours listed: %v", got)
		}
		publish(t, e, ada)
		publish(t, e, kofi)
		got, _ := search(t, e, "city=lagos")
		if len(got) != 3 || got[0].ID != ids[2] {
			t.Fatalf("city search %+v", got)
		}
		if got, _ := search(t, e, "city=Lagos&max_price=3000000&language=english"); len(got) != 2 {
			t.Fatalf("price + language %+v", got)
		}
		if got, _ := search(t, e, "city=Lagos&max_duration_min=200"); len(got) != 1 || got[0].ID != ids[0] {
			t.Fatalf("duration %+v", got)
		}
		if got, _ := search(t, e, "language=Twi"); len(got) != 1 {
			t.Fatalf("language %+v", got)
		}
		if got, _ := search(t, e, "min_rating=4"); len(got) != 0 {
			t.Fatalf("rating: guides without reviews listed %+v", got)
		}
		// Wednesday 4 March: two departures; Tuesday none.
		got, _ = search(t, e, "city=Lagos&date=2026-03-04&travellers=2")
		if len(got) != 3 || len(got[0].Departures) != 2 || got[0].Departures[1].StartTime != "14:00" ||
			got[0].Departures[0].SeatsLeft != 8 {
			t.Fatalf("date search %+v", got)
		}
		if got, _ := search(t, e, "city=Lagos&date=2026-03-03"); len(got) != 0 {
			t.Fatalf("Tuesday %+v", got)
		}
		if got, _ := search(t, e, "city=Lagos&travellers=9"); len(got) != 0 {
			t.Fatalf("more travellers than seats %+v", got)
		}
		// Keyset paging: 2 + 1, no repeats.
		p1, next := search(t, e, "city=Lagos&limit=2")
		if len(p1) != 2 || next == nil {
			t.Fatalf("page 1 %+v %v", p1, next)
		}
		p2, next2 := search(t, e, "city=Lagos&limit=2&cursor="+url.QueryEscape(*next))
		if len(p2) != 1 || next2 != nil || p2[0].ID != ids[0] {
			t.Fatalf("page 2 %+v %v", p2, next2)
		}
		for _, q := range []string{"travellers=0", "date=2026-13-01", "min_rating=9", "max_price=-1", "kid_friendly=maybe"} {
			e.Get("/api/v1/tours?"+q, "").Expect(http.StatusUnprocessableEntity)
		}
		// The public page.
		var pg struct {
			Data struct {
				Tour struct {
					Itinerary []struct{ Title string } `json:"itinerary"`
				} `json:"tour"`
				Guide struct {
					DisplayName string `json:"display_name"`
				} `json:"guide"`
				Departures []struct{} `json:"departures"`
			} `json:"data"`
		}
		e.Get("/api/v1/tours/"+ids[0], "").Expect(http.StatusOK).JSON(&pg)
		if len(pg.Data.Tour.Itinerary) != 2 || len(pg.Data.Departures) == 0 {
			t.Fatalf("page %+v", pg.Data)
		}
		// Ownership: another guide's tour is not found.
		e.Get("/api/v1/tour-guide/tours/"+ids[0], kofi.AccessToken).Expect(http.StatusNotFound)
		e.Patch("/api/v1/tour-guide/tours/"+ids[0], kofi.AccessToken, map[string]any{"title": "Mine now"}).
			Expect(http.StatusNotFound)
		e.Upload("/api/v1/tour-guide/tours/"+ids[0]+"/photos", kofi.AccessToken, "file", "a.png", pngBytes(t, 20, 20)).
			Expect(http.StatusNotFound)
		// The owner changes it; the copies follow.
		e.Patch("/api/v1/tour-guide/tours/"+ids[0], ada.AccessToken, map[string]any{"price": map[string]any{
			"amount": 9_000_000, "currency": "NGN"}, "languages": []string{"English"}}).Expect(http.StatusOK)
		if got, _ := search(t, e, "city=Lagos&max_price=3000000"); len(got) != 1 {
			t.Fatalf("after a price change %+v", got)
		}
		e.Upload("/api/v1/tour-guide/tours/"+ids[0]+"/photos", ada.AccessToken, "file", "a.png", pngBytes(t, 40, 30)).
			Expect(http.StatusCreated)
		// Moderation: hidden tours leave the search and their page.
		admin := e.Admin("mod@example.com", "mod")
		e.Post("/api/v1/admin/tours/"+ids[0]+"/hide", admin.AccessToken, map[string]any{"reason": ""}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/admin/tours/"+ids[0]+"/hide", admin.AccessToken, map[string]any{"reason": "Photos show another company's tour"}).
			Expect(http.StatusOK)
		e.Get("/api/v1/tours/"+ids[0], "").Expect(http.StatusNotFound)
		if got, _ := search(t, e, "city=Lagos"); len(got) != 2 {
			t.Fatalf("hidden tour listed %+v", got)
		}
		mine := e.Get("/api/v1/tour-guide/tours/"+ids[0], ada.AccessToken).Expect(http.StatusOK).Data()
		if mine["hidden"] != true || mine["hidden_reason"] != "Photos show another company's tour" {
			t.Fatalf("guide's view %v", mine)
		}
		var list struct {
			Meta struct {
				Total int `json:"total"`
			} `json:"meta"`
		}
		e.Get("/api/v1/admin/tours?hidden=true", admin.AccessToken).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 1 {
			t.Fatalf("admin hidden list %+v", list)
		}
		e.Post("/api/v1/admin/tours/"+ids[0]+"/unhide", admin.AccessToken, nil).Expect(http.StatusOK)
		e.Get("/api/v1/tours/"+ids[0], "").Expect(http.StatusOK)
		e.Post("/api/v1/admin/tours/"+ids[0]+"/hide", ada.AccessToken, map[string]any{"reason": "x"}).
			Expect(http.StatusForbidden)
		// A traveller books two seats of a departure through the kernel.
		ref := "PSK-" + fmt.Sprint(time.Now().UnixNano())
		if _, err := e.App.Money.CreditTopUp(context.Background(), nil, money.TopUp{Key: "t:" + ref, UserID: trav.UserID,
			Amount: 20_000_000, Currency: "NGN", Reference: ref}); err != nil {
			t.Fatal(err)
		}
		start := time.Date(2026, 3, 4, 13, 0, 0, 0, time.UTC) // 14:00 Lagos
		h := e.Post("/api/v1/bookings/holds", trav.AccessToken, map[string]any{"offering_id": ids[1],
			"start": start.Format(time.RFC3339), "seats": 2, "attendees": []string{"Tayo", "Ngozi"}}).
			Expect(http.StatusCreated).Data()
		res := e.Post("/api/v1/bookings", trav.AccessToken, map[string]any{"hold_id": h["id"], "pay_with": "wallet"}).
			Expect(http.StatusCreated).Data()
		if b := res["booking"].(map[string]any); b["paid_amount"].(float64) != 6_000_000 || b["status"] != "confirmed" {
			t.Fatalf("booking %v", b)
		}
		got, _ = search(t, e, "city=Lagos&date=2026-03-04&travellers=7")
		for _, c := range got {
			if c.ID == ids[1] && (len(c.Departures) != 1 || c.Departures[0].StartTime != "09:00") {
				t.Fatalf("the 14:00 departure has 6 seats left, not 7: %+v", c)
			}
		}
		r2, err := e.App.Money.Verify(context.Background())
		if err != nil || !r2.Clean() {
			t.Fatalf("ledger verify %+v %v", r2, err)
		}
	})
}

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
