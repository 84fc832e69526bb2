package dealers_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/dealers"
	"sojourn/api/internal/deposits"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

func TestIntegrationListingsAndBuyerFlow(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		d := dealer(t, e, "dealer@example.com", "dealer1")
		other := dealer(t, e, "other@example.com", "dealer2")
		buyer := e.Register("buyer@example.com", "buyer1")

		// Bad VINs and bad fields are 422 naming the field; nothing is listed.
		bad := car(2019, 1_500_000_000, 40000, "000001")
		bad["vin"] = "4T1BF1FK1KU000001"
		res := e.Post("/api/v1/dealer/listings", d.AccessToken, bad).Expect(http.StatusUnprocessableEntity)
		if f := res.Map()["error"].(map[string]any)["fields"].(map[string]any); f["vin"] == nil {
			t.Fatalf("bad check digit: %s", res.Body)
		}
		wrongYear := car(2019, 1_500_000_000, 40000, "000001")
		wrongYear["year"] = 2017
		e.Post("/api/v1/dealer/listings", d.AccessToken, wrongYear).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/dealer/listings", d.AccessToken, map[string]any{"vin": "4T1"}).Expect(http.StatusUnprocessableEntity)
		// A buyer cannot list (policy), a therapist-only provider neither.
		e.Post("/api/v1/dealer/listings", buyer.AccessToken, car(2019, 1, 1, "000001")).Expect(http.StatusForbidden)

		id := create(t, e, d.AccessToken, car(2019, 1_500_000_000, 40000, "000001"))
		// The VIN is unique among unsold cars.
		e.Post("/api/v1/dealer/listings", other.AccessToken, car(2019, 1_400_000_000, 40000, "000001")).
			Expect(http.StatusUnprocessableEntity)
		e.Upload("/api/v1/dealer/listings/"+id+"/photos", d.AccessToken, "file", "front.png", pngBytes()).Expect(http.StatusCreated)
		e.Upload("/api/v1/dealer/listings/"+id+"/photos", d.AccessToken, "file", "x.png", []byte("not an image")).
			Expect(http.StatusUnprocessableEntity)
		// A price change joins the history.
		l := e.Patch("/api/v1/dealer/listings/"+id, d.AccessToken, map[string]any{"price": 1_420_000_000}).
			Expect(http.StatusOK).Data()
		if h := l["price_history"].([]any); len(h) != 2 || l["cover_url"] == "" {
			t.Fatalf("history %v cover %v", h, l["cover_url"])
		}
		// Ownership: another dealer's car is not found.
		e.Get("/api/v1/dealer/listings/"+id, other.AccessToken).Expect(http.StatusNotFound)
		e.Patch("/api/v1/dealer/listings/"+id, other.AccessToken, map[string]any{"price": 1}).Expect(http.StatusNotFound)
		e.Post("/api/v1/dealer/listings/"+id+"/sold", other.AccessToken, nil).Expect(http.StatusNotFound)

		// The VIN decodes to its maker and country.
		v := e.Get("/api/v1/dealer/vin-decode?vin="+url.QueryEscape(l["vin"].(string)), d.AccessToken).Expect(http.StatusOK).Data()
		if w := v["wmi"].(map[string]any); !v["valid"].(bool) || w["make"] != "Toyota" || w["country"] != "United States" {
			t.Fatalf("decode %v", v)
		}

		// The buyer's page: decoded maker, price history, not enough comparables yet.
		c := e.Get("/api/v1/cars/"+id, buyer.AccessToken).Expect(http.StatusOK).Data()
		if c["market"].(map[string]any)["rating"] != dealers.RatingNotEnough || c["views"].(float64) != 1 ||
			c["test_drive_offering_id"] == nil || c["wmi"].(map[string]any)["manufacturer"] == "" || c["own"] != false {
			t.Fatalf("car page %v", c)
		}
		// The dealer sees their own car as theirs (no buyer's actions offered); their views are not counted.
		if own := e.Get("/api/v1/cars/"+id, d.AccessToken).Expect(http.StatusOK).Data(); own["own"] != true || own["views"].(float64) != 1 {
			t.Fatalf("own car page %v", own)
		}
		// Comparables: same make and model, year within one, mileage in band.
		for i, p := range []int64{1_600_000_000, 1_650_000_000, 1_700_000_000} {
			create(t, e, other.AccessToken, car(2018+i, p, 45000, fmt.Sprintf("00010%d", i)))
		}
		create(t, e, other.AccessToken, car(2012, 500_000_000, 45000, "000200")) // year out of band
		m := e.Get("/api/v1/cars/"+id, "").Expect(http.StatusOK).Data()["market"].(map[string]any)
		if m["rating"] != dealers.RatingGreat || m["comparables"].(float64) != 3 || m["median_price"].(float64) != 1_650_000_000 {
			t.Fatalf("market %v", m)
		}

		// Enquiry, test drive, reservation.
		e.Post("/api/v1/cars/"+id+"/enquiries", buyer.AccessToken, map[string]any{"message": "Is the price negotiable?",
			"contact_pref": "phone"}).Expect(http.StatusUnprocessableEntity) // phone needed
		e.Post("/api/v1/cars/"+id+"/enquiries", buyer.AccessToken, map[string]any{"message": "Is the price negotiable?",
			"contact_pref": "whatsapp", "phone": "+234 803 555 0101"}).Expect(http.StatusCreated)
		e.Post("/api/v1/cars/"+id+"/enquiries", d.AccessToken, map[string]any{"message": "Mine",
			"contact_pref": "email"}).Expect(http.StatusConflict)

		off := c["test_drive_offering_id"].(string)
		slots := e.Get("/api/v1/offerings/"+off+"/slots?from=2026-03-03&to=2026-03-04&tz=Africa/Lagos", "").
			Expect(http.StatusOK).Data()["slots"].([]any)
		if len(slots) == 0 {
			t.Fatal("no test-drive slots")
		}
		start := slots[0].(map[string]any)["start"].(string)
		td := e.Post("/api/v1/cars/"+id+"/test-drives", buyer.AccessToken, map[string]any{"start": start}).
			Expect(http.StatusCreated).Data()
		if td["status"] != "confirmed" {
			t.Fatalf("test drive %v", td)
		}
		// The dealer's time is taken: the same slot again is refused by the kernel.
		b2 := e.Register("b2@example.com", "buyer2")
		e.Post("/api/v1/cars/"+id+"/test-drives", b2.AccessToken, map[string]any{"start": start}).Expect(http.StatusConflict)

		topUp(t, e, buyer.UserID, 60_000_000)
		// Not enough in the wallet: refused, nothing changes.
		e.Post("/api/v1/cars/"+id+"/reserve", b2.AccessToken, nil).Expect(http.StatusConflict)
		r := e.Post("/api/v1/cars/"+id+"/reserve", buyer.AccessToken, nil).Expect(http.StatusCreated).Data()
		dep := r["deposit"].(map[string]any)
		if r["status"] != "held" || dep["status"] != "held" || dep["amount"].(float64) != 50_000_000 || dep["release_at"] == nil {
			t.Fatalf("reservation %v", r)
		}
		if w, _ := balance(t, e, buyer.UserID); w != 10_000_000 {
			t.Fatalf("buyer wallet %d", w)
		}
		cp := e.Get("/api/v1/cars/"+id, buyer.AccessToken).Expect(http.StatusOK).Data()
		if cp["status"] != "reserved" || cp["my_reservation"] == nil {
			t.Fatalf("reserved car %v", cp["status"])
		}
		e.Post("/api/v1/cars/"+id+"/reserve", b2.AccessToken, nil).Expect(http.StatusConflict)

		// The dealer sees the lead, the test drive and the reservation; another dealer does not.
		leads := e.Get("/api/v1/dealer/leads", d.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(leads) != 1 || leads[0].(map[string]any)["buyer"].(map[string]any)["email"] != "buyer@example.com" {
			t.Fatalf("leads %v", leads)
		}
		if n := len(e.Get("/api/v1/dealer/leads", other.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)); n != 0 {
			t.Fatalf("other dealer sees %d leads", n)
		}
		lid := leads[0].(map[string]any)["id"].(string)
		e.Post("/api/v1/dealer/leads/"+lid+"/status", other.AccessToken, map[string]any{"status": "contacted"}).Expect(http.StatusNotFound)
		e.Post("/api/v1/dealer/leads/"+lid+"/status", d.AccessToken, map[string]any{"status": "contacted"}).Expect(http.StatusOK)
		e.Post("/api/v1/dealer/leads/"+lid+"/status", d.AccessToken, map[string]any{"status": "closed"}).Expect(http.StatusOK)
		e.Post("/api/v1/dealer/leads/"+lid+"/status", d.AccessToken, map[string]any{"status": "contacted"}).Expect(http.StatusConflict)
		drives := e.Get("/api/v1/dealer/test-drives", d.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(drives) != 1 {
			t.Fatalf("drives %v", drives)
		}
		// A cancelled test drive is not upcoming on the dealer's dashboard.
		td2 := e.Post("/api/v1/cars/"+id+"/test-drives", b2.AccessToken, map[string]any{
			"start": slots[len(slots)-1].(map[string]any)["start"]}).Expect(http.StatusCreated).Data()
		if n := e.Get("/api/v1/dealer/dashboard", d.AccessToken).Expect(http.StatusOK).Data()["upcoming_test_drives"]; n != float64(2) {
			t.Fatalf("upcoming drives before the cancel: %v", n)
		}
		e.Post("/api/v1/bookings/"+td2["booking_id"].(string)+"/cancel", b2.AccessToken, map[string]any{"reason": "Bought elsewhere"}).
			Expect(http.StatusOK)
		if n := e.Get("/api/v1/dealer/dashboard", d.AccessToken).Expect(http.StatusOK).Data()["upcoming_test_drives"]; n != float64(1) {
			t.Fatalf("upcoming drives after the cancel: %v", n)
		}
		rs := e.Get("/api/v1/dealer/reservations?status=held", d.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(rs) != 1 {
			t.Fatalf("reservations %v", rs)
		}
		rid := r["id"].(string)
		e.Post("/api/v1/dealer/reservations/"+rid+"/complete", other.AccessToken, nil).Expect(http.StatusNotFound)
		e.Post("/api/v1/dealer/listings/"+id+"/sold", d.AccessToken, nil).Expect(http.StatusConflict) // through the reservation

		// Sale completed: sold, the whole deposit to the dealer's earnings.
		done := e.Post("/api/v1/dealer/reservations/"+rid+"/complete", d.AccessToken, nil).Expect(http.StatusOK).Data()
		if done["status"] != "completed" || done["deposit"].(map[string]any)["status"] != "captured" ||
			done["car"].(map[string]any)["status"] != "sold" {
			t.Fatalf("completed %v", done)
		}
		if _, pending := balance(t, e, d.UserID); pending != 50_000_000 {
			t.Fatalf("dealer pending %d", pending)
		}
		e.Post("/api/v1/dealer/reservations/"+rid+"/release", d.AccessToken, nil).Expect(http.StatusConflict)
		e.Patch("/api/v1/dealer/listings/"+id, d.AccessToken, map[string]any{"price": 1}).Expect(http.StatusConflict)
		dash := e.Get("/api/v1/dealer/dashboard", d.AccessToken).Expect(http.StatusOK).Data()
		if dash["sold"].(float64) != 1 || dash["leads"].(float64) != 1 || dash["views"].(float64) < 1 {
			t.Fatalf("dashboard %v", dash)
		}
		clean(t, e)

		// Moderation: hidden cars leave the search and their page; the reason is required.
		admin := e.Admin("admin@example.com", "admin1")
		hid := create(t, e, d.AccessToken, car(2020, 1_800_000_000, 30000, "000300"))
		e.Post("/api/v1/admin/cars/"+hid+"/moderation", admin.AccessToken, map[string]any{"hidden": true}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/admin/cars/"+hid+"/moderation", admin.AccessToken, map[string]any{"hidden": true,
			"reason": "Photos show a different car"}).Expect(http.StatusOK)
		e.Get("/api/v1/cars/"+hid, buyer.AccessToken).Expect(http.StatusNotFound)
		e.Post("/api/v1/cars/"+hid+"/reserve", buyer.AccessToken, nil).Expect(http.StatusNotFound)
		list := e.Get("/api/v1/admin/cars?hidden=true", admin.AccessToken).Expect(http.StatusOK).Map()
		if list["meta"].(map[string]any)["total"].(float64) != 1 {
			t.Fatalf("admin hidden list %v", list)
		}
		e.Get("/api/v1/admin/cars", d.AccessToken).Expect(http.StatusForbidden)
		e.Post("/api/v1/admin/cars/"+hid+"/moderation", admin.AccessToken, map[string]any{"hidden": false}).Expect(http.StatusOK)
		e.Get("/api/v1/cars/"+hid, buyer.AccessToken).Expect(http.StatusOK)
	})
}

func TestIntegrationSearchFacetsAndPaging(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		d := dealer(t, e, "dealer@example.com", "dealer1")
		for i := range 25 {
			body := car(2015+i%8, int64(800_000_000+i*50_000_000), 20000+i*5000, fmt.Sprintf("1%05d", i))
			if i%5 == 0 {
				body["body"], body["fuel"] = "suv", "hybrid"
				body["make"], body["model"] = "Honda", "CR-V"
				body["vin"] = dealers.WithCheckDigit("2HKRW2H80" + body["vin"].(string)[9:])
			}
			create(t, e, d.AccessToken, body)
			e.Clock.Advance(time.Second)
		}
		first := e.Get("/api/v1/cars?limit=10&sort=price_asc", "").Expect(http.StatusOK).Map()
		facets := first["facets"].(map[string]any)
		mk := facets["make"].([]any)
		if len(mk) != 2 || mk[0].(map[string]any)["value"] != "Toyota" || mk[0].(map[string]any)["count"].(float64) != 20 {
			t.Fatalf("make facet %v", mk)
		}
		// Paging by price ascending: every car once, in order.
		seen, last := map[string]bool{}, int64(-1)
		next := first
		for pages := 0; ; pages++ {
			for _, c := range next["data"].([]any) {
				m := c.(map[string]any)
				p := int64(m["price"].(float64))
				if seen[m["id"].(string)] || p < last {
					t.Fatalf("page %d repeats or goes back: %v", pages, m)
				}
				seen[m["id"].(string)], last = true, p
			}
			cur := next["meta"].(map[string]any)["next_cursor"]
			if cur == nil {
				break
			}
			next = e.Get("/api/v1/cars?limit=10&sort=price_asc&cursor="+url.QueryEscape(cur.(string)), "").Expect(http.StatusOK).Map()
			if next["facets"] != nil {
				t.Fatal("facets after the first page")
			}
		}
		if len(seen) != 25 {
			t.Fatalf("saw %d cars", len(seen))
		}
		// A filter narrows the cars; its own facet still counts the others.
		hy := e.Get("/api/v1/cars?make=Honda&fuel=hybrid", "").Expect(http.StatusOK).Map()
		if n := len(hy["data"].([]any)); n != 5 {
			t.Fatalf("hondas %d", n)
		}
		f := hy["facets"].(map[string]any)
		if len(f["make"].([]any)) != 1 || len(f["model"].([]any)) != 1 || f["model"].([]any)[0].(map[string]any)["value"] != "CR-V" {
			// make counts with fuel=hybrid applied: only Honda has hybrids
			t.Fatalf("facets %v", f)
		}
		// A suspended dealership's cars are neither on the page nor counted in the facets.
		d2 := dealer(t, e, "dealer2@example.com", "dealer2")
		create(t, e, d2.AccessToken, car(2018, 900_000_000, 50000, "900001"))
		makeCount := func() float64 {
			for _, m := range e.Get("/api/v1/cars", "").Expect(http.StatusOK).Map()["facets"].(map[string]any)["make"].([]any) {
				if m.(map[string]any)["value"] == "Toyota" {
					return m.(map[string]any)["count"].(float64)
				}
			}
			return 0
		}
		if n := makeCount(); n != 21 {
			t.Fatalf("toyotas with the second dealer: %v", n)
		}
		p2, err := e.App.Practice.ProviderOfUser(ctx, d2.UserID, practice.KindCarDealer)
		if err != nil {
			t.Fatal(err)
		}
		admin := e.Admin("admin-facets@example.com", "adminfacets")
		if _, err := e.App.Practice.Suspend(ctx, admin.UserID, e.IP, p2.ID, practice.SuspendInput{Reason: "Licence expired"}); err != nil {
			t.Fatal(err)
		}
		if n := makeCount(); n != 20 {
			t.Fatalf("toyotas with the second dealer suspended: %v", n)
		}
		e.Get("/api/v1/cars?price_min=5&price_max=1", "").Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/cars?body=boat", "").Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/cars?year_min=1900", "").Expect(http.StatusUnprocessableEntity)
		ranged := e.Get("/api/v1/cars?mileage_max=40000&year_min=2016&sort=mileage_asc", "").Expect(http.StatusOK).Map()
		for _, c := range ranged["data"].([]any) {
			m := c.(map[string]any)
			if m["mileage_km"].(float64) > 40000 || m["year"].(float64) < 2016 {
				t.Fatalf("out of range %v", m)
			}
		}
		// Newest first by default, keyset pages of 7.
		n, cur := 0, ""
		for {
			p := "/api/v1/cars?limit=7"
			if cur != "" {
				p += "&cursor=" + url.QueryEscape(cur)
			}
			page := e.Get(p, "").Expect(http.StatusOK).Map()
			n += len(page["data"].([]any))
			c := page["meta"].(map[string]any)["next_cursor"]
			if c == nil {
				break
			}
			cur = c.(string)
		}
		if n != 25 {
			t.Fatalf("newest pages saw %d", n)
		}
	})
}

func TestIntegrationReservationDeposit(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		d := dealer(t, e, "dealer@example.com", "dealer1")
		e.Patch("/api/v1/dealer/settings", d.AccessToken, map[string]any{"reservation_days": 15}).Expect(http.StatusUnprocessableEntity)
		e.Patch("/api/v1/dealer/settings", d.AccessToken, map[string]any{"reservation_days": 5, "deposit_amount": 20_000_000}).
			Expect(http.StatusOK)
		id := create(t, e, d.AccessToken, car(2021, 2_000_000_000, 25000, "000001"))

		// Twenty buyers race for one car: exactly one reservation.
		const n = 20
		buyers := make([]*testkit.Session, n)
		for i := range buyers {
			buyers[i] = e.Register(fmt.Sprintf("b%d@example.com", i), fmt.Sprintf("buyer%d", i))
			topUp(t, e, buyers[i].UserID, 20_000_000)
		}
		var wg sync.WaitGroup
		codes := make([]int, n)
		for i := range buyers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = e.Post("/api/v1/cars/"+id+"/reserve", buyers[i].AccessToken, nil).Status
			}()
		}
		wg.Wait()
		won := -1
		for i, c := range codes {
			switch c {
			case http.StatusCreated:
				if won >= 0 {
					t.Fatalf("two reservations: %v", codes)
				}
				won = i
			case http.StatusConflict:
			default:
				t.Fatalf("status %d: %v", c, codes)
			}
		}
		if won < 0 {
			t.Fatalf("no reservation: %v", codes)
		}
		for i, b := range buyers {
			w, _ := balance(t, e, b.UserID)
			if (i == won) != (w == 0) {
				t.Fatalf("buyer %d wallet %d", i, w)
			}
		}
		held, err := e.DB.NewSelect().TableExpr("car_reservations").Where("listing_id = ? AND status = 'held'", id).Count(ctx)
		if err != nil || held != 1 {
			t.Fatalf("held rows %d %v", held, err)
		}
		clean(t, e)

		// The release job: one in River, not before its time, then the car
		// is available again and the deposit back in the wallet, once.
		rid := e.Get("/api/v1/me/car-reservations", buyers[won].AccessToken).Expect(http.StatusOK).Map()["data"].([]any)[0].(map[string]any)["id"].(string)
		jobs, err := e.DB.NewSelect().TableExpr("river_job").Where("kind = ?", dealers.ReleaseJob{}.Kind()).Count(ctx)
		if err != nil || jobs != 1 {
			t.Fatalf("release jobs %d %v", jobs, err)
		}
		if early, err := e.App.Dealers.Lapse(ctx, rid); err != nil || early <= 0 {
			t.Fatalf("early lapse %v %v", early, err)
		}
		e.Clock.Advance(5*24*time.Hour + time.Minute)
		d = e.Login(d.Email, d.Password)
		for i, b := range buyers[:2] {
			buyers[i] = e.Login(b.Email, b.Password)
		}
		for range 2 {
			if early, err := e.App.Dealers.Lapse(ctx, rid); err != nil || early != 0 {
				t.Fatalf("lapse %v %v", early, err)
			}
		}
		if w, _ := balance(t, e, buyers[won].UserID); w != 20_000_000 {
			t.Fatalf("refunded wallet %d", w)
		}
		c := e.Get("/api/v1/cars/"+id, "").Expect(http.StatusOK).Data()
		if c["status"] != "available" {
			t.Fatalf("after lapse %v", c["status"])
		}
		dep, err := e.App.Deposits.Get(ctx, deposits.Ref{Type: dealers.RefReservation, ID: rid})
		if err != nil || dep.Status != deposits.StatusReleased {
			t.Fatalf("deposit %+v %v", dep, err)
		}
		clean(t, e)

		// Reserved again, then given up by the buyer; again, released by the dealer.
		r2 := e.Post("/api/v1/cars/"+id+"/reserve", buyers[0].AccessToken, nil).Expect(http.StatusCreated).Data()["id"].(string)
		e.Post("/api/v1/me/car-reservations/"+r2+"/cancel", buyers[1].AccessToken, nil).Expect(http.StatusNotFound)
		e.Post("/api/v1/me/car-reservations/"+r2+"/cancel", buyers[0].AccessToken, nil).Expect(http.StatusOK)
		r3 := e.Post("/api/v1/cars/"+id+"/reserve", buyers[1].AccessToken, nil).Expect(http.StatusCreated).Data()["id"].(string)
		e.Post("/api/v1/dealer/reservations/"+r3+"/release", d.AccessToken, nil).Expect(http.StatusOK)
		if early, err := e.App.Dealers.Lapse(ctx, r3); err != nil || early != 0 {
			t.Fatalf("lapse of a released reservation: %v %v", early, err)
		}
		if c := e.Get("/api/v1/cars/"+id, "").Expect(http.StatusOK).Data(); c["status"] != "available" {
			t.Fatalf("after release %v", c["status"])
		}
		clean(t, e)
	})
}

func TestIntegrationDealerBranches(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		d := dealer(t, e, "dealer@example.com", "dealer1")
		id := create(t, e, d.AccessToken, car(2020, 1_500_000_000, 40000, "000101"))
		if b := e.Get("/api/v1/cars/"+id, "").Expect(http.StatusOK).Data()["dealer"].(map[string]any)["branches"]; b == nil ||
			len(b.([]any)) != 0 {
			t.Fatalf("no branches yet: %v", b)
		}
		good := []map[string]any{{"name": "Ikeja", "address": "  7 Obafemi Awolowo Way, Ikeja  "},
			{"name": "Lekki Phase 1", "address": "21 Admiralty Way, Lekki"}}
		set := e.Patch("/api/v1/dealer/settings", d.AccessToken, map[string]any{"branches": good}).Expect(http.StatusOK).Data()
		if br := set["branches"].([]any); len(br) != 2 || br[0].(map[string]any)["address"] != "7 Obafemi Awolowo Way, Ikeja" {
			t.Fatalf("saved: %v", set)
		}

		// Bad input is a 422 naming the field, and nothing changes.
		six := make([]map[string]any, 6)
		for i := range six {
			six[i] = map[string]any{"name": fmt.Sprintf("Branch %d", i), "address": "1 Broad Street, Lagos"}
		}
		for name, c := range map[string]struct {
			branches any
			field    string
		}{
			"too many":      {six, "branches"},
			"long name":     {[]map[string]any{{"name": strings.Repeat("n", 81), "address": "1 Broad Street"}}, "branches[0].name"},
			"long address":  {[]map[string]any{{"name": "Yaba", "address": strings.Repeat("a", 201)}}, "branches[0].address"},
			"empty name":    {[]map[string]any{{"name": "  ", "address": "1 Broad Street"}}, "branches[0].name"},
			"control char":  {[]map[string]any{{"name": "Yaba", "address": "1 Broad\u0000 Street"}}, "branches[0].address"},
			"newline":       {[]map[string]any{{"name": "Ya\nba", "address": "1 Broad Street"}}, "branches[0].name"},
			"second bad":    {[]map[string]any{{"name": "Yaba", "address": "1 Broad Street"}, {"name": "Surulere\u001b", "address": "2 Bode Thomas"}}, "branches[1].name"},
			"with days bad": {[]map[string]any{{"name": "Yaba", "address": "1 Broad Street"}}, "reservation_days"},
		} {
			body := map[string]any{"branches": c.branches, "deposit_amount": 1_000}
			if name == "with days bad" {
				body["reservation_days"] = 0
			}
			r := e.Patch("/api/v1/dealer/settings", d.AccessToken, body).Expect(http.StatusUnprocessableEntity)
			if f := fields(t, r); f[c.field] == nil {
				t.Errorf("%s: no error for %s: %v", name, c.field, f)
			}
		}
		after := e.Get("/api/v1/dealer/settings", d.AccessToken).Expect(http.StatusOK).Data()
		if len(after["branches"].([]any)) != 2 || after["deposit_amount"] == float64(1_000) {
			t.Fatalf("changed by bad input: %v", after)
		}

		// The car's page carries them; an empty list removes them.
		dl := e.Get("/api/v1/cars/"+id, "").Expect(http.StatusOK).Data()["dealer"].(map[string]any)
		if br := dl["branches"].([]any); len(br) != 2 || br[1].(map[string]any)["name"] != "Lekki Phase 1" {
			t.Fatalf("car page: %v", dl)
		}
		e.Patch("/api/v1/dealer/settings", d.AccessToken, map[string]any{"branches": []any{}}).Expect(http.StatusOK)
		if br := e.Get("/api/v1/cars/"+id, "").Expect(http.StatusOK).Data()["dealer"].(map[string]any)["branches"].([]any); len(br) != 0 {
			t.Fatalf("removed: %v", br)
		}
		clean(t, e)
	})
}
