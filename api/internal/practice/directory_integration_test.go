package practice_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

type cardPage struct {
	Data []struct {
		ID          string   `json:"id"`
		DisplayName string   `json:"display_name"`
		Specialties []string `json:"specialties"`
		PriceRange  *struct {
			Min int64 `json:"min"`
		} `json:"price_range"`
		Verified bool `json:"verified"`
	} `json:"data"`
	Meta struct {
		NextCursor *string `json:"next_cursor"`
	} `json:"meta"`
}

func TestIntegrationDirectoryFiltersAndPaging(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		s := e.App.Practice
		type spec struct {
			name, city, country, tz string
			specialties, languages  []string
			formats                 []string
			price                   int64
			rating                  float64
			reviews                 int
			nextIn                  time.Duration // 0: none
		}
		specs := []spec{
			{"ada", "Lagos", "NG", "Africa/Lagos", []string{"Anxiety", "Depression"}, []string{"English", "Yoruba"}, []string{"video"}, 2000000, 4.9, 40, 2 * time.Hour},
			{"bola", "Nairobi", "KE", "Africa/Nairobi", []string{"Grief"}, []string{"English", "Swahili"}, []string{"video", "in_person"}, 500000, 4.2, 5, 0},
			{"chi", "London", "GB", "Europe/London", []string{"Anxiety", "Trauma"}, []string{"English"}, []string{"phone"}, 8000000, 0, 0, 48 * time.Hour},
			{"dayo", "Accra", "GH", "Africa/Accra", []string{"Couples"}, []string{"English", "Twi"}, []string{"in_person"}, 1200000, 3.1, 12, 10 * 24 * time.Hour},
			{"efe", "Berlin", "DE", "Europe/Berlin", []string{"Burnout"}, []string{"German", "English"}, []string{"video"}, 3000000, 4.6, 8, 30 * time.Hour},
			{"femi", "Lisbon", "PT", "Europe/Lisbon", []string{"Anxiety"}, []string{"Portuguese"}, []string{"video", "phone"}, 900000, 0, 0, 0},
			{"gbenga", "New York", "US", "America/New_York", []string{"Addiction"}, []string{"English"}, []string{"video"}, 15000000, 5, 1, 6 * 24 * time.Hour},
		}
		ids := map[string]string{}
		for _, sp := range specs {
			u := provider(e, sp.name, "therapist")
			in := profileInput("Therapist "+sp.name, sp.city, sp.country, sp.tz, sp.specialties, sp.languages, sp.formats...)
			id := published(t, e, u.UserID, "therapist", in, sp.price)
			ids[sp.name] = id
			if sp.reviews > 0 {
				if err := s.SetRating(ctx, e.DB, id, sp.rating, sp.reviews); err != nil {
					t.Fatal(err)
				}
			}
			if sp.nextIn > 0 {
				at := e.Clock.Now().Add(sp.nextIn)
				if err := s.SetNextAvailable(ctx, e.DB, id, &at); err != nil {
					t.Fatal(err)
				}
			}
		}
		// A draft and a coach never show among therapists.
		drafty := provider(e, "hal", "therapist")
		if _, err := s.SaveProfile(ctx, drafty.UserID, "therapist", profileInput("Draft", "Lagos", "NG", "Africa/Lagos", []string{"Anxiety"}, []string{"English"}, "video")); err != nil {
			t.Fatal(err)
		}
		co := provider(e, "ike", "coach")
		published(t, e, co.UserID, "coach", profileInput("Coach ike", "Lagos", "NG", "Africa/Lagos", []string{"Anxiety"}, []string{"English"}, "video"), 100000)

		find := func(q url.Values) []string {
			t.Helper()
			q.Set("kind", "therapist")
			var p cardPage
			e.Get("/api/v1/providers?"+q.Encode(), "").Expect(http.StatusOK).JSON(&p)
			out := []string{}
			for _, c := range p.Data {
				out = append(out, c.DisplayName)
			}
			return out
		}
		cases := []struct {
			q    url.Values
			want []string // by relevance
		}{
			{url.Values{}, []string{"ada", "efe", "chi", "gbenga", "bola", "femi", "dayo"}},
			{url.Values{"specialty": {"anxiety"}}, []string{"ada", "chi", "femi"}},
			{url.Values{"language": {"English"}, "format": {"in_person"}}, []string{"bola", "dayo"}},
			{url.Values{"min_price": {"1000000"}, "max_price": {"3000000"}}, []string{"ada", "efe", "dayo"}},
			{url.Values{"available": {"week"}}, []string{"ada", "efe", "chi", "gbenga"}},
			{url.Values{"min_rating": {"4.5"}}, []string{"ada", "efe", "gbenga"}},
			{url.Values{"q": {"nair"}}, []string{"bola"}},
			{url.Values{"q": {"trauma"}}, []string{"chi"}},
			{url.Values{"q": {"100%_"}}, []string{}},
		}
		for _, c := range cases {
			if got := find(c.q); fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Fatalf("%v: got %v, want %v", c.q, got, c.want)
			}
		}
		for _, q := range []string{"kind=surfing", "kind=therapist&min_price=-1", "kind=therapist&min_rating=6",
			"kind=therapist&available=month", "kind=therapist&format=fax", "kind=therapist&cursor=garbage",
			"kind=therapist&min_price=5&max_price=4", "kind=therapist&limit=101"} {
			e.Get("/api/v1/providers?"+q, "").Expect(http.StatusUnprocessableEntity)
		}

		// Keyset pages of 2 cover everything once, in order, even when a new
		// provider is published between pages.
		var seen []string
		cursor := ""
		for pageNo := 0; ; pageNo++ {
			q := "kind=therapist&limit=2"
			if cursor != "" {
				q += "&cursor=" + url.QueryEscape(cursor)
			}
			var p cardPage
			e.Get("/api/v1/providers?"+q, "").Expect(http.StatusOK).JSON(&p)
			for _, c := range p.Data {
				seen = append(seen, c.DisplayName)
			}
			if pageNo == 0 {
				late := provider(e, "zed", "therapist")
				zid := published(t, e, late.UserID, "therapist", profileInput("Therapist zed", "Lagos", "NG", "Africa/Lagos", []string{"Grief"}, []string{"English"}, "video"), 100)
				at := e.Clock.Now().Add(time.Hour)
				if err := s.SetNextAvailable(ctx, e.DB, zid, &at); err != nil {
					t.Fatal(err)
				}
			}
			if p.Meta.NextCursor == nil {
				break
			}
			cursor = *p.Meta.NextCursor
		}
		if fmt.Sprint(seen) != fmt.Sprint([]string{"ada", "efe", "chi", "gbenga", "bola", "femi", "dayo"}) {
			t.Fatalf("paged: %v", seen)
		}

		// BookableProviders walks the listed profiles by id.
		var all []string
		after := ""
		for {
			got, err := s.BookableProviders(ctx, after, 3)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) == 0 {
				break
			}
			all = append(all, got...)
			after = got[len(got)-1]
		}
		if len(all) != 9 { // 8 therapists (zed included) and the coach
			t.Fatalf("bookable: %d", len(all))
		}
		if _, err := s.Provider(ctx, "missing"); !errorsIsNotFound(err) {
			t.Fatalf("missing provider: %v", err)
		}
		pr, err := s.ProviderOfUser(ctx, co.UserID, "coach")
		if err != nil || pr.Kind != "coach" || pr.DisplayName != "ike" || pr.Status != practice.StatusPublished {
			t.Fatalf("provider of user: %+v %v", pr, err)
		}
		if list, err := s.ProvidersOfUser(ctx, co.UserID); err != nil || len(list) != 1 {
			t.Fatalf("providers of user: %+v %v", list, err)
		}
		// A suspended account's card and page disappear with it.
		admin := e.Admin("root@example.com", "root")
		femi := e.Login("femi@example.com", testkit.DefaultPassword)
		e.Patch("/api/v1/admin/users/"+femi.UserID, admin.AccessToken, map[string]any{"status": "suspended",
			"reason": "Complaint under review"}).Expect(http.StatusOK)
		if got := find(url.Values{"specialty": {"anxiety"}}); fmt.Sprint(got) != "[ada chi]" {
			t.Fatalf("after suspending femi: %v", got)
		}
		e.Get("/api/v1/providers/"+ids["femi"], "").Expect(http.StatusNotFound)
		e.Get("/api/v1/providers/"+ids["femi"]+"/offerings", "").Expect(http.StatusNotFound)
		if err := s.SetRating(ctx, e.DB, ids["ada"], 6, 1); err == nil {
			t.Fatal("rating 6 accepted")
		}
	})
}
