package dealers_test

import (
	"net/http"
	"strings"
	"testing"

	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

// fields answers a 422's field errors.
func fields(t *testing.T, r *testkit.Resp) map[string]any {
	t.Helper()
	r.Expect(http.StatusUnprocessableEntity)
	f, _ := r.Map()["error"].(map[string]any)["fields"].(map[string]any)
	return f
}

func TestIntegrationDealerOnboarding(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := e.Register("newdealer@example.com", "newdealer")
		e.GrantRole(s.UserID, practice.KindCarDealer)
		s = e.Login(s.Email, s.Password)
		put := func(token, step string, data map[string]any) *testkit.Resp {
			return e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/onboarding/car_dealer/steps/" + step, Token: token,
				Body: map[string]any{"data": data}})
		}
		type progress struct {
			Data struct {
				NextStep *string `json:"next_step"`
				Steps    []struct {
					Step  string         `json:"step"`
					Saved bool           `json:"saved"`
					Data  map[string]any `json:"data"`
				} `json:"steps"`
				SubmittedAt *string `json:"submitted_at"`
			} `json:"data"`
		}
		// Only car dealers.
		buyer := e.Register("notadealer@example.com", "notadealer")
		e.Get("/api/v1/onboarding/car_dealer", buyer.AccessToken).Expect(http.StatusForbidden)

		// Check: each step's fields are bounded and named.
		f := fields(t, put(s.AccessToken, "one", map[string]any{"headline": "", "bio": "x", "city": "Lagos", "country": "Nigeria",
			"time_zone": "Mars/Base"}))
		for _, k := range []string{"business_name", "headline", "country", "time_zone"} {
			if f[k] == nil {
				t.Errorf("step one: no error for %s: %v", k, f)
			}
		}
		if f := fields(t, put(s.AccessToken, "one", map[string]any{"headline": "Eze", "nickname": "x"})); f["nickname"] == nil {
			t.Errorf("unknown field: %v", f)
		}
		if f := fields(t, put(s.AccessToken, "one", map[string]any{"headline": 12})); f["headline"] == nil {
			t.Errorf("wrong type: %v", f)
		}
		if f := fields(t, put(s.AccessToken, "one", map[string]any{"headline": "Eze", "bio": strings.Repeat("a", 4001),
			"city": "Lagos", "country": "NG", "time_zone": "Africa/Lagos"})); f["bio"] == nil {
			t.Errorf("long bio: %v", f)
		}
		if f := fields(t, put(s.AccessToken, "one", map[string]any{"business_name": "Okonkwo\u0007Autos", "headline": "Eze",
			"bio": "x", "city": "Lagos", "country": "NG", "time_zone": "Africa/Lagos"})); f["business_name"] == nil &&
			f["data.business_name"] == nil {
			t.Errorf("control character in the business name: %v", f)
		}
		one := map[string]any{"business_name": "Okonkwo Autos", "headline": "Inspected Japanese cars", "bio": "Family dealership since 2009.",
			"city": "Enugu", "country": "NG", "time_zone": "Africa/Lagos", "languages": []string{"English", "Igbo"}}
		put(s.AccessToken, "one", one).Expect(http.StatusOK)
		if f := fields(t, put(s.AccessToken, "two", map[string]any{"licence_number": "EN-4471"})); f["issuing_body"] == nil {
			t.Errorf("licence without body: %v", f)
		}
		put(s.AccessToken, "two", map[string]any{"licence_number": "EN-4471", "issuing_body": "Enugu State Motor Dealers Board"}).
			Expect(http.StatusOK)

		// Signing out and in again resumes at step three with the answers kept.
		e.Post("/api/auth/logout", s.AccessToken, nil)
		s = e.Login(s.Email, s.Password)
		var p progress
		e.Get("/api/v1/onboarding/car_dealer", s.AccessToken).Expect(http.StatusOK).JSON(&p)
		if p.Data.NextStep == nil || *p.Data.NextStep != "three" || p.Data.Steps[0].Data["city"] != "Enugu" ||
			len(p.Data.Steps) != 10 {
			t.Fatalf("resume: %+v", p.Data)
		}

		if f := fields(t, put(s.AccessToken, "three", map[string]any{"showroom_address": "",
			"branches": []map[string]any{{"name": "Nsukka", "address": strings.Repeat("b", 201)}}})); f["showroom_address"] == nil ||
			f["branches[0].address"] == nil {
			t.Errorf("step three: %v", f)
		}
		if f := fields(t, put(s.AccessToken, "three", map[string]any{"showroom_address": "45 Ogui Road, Enugu",
			"branches": []map[string]any{{"name": "Nsukka\x07", "address": "3 University Road"}}})); f["data.branches[0].name"] == nil {
			t.Errorf("step three, control character: %v", f)
		}
		put(s.AccessToken, "three", map[string]any{"showroom_address": "45 Ogui Road, Enugu",
			"branches": []map[string]any{{"name": "Nsukka", "address": "3 University Road, Nsukka"}}}).Expect(http.StatusOK)

		// Documents and photos: ids of the caller's own uploads only.
		other := e.Register("otherdealer@example.com", "otherdealer")
		e.GrantRole(other.UserID, practice.KindCarDealer)
		other = e.Login(other.Email, other.Password)
		otherDoc := e.Upload("/api/v1/practice/licence/documents?kind=car_dealer", other.AccessToken, "file", "l.png", pngBytes()).
			Expect(http.StatusCreated).Data()["id"].(string)
		if f := fields(t, put(s.AccessToken, "four", map[string]any{"document_ids": []string{otherDoc}})); f["document_ids[0]"] == nil {
			t.Errorf("another's document: %v", f)
		}
		if f := fields(t, put(s.AccessToken, "four", map[string]any{"document_ids": []string{}})); f["document_ids"] == nil {
			t.Errorf("no document: %v", f)
		}
		doc := e.Upload("/api/v1/practice/licence/documents?kind=car_dealer", s.AccessToken, "file", "l.png", pngBytes()).
			Expect(http.StatusCreated).Data()["id"].(string)
		put(s.AccessToken, "four", map[string]any{"document_ids": []string{doc}}).Expect(http.StatusOK)
		photo := e.Upload("/api/v1/practice/media?kind=car_dealer", s.AccessToken, "file", "logo.png", pngBytes()).
			Expect(http.StatusCreated).Data()["id"].(string)
		put(s.AccessToken, "five", map[string]any{"photo_ids": []string{photo}}).Expect(http.StatusOK)

		if f := fields(t, put(s.AccessToken, "six", map[string]any{"weekly": map[string]any{
			"monday": []map[string]any{{"start": "18:00", "end": "09:00"}}, "funday": []any{}}})); f["weekly.monday[0].end"] == nil ||
			f["weekly"] == nil {
			t.Errorf("step six: %v", f)
		}
		if f := fields(t, put(s.AccessToken, "six", map[string]any{"weekly": map[string]any{}})); f["weekly"] == nil {
			t.Errorf("no hours: %v", f)
		}
		week := map[string]any{}
		for _, d := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday"} {
			week[d] = []map[string]any{{"start": "09:00", "end": "17:00"}}
		}
		put(s.AccessToken, "six", map[string]any{"weekly": week}).Expect(http.StatusOK)

		if f := fields(t, put(s.AccessToken, "seven", map[string]any{"payout_account_id": "0190f000-0000-7000-8000-000000000000"})); f["payout_account_id"] == nil {
			t.Errorf("unknown payout account: %v", f)
		}
		var banks struct{ Data []struct{ Code string } }
		e.Get("/api/v1/banks?currency=NGN", s.AccessToken).Expect(http.StatusOK).JSON(&banks)
		acct := e.Post("/api/v1/payout-accounts", s.AccessToken, map[string]any{"bank_code": banks.Data[0].Code,
			"account_number": "0123456789", "account_name": "Okonkwo Autos Ltd"}).Expect(http.StatusCreated).Data()["id"].(string)
		put(s.AccessToken, "seven", map[string]any{"payout_account_id": acct, "bank_name": "Access Bank", "account_last4": "6789"}).
			Expect(http.StatusOK)

		bad := car(2019, 1_250_000_000, 41000, "123456")
		bad["vin"] = "4T1BF1FK0KU123456" // wrong check digit
		if f := fields(t, put(s.AccessToken, "eight", bad)); f["vin"] == nil {
			t.Errorf("bad VIN: %v", f)
		}
		first := car(2019, 1_250_000_000, 41000, "771204")
		put(s.AccessToken, "eight", first).Expect(http.StatusOK)
		if f := fields(t, put(s.AccessToken, "nine", map[string]any{"reservation_days": 30, "deposit_amount": 0})); f["reservation_days"] == nil ||
			f["deposit_amount"] == nil {
			t.Errorf("step nine: %v", f)
		}
		put(s.AccessToken, "nine", map[string]any{"reservation_days": 5, "deposit_amount": 25_000_000}).Expect(http.StatusOK)

		// Submitting before the last step is saved names it.
		if r := e.Post("/api/v1/onboarding/car_dealer/submit", s.AccessToken, nil).Expect(http.StatusUnprocessableEntity); !strings.Contains(string(r.Body), "ten") {
			t.Fatalf("submit early: %s", r.Body)
		}
		if f := fields(t, put(s.AccessToken, "ten", map[string]any{"confirmed": false})); f["confirmed"] == nil {
			t.Errorf("step ten: %v", f)
		}
		put(s.AccessToken, "ten", map[string]any{"confirmed": true}).Expect(http.StatusOK)
		e.Post("/api/v1/onboarding/car_dealer/submit", s.AccessToken, nil).Expect(http.StatusOK)
		e.Post("/api/v1/onboarding/car_dealer/submit", s.AccessToken, nil).Expect(http.StatusConflict)

		// Applied: the profile with its showroom (the bio as written), the licence pending verification, the hours,
		// the reservation terms and the first car.
		prof, err := e.App.Practice.MyProfile(ctx, s.UserID, practice.KindCarDealer)
		if err != nil {
			t.Fatal(err)
		}
		if prof.Credentials.Verification != practice.VerificationPending || prof.Credentials.LicenceNumber != "EN-4471" ||
			prof.City != "Enugu" || prof.Bio != one["bio"] || len(prof.Formats) != 1 ||
			prof.BusinessName != "Okonkwo Autos" || prof.DisplayName != "Okonkwo Autos" ||
			prof.Formats[0].Address != "45 Ogui Road, Enugu" {
			t.Fatalf("profile: %+v", prof)
		}
		sched, err := e.App.Practice.MySchedule(ctx, s.UserID, practice.KindCarDealer)
		if err != nil || len(sched.Weekly["monday"]) != 1 || len(sched.Weekly["sunday"]) != 0 {
			t.Fatalf("hours: %+v %v", sched, err)
		}
		set := e.Get("/api/v1/dealer/settings", s.AccessToken).Expect(http.StatusOK).Data()
		// The branches are the settings' data, not text in the bio.
		br, _ := set["branches"].([]any)
		if set["reservation_days"] != float64(5) || set["deposit_amount"] != float64(25_000_000) || len(br) != 1 ||
			br[0].(map[string]any)["name"] != "Nsukka" || br[0].(map[string]any)["address"] != "3 University Road, Nsukka" {
			t.Fatalf("settings: %v", set)
		}
		var list struct {
			Data []struct {
				VIN   string `json:"vin"`
				Price int64  `json:"price"`
				City  string `json:"city"`
			} `json:"data"`
		}
		e.Get("/api/v1/dealer/listings", s.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 1 || list.Data[0].VIN != first["vin"] || list.Data[0].City != "Enugu" {
			t.Fatalf("listings: %+v", list.Data)
		}
		e.Get("/api/v1/onboarding/car_dealer", s.AccessToken).Expect(http.StatusOK).JSON(&p)
		if p.Data.SubmittedAt == nil {
			t.Fatal("not submitted")
		}
		clean(t, e)
	})
}
